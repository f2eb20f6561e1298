// Maps through calls and tuples: fusion (the called computation's maps) and
// get-tuple-element (identity on the chosen element).

#include <string>

#include "op_maps.h"
#include "provix/hlo/computation_indexing.h"

namespace provix::hlo::detail {

namespace {

/// Nesting depth of fusions being analysed (guards against computations
/// that call each other).
thread_local int g_fusion_depth = 0;
constexpr int kMaxFusionDepth = 64;

Result<const HloComputation*> check_fusion(const OpInfo& op) {
    const HloComputation* callee = op.module.find_computation(op.instr.calls);
    if (!callee) return op.error("calls unknown computation '" + op.instr.calls + "'");
    if (g_fusion_depth >= kMaxFusionDepth) {
        return op.error("fusions nested too deeply (do computations call each other?)");
    }
    if (callee->parameters.size() != op.instr.operand_shapes.size()) {
        return op.error("has " + std::to_string(op.instr.operand_shapes.size()) +
                        " operands but '" + callee->name + "' has " +
                        std::to_string(callee->parameters.size()) + " parameters");
    }
    for (size_t i = 0; i < callee->parameters.size(); ++i) {
        const HloShape& param = callee->instruction(callee->parameters[i]).shape;
        if (!param.same_dims_and_type(op.instr.operand_shapes[i])) {
            return op.error("operand " + std::to_string(i) + " " +
                            op.instr.operand_shapes[i].to_string() + " does not match parameter " +
                            std::to_string(i) + " " + param.to_string());
        }
    }
    if (!callee->root_instruction().shape.same_dims_and_type(op.instr.shape)) {
        return op.error("shape " + op.instr.shape.to_string() + " differs from the root of '" +
                        callee->name + "', " + callee->root_instruction().shape.to_string());
    }
    return callee;
}

/// The fusion's callee, checked, with `output_id` checked too.
Result<const HloComputation*> checked_callee(const OpInfo& op, int64_t output_id) {
    auto callee = check_fusion(op);
    if (!callee) return callee.error();
    auto out = check_output_id(op, output_id);
    if (!out) return out.error();
    return callee;
}

Result<bool> check_get_tuple_element(const OpInfo& op) {
    if (op.num_operands() != 1 || !op.operand(0).is_tuple) {
        return op.error("expects one tuple operand");
    }
    if (!op.instr.tuple_index) return op.error("needs the attribute 'index=N'");
    int64_t k = *op.instr.tuple_index;
    const HloShape& t = op.operand(0);
    if (k < 0 || k >= static_cast<int64_t>(t.tuple_elements.size())) {
        return op.error("index=" + std::to_string(k) + " is out of range for " + t.to_string());
    }
    const HloShape& element = t.tuple_elements[static_cast<size_t>(k)];
    if (element.is_tuple || !element.same_dims_and_type(op.instr.shape)) {
        return op.error("shape " + op.instr.shape.to_string() + " is not element " +
                        std::to_string(k) + " " + element.to_string() + " of the operand");
    }
    return true;
}

}  // namespace

Result<bool> check_output_id(const OpInfo& op, int64_t output_id) {
    if (output_id < 0 || output_id >= num_outputs(op.instr)) {
        return op.error("has no output " + std::to_string(output_id));
    }
    return true;
}

Result<std::vector<IndexingMapSet>> fusion_output_to_input(const OpInfo& op, int64_t output_id) {
    auto callee = checked_callee(op, output_id);
    if (!callee) return callee.error();
    NestingGuard guard(g_fusion_depth);
    return computation_output_to_input(op.ctx, op.module, **callee, output_id, op.values);
}

Result<IndexingMapSet> fusion_input_to_output(const OpInfo& op, int64_t operand,
                                              int64_t output_id) {
    auto callee = checked_callee(op, output_id);
    if (!callee) return callee.error();
    NestingGuard guard(g_fusion_depth);
    auto sets = computation_input_to_output(op.ctx, op.module, **callee, output_id, op.values);
    if (!sets) return sets.error();
    return (*sets)[static_cast<size_t>(operand)];
}

Result<IndexingMap> get_tuple_element_map(const OpInfo& op) {
    auto ok = check_get_tuple_element(op);
    if (!ok) return ok.error();
    return identity_map(op.ctx, op.instr.shape.dims);
}

}  // namespace provix::hlo::detail
