// `provix analyze`: the indexing maps of an HLO module (SPEC §6, §9).

#include <iostream>
#include <string>
#include <vector>

#include "args.h"
#include "commands.h"
#include "io.h"
#include "provix/expr.h"
#include "provix/hlo/analyze.h"

namespace provix::cli {

namespace {

constexpr const char* kAnalyzeHelp =
    R"(usage: provix analyze [FILE.hlo|-] [--output K] [--input-to-output] [--strict] [-o FILE]

Reads one HLO module, computation or list of instructions (the root being
the instruction marked ROOT, else the last) and prints the indexing maps from
the root's output to each parameter, composed through every instruction in
between (a fusion's maps through its fused computation). For each parameter,
in number order: a line '// operand I: NAME', then its distinct maps, each
followed by a line '// -----'. A parameter that every path reads through an
empty domain gets 'KNOWN EMPTY'; one that reaches an operation without
indexing maps gets 'UNKNOWN', with a warning naming the operation on stderr.

options:
  --output K          start from output K of a tuple-shaped root (default 0)
  --input-to-output   print the maps from each parameter to the output instead
  --strict            exit 1 when some operand is UNKNOWN
  -o FILE             write the result to FILE instead of standard output
  -h, --help          print this help

exit status: 0 success (also with UNKNOWN operands, unless --strict), 1 an
UNKNOWN operand with --strict, 2 usage error or bad input (diagnostics on
stderr)
)";

}  // namespace

int run_analyze(const std::vector<std::string>& args) {
    ArgSpec spec;
    spec.flags = {"--input-to-output", "--strict"};
    spec.valued = {"--output", "-o"};
    spec.max_positional = 1;
    auto parsed = parse_args(args, spec);
    if (!parsed) {
        report_error("analyze", parsed.error().message);
        std::cerr << "run 'provix analyze --help' for usage\n";
        return kExitUsage;
    }
    if (parsed->help) {
        std::cout << kAnalyzeHelp;
        return kExitSuccess;
    }
    hlo::AnalyzeOptions options;
    options.input_to_output = parsed->has("--input-to-output");
    if (parsed->has_value("--output")) {
        auto k = parse_count(parsed->value("--output"), "--output");
        if (!k) {
            report_error("analyze", k.error().message);
            return kExitUsage;
        }
        options.output_id = static_cast<int64_t>(*k);
    }

    auto input = read_input(parsed->positional.empty() ? "-" : parsed->positional[0]);
    if (!input) {
        report_error("analyze", input.error().message);
        return kExitUsage;
    }
    Context ctx;
    auto report = hlo::analyze_hlo_text(ctx, input->text, input->name, options);
    if (!report) {
        if (report.error().kind == Error::Kind::Parse) {
            report_diagnostic(report.error().message);
        } else {
            report_error("analyze", report.error().message);
        }
        return kExitUsage;
    }
    for (const std::string& warning : report->warnings)
        report_diagnostic(warning);
    auto written = write_output(parsed->value("-o"), report->text);
    if (!written) {
        report_error("analyze", written.error().message);
        return kExitUsage;
    }
    if (parsed->has("--strict") && !report->warnings.empty()) return kExitCheckFailed;
    return kExitSuccess;
}

}  // namespace provix::cli
