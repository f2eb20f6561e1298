/// \file
/// Quotients and remainders of unfolded constant expressions (see
/// constant_division.h).

#include "constant_division.h"

#include "expr_node.h"
#include "provix/semantics.h"

namespace provix::detail {
namespace {

using Wide = __int128;

/// A value v written as c * q + r with r the floor remainder (the sign of c,
/// |r| < |c|); q is absent once it leaves 128 bits (r stays exact).
struct QuotRem {
    std::optional<Wide> q;
    Wide r = 0;
};

/// x = c * q + r with floor semantics, for |x| < 2^127 and c != 0.
QuotRem divide(Wide x, Wide c) { return {floor_quotient(x, c), floor_remainder(x, c)}; }

std::optional<Wide> add(std::optional<Wide> a, std::optional<Wide> b) {
    Wide s = 0;
    if (!a || !b || __builtin_add_overflow(*a, *b, &s)) return std::nullopt;
    return s;
}

std::optional<Wide> mul(std::optional<Wide> a, Wide b) {
    Wide p = 0;
    if (!a || __builtin_mul_overflow(*a, b, &p)) return std::nullopt;
    return p;
}

std::optional<QuotRem> quot_rem(Expr e, Wide c);

/// The exact value of `a kind c` (floordiv, ceildiv or mod; c != 0) for the
/// variable-free `a`, from the quotient q and remainder r of a by c: q,
/// q + 1 when r != 0 (fold_ceildiv_from_floor_exact,
/// fold_ceildiv_from_floor_up), or r. nullopt when the quotient leaves 128
/// bits.
std::optional<Wide> division_value(ExprKind kind, Expr a, Wide c) {
    std::optional<QuotRem> qr = quot_rem(a, c);
    if (!qr) return std::nullopt;
    if (kind == ExprKind::Mod) return qr->r;
    if (kind == ExprKind::FloorDiv) return qr->q;
    return add(qr->q, qr->r != 0 ? 1 : 0);
}

/// division_value of the node `e` (kind of `n`) when it divides by a
/// constant d != 0; nullopt for a node of another kind.
std::optional<Wide> division_node_value(const ExprNode* n, Expr e) {
    if (n->kind != ExprKind::FloorDiv && n->kind != ExprKind::CeilDiv && n->kind != ExprKind::Mod)
        return std::nullopt;
    const Expr d = op_at(e, 1);
    if (!is_const(d) || const_value(d) == 0) return std::nullopt;
    return division_value(n->kind, op_at(e, 0), const_value(d));
}

/// The quotient and remainder of the variable-free `e` by c (|c| < 2^63).
/// A division node inside counts by its exact value:
/// `((91 * 1317624576693539400 + 52) floordiv 6) mod 2` is 0.
std::optional<QuotRem> quot_rem(Expr e, Wide c) {
    const ExprNode* n = node_of(e);
    if (n->kind == ExprKind::Constant) return divide(n->value, c);
    if (std::optional<Wide> v = division_node_value(n, e)) {
        // |v| < 2^127, as divide needs: -2^127 itself is left alone.
        if (*v == -(Wide{1} << 126) * 2) return std::nullopt;
        return divide(*v, c);
    }
    if (n->kind != ExprKind::Add && n->kind != ExprKind::Mul) return std::nullopt;
    std::optional<QuotRem> acc = quot_rem(op_at(e, 0), c);
    for (size_t i = 1; i < n->num_operands && acc; ++i) {
        if (n->kind == ExprKind::Add) {
            // fold_floordiv_of_sum, fold_mod_of_sum: a + b == c * (qa + qb) + (ra + rb),
            // |ra + rb| < 2|c|.
            std::optional<QuotRem> t = quot_rem(op_at(e, i), c);
            if (!t) return std::nullopt;
            QuotRem low = divide(acc->r + t->r, c);
            acc = QuotRem{add(add(acc->q, t->q), low.q), low.r};
        } else {
            // fold_floordiv_of_product, fold_mod_of_product: a * f == c * (q * f) + r * f,
            // |r * f| < 2^126, for a constant factor f.
            Expr f = op_at(e, i);
            if (!is_const(f)) return std::nullopt;  // a flat product of constants
            const Wide fv = const_value(f);
            QuotRem low = divide(acc->r * fv, c);
            acc = QuotRem{add(mul(acc->q, fv), low.q), low.r};
        }
    }
    return acc;
}

}  // namespace

std::optional<int64_t> fold_constant_division(ExprKind kind, Expr a, int64_t c) {
    const ExprNode* n = node_of(a);
    if (c == 0 || n->var_mask != 0 || n->has_high_var) return std::nullopt;
    const std::optional<Wide> v = division_value(kind, a, c);
    if (!v || *v < kInt64Min || *v > kInt64Max) return std::nullopt;
    return static_cast<int64_t>(*v);
}

}  // namespace provix::detail
