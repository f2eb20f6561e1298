#pragma once
/// \file
/// Private storage of IndexExpr values and scopes (not installed), shared by
/// the implementation files of src/indexexpr/.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "provix/expr.h"
#include "provix/indexexpr/builder.h"
#include "provix/indexexpr/index_expr.h"
#include "provix/indexexpr/scope.h"
#include "provix/interval.h"
#include "provix/result.h"

namespace provix::ie_detail {

/// One immutable value.
struct Node {
    IndexExprKind kind = IndexExprKind::Undefined;
    /// A boolean value (literal true/false, comparison question mark, Predicate).
    bool predicate = false;
    /// Literal value.
    int64_t literal = 0;
    /// Affine, Dim, Symbol: the expression over the scope's variable ids.
    Expr affine;
    /// Affine, Dim, Symbol, NonAffine, Predicate: the scope that owns it.
    std::shared_ptr<ScopeImpl> scope;
    /// NonAffine, Predicate: the run-time value.
    RtValue value;
    /// A sound range of the value.
    Interval range = Interval::all();
    /// QuestionMark: the source ("" for a fresh question mark).
    std::string source;
    /// QuestionMark: the value code generation computes here may be a
    /// run-time error (see `cannot_fail`).
    bool may_fail = false;
    /// Undefined: the error, if any.
    std::optional<Error> error;
};

/// One dim or symbol of a scope.
struct ScopeVar {
    bool is_dim = true;
    int64_t rank = 0;  ///< index among the scope's dims (or symbols)
    std::string name;  ///< input name, or a description of the converted value
    Interval bounds = Interval::all();
    /// The run-time value (inputs and `dim`/`symbol`), or the cached
    /// materialization of `origin`.
    std::optional<RtValue> value;
    /// For conversions (`as_symbol` / `as_dim`) of a value of an enclosing
    /// scope: the converted value.
    IndexExpr origin;
    /// For conversions of an affine value of this same scope: its expression
    /// (kept as an Expr, not an IndexExpr, to avoid an ownership cycle).
    Expr self_origin;
    /// The value may be a run-time error other than being outside `bounds`
    /// (declared bounds are a precondition the simplifier relies on): a
    /// conversion of a value that may fail, or a run-time value the caller
    /// hands over.
    bool may_fail = false;
};

/// The shared state of a scope. Holds no IndexExpr of its own (only of
/// enclosing scopes, in `ScopeVar::origin`), so there is no ownership cycle.
struct ScopeImpl {
    Context* ctx = nullptr;
    IndexExprBuilder* builder = nullptr;
    std::shared_ptr<ScopeImpl> parent;
    int depth = 0;
    int64_t id = 0;
    std::shared_ptr<int64_t> next_id;  ///< shared by a root and its descendants
    std::vector<ScopeVar> vars;
    int64_t num_dims = 0;
    int64_t num_symbols = 0;
    /// Inputs already turned into variables: name -> variable id.
    std::map<std::string, int64_t> inputs;
    /// Conversions already made: (kind, scope id, expr id / value id) -> variable id.
    std::map<std::pair<bool, std::pair<int64_t, int64_t>>, int64_t> conversions;
    /// Affine sub-expressions already materialized.
    std::unordered_map<Expr, RtValue, ExprHash> materialized;

    bool is_analysis() const { return builder->is_analysis(); }
    /// True if some variable may fail (ScopeVar::may_fail); when none may,
    /// no affine value of the scope can fail.
    bool any_variable_may_fail() const {
        for (const ScopeVar& v : vars) {
            if (v.may_fail) return true;
        }
        return false;
    }
    /// True if `inner` is this scope or nested in it.
    bool encloses(const ScopeImpl* inner) const;
    /// Adds a variable and returns its id.
    int64_t add_var(bool is_dim, std::string name, Interval bounds, std::optional<RtValue> value);
    /// `d<k>` / `s<k>` for variable `id`.
    std::string var_name(int64_t id) const;
    /// Bounds by variable id.
    std::vector<Interval> bounds() const;
    /// Prints an affine expression of this scope.
    std::string print(Expr e) const;
    /// The range of an affine expression over the variables' bounds.
    Interval range_of(Expr e) const;
    /// Simplifies an affine expression with `provix::simplify` over an
    /// IndexingMap carrying the variables' bounds; returns `e` unchanged if
    /// the simplified form is not affine.
    Expr simplify_affine(Expr e) const;
    /// Emits the operations computing affine expression `e` (memoized).
    Result<RtValue> lower(Expr e);
    /// Emits a sum (`e` of kind Add), its negated terms subtracted.
    Result<RtValue> lower_sum(Expr e);
};

/// Privileged access to the handles' internals.
struct Access {
    static const Node* node(const IndexExpr& e) { return e.node_.get(); }
    static IndexExpr make(Node n) { return IndexExpr(std::make_shared<const Node>(std::move(n))); }
    static const std::shared_ptr<ScopeImpl>& scope(const IndexExprScope& s) { return s.impl_; }
    static IndexExprScope wrap(std::shared_ptr<ScopeImpl> s) {
        return IndexExprScope(std::move(s));
    }
};

/// The scope a value belongs to, or null for literals, question marks and
/// Undefined values.
ScopeImpl* scope_of(const IndexExpr& e);

/// True for the kinds that carry an affine expression (Affine, Dim, Symbol).
bool has_affine_expr(IndexExprKind k);

/// An Undefined value of kind Invalid with `message`.
IndexExpr invalid(const std::string& message);

/// A Literal (a literal predicate if `predicate`).
IndexExpr make_literal(int64_t v, bool predicate = false);

/// A fresh question mark with `range`, the result of an operation: unless
/// `may_fail` is false, one whose value code generation computes by a
/// run-time operation, which may fail (see `cannot_fail`).
IndexExpr make_question_mark(const Interval& range, bool predicate, bool may_fail = true);

/// An affine value of `scope`: a Literal if `e` simplifies to a constant or
/// its range is one point; otherwise Affine (simplified, with its range).
IndexExpr make_affine(const std::shared_ptr<ScopeImpl>& scope, Expr e);

/// A NonAffine (or Predicate) value of `scope` with `range`.
IndexExpr make_runtime(const std::shared_ptr<ScopeImpl>& scope, RtValue v, const Interval& range,
                       bool predicate);

/// `op(a, b)` computed at run time in `scope`, with `range`: a question mark
/// in an analysis scope (or without a scope), an Undefined value if an
/// operand cannot be materialized, else the builder's operation on both.
IndexExpr make_runtime_binary(const std::shared_ptr<ScopeImpl>& scope, RtOp op, const IndexExpr& a,
                              const IndexExpr& b, const Interval& range, bool predicate);

/// The value of a variable of `scope` (kind Dim or Symbol).
IndexExpr make_var(const std::shared_ptr<ScopeImpl>& scope, int64_t id);

/// True if `e` is affine in onnx-mlir's sense: constants, variables, sums,
/// products with at most one non-constant factor, and floordiv / ceildiv /
/// mod of an affine expression by a positive constant.
bool is_affine_expr(Expr e);

/// True if `r` is a single, finite value.
bool is_finite_point(const Interval& r);

/// The first Undefined operand, if any.
std::optional<IndexExpr> first_undefined(std::initializer_list<const IndexExpr*> values);

/// The scope in which an operation on `values` happens: null when no value
/// belongs to a scope; otherwise the innermost of their scopes, which must
/// form a chain. Affine values (Affine, Dim, Symbol) must belong to exactly
/// that scope; question marks may not meet a code-generation scope. Errors
/// name the offending values.
Result<std::shared_ptr<ScopeImpl>> join_scopes(const char* op,
                                               std::initializer_list<const IndexExpr*> values);

/// True for the operations that divide: `is_division(RtOp::Mod)`, not
/// `is_division(RtOp::Mul)`. They fail on a zero divisor.
inline bool is_division(RtOp op) {
    return op == RtOp::FloorDiv || op == RtOp::CeilDiv || op == RtOp::Mod;
}

/// True for the six arithmetic operations (`+ - * floordiv ceildiv mod`),
/// which may fail on overflow or a zero divisor; comparisons, logic, min and
/// max fail only where an operand does. `is_arithmetic(RtOp::Add)`, not
/// `is_arithmetic(RtOp::Min)`.
inline bool is_arithmetic(RtOp op) {
    return op == RtOp::Add || op == RtOp::Sub || op == RtOp::Mul || is_division(op);
}

/// True if `e` cannot be an error at run time, so an absorbing fold
/// (`e * 0`, `e - e`) or a range of one point may drop it: a literal, an
/// input question mark or one computed as an affine value would be from
/// such operands, an affine value none of whose variables may fail. A
/// run-time value (NonAffine, Predicate) may always fail.
bool cannot_fail(const IndexExpr& e);

/// True if an affine value of `scope` with expression `e` cannot fail: no
/// variable of `e` may fail.
bool cannot_fail(const ScopeImpl& scope, Expr e);

/// Direct interval decisions, conservative at saturated (infinite) bounds:
/// true if every value of `a` is < (resp. <=) every value of `b`.
bool surely_less(const Interval& a, const Interval& b);
bool surely_less_equal(const Interval& a, const Interval& b);

/// The range of `a - b` when both are affine in the same scope (simplified
/// difference), else nullopt.
std::optional<Interval> affine_difference_range(const IndexExpr& a, const IndexExpr& b);

}  // namespace provix::ie_detail

namespace provix {

// The IndexExpr implementation files name these types without the prefix.
using ie_detail::Access;
using ie_detail::Node;
using ie_detail::ScopeImpl;
using ie_detail::ScopeVar;

}  // namespace provix
