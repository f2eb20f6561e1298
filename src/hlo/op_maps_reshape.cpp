// Maps of reshape and bitcast.
//
// A reshape keeps the row-major linear index of every element. Its
// output-to-input map delinearizes the output's linear index into the
// operand's dimensions, group by group (see reshape_input_index); its
// input-to-output map is the reshape the other way round.
//
// A bitcast keeps the physical (layout) order of the elements: it is a
// transpose from logical to physical order by the output's layout, a reshape
// between the two physical shapes, and a transpose from physical to logical
// order by the operand's layout. The three are composed by substitution,
// which is exact (no constraint arises: every intermediate index is in
// bounds).

#include "op_maps.h"

namespace provix::hlo::detail {

namespace {

Result<bool> check_same_element_count(const OpInfo& op) {
    if (op.num_operands() != 1 || op.operand(0).is_tuple || op.instr.shape.is_tuple) {
        return op.error("expected one array operand and an array shape");
    }
    auto in = op.operand(0).num_elements();
    if (!in) return op.error(in.error().message);
    auto out = op.instr.shape.num_elements();
    if (!out) return op.error(out.error().message);
    if (*in != *out) {
        return op.error("operand " + op.operand(0).to_string() + " has " + std::to_string(*in) +
                        " elements, the output " + op.instr.shape.to_string() + " has " +
                        std::to_string(*out));
    }
    return true;
}

bool is_empty_shape(const HloShape& s) {
    for (int64_t d : s.dims) {
        if (d == 0) return true;
    }
    return false;
}

/// The map from `from` (as dimensions) to `to` (as results) of a reshape.
Result<IndexingMap> reshape_map(Context& ctx, const HloShape& from, const HloShape& to) {
    if (is_empty_shape(from)) return IndexingMap::known_empty(ctx);
    MapBuilder b(ctx);
    std::vector<Expr> d = b.add_dims(from.dims);
    return b.build(reshape_input_index(ctx, to.dims, from.dims, d));
}

/// Physical dimension sizes, major to minor: `f32[2,3]{0,1}` gives {3, 2}.
std::vector<int64_t> physical_dims(const HloShape& s) {
    std::vector<int64_t> m2m = s.minor_to_major();
    std::vector<int64_t> out;
    for (size_t k = m2m.size(); k-- > 0;)
        out.push_back(s.dims[static_cast<size_t>(m2m[k])]);
    return out;
}

/// The map from logical indices of `from` to logical indices of `to` of a
/// bitcast (both keep the physical order of elements).
Result<IndexingMap> bitcast_map(Context& ctx, const HloShape& from, const HloShape& to) {
    if (is_empty_shape(from)) return IndexingMap::known_empty(ctx);
    MapBuilder b(ctx);
    std::vector<Expr> d = b.add_dims(from.dims);
    // Logical to physical for `from`: physical position j is dimension
    // m2m[rank - 1 - j].
    std::vector<int64_t> from_m2m = from.minor_to_major();
    std::vector<Expr> from_physical;
    for (size_t k = from_m2m.size(); k-- > 0;) {
        from_physical.push_back(d[static_cast<size_t>(from_m2m[k])]);
    }
    std::vector<Expr> to_physical =
        reshape_input_index(ctx, physical_dims(to), physical_dims(from), from_physical);
    // Physical to logical for `to`.
    std::vector<int64_t> to_m2m = to.minor_to_major();
    std::vector<Expr> results(to.dims.size());
    for (size_t j = 0; j < to_physical.size(); ++j) {
        results[static_cast<size_t>(to_m2m[to_m2m.size() - 1 - j])] = to_physical[j];
    }
    return b.build(results);
}

}  // namespace

Result<std::vector<IndexingMapSet>> reshape_output_to_input(const OpInfo& op) {
    auto ok = check_same_element_count(op);
    if (!ok) return ok.error();
    return only_operand(reshape_map(op.ctx, op.instr.shape, op.operand(0)));
}

Result<IndexingMapSet> reshape_input_to_output(const OpInfo& op) {
    auto ok = check_same_element_count(op);
    if (!ok) return ok.error();
    return single_map(reshape_map(op.ctx, op.operand(0), op.instr.shape));
}

Result<std::vector<IndexingMapSet>> bitcast_output_to_input(const OpInfo& op) {
    auto ok = check_same_element_count(op);
    if (!ok) return ok.error();
    return only_operand(bitcast_map(op.ctx, op.instr.shape, op.operand(0)));
}

Result<IndexingMapSet> bitcast_input_to_output(const OpInfo& op) {
    auto ok = check_same_element_count(op);
    if (!ok) return ok.error();
    return single_map(bitcast_map(op.ctx, op.operand(0), op.instr.shape));
}

}  // namespace provix::hlo::detail
