// libFuzzer target: the text parser. Any input must give maps
// or a diagnostic, never a crash; every map parsed must print to text that
// parses back to the same map (canonical mode), and to parsable text when
// expressions are kept as written.
//
//     provix_fuzz_parser fuzz/corpus/parser -max_total_time=60

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "provix/parser.h"

namespace {

[[noreturn]] void finding(const char* what, const std::string& a, const std::string& b) {
    std::fprintf(stderr, "parser_fuzz: %s\n--- first:\n%s\n--- second:\n%s\n", what, a.c_str(),
                 b.c_str());
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size > 1 << 16) return 0;  // long inputs only slow the search down
    std::string_view text(reinterpret_cast<const char*>(data), size);
    provix::Context ctx;
    bool canonical_ok = false;
    for (bool canonical : {true, false}) {
        provix::ParseOptions options;
        options.canonicalize = canonical;
        auto maps = provix::parse_indexing_maps(ctx, text, "fuzz.map", options);
        if (!maps) {
            const std::string& m = maps.error().message;
            if (m.rfind("fuzz.map:", 0) != 0) finding("diagnostic without location", m, "");
            continue;
        }
        if (canonical) canonical_ok = true;
        // Kept as written, a divisor such as `(2 - 2)` is not a literal zero,
        // so text the canonical parser rejects may parse; its printed form
        // is only checked when the canonical parse accepted the same text.
        if (!canonical && !canonical_ok) continue;
        for (const provix::ParsedMap& pm : *maps) {
            std::string printed = pm.map.to_string();
            auto again = provix::parse_indexing_map(ctx, printed);
            if (!again) finding("printed map does not parse", printed, again.error().message);
            if (canonical && (!(*again == pm.map) || again->to_string() != printed)) {
                finding("parse(print(m)) != m", printed, again->to_string());
            }
        }
    }
    // The same bytes as a bare expression over a few names.
    auto e = provix::parse_expr(ctx, text, {"d0", "d1", "s0", "rt0"});
    if (e) {
        std::string printed = provix::to_string(*e, [](int64_t id) {
            static const char* names[] = {"d0", "d1", "s0", "rt0"};
            return std::string(id >= 0 && id < 4 ? names[id] : "v");
        });
        auto again = provix::parse_expr(ctx, printed, {"d0", "d1", "s0", "rt0"});
        if (!again) finding("printed expression does not parse", printed, again.error().message);
        if (*again != *e) finding("expression round trip", printed, provix::to_string(*again));
    }
    return 0;
}
