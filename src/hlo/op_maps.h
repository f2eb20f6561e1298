#pragma once
// Building blocks of the per-operation indexing maps (private to src/hlo).
// Each operation family has a file: op_maps_basic.cpp (elementwise,
// broadcast, transpose, reverse, reduce, slice, concatenate, dot, tuple),
// op_maps_reshape.cpp (reshape, bitcast), op_maps_dynamic.cpp
// (dynamic-slice, dynamic-update-slice, gather), op_maps_window.cpp (pad,
// reduce-window), op_maps_convolution.cpp, op_maps_scaled_dot.cpp,
// op_maps_fusion.cpp (fusion, get-tuple-element); op_registry.cpp lists the
// operations and their map functions, op_indexing.cpp dispatches.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "provix/hlo/hlo_module.h"
#include "provix/hlo/op_indexing.h"
#include "provix/indexing_map.h"
#include "provix/interval.h"
#include "provix/result.h"

namespace provix::hlo::detail {

/// The instruction being analysed, with the context for building maps and
/// for reporting errors at its opcode.
struct OpInfo {
    Context& ctx;
    const HloModule& module;
    const HloInstruction& instr;
    /// Compile-time values of the operands, if known (may be null).
    const OperandValues* values = nullptr;

    /// The compile-time value of element `index` of operand `operand`, if
    /// `values` knows it (see `OperandValues::value`).
    std::optional<Expr> operand_value(int64_t operand, const std::vector<Expr>& index,
                                      const std::vector<Interval>& bounds) const {
        if (!values) return std::nullopt;
        return values->value(operand, index, bounds);
    }

    /// `file:line:col: error: OPCODE: message` at the opcode.
    Error error(const std::string& message) const;
    /// The error `output f32[2,3] should have dimensions {2, 4}` when the
    /// output's dimensions are not `expected`, else nullopt; `relation`
    /// replaces "should have dimensions" in the message.
    std::optional<Error> output_dims_differ(
        const std::vector<int64_t>& expected,
        const std::string& relation = "should have dimensions") const;
    /// Operand i's shape.
    const HloShape& operand(int64_t i) const {
        return instr.operand_shapes[static_cast<size_t>(i)];
    }
    int64_t num_operands() const { return static_cast<int64_t>(instr.operand_shapes.size()); }
};

/// Collects the variables of a map under construction. Dimensions come
/// first, then range variables, then runtime variables; since ids depend on
/// the counts, callers declare all dimensions and range variables before
/// asking for runtime variable expressions.
class MapBuilder {
public:
    explicit MapBuilder(Context& ctx) : ctx_(ctx) {}

    /// Adds dimensions `[0, size - 1]` for each size; returns their expressions.
    std::vector<Expr> add_dims(const std::vector<int64_t>& sizes);
    /// Adds one dimension with `bounds`; returns its expression.
    Expr add_dim(Interval bounds);
    /// Adds a range variable with `bounds`; returns its expression. Only
    /// before any runtime variable.
    Expr add_range_var(Interval bounds);
    /// Adds a runtime variable with `bounds`; returns its expression.
    Expr add_rt_var(Interval bounds);
    /// Sets the bounds of dimension i.
    void set_dim_bounds(size_t i, Interval bounds) { dims_[i] = bounds; }
    /// Adds `expr in range` unless interval arithmetic over the variable
    /// bounds shows it always holds.
    void constrain(Expr expr, Interval range);

    /// The map with `results`. A variable with empty bounds gives KNOWN EMPTY.
    Result<IndexingMap> build(std::vector<Expr> results) const;

    Context& ctx() const { return ctx_; }
    /// The bounds of every variable declared so far, by id (runtime
    /// variables' ids shift when range variables are added after them).
    std::vector<Interval> all_bounds() const;

private:
    Context& ctx_;
    std::vector<Interval> dims_;
    std::vector<Interval> range_;
    std::vector<Interval> rt_;
    std::vector<Constraint> constraints_;
};

/// `(d0, ..., dn-1) -> (d0, ..., dn-1)` over `dims` sizes.
Result<IndexingMap> identity_map(Context& ctx, const std::vector<int64_t>& dims);
/// `(d0, ..., dn-1) -> ()` over `dims` sizes (an operand read whole and once
/// per output element, or a scalar operand).
Result<IndexingMap> to_scalar_map(Context& ctx, const std::vector<int64_t>& dims);
/// `()[s0, ..., sn-1] -> (s0, ..., sn-1)` over `dims` sizes (every output
/// element, from a scalar or from an operand read whole).
Result<IndexingMap> from_scalar_map(Context& ctx, const std::vector<int64_t>& dims);

/// `v` clamped to `[0, hi]` as dynamic-slice, dynamic-update-slice and
/// gather clamp a start index (`min(max(v, 0), hi)`), leaving out a side
/// that the range of `v` over `bounds` shows never acts.
Expr clamp_start_index(Expr v, int64_t hi, const std::vector<Interval>& bounds);

/// Checks that the instruction has an output `output_id` (an error at the
/// opcode otherwise).
Result<bool> check_output_id(const OpInfo& op, int64_t output_id);

/// Counts one level of nesting in `depth` for its lifetime (recursion
/// limits: `NestingGuard guard(g_fusion_depth);`).
class NestingGuard {
public:
    explicit NestingGuard(int& depth) : depth_(depth) { ++depth_; }
    ~NestingGuard() { --depth_; }
    NestingGuard(const NestingGuard&) = delete;
    NestingGuard& operator=(const NestingGuard&) = delete;

private:
    int& depth_;
};

/// The set holding the one map `m`, or `m`'s error:
/// `return single_map(b.build(results));`.
Result<IndexingMapSet> single_map(Result<IndexingMap> m);

/// The sets of a one-operand operation: the one map `m`, or its error.
Result<std::vector<IndexingMapSet>> only_operand(Result<IndexingMap> m);

/// One set per operand i < n, holding `map_of(i)` (a Result<IndexingMap>);
/// the first error is returned.
///
///     return maps_per_operand(2, [&](int64_t side) { ...; return b.build(results); });
template <class MapOf>
Result<std::vector<IndexingMapSet>> maps_per_operand(int64_t n, MapOf map_of) {
    std::vector<IndexingMapSet> sets;
    for (int64_t i = 0; i < n; ++i) {
        Result<IndexingMap> m = map_of(i);
        if (!m) return m.error();
        sets.push_back(IndexingMapSet{std::move(*m)});
    }
    return sets;
}

/// One set per operand: `maps` for the first operands, then `count`
/// operands each read whole for every output element (init values, start
/// indices): `(d0, ...) -> ()` over `out_dims`.
Result<std::vector<IndexingMapSet>> with_scalar_operands(Context& ctx,
                                                         std::vector<IndexingMap> maps,
                                                         const std::vector<int64_t>& out_dims,
                                                         int64_t count);

/// The maps of the operands of a variadic reduction (reduce, reduce-window)
/// of `num_inputs` inputs and as many init values: `input_map` for each
/// input, then `(d0, ...) -> ()` over `out_dims` for each init value.
Result<std::vector<IndexingMapSet>> reduction_operand_maps(Context& ctx,
                                                           Result<IndexingMap> input_map,
                                                           const std::vector<int64_t>& out_dims,
                                                           int64_t num_inputs);

/// Wraps one map per operand into one set per operand.
std::vector<IndexingMapSet> one_per_operand(std::vector<IndexingMap> maps);

/// Checks that `dims` (of an attribute) are distinct and within [0, rank).
bool valid_dimension_list(const std::vector<int64_t>& dims, int64_t rank);
/// True for gathers of the simplified form the analysis has maps for
/// (indices of rank 2, `index_vector_dim=1`, `offset_dims={1, ..., rank}`, no
/// collapsed or batching dims); other gathers are UNKNOWN.
bool is_simplified_gather(const HloInstruction& instr);

/// `"{1, 2}"` for messages.
std::string dims_to_string(const std::vector<int64_t>& dims);

/// The input index of a reshape from `in_dims` to `out_dims` (equal element
/// counts, none zero) at the output index `out_index`: per group of
/// dimensions with equal element counts, the output's linear index
/// delinearized into the input's dimensions.
/// The output sizes of a window over `in_dims` (reduce-window, the spatial
/// dimensions of convolution); errors at the operation for window fields
/// out of range or overflowing sizes.
Result<std::vector<int64_t>> window_output_dims(const OpInfo& op,
                                                const std::vector<int64_t>& in_dims,
                                                const std::vector<WindowDim>& window);

/// A position among `size` positions (of a window dimension, of a
/// contracted dimension): a range variable over [0, size - 1], or the
/// constant 0 where there is one position.
Expr position_var(MapBuilder& b, int64_t size);

/// The input position of one window dimension: output coordinate `out`,
/// window position `pos` (an expression over range variables or a
/// constant), input size `in_size`. Returns the input index and adds the
/// constraints that the position is not padding and, with base dilation,
/// not a hole: `(out * stride + pos * window_dilation - pad_low) floordiv
/// base_dilation`.
Expr window_input_index(MapBuilder& b, Expr out, Expr pos, const WindowDim& wd, int64_t in_size);

/// The output coordinates that read input index `in` of one window
/// dimension at window position `pos` (the inverse of
/// `window_input_index`), with the constraints that make it an output
/// position: `(in * base_dilation + pad_low - pos * window_dilation)
/// floordiv stride`, divisible and within `[0, out_size - 1]`.
Expr window_output_index(MapBuilder& b, Expr in, Expr pos, const WindowDim& wd, int64_t out_size);

std::vector<Expr> reshape_input_index(Context& ctx, const std::vector<int64_t>& in_dims,
                                      const std::vector<int64_t>& out_dims,
                                      const std::vector<Expr>& out_index);

// Per-operation maps. `output_to_input` functions return one set per
// operand; `input_to_output` functions the set for `operand`. Shapes and
// attributes are validated (errors at the opcode).
Result<std::vector<IndexingMapSet>> elementwise_output_to_input(const OpInfo& op);
Result<IndexingMapSet> elementwise_input_to_output(const OpInfo& op, int64_t operand);
Result<std::vector<IndexingMapSet>> broadcast_output_to_input(const OpInfo& op);
Result<IndexingMapSet> broadcast_input_to_output(const OpInfo& op);
Result<std::vector<IndexingMapSet>> transpose_output_to_input(const OpInfo& op);
Result<IndexingMapSet> transpose_input_to_output(const OpInfo& op);
/// The reverse's map, the same both ways (an involution).
Result<IndexingMap> reverse_map(const OpInfo& op);
Result<std::vector<IndexingMapSet>> reduce_output_to_input(const OpInfo& op, int64_t output_id);
Result<IndexingMapSet> reduce_input_to_output(const OpInfo& op, int64_t operand, int64_t output_id);
Result<std::vector<IndexingMapSet>> slice_output_to_input(const OpInfo& op);
Result<IndexingMapSet> slice_input_to_output(const OpInfo& op);
Result<std::vector<IndexingMapSet>> concatenate_output_to_input(const OpInfo& op);
Result<IndexingMapSet> concatenate_input_to_output(const OpInfo& op, int64_t operand);
Result<std::vector<IndexingMapSet>> dot_output_to_input(const OpInfo& op);
Result<IndexingMapSet> dot_input_to_output(const OpInfo& op, int64_t operand);
Result<std::vector<IndexingMapSet>> tuple_output_to_input(const OpInfo& op, int64_t output_id);
Result<IndexingMapSet> tuple_input_to_output(const OpInfo& op, int64_t operand, int64_t output_id);
Result<std::vector<IndexingMapSet>> reshape_output_to_input(const OpInfo& op);
Result<IndexingMapSet> reshape_input_to_output(const OpInfo& op);
Result<std::vector<IndexingMapSet>> bitcast_output_to_input(const OpInfo& op);
Result<IndexingMapSet> bitcast_input_to_output(const OpInfo& op);
Result<std::vector<IndexingMapSet>> dynamic_slice_output_to_input(const OpInfo& op);
Result<IndexingMapSet> dynamic_slice_input_to_output(const OpInfo& op, int64_t operand);
Result<std::vector<IndexingMapSet>> dynamic_update_slice_output_to_input(const OpInfo& op);
Result<IndexingMapSet> dynamic_update_slice_input_to_output(const OpInfo& op, int64_t operand);
Result<std::vector<IndexingMapSet>> gather_output_to_input(const OpInfo& op);
Result<IndexingMapSet> gather_input_to_output(const OpInfo& op, int64_t operand);
Result<std::vector<IndexingMapSet>> pad_output_to_input(const OpInfo& op);
Result<IndexingMapSet> pad_input_to_output(const OpInfo& op, int64_t operand);
Result<std::vector<IndexingMapSet>> reduce_window_output_to_input(const OpInfo& op,
                                                                  int64_t output_id);
Result<std::vector<IndexingMapSet>> convolution_output_to_input(const OpInfo& op);
Result<IndexingMapSet> convolution_input_to_output(const OpInfo& op, int64_t operand);
Result<std::vector<IndexingMapSet>> scaled_dot_output_to_input(const OpInfo& op);
Result<IndexingMapSet> scaled_dot_input_to_output(const OpInfo& op, int64_t operand);
Result<IndexingMapSet> reduce_window_input_to_output(const OpInfo& op, int64_t operand,
                                                     int64_t output_id);
Result<std::vector<IndexingMapSet>> fusion_output_to_input(const OpInfo& op, int64_t output_id);
Result<IndexingMapSet> fusion_input_to_output(const OpInfo& op, int64_t operand, int64_t output_id);
/// The identity on the chosen tuple element, once the instruction is checked.
Result<IndexingMap> get_tuple_element_map(const OpInfo& op);

}  // namespace provix::hlo::detail
