// Dispatch of the per-operation maps; fusion, get-tuple-element, the
// generators (iota, constant) and operations without maps (UNKNOWN).

#include "provix/hlo/op_indexing.h"

#include <algorithm>
#include <utility>

#include "op_maps.h"
#include "provix/hlo/computation_indexing.h"
#include "provix/hlo/hlo_parser.h"

namespace provix::hlo {

namespace {

using detail::OpInfo;

/// Nesting depth of fusions being analysed (guards against computations
/// that call each other).
thread_local int g_fusion_depth = 0;
constexpr int kMaxFusionDepth = 64;

struct FusionDepthGuard {
    FusionDepthGuard() { ++g_fusion_depth; }
    ~FusionDepthGuard() { --g_fusion_depth; }
};

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

Result<bool> check_output_id(const OpInfo& op, int64_t output_id) {
    if (output_id < 0 || output_id >= num_outputs(op.instr)) {
        return op.error("has no output " + std::to_string(output_id));
    }
    return true;
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

UnknownOp unknown_op(const HloInstruction& instr) {
    return UnknownOp{instr.opcode, instr.name, instr.opcode_location};
}

/// True for operations without indexing maps: unknown opcodes and the forms
/// of known ones the analysis does not cover (general gathers).
bool has_no_maps(const HloInstruction& instr) {
    return !is_supported_opcode(instr.opcode) ||
           (instr.opcode == "gather" && !detail::is_simplified_gather(instr));
}

}  // namespace

void IndexingMapSet::mark_unknown(const UnknownOp& op) {
    clear();
    if (std::find(unknown_ops.begin(), unknown_ops.end(), op) == unknown_ops.end()) {
        unknown_ops.push_back(op);
        std::sort(unknown_ops.begin(), unknown_ops.end(),
                  [](const UnknownOp& a, const UnknownOp& b) {
                      return std::make_pair(a.location.line, a.location.column) <
                             std::make_pair(b.location.line, b.location.column);
                  });
    }
}

void IndexingMapSet::absorb_unknown(const IndexingMapSet& other) {
    for (const UnknownOp& op : other.unknown_ops)
        mark_unknown(op);
}

int64_t num_outputs(const HloInstruction& instr) {
    return instr.shape.is_tuple ? static_cast<int64_t>(instr.shape.tuple_elements.size()) : 1;
}

const HloShape& output_shape(const HloInstruction& instr, int64_t output_id) {
    return instr.shape.is_tuple ? instr.shape.tuple_elements[static_cast<size_t>(output_id)]
                                : instr.shape;
}

Result<std::vector<IndexingMapSet>> output_to_input_indexing(Context& ctx, const HloModule& module,
                                                             const HloInstruction& instr,
                                                             int64_t output_id,
                                                             const OperandValues* values) {
    OpInfo op{ctx, module, instr, values};
    const std::string& code = instr.opcode;
    if (has_no_maps(instr)) {
        std::vector<IndexingMapSet> sets(instr.operands.size());
        for (IndexingMapSet& set : sets)
            set.mark_unknown(unknown_op(instr));
        return sets;
    }
    if (code == "reduce") return detail::reduce_output_to_input(op, output_id);
    if (code == "reduce-window") return detail::reduce_window_output_to_input(op, output_id);
    if (code == "tuple") return detail::tuple_output_to_input(op, output_id);
    if (code == "fusion") {
        auto callee = check_fusion(op);
        if (!callee) return callee.error();
        auto out = check_output_id(op, output_id);
        if (!out) return out.error();
        FusionDepthGuard guard;
        return computation_output_to_input(ctx, module, **callee, output_id, values);
    }
    auto out = check_output_id(op, output_id);
    if (!out) return out.error();
    if (code == "parameter" || code == "constant" || code == "iota") {
        return std::vector<IndexingMapSet>{};
    }
    if (is_elementwise_opcode(code)) return detail::elementwise_output_to_input(op);
    if (code == "broadcast") return detail::broadcast_output_to_input(op);
    if (code == "transpose") return detail::transpose_output_to_input(op);
    if (code == "reverse") return detail::reverse_output_to_input(op);
    if (code == "slice") return detail::slice_output_to_input(op);
    if (code == "concatenate") return detail::concatenate_output_to_input(op);
    if (code == "map") return detail::elementwise_output_to_input(op);
    if (code == "dot") return detail::dot_output_to_input(op);
    if (code == "scaled-dot") return detail::scaled_dot_output_to_input(op);
    if (code == "convolution") return detail::convolution_output_to_input(op);
    if (code == "reshape") return detail::reshape_output_to_input(op);
    if (code == "bitcast") return detail::bitcast_output_to_input(op);
    if (code == "dynamic-slice") return detail::dynamic_slice_output_to_input(op);
    if (code == "dynamic-update-slice") return detail::dynamic_update_slice_output_to_input(op);
    if (code == "gather") return detail::gather_output_to_input(op);
    if (code == "pad") return detail::pad_output_to_input(op);
    if (code == "get-tuple-element") {
        auto ok = check_get_tuple_element(op);
        if (!ok) return ok.error();
        auto m = detail::identity_map(ctx, instr.shape.dims);
        if (!m) return m.error();
        return detail::one_per_operand({std::move(*m)});
    }
    return op.error("no indexing maps for this operation");
}

Result<IndexingMapSet> input_to_output_indexing(Context& ctx, const HloModule& module,
                                                const HloInstruction& instr, int64_t operand_id,
                                                int64_t output_id, const OperandValues* values) {
    OpInfo op{ctx, module, instr, values};
    if (operand_id < 0 || operand_id >= op.num_operands()) {
        return op.error("has no operand " + std::to_string(operand_id));
    }
    const std::string& code = instr.opcode;
    if (has_no_maps(instr)) {
        IndexingMapSet set;
        set.mark_unknown(unknown_op(instr));
        return set;
    }
    if (code == "reduce") return detail::reduce_input_to_output(op, operand_id, output_id);
    if (code == "reduce-window") {
        return detail::reduce_window_input_to_output(op, operand_id, output_id);
    }
    if (code == "tuple") return detail::tuple_input_to_output(op, operand_id, output_id);
    if (code == "fusion") {
        auto callee = check_fusion(op);
        if (!callee) return callee.error();
        auto out = check_output_id(op, output_id);
        if (!out) return out.error();
        FusionDepthGuard guard;
        auto sets = computation_input_to_output(ctx, module, **callee, output_id, values);
        if (!sets) return sets.error();
        return (*sets)[static_cast<size_t>(operand_id)];
    }
    auto out = check_output_id(op, output_id);
    if (!out) return out.error();
    if (is_elementwise_opcode(code)) return detail::elementwise_input_to_output(op, operand_id);
    if (code == "broadcast") return detail::broadcast_input_to_output(op);
    if (code == "transpose") return detail::transpose_input_to_output(op);
    if (code == "reverse") return detail::reverse_input_to_output(op);
    if (code == "slice") return detail::slice_input_to_output(op);
    if (code == "concatenate") return detail::concatenate_input_to_output(op, operand_id);
    if (code == "map") return detail::elementwise_input_to_output(op, operand_id);
    if (code == "dot") return detail::dot_input_to_output(op, operand_id);
    if (code == "scaled-dot") return detail::scaled_dot_input_to_output(op, operand_id);
    if (code == "convolution") return detail::convolution_input_to_output(op, operand_id);
    if (code == "reshape") return detail::reshape_input_to_output(op);
    if (code == "bitcast") return detail::bitcast_input_to_output(op);
    if (code == "dynamic-slice") return detail::dynamic_slice_input_to_output(op, operand_id);
    if (code == "dynamic-update-slice") {
        return detail::dynamic_update_slice_input_to_output(op, operand_id);
    }
    if (code == "gather") return detail::gather_input_to_output(op, operand_id);
    if (code == "pad") return detail::pad_input_to_output(op, operand_id);
    if (code == "get-tuple-element") {
        auto ok = check_get_tuple_element(op);
        if (!ok) return ok.error();
        auto m = detail::identity_map(ctx, instr.shape.dims);
        if (!m) return m.error();
        return IndexingMapSet{std::move(*m)};
    }
    return op.error("no indexing maps for this operation");
}

Result<GeneratorIndexing> generator_indexing(Context& ctx, const HloModule& module,
                                             const HloInstruction& instr) {
    OpInfo op{ctx, module, instr};
    if (instr.opcode != "iota" && instr.opcode != "constant") {
        return op.error("is not a generator (iota or constant)");
    }
    if (instr.shape.is_tuple) return op.error("expected an array shape");
    if (instr.opcode == "iota") {
        int64_t dim = instr.iota_dimension                                ? *instr.iota_dimension
                      : instr.dimensions && instr.dimensions->size() == 1 ? (*instr.dimensions)[0]
                                                                          : -1;
        if (dim < 0 || dim >= instr.shape.rank()) {
            return op.error("needs 'iota_dimension=N' (or 'dimensions={N}') naming a dimension");
        }
    }
    auto out_in = detail::to_scalar_map(ctx, instr.shape.dims);
    if (!out_in) return out_in.error();
    auto in_out = detail::from_scalar_map(ctx, instr.shape.dims);
    if (!in_out) return in_out.error();
    return GeneratorIndexing{std::move(*out_in), std::move(*in_out)};
}

}  // namespace provix::hlo
