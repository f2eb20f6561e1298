// What `provix analyze` prints.

#include "provix/hlo/analyze.h"

#include <algorithm>

#include "provix/hlo/computation_indexing.h"
#include "provix/hlo/hlo_parser.h"
#include "provix/parser.h"

namespace provix::hlo {

namespace {

std::string unknown_warning(const HloModule& module, const UnknownOp& op) {
    std::string_view text = module.source ? std::string_view(*module.source) : std::string_view();
    return format_diagnostic(module.filename, text, op.location,
                             "no indexing maps for operation '" + op.opcode + "' (instruction '" +
                                 op.name + "'); what reaches it is UNKNOWN",
                             "warning");
}

}  // namespace

Result<AnalyzeReport> analyze_module(Context& ctx, const HloModule& module,
                                     const AnalyzeOptions& options) {
    const HloComputation& comp = module.entry_computation();
    auto sets = options.input_to_output
                    ? computation_input_to_output(ctx, module, comp, options.output_id)
                    : computation_output_to_input(ctx, module, comp, options.output_id);
    if (!sets) return sets.error();
    AnalyzeReport report;
    std::vector<UnknownOp> unknown;
    for (size_t p = 0; p < sets->size(); ++p) {
        const HloInstruction& param = comp.instruction(comp.parameters[p]);
        const IndexingMapSet& set = (*sets)[p];
        report.text += "// operand " + std::to_string(p) + ": " + param.name + "\n";
        if (set.is_unknown()) {
            report.text += "UNKNOWN\n// -----\n";
            for (const UnknownOp& op : set.unknown_ops) {
                if (std::find(unknown.begin(), unknown.end(), op) == unknown.end()) {
                    unknown.push_back(op);
                }
            }
            continue;
        }
        for (const IndexingMap& m : set) {
            std::string text = m.to_string();
            report.text += text;
            if (text.empty() || text.back() != '\n') report.text += "\n";
            report.text += "// -----\n";
        }
    }
    std::sort(unknown.begin(), unknown.end(), [](const UnknownOp& a, const UnknownOp& b) {
        return std::make_pair(a.location.line, a.location.column) <
               std::make_pair(b.location.line, b.location.column);
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
