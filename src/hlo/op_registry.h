#pragma once
// The HLO operations with indexing maps, one row per opcode (private to
// src/hlo). `is_supported_opcode`, `is_elementwise_opcode` and the dispatch
// of `output_to_input_indexing` / `input_to_output_indexing` all read this
// table: adding an operation is one row plus its two map functions.
//
//     const OpRow* row = find_op("broadcast");
//     row->output_to_input(op, 0);   // detail::broadcast_output_to_input

#include <cstdint>
#include <string_view>
#include <vector>

#include "op_maps.h"

namespace provix::hlo::detail {

/// One set per operand: the output-to-input maps of output `output_id`.
using OutputToInputFn = Result<std::vector<IndexingMapSet>> (*)(const OpInfo& op,
                                                                int64_t output_id);
/// The input-to-output maps of operand `operand` into output `output_id`.
using InputToOutputFn = Result<IndexingMapSet> (*)(const OpInfo& op, int64_t operand,
                                                   int64_t output_id);

/// An operation with indexing maps.
struct OpRow {
    /// The opcode as HLO text spells it: `"dynamic-slice"`.
    std::string_view name;
    /// An elementwise operation (unary, binary, select, clamp).
    bool elementwise = false;
    /// The number of operands of an elementwise operation (1, 2 or 3); 0
    /// for the others (`map` takes any number).
    int arity = 0;
    /// The map functions check `output_id` themselves (operations with
    /// several outputs: reduce, reduce-window, tuple, fusion); for the others
    /// the dispatcher checks it first.
    bool checks_output_id = false;
    /// Null for the operations without operands (parameter, constant,
    /// iota): their output-to-input maps are no sets at all.
    OutputToInputFn output_to_input = nullptr;
    /// Null for the operations without operands: asking is an error.
    InputToOutputFn input_to_output = nullptr;
};

/// The row of `opcode`, or null when it has no indexing maps:
/// `find_op("add")->elementwise`, `find_op("scatter") == nullptr`.
const OpRow* find_op(std::string_view opcode);

/// Every row, in the table's order (grouped by family).
const std::vector<OpRow>& op_rows();

}  // namespace provix::hlo::detail
