// `provix simplify`: parse every map of the input, simplify it with the rule
// engine and print it, keeping the `// -----` separators.

#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "args.h"
#include "commands.h"
#include "io.h"
#include "provix/expr.h"
#include "provix/parser.h"
#include "provix/simplify.h"

namespace provix::cli {

namespace {

constexpr const char* kSimplifyHelp =
    R"(usage: provix simplify [FILE|-] [-o FILE] [--trace] [--stats] [--verify]

Prints every indexing map of FILE (standard input if FILE is '-' or absent)
simplified by the rule engine. Maps are separated by a line '// -----' in the
input and in the output; other '//' lines are comments and are not copied.

options:
  -o FILE     write the result to FILE instead of standard output
  --trace     before each map, print the rules that fired as '// rule: NAME'
  --stats     after all maps, print to standard error how often each rule
              fired over the whole input ('NAME COUNT', by name)
  --verify    check each result equivalent to its input (isl, or Z3 where not
              quasi-affine) and print the verdict as '// verify: ...' after it;
              a refuted or undecided map makes the exit status 1
  -h, --help  print this help

exit status: 0 success, 1 --verify refuted or could not decide a map,
             2 usage error or bad input (diagnostics on stderr)
)";

/// Appends `text` and a newline unless it already ends with one.
void append_line(std::string& out, const std::string& text) {
    out += text;
    if (text.empty() || text.back() != '\n') out += '\n';
}

}  // namespace

int run_simplify(const std::vector<std::string>& args) {
    ArgSpec spec;
    spec.flags = {"--trace", "--stats"};
    spec.valued = {"-o"};
    spec.max_positional = 1;
#ifdef PROVIX_HAVE_SOLVERS
    spec.flags.push_back("--verify");
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

    auto input = read_input(parsed->positional.empty() ? "-" : parsed->positional[0]);
    if (!input) {
        report_error("simplify", input.error().message);
        return kExitUsage;
    }

    Context ctx;
    auto maps = parse_indexing_maps(ctx, input->text, input->name);
    if (!maps) {
        report_diagnostic(maps.error().message);
        return kExitUsage;
    }

    bool trace = parsed->has("--trace");
    std::map<std::string, int64_t> counters;
    bool verify = parsed->has("--verify");
    bool verify_failed = false;
#ifndef PROVIX_HAVE_SOLVERS
    (void)verify;
#endif
    std::string out;
    for (size_t i = 0; i < maps->size(); ++i) {
        if (i > 0) out += "// -----\n";
        IndexingMap& map = (*maps)[i].map;
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
            VerifyOutcome v = verify_simplification(original, map);
            out += v.comment;
            verify_failed = verify_failed || v.refuted || v.unknown;
        }
#endif
    }

    if (parsed->has("--stats")) {
        std::cerr << "// rule firings:\n";
        for (const auto& [name, count] : counters) std::cerr << name << " " << count << "\n";
    }
    auto written = write_output(parsed->value("-o"), out);
    if (!written) {
        report_error("simplify", written.error().message);
        return kExitUsage;
    }
    return verify_failed ? kExitCheckFailed : kExitSuccess;
}

}  // namespace provix::cli
