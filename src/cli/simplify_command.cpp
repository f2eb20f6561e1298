// `provix simplify`: parse every map of the input, simplify it with the rule
// engine and print it, keeping the `// -----` separators.

#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "args.h"
#include "bounds_option.h"
#include "commands.h"
#include "io.h"
#include "mlir_simplify.h"
#include "provix/expr.h"
#include "provix/parser.h"
#include "provix/simplify.h"
#ifdef PROVIX_HAVE_SOLVERS
#include "solvers/solver_options.h"
#endif

namespace provix::cli {

namespace {

constexpr const char* kSimplifyHelp =
    R"(usage: provix simplify [FILE|-] [-o FILE] [--trace] [--stats] [--verify]
                       [--timeout SECONDS] [--syntax provix|mlir] [--bounds NAME=LO:HI,...]

Prints every indexing map of FILE (standard input if FILE is '-' or absent)
simplified by the rule engine. Maps are separated by a line '// -----' in the
input and in the output; other '//' lines are comments and are not copied.

With --syntax mlir, FILE holds MLIR's 'affine_map<...>' and 'affine_set<...>'
(bare, or as '#name = ...' definitions as MLIR prints them), written back in
MLIR syntax. MLIR maps have no domain: an affine_set bounds the maps after it
(up to the next set or '// -----'), and --bounds adds bounds by name. MLIR
dims and symbols are all inputs: none is renamed, rescaled or dropped. MLIR
defines floordiv, ceildiv and mod only for positive divisors: a literal
divisor <= 0 is an error; a negative divisor in a result is written with a
positive one ('x floordiv -4' as '-(x ceildiv 4)'). A map MLIR cannot
express after simplification (min, max) is written as it was, after a
'// provix: kept as written: ...' comment.

options:
  --syntax S  the input and output syntax: provix (default) or mlir
  --bounds B  inclusive bounds NAME=LO:HI for the variables of that name in
              every map (LO may be -inf, HI inf), intersected with the map's
  -o FILE     write the result to FILE instead of standard output
  --trace     before each map, print the rules that fired as '// rule: NAME'
  --stats     after all maps, print to standard error how often each rule
              fired over the whole input ('NAME COUNT', by name)
  --verify    check each result equivalent to its input (isl, or Z3 outside
              isl's fragment) and print the verdict as '// verify: ...' after
              it; a refuted or undecided map makes the exit status 1
  --timeout SECONDS
              wall-clock time per --verify check (default 60); a check that
              runs out prints '// verify: unknown (timeout)'
  -h, --help  print this help

exit status: 0 success, 1 --verify refuted or could not decide a map,
             2 usage error or bad input (diagnostics on stderr)
)";

/// Prints the --stats counts, writes `out`, and returns the exit status.
int finish(const Args& args, const std::map<std::string, int64_t>& counters, const std::string& out,
           bool verify_failed) {
    if (args.has("--stats")) {
        std::cerr << "// rule firings:\n";
        for (const auto& [name, count] : counters)
            std::cerr << name << " " << count << "\n";
    }
    auto written = write_output(args.value("-o"), out);
    if (!written) {
        report_error("simplify", written.error().message);
        return kExitUsage;
    }
    return verify_failed ? kExitCheckFailed : kExitSuccess;
}

/// Appends `text` and a newline unless it already ends with one.
void append_line(std::string& out, const std::string& text) {
    out += text;
    if (text.empty() || text.back() != '\n') out += '\n';
}

}  // namespace

int run_simplify(const std::vector<std::string>& args) {
    ArgSpec spec;
    spec.flags = {"--trace", "--stats"};
    spec.valued = {"-o", "--syntax", "--bounds"};
    spec.max_positional = 1;
#ifdef PROVIX_HAVE_SOLVERS
    spec.flags.push_back("--verify");
    spec.valued.push_back("--timeout");
#endif
    auto parsed = parse_args(args, spec);
    if (!parsed) {
        report_error("simplify", parsed.error().message);
        std::cerr << "run 'provix simplify --help' for usage\n";
        return kExitUsage;
    }
    if (parsed->help) {
        std::cout << kSimplifyHelp;
        return kExitSuccess;
    }

    const std::string syntax = parsed->value("--syntax", "provix");
    if (syntax != "provix" && syntax != "mlir") {
        report_error("simplify", "--syntax expects 'provix' or 'mlir', got '" + syntax + "'");
        return kExitUsage;
    }
    std::vector<VariableBound> bounds;
    if (parsed->has_value("--bounds")) {
        auto b = parse_bounds_option(parsed->value("--bounds"));
        if (!b) {
            report_error("simplify", b.error().message);
            return kExitUsage;
        }
        bounds = std::move(*b);
    }

    auto input = read_input(parsed->positional.empty() ? "-" : parsed->positional[0]);
    if (!input) {
        report_error("simplify", input.error().message);
        return kExitUsage;
    }

    bool trace = parsed->has("--trace");
    std::map<std::string, int64_t> counters;
    bool verify = parsed->has("--verify");
    bool verify_failed = false;
    std::string out;
    if (syntax == "mlir") {
        MlirSimplifyOptions o{bounds, trace, parsed->has("--stats") ? &counters : nullptr, verify};
        int status = simplify_mlir(*input, o, out);
        if (status != kExitSuccess && status != kExitCheckFailed) return status;
        verify_failed = status == kExitCheckFailed;
        return finish(*parsed, counters, out, verify_failed);
    }

    Context ctx;
    auto maps = parse_indexing_maps(ctx, input->text, input->name);
    if (!maps) {
        report_diagnostic(maps.error().message);
        return kExitUsage;
    }
#ifdef PROVIX_HAVE_SOLVERS
    std::optional<double> timeout = parse_timeout(*parsed, "simplify");
    if (!timeout) return kExitUsage;
#else
    (void)verify;
#endif
    std::vector<bool> bounds_used(bounds.size(), false);
    for (size_t i = 0; i < maps->size(); ++i) {
        if (i > 0) out += "// -----\n";
        IndexingMap& map = (*maps)[i].map;
        std::vector<bool> used_here;
        apply_bounds(map, bounds, used_here);
        for (size_t b = 0; b < bounds.size(); ++b)
            bounds_used[b] = bounds_used[b] || used_here[b];
        std::vector<std::string> fired;
        SimplifyOptions options;
        if (trace) options.trace = &fired;
        if (parsed->has("--stats")) options.counters = &counters;
#ifdef PROVIX_HAVE_SOLVERS
        IndexingMap original = verify ? map : IndexingMap();
#endif
        simplify(map, options);
        for (const std::string& rule : fired)
            out += "// rule: " + rule + "\n";
        append_line(out, map.to_string());
#ifdef PROVIX_HAVE_SOLVERS
        if (verify) {
            VerifyOutcome v = verify_simplification(original, map, *timeout);
            out += v.comment;
            verify_failed = verify_failed || v.refuted || v.unknown;
        }
#endif
    }

    for (size_t b = 0; b < bounds.size(); ++b) {
        if (!bounds_used[b]) {
            report_error("simplify", "--bounds names '" + bounds[b].name + "', which no map of " +
                                         input->name + " has");
            return kExitUsage;
        }
    }
    return finish(*parsed, counters, out, verify_failed);
}

}  // namespace provix::cli
