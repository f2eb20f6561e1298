/// \file
/// Sums of quotients bounded through their dividends (see floor_relaxation.h).

#include "floor_relaxation.h"

#include <optional>
#include <vector>

#include "expr_node.h"
#include "provix/semantics.h"
#include "range_analysis.h"
#include "sum_term.h"

namespace provix::engine {
namespace {

using detail::kind_of;
using detail::num_ops;
using detail::op_at;

/// The largest lcm of the divisors the step works with (the scaled sum's
/// coefficients stay small).
constexpr int64_t kMaxScale = int64_t{1} << 20;

/// The quotient node of a sum operand (`q` or `q * k`), or null.
Expr quotient_of(Expr operand) {
    Expr q = operand;
    if (kind_of(q) == ExprKind::Mul && num_ops(q) == 2 && detail::is_const(op_at(q, 1)))
        q = op_at(q, 0);
    const ExprKind k = kind_of(q);
    if (k != ExprKind::FloorDiv && k != ExprKind::CeilDiv) return Expr();
    Expr c = op_at(q, 1);
    if (!detail::is_const(c) || detail::const_value(c) <= 0) return Expr();
    return q;
}

/// Bounds of a sum on exact integers; a missing end is infinite.
struct RelaxedBounds {
    std::optional<__int128> lo, hi;
};

/// The number of quotients by positive constants among the operands of the
/// sum `e` (0 for another kind, or when their divisors' lcm exceeds
/// kMaxScale), and that lcm in `*scale`: the cheap pre-check.
size_t count_quotients(Expr e, int64_t* scale) {
    if (kind_of(e) != ExprKind::Add) return 0;
    size_t quotients = 0;
    *scale = 1;
    for (size_t i = 0; i < num_ops(e); ++i) {
        Expr q = quotient_of(op_at(e, i));
        if (!q) continue;
        ++quotients;
        std::optional<int64_t> l = lcm(*scale, detail::const_value(op_at(q, 1)));
        if (!l || *l > kMaxScale) return 0;
        *scale = *l;
    }
    return quotients;
}

/// The bounds of the sum `e`, whose quotients' divisors have the lcm
/// `scale`, read through its quotients' dividends, when `e` is defined
/// everywhere.
std::optional<RelaxedBounds> relaxed_bounds(Expr e, int64_t scale, RangeAnalysis& ranges) {
    if (ranges.may_be_undefined(e)) return std::nullopt;
    // scale * e == P + R: P the sum with each k * (x floordiv c) replaced by
    // k * (scale / c) * x, R the weighted remainders (floor_relaxation_fd:
    // c * (x floordiv c) lies in [x - (c - 1), x]; floor_relaxation_cd:
    // c * (x ceildiv c) in [x, x + (c - 1)]).
    std::vector<Expr> parts;
    __int128 r_lo = 0, r_hi = 0;
    for (const SumTerm& t : sum_terms(e)) {
        Expr q = t.monomial ? quotient_of(t.monomial) : Expr();
        if (!q || q != t.monomial) {
            std::optional<int64_t> k = checked_mul(t.coef, scale);
            if (!k) return std::nullopt;
            parts.push_back(t.monomial ? t.monomial * *k : e.context().constant(*k));
            continue;
        }
        const int64_t c = detail::const_value(op_at(q, 1));
        std::optional<int64_t> w = checked_mul(t.coef, scale / c);
        if (!w) return std::nullopt;
        parts.push_back(op_at(q, 0) * *w);
        // w * (c * q) - w * x lies in w * [-(c - 1), 0] (floordiv) or w * [0, c - 1].
        const __int128 slack = static_cast<__int128>(*w) * (c - 1);
        const bool down = kind_of(q) == ExprKind::FloorDiv;
        if ((slack > 0) == down)
            r_lo -= slack > 0 ? slack : -slack;
        else
            r_hi += slack > 0 ? slack : -slack;
    }
    Expr p = parts.size() == 1 ? parts[0] : build(ExprKind::Add, parts);  // like terms cancel
    Interval pr = ranges.range(p);
    if (pr.is_empty()) return std::nullopt;
    // scale * e in [pr.lo + r_lo, pr.hi + r_hi]: e in the multiples of
    // scale there, over scale (floor_relaxation_value, floor_relaxation_range).
    RelaxedBounds b;
    if (!pr.lo_is_inf())
        b.lo = ceil_quotient<__int128>(static_cast<__int128>(pr.lo()) + r_lo, scale);
    if (!pr.hi_is_inf())
        b.hi = floor_quotient<__int128>(static_cast<__int128>(pr.hi()) + r_hi, scale);
    return b;
}

}  // namespace

Expr constant_by_floor_relaxation(Expr e, RangeAnalysis& ranges) {
    int64_t scale = 1;
    if (count_quotients(e, &scale) < 2) return Expr();
    const std::optional<RelaxedBounds> b = relaxed_bounds(e, scale, ranges);
    // floor_relaxation_value: scale * e in [lo, hi] holding one multiple of scale.
    if (!b || !b->lo || !b->hi || *b->lo != *b->hi) return Expr();
    if (*b->lo < kInt64Min || *b->lo > kInt64Max) return Expr();
    return e.context().constant(static_cast<int64_t>(*b->lo));
}

Interval range_by_floor_relaxation(Expr e, RangeAnalysis& ranges) {
    int64_t scale = 1;
    if (count_quotients(e, &scale) < 1) return Interval::all();
    const std::optional<RelaxedBounds> b = relaxed_bounds(e, scale, ranges);
    if (!b) return Interval::all();
    if (b->lo && b->hi && *b->lo > *b->hi) return Interval::empty();  // no multiple of the scale
    // An end beyond int64 makes no claim.
    std::optional<int64_t> lo, hi;
    if (b->lo && *b->lo >= kInt64Min && *b->lo <= kInt64Max) lo = static_cast<int64_t>(*b->lo);
    if (b->hi && *b->hi >= kInt64Min && *b->hi <= kInt64Max) hi = static_cast<int64_t>(*b->hi);
    return Interval::bounded_by(lo, hi);
}

}  // namespace provix::engine
