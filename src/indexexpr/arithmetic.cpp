/// \file
/// IndexExpr arithmetic: `+ - * floor_div ceil_div %` with onnx-mlir's
/// affinity rules, literal folding with checked arithmetic,
/// and the run-time / question-mark fallbacks.

#include "ie_impl.h"
#include "provix/semantics.h"

namespace provix {

using ie_detail::Access;
using ie_detail::Node;
using ie_detail::ScopeImpl;

namespace {

enum class Arith : uint8_t { Add, Sub, Mul, FloorDiv, CeilDiv, Mod };

const char* arith_name(Arith op) {
    switch (op) {
        case Arith::Add:
            return "+";
        case Arith::Sub:
            return "-";
        case Arith::Mul:
            return "*";
        case Arith::FloorDiv:
            return "floordiv";
        case Arith::CeilDiv:
            return "ceildiv";
        case Arith::Mod:
            return "mod";
    }
    return "?";
}

RtOp rt_op(Arith op) {
    switch (op) {
        case Arith::Add:
            return RtOp::Add;
        case Arith::Sub:
            return RtOp::Sub;
        case Arith::Mul:
            return RtOp::Mul;
        case Arith::FloorDiv:
            return RtOp::FloorDiv;
        case Arith::CeilDiv:
            return RtOp::CeilDiv;
        case Arith::Mod:
            return RtOp::Mod;
    }
    return RtOp::Add;
}

bool is_division(Arith op) {
    return op == Arith::FloorDiv || op == Arith::CeilDiv || op == Arith::Mod;
}

/// Folds two literals with the run-time semantics (checked, floor).
IndexExpr fold(Arith op, int64_t a, int64_t b) {
    Result<int64_t> r = apply_rt_op(rt_op(op), a, b);
    if (!r) {
        Error e = r.error();
        e.message = std::string(rt_op_name(rt_op(op))) + "(" + std::to_string(a) + ", " +
                    std::to_string(b) + ")";
        return IndexExpr::undefined(e);
    }
    return ie_detail::make_literal(*r);
}

/// `a op b` for any operand type with the six operators (Expr, Interval);
/// `otherwise` only for an op outside the enum.
template <class T>
T apply_arith(Arith op, const T& a, const T& b, const T& otherwise) {
    switch (op) {
        case Arith::Add:
            return a + b;
        case Arith::Sub:
            return a - b;
        case Arith::Mul:
            return a * b;
        case Arith::FloorDiv:
            return floor_div(a, b);
        case Arith::CeilDiv:
            return ceil_div(a, b);
        case Arith::Mod:
            return mod(a, b);
    }
    return otherwise;
}

/// Range of the result by interval arithmetic (division ranges exclude a
/// zero divisor: that case is an error, not a value).
Interval range_of(Arith op, const Interval& a, const Interval& b) {
    return apply_arith(op, a, b, Interval::all());
}

/// Neutral and absorbing elements: `a + 0`, `a * 1`, `a floordiv 1` are `a`
/// (its errors kept); `a * 0`, `a mod 1`, `a - a` are 0 only when `a` cannot
/// be a run-time error.
std::optional<IndexExpr> simplify_identity(Arith op, const IndexExpr& a, const IndexExpr& b) {
    using ie_detail::cannot_fail;
    switch (op) {
        case Arith::Add:
            if (a.is_literal_and_identical_to(0)) return b;
            if (b.is_literal_and_identical_to(0)) return a;
            break;
        case Arith::Sub:
            if (b.is_literal_and_identical_to(0)) return a;
            if (a.is_identical(b) && cannot_fail(a)) return IndexExpr(0);
            break;
        case Arith::Mul:
            if (a.is_literal_and_identical_to(1)) return b;
            if (b.is_literal_and_identical_to(1)) return a;
            if (a.is_literal_and_identical_to(0) && cannot_fail(b)) return IndexExpr(0);
            if (b.is_literal_and_identical_to(0) && cannot_fail(a)) return IndexExpr(0);
            break;
        case Arith::FloorDiv:
        case Arith::CeilDiv:
            if (b.is_literal_and_identical_to(1)) return a;
            break;
        case Arith::Mod:
            if ((b.is_literal_and_identical_to(1) || b.is_literal_and_identical_to(-1)) &&
                cannot_fail(a)) {
                return IndexExpr(0);
            }
            break;
    }
    return std::nullopt;
}

/// onnx-mlir's table: sums of affine values; products with a literal;
/// division and mod of an affine value by a positive literal.
bool stays_affine(Arith op, const IndexExpr& a, const IndexExpr& b) {
    if (!a.is_affine() || !b.is_affine()) return false;
    switch (op) {
        case Arith::Add:
        case Arith::Sub:
            return true;
        case Arith::Mul:
            return a.is_literal() || b.is_literal();
        case Arith::FloorDiv:
        case Arith::CeilDiv:
        case Arith::Mod:
            return b.is_literal() && b.literal() > 0;
    }
    return false;
}

Expr affine_op(Arith op, Expr a, Expr b) { return apply_arith(op, a, b, a); }

Expr as_expr(Context& ctx, const IndexExpr& e) {
    return e.is_literal() ? ctx.constant(e.literal()) : e.affine_expr();
}

IndexExpr arith(Arith op, const IndexExpr& a, const IndexExpr& b) {
    if (auto u = ie_detail::first_undefined({&a, &b})) return *u;
    if (a.is_predicate() || b.is_predicate()) {
        return ie_detail::invalid(std::string(arith_name(op)) +
                                  ": a predicate used in arithmetic (" +
                                  (a.is_predicate() ? a : b).to_string() + ")");
    }
    auto scope = ie_detail::join_scopes(arith_name(op), {&a, &b});
    if (!scope) return IndexExpr::undefined(scope.error());
    if (a.is_literal() && b.is_literal()) return fold(op, a.literal(), b.literal());
    if (is_division(op) && b.is_literal_and_identical_to(0)) {
        return IndexExpr::undefined(Error::division_by_zero(
            std::string(arith_name(op)) + ": literal zero divisor (" + a.to_string() + ")"));
    }
    if (auto r = simplify_identity(op, a, b)) return *r;

    const std::shared_ptr<ScopeImpl>& s = *scope;
    if (s && stays_affine(op, a, b)) {
        Context& ctx = *s->ctx;
        return ie_detail::make_affine(s, affine_op(op, as_expr(ctx, a), as_expr(ctx, b)));
    }
    Interval range = range_of(op, a.range(), b.range());
    if (range.is_empty()) range = Interval::all();  // always an error: no information
    // A result whose range is one value is that literal (the computation could
    // only fail, e.g. on a zero divisor; see the documentation of folding).
    if (ie_detail::is_finite_point(range) && ie_detail::cannot_fail(a) &&
        ie_detail::cannot_fail(b) && !(is_division(op) && b.range().contains(0))) {
        return ie_detail::make_literal(range.lo());
    }
    return ie_detail::make_runtime_binary(s, rt_op(op), a, b, range, false);
}

}  // namespace

IndexExpr operator+(const IndexExpr& a, const IndexExpr& b) { return arith(Arith::Add, a, b); }
IndexExpr operator-(const IndexExpr& a, const IndexExpr& b) { return arith(Arith::Sub, a, b); }
IndexExpr operator-(const IndexExpr& a) { return arith(Arith::Sub, IndexExpr(0), a); }
IndexExpr operator*(const IndexExpr& a, const IndexExpr& b) { return arith(Arith::Mul, a, b); }
IndexExpr operator%(const IndexExpr& a, const IndexExpr& b) { return arith(Arith::Mod, a, b); }

IndexExpr IndexExpr::floor_div(const IndexExpr& b) const {
    return arith(Arith::FloorDiv, *this, b);
}

IndexExpr IndexExpr::ceil_div(const IndexExpr& b) const { return arith(Arith::CeilDiv, *this, b); }

}  // namespace provix
