#pragma once
/// \file
/// `IndexExprScope`: owns the dims and symbols that affine
/// values are written over, with their known bounds, and fixes the mode
/// (analysis or code generation) through its builder.
///
///     EvaluatorBuilder eval({{"n", 8}, {"i", 3}});
///     IndexExprScope outer(ctx, eval);
///     IndexExpr n = outer.input_dim("n");            // dim d0 of `outer`
///     IndexExprScope inner(&outer);                  // a loop body
///     IndexExpr ns = inner.as_symbol(n);             // outer dim -> inner symbol s0
///     IndexExpr i = inner.input_dim("i", {0, 7});    // inner dim d0
///     IndexExpr off = i * 4 + ns;                    // affine in `inner`
///     // n + i is an error value: n belongs to `outer` and was not converted.
///
/// Variables are numbered in creation order within a scope (these are the ids
/// of `IndexExpr::affine_expr()`), and printed `d<k>` / `s<k>` by their rank
/// among the scope's dims / symbols. Scopes are handles: copies share the
/// scope, which lives as long as any copy or any value that belongs to it.

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "provix/expr.h"
#include "provix/indexexpr/builder.h"
#include "provix/indexexpr/index_expr.h"
#include "provix/interval.h"

namespace provix {

/// The shape of a tensor: `dims[i]` is the size of dimension i, -1 if it is
/// known only at run time, when it is the input named `dim(<name>, <i>)`:
/// `TensorShape{"x", {4, -1}}`.
struct TensorShape {
    std::string name;
    std::vector<int64_t> dims;
};

/// An integer array operand (ONNX Slice `starts`, ...): `values[i]` when known
/// at compile time, otherwise the run-time input named `<name>[<i>]`:
/// `IntArray{"starts", {0, std::nullopt}}`.
struct IntArray {
    std::string name;
    std::vector<std::optional<int64_t>> values;
};

/// The bounds of a tensor dimension: `[0, +inf]`.
inline Interval dim_size_bounds() { return Interval::at_least(0); }

/// A scope of dims and symbols (see the file comment):
/// `IndexExprScope scope(ctx, builder); IndexExpr i = scope.input_dim("i", {0, 9});`
class IndexExprScope {
public:
    /// A root scope over `ctx` in the mode of `builder`. Both must outlive
    /// the scope and every value made in it.
    IndexExprScope(Context& ctx, IndexExprBuilder& builder);
    /// A scope nested in `parent` (same context and builder; not null), e.g.
    /// a loop body. Values of `parent` convert into it with `as_symbol` /
    /// `as_dim`: `IndexExprScope inner(&outer);`.
    explicit IndexExprScope(const IndexExprScope* parent);

    /// True in analysis mode (the builder's `is_analysis()`).
    bool is_analysis() const;
    /// The context of the scope's affine expressions.
    Context& context() const;
    /// The builder that receives the scope's run-time operations.
    IndexExprBuilder& builder() const;
    /// 0 for a root scope, parent's depth + 1 otherwise.
    int depth() const;
    /// Sequential within a root scope's tree (the root is #0), for printing.
    int64_t id() const;
    /// True if `other` is this scope or nested (at any depth) in it.
    bool encloses(const IndexExprScope& other) const;
    /// True if both handles denote the same scope.
    bool operator==(const IndexExprScope& o) const { return impl_ == o.impl_; }
    /// True if the handles denote different scopes.
    bool operator!=(const IndexExprScope& o) const { return impl_ != o.impl_; }

    /// Number of dims made so far.
    int64_t num_dims() const;
    /// Number of symbols made so far.
    int64_t num_symbols() const;
    /// Dims plus symbols (variable ids are `0 .. num_variables() - 1`).
    int64_t num_variables() const { return num_dims() + num_symbols(); }
    /// Printed names by variable id: `{"d0", "s0", "d1"}` for a scope that made
    /// a dim, a symbol, then a dim. Usable with `parse_expr`.
    std::vector<std::string> variable_names() const;
    /// Bounds by variable id.
    std::vector<Interval> variable_bounds() const;
    /// The run-time value of variable `id` (code generation: the builder's
    /// value for the input or converted value it stands for, emitted on
    /// first use; errors in analysis mode or for an unknown id). Code
    /// generators that keep affine values symbolic (an MLIR `affine.apply`)
    /// pass these as the map's operands.
    Result<RtValue> variable_value(int64_t id) const;

    // ---- Run-time inputs -------------------------------------------------------

    /// The run-time input `name`, declared to lie in `bounds`, as a dim of
    /// this scope. Analysis: the question mark with source `name` (range
    /// `bounds`). Asking again for `name` gives the same value (a dim or
    /// symbol with the bounds of the first request). An empty `bounds` gives
    /// an Undefined value.
    IndexExpr input_dim(const std::string& name, const Interval& bounds = dim_size_bounds());
    /// The run-time input `name` as a symbol of this scope (analysis: a
    /// question mark).
    IndexExpr input_symbol(const std::string& name, const Interval& bounds = Interval::all());

    /// Dimension `i` of `shape`: a literal if known, else `input_dim("dim(<name>, <i>)")`
    /// with bounds `[0, +inf]` (onnx-mlir's `getShapeAsDim`). Undefined if `i` is out of range.
    IndexExpr shape_dim(const TensorShape& shape, size_t i);
    /// Same, as a symbol (onnx-mlir's `getShapeAsSymbol`).
    IndexExpr shape_symbol(const TensorShape& shape, size_t i);
    /// Every dimension of `shape` (`getShapeAsDims`).
    IndexExprList shape_dims(const TensorShape& shape);
    /// Element `i` of `array`: a literal if known, else `input_symbol("<name>[<i>]")`
    /// (onnx-mlir's `getIntFromArrayAsSymbol`).
    IndexExpr array_symbol(const IntArray& array, size_t i);
    /// Every element of `array` as symbols.
    IndexExprList array_symbols(const IntArray& array);

    /// A run-time value of this scope's builder as a new dim with `bounds`
    /// (code generation only; Undefined in analysis). The value is checked
    /// against the bounds at run time (an error value outside them):
    /// `scope.dim(eval.constant(7), {0, 9}, "seven")`.
    IndexExpr dim(RtValue value, const Interval& bounds, const std::string& name = "");
    /// Same, as a new symbol.
    IndexExpr symbol(RtValue value, const Interval& bounds, const std::string& name = "");

    // ---- Crossing scopes -------------------------------------------------------

    /// `value` as a symbol of this scope: literals and question marks are
    /// returned as they are; a value of this scope or of an enclosing scope
    /// becomes a symbol bounded by its range (converting the same value twice
    /// gives the same symbol; a symbol of this scope is returned as is).
    /// A value of an unrelated or nested scope gives an Undefined value.
    IndexExpr as_symbol(const IndexExpr& value);
    /// Same, as a dim of this scope (a dim of this scope is returned as is).
    IndexExpr as_dim(const IndexExpr& value);

    // ---- Printing --------------------------------------------------------------

    /// The scope, one variable per line:
    ///
    ///     scope #1 (code generation, in #0): 1 dim, 1 symbol
    ///       d0 = i in [0, 7]: %2=3
    ///       s0 = #0 d0 in [0, inf]: %0=8
    std::string to_string() const;
    /// Writes `msg: to_string()` to `os`.
    void debug_print(std::ostream& os, const std::string& msg) const;

private:
    friend struct ie_detail::Access;
    explicit IndexExprScope(std::shared_ptr<ie_detail::ScopeImpl> impl);
    std::shared_ptr<ie_detail::ScopeImpl> impl_;
};

}  // namespace provix
