// libFuzzer target: parse, simplify, print, with a
// solver-free differential check. For every map the input parses to:
//  - the simplified map prints to text that parses back to the same map;
//  - simplify is idempotent, and result_ranges gives one range per result;
//  - at sample points of the domain (symbols turned into dimensions first,
//    so that points mean the same in the input and the output), the output
//    keeps the point in its domain, evaluates to the same values, and those
//    values lie in the engine's result ranges.
// Points where evaluation overflows int64 are skipped (the engine is exact
// over the integers; int64 evaluation is not).
//
//     provix_fuzz_simplify fuzz/corpus/simplify -max_total_time=60

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "provix/parser.h"
#include "provix/simplify.h"

namespace {

using provix::Interval;

[[noreturn]] void finding(const char* what, const std::string& input, const std::string& output) {
    std::fprintf(stderr, "simplify_fuzz: %s\n--- input:\n%s\n--- simplified:\n%s\n", what,
                 input.c_str(), output.c_str());
    std::abort();
}

/// A small deterministic generator for sample points.
struct Lcg {
    uint64_t state;
    uint64_t next() {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return state >> 11;
    }
    int64_t in(const Interval& b) {
        int64_t lo = b.lo_is_inf() ? (b.hi_is_inf() ? -1000 : b.hi() - 1000) : b.lo();
        int64_t hi = b.hi_is_inf() ? (b.lo_is_inf() ? 1000 : b.lo() + 1000) : b.hi();
        if (b.lo_is_inf() && !b.hi_is_inf() && b.hi() < provix::kInt64Min + 1000) lo = b.hi();
        if (b.hi_is_inf() && !b.lo_is_inf() && b.lo() > provix::kInt64Max - 1000) hi = b.lo();
        uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
        uint64_t r = span == UINT64_MAX ? next() : next() % (span + 1);
        return static_cast<int64_t>(static_cast<uint64_t>(lo) + r);
    }
};

enum class InDomain { Yes, No, Overflow };

/// Whether `point` is in `map`'s domain, evaluating constraints directly so
/// that an overflow is told apart from a violated constraint.
InDomain in_domain(const provix::IndexingMap& map, const std::vector<int64_t>& point) {
    for (int64_t i = 0; i < map.num_variables(); ++i) {
        if (!map.variable(i).bounds.contains(point[static_cast<size_t>(i)])) return InDomain::No;
    }
    bool overflow = false;
    for (const provix::Constraint& c : map.constraints()) {
        auto v = provix::evaluate(c.expr, point);
        if (!v) {
            overflow = true;
        } else if (!c.range.contains(*v)) {
            return InDomain::No;
        }
    }
    return overflow ? InDomain::Overflow : InDomain::Yes;
}

void check_points(const provix::IndexingMap& in, const provix::IndexingMap& out, uint64_t seed) {
    if (in.state() != provix::IndexingMap::State::Normal) return;
    // UNDEFINED is right only for a map that fails at every domain point (a
    // result dividing by a divisor that folds to 0): no point may evaluate.
    const bool undefined = out.is_undefined();
    const std::string in_text = in.to_string();
    std::vector<Interval> ranges = provix::result_ranges(out);
    Lcg rng{seed};
    const std::vector<Interval> bounds = in.variable_bounds();
    for (int k = 0; k < 48; ++k) {
        std::vector<int64_t> point;
        for (const Interval& b : bounds) {
            // Corners first, then random points.
            if (k == 0 && !b.lo_is_inf()) {
                point.push_back(b.lo());
            } else if (k == 1 && !b.hi_is_inf()) {
                point.push_back(b.hi());
            } else {
                point.push_back(rng.in(b));
            }
        }
        if (in_domain(in, point) != InDomain::Yes) continue;
        auto expected = in.evaluate(point);
        if (!expected) continue;
        if (undefined) finding("simplify made a map with a defined point UNDEFINED", in_text, "");
        if (out.is_known_empty())
            finding("a map with a domain point became KNOWN EMPTY", in_text, "");
        if (out.num_variables() != in.num_variables() || out.num_results() != in.num_results()) {
            finding("simplify changed the variables of a map without symbols", in_text,
                    out.to_string());
        }
        InDomain o = in_domain(out, point);
        if (o == InDomain::Overflow) continue;
        if (o == InDomain::No) finding("a domain point left the domain", in_text, out.to_string());
        auto got = out.evaluate(point);
        if (!got) continue;
        if (*got != *expected) finding("values differ at a domain point", in_text, out.to_string());
        for (size_t i = 0; i < got->size(); ++i) {
            if (!ranges[i].contains((*got)[i])) {
                finding("a value lies outside the engine's result range", in_text, out.to_string());
            }
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size > 1 << 14) return 0;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    uint64_t seed = 1469598103934665603ULL;  // FNV-1a of the input
    for (size_t i = 0; i < size; ++i)
        seed = (seed ^ data[i]) * 1099511628211ULL;
    provix::Context ctx;
    provix::ParseOptions options;
    options.canonicalize = (seed & 1) == 0;
    auto maps = provix::parse_indexing_maps(ctx, text, "fuzz.map", options);
    if (!maps) return 0;
    int count = 0;
    for (const provix::ParsedMap& pm : *maps) {
        if (++count > 8) break;
        provix::IndexingMap out = pm.map;
        provix::simplify(out);
        const std::string printed = out.to_string();
        auto again = provix::parse_indexing_map(ctx, printed);
        if (!again)
            finding("the simplified map's text does not parse", pm.map.to_string(), printed);
        if (!(*again == out))
            finding("the simplified map does not round-trip", printed, again->to_string());
        provix::IndexingMap twice = out;
        provix::simplify(twice);
        if (!(twice == out)) finding("simplify is not idempotent", printed, twice.to_string());
        if (static_cast<int64_t>(provix::result_ranges(out).size()) != out.num_results()) {
            finding("result_ranges has the wrong size", pm.map.to_string(), printed);
        }
        // Pointwise: only meaningful when the variables keep their meaning.
        provix::IndexingMap base =
            pm.map.num_symbols() == 0 ? pm.map : pm.map.convert_symbols_to_dims();
        provix::IndexingMap base_out = base;
        provix::simplify(base_out);
        check_points(base, base_out, seed);
    }
    return 0;
}
