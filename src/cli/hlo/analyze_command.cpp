// `provix analyze`: the indexing maps of an HLO module, from the root's
// output to each parameter (or the reverse), or analyses built on them
// (utilization, coalescing, tiles).

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <string>
#include <vector>

#include "args.h"
#include "commands.h"
#include "io.h"
#include "json_writer.h"
#include "provix/expr.h"
#include "provix/hlo/analyze.h"
#include "provix/hlo/computation_indexing.h"
#include "provix/hlo/hlo_parser.h"
#include "provix/simplify.h"

#ifdef PROVIX_HAVE_SOLVERS
#include "provix/solvers/image_count.h"
#endif

namespace provix::cli {

namespace {

const CommandHelp kAnalyzeHelp = {
    "provix analyze [FILE.hlo|-] [options]",
    "Reads one HLO module, computation or list of instructions (the root being\n"
    "the instruction marked ROOT, else the last) and prints the indexing maps from\n"
    "the root's output to each parameter, composed through every instruction in\n"
    "between (a fusion's maps through its fused computation). For each parameter,\n"
    "in number order: a line '// operand I: NAME', then its distinct maps, each\n"
    "followed by a line '// -----'. A parameter that every path reads through an\n"
    "empty domain gets 'KNOWN EMPTY'; one that reaches an operation without\n"
    "indexing maps, or one through which the composed maps grow past 100000\n"
    "nodes, gets 'UNKNOWN', with a warning naming the operation on stderr.\n"
    "The constants and iotas of the computation that the root reads follow the\n"
    "parameters ('// constant: NAME', '// iota: NAME'); those inside a fusion's\n"
    "computation are not listed.\n"
    "\n"
    "Instead of the maps, one line per operand:\n"
    "  --utilization  'utilization A/B': A distinct elements read of its B (exact:\n"
    "                 the engine for bijections onto boxes, isl otherwise, or an\n"
    "                 enumeration; 'unknown (why)' past the limits)\n"
    "  --threads T    'coalesced yes|no, stride(s) ...': the strides between the\n"
    "                 elements consecutive threads of a block of T read (the\n"
    "                 output's elements handed out in the output's layout order)\n"
    "  --tile S,...   'tile offsets (...) sizes (...) strides (...)' of an output\n"
    "                 tile of sizes S (offsets over the tile indices t0, t1, ...,\n"
    "                 with the conditions under which the footprint is exactly\n"
    "                 that tile), or 'not a tile: why'\n"
    "--format json prints the maps (one object per parameter); it does not\n"
    "combine with --utilization, --threads or --tile.\n",
    "success (also with UNKNOWN operands, unless --strict)",
    "an UNKNOWN operand with --strict",
};

ArgSpec analyze_spec() {
    ArgSpec spec;
    spec.options = {
        output_option(),
        format_option(),
        {"--output", "K", "start from output K of a tuple-shaped root", "0"},
        {"--input-to-output", "", "print the maps from each parameter to the output instead", ""},
        {"--simplify", "",
         "print the maps simplified (single operations' maps are otherwise printed as the "
         "analysis builds them)",
         ""},
        {"--utilization", "", "print each operand's utilization instead of its maps", ""},
        {"--timeout", "SECONDS",
         "wall-clock limit of one utilization count (isl's, or an enumeration; at most 1e9)", "10"},
        {"--threads", "T", "print each operand's coalescing for blocks of T threads (T >= 2)",
         "off"},
        {"--tile", "S0,S1,...", "print each operand's tile for output tiles of these sizes", "off"},
        {"--strict", "", "exit 1 when some operand is UNKNOWN", ""},
    };
    spec.max_positional = 1;
    return spec;
}

/// One JSON line per parameter, then the summary (with the warnings).
Result<std::string> analyze_json(Context& ctx, const hlo::HloModule& module,
                                 const std::string& name, const hlo::AnalyzeOptions& options,
                                 const std::vector<std::string>& warnings, double seconds) {
    const hlo::HloComputation& comp = module.entry_computation();
    auto sets = options.input_to_output
                    ? hlo::computation_input_to_output(ctx, module, comp, options.output_id)
                    : hlo::computation_output_to_input(ctx, module, comp, options.output_id);
    if (!sets) return sets.error();
    std::string out;
    size_t maps = 0, unknown = 0;
    for (size_t p = 0; p < sets->size(); ++p) {
        const hlo::IndexingMapSet& set = (*sets)[p];
        JsonWriter w;
        w.begin_object()
            .field("type", "operand")
            .field("operand", p)
            .field("name", comp.instruction(comp.parameters[p]).name)
            .field("direction", options.input_to_output ? "input_to_output" : "output_to_input")
            .field("output", options.output_id)
            .field("unknown", set.is_unknown())
            .key("unknown_operations")
            .begin_array();
        for (const hlo::UnknownOp& op : set.unknown_ops) {
            w.begin_object()
                .field("opcode", op.opcode)
                .field("name", op.name)
                .field("line", op.location.line)
                .field("column", op.location.column)
                .field("reason",
                       op.reason == hlo::UnknownOp::Reason::NoMaps ? "no maps" : "too large")
                .end_object();
        }
        w.end_array().key("maps").begin_array();
        if (!set.is_unknown()) {
            for (IndexingMap m : set) {
                if (options.simplify) simplify(m);
                w.value(m.to_string());
            }
            maps += set.size();
        }
        unknown += set.is_unknown() ? 1 : 0;
        out += w.end_array().end_object().take() + "\n";
    }
    JsonWriter w;
    w.begin_object()
        .field("type", "summary")
        .field("file", name)
        .field("operands", sets->size())
        .field("unknown_operands", unknown)
        .field("maps", maps)
        .key("warnings")
        .begin_array();
    for (const std::string& warning : warnings)
        w.value(warning);
    w.end_array().field("seconds", seconds).end_object();
    return out + w.take() + "\n";
}

/// Reads the options into `options`; false after reporting an error.
bool read_options(const Args& a, hlo::AnalyzeOptions& options) {
    options.input_to_output = a.has("--input-to-output");
    options.simplify = a.has("--simplify");
    options.utilization = a.has("--utilization");
    if (a.has_value("--output")) {
        auto k = parse_count(a.value("--output"), "--output");
        if (!k) {
            report_error("analyze", k.error().message);
            return false;
        }
        options.output_id = static_cast<int64_t>(*k);
    }
    if (a.has_value("--threads")) {
        auto t = parse_count(a.value("--threads"), "--threads");
        if (!t || *t < 2) {
            report_error("analyze", t ? "--threads needs at least 2" : t.error().message);
            return false;
        }
        options.threads = static_cast<int64_t>(*t);
    }
    if (a.has_value("--timeout")) {
        Result<double> t = parse_seconds(a.value("--timeout"), "--timeout");
        if (!t) {
            report_error("analyze", t.error().message);
            return false;
        }
        // Whole milliseconds, at least one.
        options.count_limits.timeout =
            std::chrono::milliseconds(std::max<long long>(1, std::llround(*t * 1000)));
    }
    if (a.has_value("--tile")) {
        std::string text = a.value("--tile");
        size_t pos = 0;
        while (pos <= text.size()) {
            size_t comma = text.find(',', pos);
            if (comma == std::string::npos) comma = text.size();
            auto v = parse_count(text.substr(pos, comma - pos), "--tile");
            if (!v || *v < 1) {
                report_error("analyze", "--tile takes positive sizes separated by commas");
                return false;
            }
            options.tile_sizes.push_back(static_cast<int64_t>(*v));
            pos = comma + 1;
        }
    }
#ifdef PROVIX_HAVE_SOLVERS
    // isl's count, in a child process that --timeout kills (isl's integer
    // arithmetic checks no abort flag).
    solvers::Limits limits;
    limits.timeout_seconds = std::chrono::duration<double>(options.count_limits.timeout).count();
    limits.isolate = true;
    options.counter = [limits](const hlo::IndexingMapSet& maps) {
        solvers::ImageCount c = solvers::count_image_points({maps.begin(), maps.end()}, limits);
        return hlo::ElementCount{c.count, c.method, c.reason};
    };
#endif
    return true;
}

}  // namespace

int run_analyze(const std::vector<std::string>& args) {
    int exit = kExitSuccess;
    auto parsed = start_command(args, "analyze", analyze_spec(), kAnalyzeHelp, &exit);
    if (!parsed) return exit;
    auto format = output_format(*parsed);
    if (!format) {
        report_error("analyze", format.error().message);
        return kExitUsage;
    }
    hlo::AnalyzeOptions options;
    if (!read_options(*parsed, options)) return kExitUsage;
    const bool json = *format == OutputFormat::Json;
    if (json && (options.utilization || options.threads > 0 || !options.tile_sizes.empty())) {
        report_error("analyze",
                     "--format json prints maps; it does not combine with "
                     "--utilization, --threads or --tile");
        return kExitUsage;
    }

    auto input = read_input(parsed->positional.empty() ? "-" : parsed->positional[0]);
    if (!input) {
        report_error("analyze", input.error().message);
        return kExitUsage;
    }
    const auto start = std::chrono::steady_clock::now();
    Context ctx;
    auto report_error_of = [](const Error& e) {
        if (e.kind == Error::Kind::Parse) {
            report_diagnostic(e.message);
        } else {
            report_error("analyze", e.message);
        }
        return kExitUsage;
    };
    auto module = hlo::parse_hlo_module(input->text, input->name);
    if (!module) return report_error_of(module.error());
    auto report = hlo::analyze_module(ctx, *module, options);
    if (!report) return report_error_of(report.error());
    for (const std::string& warning : report->warnings)
        report_diagnostic(warning);
    std::string text = report->text;
    if (json) {
        double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        auto records = analyze_json(ctx, *module, input->name, options, report->warnings, seconds);
        if (!records) return report_error_of(records.error());
        text = *records;
    }
    if (!write_or_report("analyze", parsed->value("-o"), text)) return kExitUsage;
    if (parsed->has("--strict") && !report->warnings.empty()) return kExitCheckFailed;
    return kExitSuccess;
}

}  // namespace provix::cli
