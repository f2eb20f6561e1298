// `provix analyze`: the indexing maps of an HLO module (SPEC §6, §9).

#include <chrono>
#include <iostream>
#include <string>
#include <vector>

#include "args.h"
#include "commands.h"
#include "io.h"
#include "provix/expr.h"
#include "provix/hlo/analyze.h"

#ifdef PROVIX_HAVE_SOLVERS
#include "provix/solvers/image_count.h"
#endif

namespace provix::cli {

namespace {

constexpr const char* kAnalyzeHelp =
    R"(usage: provix analyze [FILE.hlo|-] [--output K] [--input-to-output] [--simplify]
                      [--utilization [--timeout MS]] [--threads T] [--tile S0,S1,...]
                      [--strict] [-o FILE]

Reads one HLO module, computation or list of instructions (the root being
the instruction marked ROOT, else the last) and prints the indexing maps from
the root's output to each parameter, composed through every instruction in
between (a fusion's maps through its fused computation). For each parameter,
in number order: a line '// operand I: NAME', then its distinct maps, each
followed by a line '// -----'. A parameter that every path reads through an
empty domain gets 'KNOWN EMPTY'; one that reaches an operation without
indexing maps gets 'UNKNOWN', with a warning naming the operation on stderr.
The constants and iotas the root reads follow the parameters ('// constant:
NAME', '// iota: NAME').

Instead of the maps, one line per operand:
  --utilization  'utilization A/B': A distinct elements read of its B (exact:
                 the engine for bijections onto boxes, isl otherwise, or an
                 enumeration; 'unknown (why)' past the limits)
  --threads T    'coalesced yes|no, stride(s) ...': the strides between the
                 elements consecutive threads of a block of T read (the
                 output's elements handed out in the output's layout order)
  --tile S,...   'tile offsets (...) sizes (...) strides (...)' of an output
                 tile of sizes S (offsets over the tile indices t0, t1, ...,
                 with the conditions under which the footprint is exactly
                 that tile), or 'not a tile: why'

options:
  --output K          start from output K of a tuple-shaped root (default 0)
  --input-to-output   print the maps from each parameter to the output instead
  --simplify          print the maps simplified (single operations' maps are
                      otherwise printed as the analysis builds them)
  --timeout MS        wall-clock limit of one utilization enumeration
                      (default 10000)
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
    spec.flags = {"--input-to-output", "--strict", "--simplify", "--utilization"};
    spec.valued = {"--output", "-o", "--threads", "--tile", "--timeout"};
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

    options.simplify = parsed->has("--simplify");
    options.utilization = parsed->has("--utilization");
    if (parsed->has_value("--threads")) {
        auto t = parse_count(parsed->value("--threads"), "--threads");
        if (!t || *t < 2) {
            report_error("analyze", t ? "--threads needs at least 2" : t.error().message);
            return kExitUsage;
        }
        options.threads = static_cast<int64_t>(*t);
    }
    if (parsed->has_value("--timeout")) {
        auto t = parse_count(parsed->value("--timeout"), "--timeout");
        if (!t) {
            report_error("analyze", t.error().message);
            return kExitUsage;
        }
        options.count_limits.timeout = std::chrono::milliseconds(*t);
    }
    if (parsed->has_value("--tile")) {
        std::string text = parsed->value("--tile");
        size_t pos = 0;
        while (pos <= text.size()) {
            size_t comma = text.find(',', pos);
            if (comma == std::string::npos) comma = text.size();
            auto v = parse_count(text.substr(pos, comma - pos), "--tile");
            if (!v || *v < 1) {
                report_error("analyze", "--tile takes positive sizes separated by commas");
                return kExitUsage;
            }
            options.tile_sizes.push_back(static_cast<int64_t>(*v));
            pos = comma + 1;
        }
    }
#ifdef PROVIX_HAVE_SOLVERS
    options.counter = [](const hlo::IndexingMapSet& maps) {
        solvers::ImageCount c = solvers::count_image_points({maps.begin(), maps.end()});
        return hlo::ElementCount{c.count, c.method, c.reason};
    };
#endif

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
