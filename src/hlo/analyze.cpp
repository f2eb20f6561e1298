// What `provix analyze` prints.

#include "provix/hlo/analyze.h"

#include "provix/hlo/computation_indexing.h"
#include "provix/hlo/hlo_parser.h"

namespace provix::hlo {

Result<std::string> analyze_module(Context& ctx, const HloModule& module,
                                   const AnalyzeOptions& options) {
    const HloComputation& comp = module.entry_computation();
    auto sets = options.input_to_output
                    ? computation_input_to_output(ctx, module, comp, options.output_id)
                    : computation_output_to_input(ctx, module, comp, options.output_id);
    if (!sets) return sets.error();
    std::string out;
    for (size_t p = 0; p < sets->size(); ++p) {
        const HloInstruction& param = comp.instruction(comp.parameters[p]);
        out += "// operand " + std::to_string(p) + ": " + param.name + "\n";
        for (const IndexingMap& m : (*sets)[p]) {
            std::string text = m.to_string();
            out += text;
            if (text.empty() || text.back() != '\n') out += "\n";
            out += "// -----\n";
        }
    }
    return out;
}

Result<std::string> analyze_hlo_text(Context& ctx, std::string_view text, std::string_view filename,
                                     const AnalyzeOptions& options) {
    auto module = parse_hlo_module(text, filename);
    if (!module) return module.error();
    return analyze_module(ctx, *module, options);
}

}  // namespace provix::hlo
