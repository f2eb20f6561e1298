// What `provix analyze` prints.

#include "provix/hlo/analyze.h"

#include <algorithm>
#include <tuple>

#include "provix/hlo/coalescing.h"
#include "provix/hlo/computation_indexing.h"
#include "provix/hlo/hlo_parser.h"
#include "provix/hlo/op_indexing.h"
#include "provix/hlo/tiling.h"
#include "provix/parser.h"
#include "provix/simplify.h"

namespace provix::hlo {

namespace {

std::string unknown_warning(const HloModule& module, const UnknownOp& op) {
    std::string_view text = module.source ? std::string_view(*module.source) : std::string_view();
    const std::string what = "operation '" + op.opcode + "' (instruction '" + op.name + "')";
    return format_diagnostic(module.filename, text, op.location,
                             (op.reason == UnknownOp::Reason::NoMaps
                                  ? "no indexing maps for " + what
                                  : "the indexing maps composed through " + what + " grow past " +
                                        std::to_string(kMaxComposedMapSize) + " nodes") +
                                 "; what reaches it is UNKNOWN",
                             "warning");
}

}  // namespace

Result<AnalyzeReport> analyze_module(Context& ctx, const HloModule& module,
                                     const AnalyzeOptions& options) {
    const HloComputation& comp = module.entry_computation();
    std::vector<std::pair<int64_t, IndexingMapSet>> generators;
    auto sets = options.input_to_output
                    ? computation_input_to_output(ctx, module, comp, options.output_id)
                    : computation_output_to_input(ctx, module, comp, options.output_id, nullptr,
                                                  &generators);
    if (!sets) return sets.error();
    if (options.input_to_output &&
        (options.utilization || options.threads > 0 || !options.tile_sizes.empty())) {
        return Error::invalid(
            "utilization, coalescing and tiles are computed from the output-to-input maps");
    }
    // Every operand: the parameters, then the generators the root reads.
    struct Operand {
        std::string header;
        const HloInstruction* instr;
        IndexingMapSet maps;
    };
    std::vector<Operand> operands;
    for (size_t p = 0; p < sets->size(); ++p) {
        const HloInstruction& param = comp.instruction(comp.parameters[p]);
        operands.push_back(
            {"// operand " + std::to_string(p) + ": " + param.name, &param, (*sets)[p]});
    }
    for (auto& [idx, maps] : generators) {
        const HloInstruction& g = comp.instruction(idx);
        operands.push_back({"// " + g.opcode + ": " + g.name, &g, std::move(maps)});
    }
    const HloShape& out_shape = output_shape(comp.root_instruction(), options.output_id);
    AnalyzeReport report;
    std::vector<UnknownOp> unknown;
    for (Operand& op : operands) {
        const IndexingMapSet& set = op.maps;
        for (const UnknownOp& u : set.unknown_ops) {
            if (std::find(unknown.begin(), unknown.end(), u) == unknown.end()) unknown.push_back(u);
        }
        const HloShape& shape = op.instr->shape;
        if (options.utilization) {
            ElementCount c =
                count_read_elements(set, shape.dims, options.counter, options.count_limits);
            auto size = shape.num_elements();
            report.text += op.header + " utilization ";
            if (c.count && size) {
                report.text += std::to_string(*c.count) + "/" + std::to_string(*size) + "\n";
            } else {
                report.text += "unknown (" + (c.count ? "size beyond int64" : c.reason) + ")\n";
            }
            continue;
        }
        if (options.threads > 0) {
            report.text += op.header + " " +
                           to_string(analyze_coalescing(set, out_shape, shape, options.threads)) +
                           "\n";
            continue;
        }
        if (!options.tile_sizes.empty()) {
            if (set.is_unknown()) {
                report.text += op.header + " tile unknown (UNKNOWN maps)\n";
                continue;
            }
            if (set.empty()) report.text += op.header + " not read\n";
            for (size_t k = 0; k < set.size(); ++k) {
                std::string read = set.size() > 1 ? " read " + std::to_string(k) : "";
                std::string tile =
                    set[k].is_known_empty()
                        ? "KNOWN EMPTY"
                        : to_string(propagate_tile(set[k], out_shape.dims, options.tile_sizes));
                report.text += op.header + read + " tile " + tile + "\n";
            }
            continue;
        }
        report.text += op.header + "\n";
        if (set.is_unknown()) {
            report.text += "UNKNOWN\n// -----\n";
            continue;
        }
        for (IndexingMap m : set) {
            if (options.simplify) simplify(m);
            std::string text = m.to_string();
            report.text += text;
            if (text.empty() || text.back() != '\n') report.text += "\n";
            report.text += "// -----\n";
        }
    }
    std::sort(unknown.begin(), unknown.end(), [](const UnknownOp& a, const UnknownOp& b) {
        return std::make_tuple(a.location.line, a.location.column, a.reason) <
               std::make_tuple(b.location.line, b.location.column, b.reason);
    });
    for (const UnknownOp& op : unknown)
        report.warnings.push_back(unknown_warning(module, op));
    return report;
}

Result<AnalyzeReport> analyze_hlo_text(Context& ctx, std::string_view text,
                                       std::string_view filename, const AnalyzeOptions& options) {
    auto module = parse_hlo_module(text, filename);
    if (!module) return module.error();
    return analyze_module(ctx, *module, options);
}

}  // namespace provix::hlo
