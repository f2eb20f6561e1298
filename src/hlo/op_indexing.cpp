// Dispatch of the per-operation maps through the operation table
// (op_registry.h); the generators (iota, constant) and operations without
// maps (UNKNOWN).

#include "provix/hlo/op_indexing.h"

#include <algorithm>
#include <tuple>
#include <utility>

#include "op_maps.h"
#include "op_registry.h"
#include "provix/hlo/hlo_parser.h"

namespace provix::hlo {

namespace {

using detail::OpInfo;
using detail::OpRow;

UnknownOp unknown_op(const HloInstruction& instr) {
    return UnknownOp{instr.opcode, instr.name, instr.opcode_location};
}

/// The row of an operation with indexing maps; null for unknown opcodes
/// and the forms of known ones the analysis does not cover (general
/// gathers).
const OpRow* row_with_maps(const HloInstruction& instr) {
    const OpRow* row = detail::find_op(instr.opcode);
    if (row && instr.opcode == "gather" && !detail::is_simplified_gather(instr)) return nullptr;
    return row;
}

}  // namespace

void IndexingMapSet::mark_unknown(const UnknownOp& op) {
    clear();
    if (std::find(unknown_ops.begin(), unknown_ops.end(), op) == unknown_ops.end()) {
        unknown_ops.push_back(op);
        std::sort(unknown_ops.begin(), unknown_ops.end(),
                  [](const UnknownOp& a, const UnknownOp& b) {
                      return std::make_tuple(a.location.line, a.location.column, a.reason) <
                             std::make_tuple(b.location.line, b.location.column, b.reason);
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
    const OpRow* row = row_with_maps(instr);
    if (!row) {
        std::vector<IndexingMapSet> sets(instr.operands.size());
        for (IndexingMapSet& set : sets)
            set.mark_unknown(unknown_op(instr));
        return sets;
    }
    if (!row->checks_output_id) {
        auto out = detail::check_output_id(op, output_id);
        if (!out) return out.error();
    }
    return row->output_to_input(op, output_id);
}

Result<IndexingMapSet> input_to_output_indexing(Context& ctx, const HloModule& module,
                                                const HloInstruction& instr, int64_t operand_id,
                                                int64_t output_id, const OperandValues* values) {
    OpInfo op{ctx, module, instr, values};
    if (operand_id < 0 || operand_id >= op.num_operands()) {
        return op.error("has no operand " + std::to_string(operand_id));
    }
    const OpRow* row = row_with_maps(instr);
    if (!row) {
        IndexingMapSet set;
        set.mark_unknown(unknown_op(instr));
        return set;
    }
    if (!row->checks_output_id) {
        auto out = detail::check_output_id(op, output_id);
        if (!out) return out.error();
    }
    if (!row->input_to_output) return op.error("no indexing maps for this operation");
    return row->input_to_output(op, operand_id, output_id);
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
