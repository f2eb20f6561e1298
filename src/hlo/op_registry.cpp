// The table of HLO operations with indexing maps.

#include "op_registry.h"

#include <algorithm>

namespace provix::hlo::detail {

namespace {

// Adapters from the per-operation map functions (which take only what they
// use) to the two row signatures.
template <Result<std::vector<IndexingMapSet>> (*F)(const OpInfo&)>
Result<std::vector<IndexingMapSet>> single_output(const OpInfo& op, int64_t /*output_id*/) {
    return F(op);
}

template <Result<IndexingMapSet> (*F)(const OpInfo&)>
Result<IndexingMapSet> any_operand(const OpInfo& op, int64_t /*operand*/, int64_t /*output_id*/) {
    return F(op);
}

template <Result<IndexingMapSet> (*F)(const OpInfo&, int64_t)>
Result<IndexingMapSet> per_operand(const OpInfo& op, int64_t operand, int64_t /*output_id*/) {
    return F(op, operand);
}

/// One map, the same for every operand and both directions.
template <Result<IndexingMap> (*F)(const OpInfo&)>
Result<std::vector<IndexingMapSet>> same_map_out(const OpInfo& op, int64_t /*output_id*/) {
    return only_operand(F(op));
}

template <Result<IndexingMap> (*F)(const OpInfo&)>
Result<IndexingMapSet> same_map_in(const OpInfo& op, int64_t /*operand*/, int64_t /*output_id*/) {
    return single_map(F(op));
}

/// Parameters, constants and iotas read no operand.
Result<std::vector<IndexingMapSet>> no_operands(const OpInfo& /*op*/, int64_t /*output_id*/) {
    return std::vector<IndexingMapSet>{};
}

constexpr std::string_view kUnary[] = {"abs",
                                       "cbrt",
                                       "ceil",
                                       "convert",
                                       "copy",
                                       "cosine",
                                       "count-leading-zeros",
                                       "erf",
                                       "exponential",
                                       "exponential-minus-one",
                                       "floor",
                                       "imag",
                                       "is-finite",
                                       "log",
                                       "log-plus-one",
                                       "logistic",
                                       "negate",
                                       "not",
                                       "popcnt",
                                       "real",
                                       "reduce-precision",
                                       "round-nearest-afz",
                                       "round-nearest-even",
                                       "rsqrt",
                                       "sign",
                                       "sine",
                                       "sqrt",
                                       "tan",
                                       "tanh"};
constexpr std::string_view kBinary[] = {"add",
                                        "and",
                                        "atan2",
                                        "compare",
                                        "complex",
                                        "divide",
                                        "maximum",
                                        "minimum",
                                        "multiply",
                                        "or",
                                        "power",
                                        "remainder",
                                        "shift-left",
                                        "shift-right-arithmetic",
                                        "shift-right-logical",
                                        "subtract",
                                        "xor"};
/// A scalar operand of these stands for every element.
constexpr std::string_view kTernary[] = {"clamp", "select"};

/// An elementwise operation of `arity` operands.
OpRow elementwise(std::string_view name, int arity) {
    return OpRow{name,
                 true,
                 arity,
                 false,
                 single_output<elementwise_output_to_input>,
                 per_operand<elementwise_input_to_output>};
}

/// A single-output operation whose input-to-output maps depend on the operand.
OpRow operand_maps(std::string_view name, OutputToInputFn out_in, InputToOutputFn in_out) {
    return OpRow{name, false, 0, false, out_in, in_out};
}

/// An operation with several outputs: its map functions check `output_id`.
OpRow multi_output(std::string_view name, OutputToInputFn out_in, InputToOutputFn in_out) {
    return OpRow{name, false, 0, true, out_in, in_out};
}

std::vector<OpRow> build_rows() {
    std::vector<OpRow> rows;
    for (std::string_view name : kUnary)
        rows.push_back(elementwise(name, 1));
    for (std::string_view name : kBinary)
        rows.push_back(elementwise(name, 2));
    for (std::string_view name : kTernary)
        rows.push_back(elementwise(name, 3));
    // Operations without operands.
    for (std::string_view name : {"parameter", "constant", "iota"})
        rows.push_back(OpRow{name, false, 0, false, no_operands, nullptr});
    // The map applies its computation elementwise (not looked into).
    rows.push_back(operand_maps("map", single_output<elementwise_output_to_input>,
                                per_operand<elementwise_input_to_output>));
    // Data movement.
    rows.push_back(operand_maps("broadcast", single_output<broadcast_output_to_input>,
                                any_operand<broadcast_input_to_output>));
    rows.push_back(operand_maps("transpose", single_output<transpose_output_to_input>,
                                any_operand<transpose_input_to_output>));
    rows.push_back(operand_maps("reverse", same_map_out<reverse_map>, same_map_in<reverse_map>));
    rows.push_back(operand_maps("slice", single_output<slice_output_to_input>,
                                any_operand<slice_input_to_output>));
    rows.push_back(operand_maps("concatenate", single_output<concatenate_output_to_input>,
                                per_operand<concatenate_input_to_output>));
    rows.push_back(
        operand_maps("pad", single_output<pad_output_to_input>, per_operand<pad_input_to_output>));
    rows.push_back(operand_maps("reshape", single_output<reshape_output_to_input>,
                                any_operand<reshape_input_to_output>));
    rows.push_back(operand_maps("bitcast", single_output<bitcast_output_to_input>,
                                any_operand<bitcast_input_to_output>));
    // Runtime offsets.
    rows.push_back(operand_maps("dynamic-slice", single_output<dynamic_slice_output_to_input>,
                                per_operand<dynamic_slice_input_to_output>));
    rows.push_back(operand_maps("dynamic-update-slice",
                                single_output<dynamic_update_slice_output_to_input>,
                                per_operand<dynamic_update_slice_input_to_output>));
    rows.push_back(operand_maps("gather", single_output<gather_output_to_input>,
                                per_operand<gather_input_to_output>));
    // Contractions and windows.
    rows.push_back(
        operand_maps("dot", single_output<dot_output_to_input>, per_operand<dot_input_to_output>));
    rows.push_back(operand_maps("scaled-dot", single_output<scaled_dot_output_to_input>,
                                per_operand<scaled_dot_input_to_output>));
    rows.push_back(operand_maps("convolution", single_output<convolution_output_to_input>,
                                per_operand<convolution_input_to_output>));
    rows.push_back(multi_output("reduce", reduce_output_to_input, reduce_input_to_output));
    rows.push_back(multi_output("reduce-window", reduce_window_output_to_input,
                                reduce_window_input_to_output));
    // Tuples and calls.
    rows.push_back(multi_output("tuple", tuple_output_to_input, tuple_input_to_output));
    rows.push_back(operand_maps("get-tuple-element", same_map_out<get_tuple_element_map>,
                                same_map_in<get_tuple_element_map>));
    rows.push_back(multi_output("fusion", fusion_output_to_input, fusion_input_to_output));
    return rows;
}

}  // namespace

const std::vector<OpRow>& op_rows() {
    static const std::vector<OpRow> rows = build_rows();
    return rows;
}

const OpRow* find_op(std::string_view opcode) {
    const std::vector<OpRow>& rows = op_rows();
    auto it = std::find_if(rows.begin(), rows.end(),
                           [&](const OpRow& row) { return row.name == opcode; });
    return it == rows.end() ? nullptr : &*it;
}

}  // namespace provix::hlo::detail

namespace provix::hlo {

bool is_elementwise_opcode(std::string_view opcode) {
    const detail::OpRow* row = detail::find_op(opcode);
    return row && row->elementwise;
}

bool is_supported_opcode(std::string_view opcode) { return detail::find_op(opcode) != nullptr; }

}  // namespace provix::hlo
