/// \file
/// IndexExpr arithmetic: `+ - * floor_div ceil_div %` with onnx-mlir's
/// affinity rules, literal folding with checked arithmetic,
/// and the run-time / question-mark fallbacks.

#include "ie_impl.h"
#include "provix/semantics.h"

namespace provix {

namespace {

using ie_detail::is_division;

/// Folds two literals with the run-time semantics (checked, floor).
IndexExpr fold(RtOp op, int64_t a, int64_t b) {
    Result<int64_t> r = apply_rt_op(op, a, b);
    if (!r) {
        Error e = r.error();
        e.message =
            std::string(rt_op_name(op)) + "(" + std::to_string(a) + ", " + std::to_string(b) + ")";
        return IndexExpr::undefined(e);
    }
    return ie_detail::make_literal(*r);
}

/// `a op b` for any operand type with the six arithmetic operators (Expr,
/// Interval); `otherwise` for any other operation.
template <class T>
T apply_arith(RtOp op, const T& a, const T& b, const T& otherwise) {
    switch (op) {
        case RtOp::Add:
            return a + b;
        case RtOp::Sub:
            return a - b;
        case RtOp::Mul:
            return a * b;
        case RtOp::FloorDiv:
            return floor_div(a, b);
        case RtOp::CeilDiv:
            return ceil_div(a, b);
        case RtOp::Mod:
            return mod(a, b);
        default:
            return otherwise;
    }
}

/// Range of the result by interval arithmetic (division ranges exclude a
/// zero divisor: that case is an error, not a value).
Interval range_of(RtOp op, const Interval& a, const Interval& b) {
    return apply_arith(op, a, b, Interval::all());
}

/// Neutral and absorbing elements: `a + 0`, `a * 1`, `a floordiv 1` are `a`
/// (its errors kept); `a * 0`, `a mod 1`, `a - a` are 0 only when `a` cannot
/// be a run-time error.
std::optional<IndexExpr> simplify_identity(RtOp op, const IndexExpr& a, const IndexExpr& b) {
    using ie_detail::cannot_fail;
    switch (op) {
        case RtOp::Add:
            if (a.is_literal_and_identical_to(0)) return b;
            if (b.is_literal_and_identical_to(0)) return a;
            break;
        case RtOp::Sub:
            if (b.is_literal_and_identical_to(0)) return a;
            if (a.is_identical(b) && cannot_fail(a)) return IndexExpr(0);
            break;
        case RtOp::Mul:
            if (a.is_literal_and_identical_to(1)) return b;
            if (b.is_literal_and_identical_to(1)) return a;
            if (a.is_literal_and_identical_to(0) && cannot_fail(b)) return IndexExpr(0);
            if (b.is_literal_and_identical_to(0) && cannot_fail(a)) return IndexExpr(0);
            break;
        case RtOp::FloorDiv:
        case RtOp::CeilDiv:
            if (b.is_literal_and_identical_to(1)) return a;
            break;
        case RtOp::Mod:
            if ((b.is_literal_and_identical_to(1) || b.is_literal_and_identical_to(-1)) &&
                cannot_fail(a)) {
                return IndexExpr(0);
            }
            break;
        default:
            break;
    }
    return std::nullopt;
}

/// onnx-mlir's table: sums; products with a literal; division and mod by a
/// positive literal (of affine values, such an operation stays affine).
bool affine_shaped(RtOp op, const IndexExpr& b, bool a_is_literal) {
    switch (op) {
        case RtOp::Add:
        case RtOp::Sub:
            return true;
        case RtOp::Mul:
            return a_is_literal || b.is_literal();
        case RtOp::FloorDiv:
        case RtOp::CeilDiv:
        case RtOp::Mod:
            return b.is_literal() && b.literal() > 0;
        default:
            return false;
    }
}

bool stays_affine(RtOp op, const IndexExpr& a, const IndexExpr& b) {
    return a.is_affine() && b.is_affine() && affine_shaped(op, b, a.is_literal());
}

/// True if every variable of `a` and `b` that may fail is still a variable
/// of `result` (an affine value of `scope` or a literal): the result then
/// fails where they do. `s * 0`, `s - s` and `s floordiv 10` of a symbol
/// converted from a division by a run-time zero drop `s`; they are computed
/// at run time instead. True at once when no variable of the scope may fail.
bool keeps_failing_variables(const ScopeImpl& scope, const IndexExpr& a, const IndexExpr& b,
                             const IndexExpr& result) {
    if (!scope.any_variable_may_fail()) return true;  // the common case: no walk
    std::vector<bool> in_operands(scope.vars.size(), false);
    for (const IndexExpr* operand : {&a, &b}) {
        if (!operand->is_literal()) collect_variables(operand->affine_expr(), in_operands);
    }
    std::vector<bool> in_result(scope.vars.size(), false);
    if (!result.is_literal()) collect_variables(result.affine_expr(), in_result);
    for (size_t id = 0; id < scope.vars.size() && id < in_operands.size(); ++id) {
        const bool kept = id < in_result.size() && in_result[id];
        if (in_operands[id] && scope.vars[id].may_fail && !kept) return false;
    }
    return true;
}

Expr affine_op(RtOp op, Expr a, Expr b) { return apply_arith(op, a, b, a); }

Expr as_expr(Context& ctx, const IndexExpr& e) {
    return e.is_literal() ? ctx.constant(e.literal()) : e.affine_expr();
}

IndexExpr arith(RtOp op, const IndexExpr& a, const IndexExpr& b) {
    if (auto u = ie_detail::first_undefined({&a, &b})) return *u;
    if (a.is_predicate() || b.is_predicate()) {
        return ie_detail::invalid(std::string(rt_op_spelling(op)) +
                                  ": a predicate used in arithmetic (" +
                                  (a.is_predicate() ? a : b).to_string() + ")");
    }
    auto scope = ie_detail::join_scopes(rt_op_spelling(op), {&a, &b});
    if (!scope) return IndexExpr::undefined(scope.error());
    if (a.is_literal() && b.is_literal()) return fold(op, a.literal(), b.literal());
    if (is_division(op) && b.is_literal_and_identical_to(0)) {
        return IndexExpr::undefined(Error::division_by_zero(
            std::string(rt_op_spelling(op)) + ": literal zero divisor (" + a.to_string() + ")"));
    }
    if (auto r = simplify_identity(op, a, b)) return *r;

    const std::shared_ptr<ScopeImpl>& s = *scope;
    if (s && stays_affine(op, a, b)) {
        Context& ctx = *s->ctx;
        IndexExpr r = ie_detail::make_affine(s, affine_op(op, as_expr(ctx, a), as_expr(ctx, b)));
        if (keeps_failing_variables(*s, a, b, r)) return r;
        return ie_detail::make_runtime_binary(s, op, a, b, r.range(), false);
    }
    Interval range = range_of(op, a.range(), b.range());
    if (range.is_empty()) range = Interval::all();  // always an error: no information
    const bool operands_cannot_fail = ie_detail::cannot_fail(a) && ie_detail::cannot_fail(b);
    // A result whose range is one value is that literal (the computation could
    // only fail, e.g. on a zero divisor; see the documentation of folding).
    if (ie_detail::is_finite_point(range) && operands_cannot_fail &&
        !(is_division(op) && b.range().contains(0))) {
        return ie_detail::make_literal(range.lo());
    }
    if (!s || s->is_analysis()) {
        // What code generation computes as an affine value (the operands are
        // inputs there, or affine values of them) cannot fail; any other
        // operation is a run-time one, which may.
        const bool affine_there = affine_shaped(op, b, a.is_literal()) && operands_cannot_fail;
        return ie_detail::make_question_mark(range, false, !affine_there);
    }
    return ie_detail::make_runtime_binary(s, op, a, b, range, false);
}

}  // namespace

IndexExpr operator+(const IndexExpr& a, const IndexExpr& b) { return arith(RtOp::Add, a, b); }
IndexExpr operator-(const IndexExpr& a, const IndexExpr& b) { return arith(RtOp::Sub, a, b); }
IndexExpr operator-(const IndexExpr& a) { return arith(RtOp::Sub, IndexExpr(0), a); }
IndexExpr operator*(const IndexExpr& a, const IndexExpr& b) { return arith(RtOp::Mul, a, b); }
IndexExpr operator%(const IndexExpr& a, const IndexExpr& b) { return arith(RtOp::Mod, a, b); }

IndexExpr IndexExpr::floor_div(const IndexExpr& b) const { return arith(RtOp::FloorDiv, *this, b); }

IndexExpr IndexExpr::ceil_div(const IndexExpr& b) const { return arith(RtOp::CeilDiv, *this, b); }

}  // namespace provix
