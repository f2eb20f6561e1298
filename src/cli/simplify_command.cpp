// `provix simplify`: parse every map of the input, simplify it with the rule
// engine and print it, keeping the `// -----` separators.

#include <chrono>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "args.h"
#include "bounds_option.h"
#include "commands.h"
#include "io.h"
#include "json_writer.h"
#include "mlir_simplify.h"
#include "progress.h"
#include "provix/expr.h"
#include "provix/parser.h"
#include "provix/simplify.h"
#ifdef PROVIX_HAVE_SOLVERS
#include "solvers/solver_options.h"
#endif

namespace provix::cli {

namespace {

ArgSpec simplify_spec() {
    ArgSpec spec;
    spec.options = {
        output_option(),
        format_option(),
        {"--syntax", "S", "the input and output syntax: provix or mlir", "provix"},
        {"--bounds", "B",
         "inclusive bounds NAME=LO:HI,... for the variables of that name in every map (LO may be "
         "-inf, HI inf), intersected with the map's",
         "none"},
        {"--trace", "",
         "before each map, print the rules that fired as '// rule: NAME' and the lemmas the domain "
         "passes applied as '// lemma: NAME'",
         ""},
        {"--stats", "",
         "after all maps, print how often each rule fired over the whole input ('NAME COUNT', by "
         "name; text: to standard error)",
         ""},
    };
#ifdef PROVIX_HAVE_SOLVERS
    spec.options.push_back(
        {"--verify", "",
         "check each result equivalent to its input (isl, or Z3 outside isl's fragment) and print "
         "the verdict as '// verify: ...' after it",
         ""});
    spec.options.push_back({"--timeout", "SECONDS",
                            "wall-clock time per --verify check; a check that runs out prints "
                            "'// verify: unknown (timeout)'",
                            "60"});
#endif
    spec.options.push_back(max_depth_option());
    spec.max_positional = 1;
    return spec;
}

const CommandHelp kSimplifyHelp = {
    "provix simplify [FILE|-] [options]",
    "Prints every indexing map of FILE (standard input if FILE is '-' or absent)\n"
    "simplified by the rule engine. Maps are separated by a line '// -----' in the\n"
    "input and in the output; other '//' lines are comments and are not copied.\n"
    "A simplified map is defined at exactly the points where its input is, and\n"
    "equal to it there.\n"
    "\n"
    "With --syntax mlir, FILE holds MLIR's 'affine_map<...>' and 'affine_set<...>'\n"
    "(bare, or as '#name = ...' definitions as MLIR prints them), written back in\n"
    "MLIR syntax. MLIR maps have no domain: an affine_set bounds the maps after it\n"
    "(up to the next set or '// -----'), and --bounds adds bounds by name (the\n"
    "set is written with them; a map no set bounds, if simplified, follows a\n"
    "comment '// provix: equal to the input where d0 in [0, 15] (--bounds)').\n"
    "MLIR dims and symbols are all inputs: none is renamed, rescaled or dropped.\n"
    "MLIR defines floordiv, ceildiv and mod only for positive divisors: a literal\n"
    "divisor <= 0 is an error; a negative divisor in a result is written with a\n"
    "positive one ('x floordiv -4' as '-(x ceildiv 4)'). A map MLIR cannot\n"
    "express after simplification (min, max), or whose simplified form could\n"
    "wrap at 64 bits, as MLIR computes maps, under a floordiv, ceildiv or mod\n"
    "at a point of its bounds, is written as it was written (its own text), after\n"
    "a '// provix: kept as written: ...' comment. So is a set whose simplified\n"
    "constraints MLIR could compute with a wrap (and so decide otherwise) for\n"
    "operands in their --bounds (any int64 without), unless each wrap falls\n"
    "where some bound of the variable fails in MLIR too. This is checked even\n"
    "when nothing simplified: MLIR does not read every text as provix does (it\n"
    "keeps d0 * 4 + (d0 + 1) apart under a floordiv by 4, where provix's\n"
    "d0 * 5 + 1 could wrap). --format json needs the provix syntax.\n",
    "success",
    "--verify refuted a result or could not decide it",
};

/// Prints the --stats counts (text), writes `out`, and returns the exit status.
int finish(const Args& args, const std::map<std::string, int64_t>& counters, const std::string& out,
           bool verify_failed, bool json) {
    if (args.has("--stats") && !json) {
        std::cerr << "// rule firings:\n";
        for (const auto& [name, count] : counters)
            std::cerr << name << " " << count << "\n";
    }
    if (!write_or_report("simplify", args.value("-o"), out)) return kExitUsage;
    return verify_failed ? kExitCheckFailed : kExitSuccess;
}

/// Appends `text` and a newline unless it already ends with one.
void append_line(std::string& out, const std::string& text) {
    out += text;
    if (text.empty() || text.back() != '\n') out += '\n';
}

const char* state_name(const IndexingMap& m) {
    switch (m.state()) {
        case IndexingMap::State::KnownEmpty:
            return "known_empty";
        case IndexingMap::State::Undefined:
            return "undefined";
        case IndexingMap::State::Normal:
            break;
    }
    return "normal";
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// The variable bounds of `--bounds` into `bounds`; false (reported) when
/// malformed. An empty range is allowed (it asks for an empty domain) with
/// a warning, as most likely two bounds swapped.
bool read_bounds_option(const Args& args, std::vector<VariableBound>& bounds) {
    if (!args.has_value("--bounds")) return true;
    auto b = parse_bounds_option(args.value("--bounds"));
    if (!b) {
        report_error("simplify", b.error().message);
        return false;
    }
    bounds = std::move(*b);
    for (const VariableBound& v : bounds) {
        if (v.bounds.is_empty()) {
            std::cerr << "provix simplify: warning: --bounds " << printable_text(v.name)
                      << " has an empty range: every map with a variable '"
                      << printable_text(v.name) << "' is empty\n";
        }
    }
    return true;
}

/// The progress line of `--verify`: each verification may take up to its
/// timeout, so a terminal shows the maps done (the output is printed at the
/// end, once the line is erased). Not drawn without `--verify`.
Progress verify_progress(bool verify, size_t maps) {
    return Progress("provix simplify --verify", "maps", static_cast<int64_t>(maps),
                    verify && Progress::on_terminal());
}

#ifdef PROVIX_HAVE_SOLVERS
/// verify_simplification of map `i`, shown on `progress` while it runs.
VerifyOutcome verify_shown(Progress& progress, size_t i, const IndexingMap& input,
                           const IndexingMap& output, double timeout_seconds, JsonWriter* json) {
    progress.update(static_cast<int64_t>(i), "verifying map " + std::to_string(i + 1));
    VerifyOutcome v = verify_simplification(input, output, timeout_seconds, json);
    progress.update(static_cast<int64_t>(i + 1));
    return v;
}
#endif

}  // namespace

int run_simplify(const std::vector<std::string>& args) {
    int exit = kExitSuccess;
    auto started = start_map_command(args, "simplify", simplify_spec(), kSimplifyHelp, &exit);
    if (!started) return exit;
    const Args* parsed = &started->args;
    const bool json = started->io.json();

    const std::string syntax = parsed->value("--syntax", "provix");
    if (syntax != "provix" && syntax != "mlir") {
        report_error("simplify", "--syntax expects 'provix' or 'mlir', got '" + syntax + "'");
        return kExitUsage;
    }
    if (json && syntax == "mlir") {
        report_error("simplify", "--format json needs --syntax provix");
        return kExitUsage;
    }
    std::vector<VariableBound> bounds;
    if (!read_bounds_option(*parsed, bounds)) return kExitUsage;

    auto input = read_input(parsed->positional.empty() ? "-" : parsed->positional[0]);
    if (!input) {
        report_error("simplify", input.error().message);
        return kExitUsage;
    }

    const bool trace = parsed->has("--trace") || json;
    const bool stats = parsed->has("--stats");
    std::map<std::string, int64_t> counters;
    const bool verify = parsed->has("--verify");
    bool verify_failed = false;
    std::string out;
    double verify_timeout = 60;  // seconds (the solvers' default)
#ifdef PROVIX_HAVE_SOLVERS
    std::optional<double> timeout = parse_timeout(*parsed, "simplify");
    if (!timeout) return kExitUsage;
    verify_timeout = *timeout;
#endif
    if (syntax == "mlir") {
        MlirSimplifyOptions o{bounds, trace,          stats ? &counters : nullptr,
                              verify, verify_timeout, started->io.max_depth};
        int status = simplify_mlir(*input, o, out);
        if (status != kExitSuccess && status != kExitCheckFailed) return status;
        verify_failed = status == kExitCheckFailed;
        return finish(*parsed, counters, out, verify_failed, false);
    }

    Context ctx;
    ParseOptions parse_options;
    parse_options.max_depth = started->io.max_depth;
    auto maps = parse_indexing_maps(ctx, input->text, input->name, parse_options);
    if (!maps) {
        report_diagnostic(maps.error().message);
        return kExitUsage;
    }
    int64_t changed_count = 0;
    const auto start = std::chrono::steady_clock::now();
    Progress progress = verify_progress(verify, maps->size());
    std::vector<bool> bounds_used(bounds.size(), false);
    for (size_t i = 0; i < maps->size(); ++i) {
        IndexingMap& map = (*maps)[i].map;
        std::vector<bool> used_here;
        apply_bounds(map, bounds, used_here);
        for (size_t b = 0; b < bounds.size(); ++b)
            bounds_used[b] = bounds_used[b] || used_here[b];
        std::vector<std::string> fired;
        SimplifyOptions options;
        if (trace) options.trace = &fired;
        if (stats) options.counters = &counters;
        const IndexingMap original = map;
        const auto map_start = std::chrono::steady_clock::now();
        const bool changed = simplify(map, options);
        const double seconds = seconds_since(map_start);
        changed_count += changed ? 1 : 0;
        VerifyOutcome v;
        JsonWriter w;
        if (json) {
            w.begin_object()
                .field("type", "map")
                .field("index", i + 1)
                .field("file", input->name)
                .field("line", (*maps)[i].location.line)
                .field("input", original.to_string())
                .field("output", map.to_string())
                .field("state", state_name(map))
                .field("changed", changed)
                .key("rules")
                .begin_array();
            for (const std::string& rule : fired)
                w.value(rule);
            w.end_array().field("seconds", seconds);
        }
#ifdef PROVIX_HAVE_SOLVERS
        if (verify) {
            v = verify_shown(progress, i, original, map, *timeout, json ? &w : nullptr);
            verify_failed = verify_failed || v.refuted || v.unknown;
        }
#endif
        if (json) {
            out += w.end_object().take() + "\n";
            continue;
        }
        if (i > 0) out += "// -----\n";
        if (parsed->has("--trace")) {
            for (const std::string& name : fired)
                out += (is_lemma(name) ? "// lemma: " : "// rule: ") + name + "\n";
        }
        append_line(out, map.to_string());
        out += v.comment;
    }

    progress.finish();
    for (size_t b = 0; b < bounds.size(); ++b) {
        if (!bounds_used[b]) {
            report_error("simplify", "--bounds names '" + bounds[b].name + "', which no map of " +
                                         input->name + " has");
            return kExitUsage;
        }
    }
    if (json) {
        JsonWriter w;
        w.begin_object()
            .field("type", "summary")
            .field("maps", maps->size())
            .field("changed", changed_count)
            .field("seconds", seconds_since(start));
        if (verify) w.field("verify_failed", verify_failed);
        if (stats) {
            w.key("rule_counts").begin_object();
            for (const auto& [name, count] : counters)
                w.field(name, count);
            w.end_object();
        }
        out += w.end_object().take() + "\n";
    }
    return finish(*parsed, counters, out, verify_failed, json);
}

}  // namespace provix::cli
