/// \file
/// Rewrites of whole expressions (see expr_steps.h).

#include "expr_steps.h"

#include "constraint_range.h"
#include "expr_node.h"
#include "floor_relaxation.h"
#include "lemma_ids.h"
#include "provix/semantics.h"
#include "range_analysis.h"
#include "sum_term.h"

namespace provix::engine {

using detail::const_value;
using detail::is_const;
using detail::is_total;
using detail::kind_of;
using detail::num_ops;
using detail::op_at;

bool may_rewrite_whole(Expr e) {
    // Why each step needs what this looks for: two_point_affine and
    // decide_min_max_by_difference act only on the piecewise kinds;
    // enumerated_affine on those and on sums with such a term or a product
    // whose first factor is one; recognise_mod_in_sum needs a term
    // `(x floordiv c) * k`, recombine_radix_digits a mod or floordiv term
    // (alone or times a constant), constant_by_floor_relaxation two floordiv
    // or ceildiv terms (alone or times a constant). The first factor of a
    // product is the one each of them reads.
    const ExprKind kind = kind_of(e);
    if (detail::is_piecewise(kind)) return true;
    if (kind != ExprKind::Add) return false;
    for (size_t i = 0; i < num_ops(e); ++i) {
        Expr t = op_at(e, i);
        if (kind_of(t) == ExprKind::Mul && num_ops(t) > 0) t = op_at(t, 0);
        if (detail::is_piecewise(kind_of(t))) return true;
    }
    return false;
}

namespace {

/// True if the sum `s` has the term `monomial * coef` (its terms are
/// canonical: one term per monomial).
bool has_term(Expr s, Expr monomial, int64_t coef) {
    for (size_t i = 0; i < num_ops(s); ++i) {
        const SumTerm t = sum_term(op_at(s, i));
        if (t.monomial == monomial) return t.coef == coef;
    }
    return false;
}

}  // namespace

Expr recognise_mod_in_sum(Expr s) {
    if (kind_of(s) != ExprKind::Add) return Expr();
    const size_t n = num_ops(s);
    for (size_t i = 0; i < n; ++i) {
        // The term (x floordiv c) * k, x a sum defined everywhere (so no
        // cancellation below can change where the sum is defined).
        Expr t = op_at(s, i);
        if (kind_of(t) != ExprKind::Mul || num_ops(t) != 2 || !is_const(op_at(t, 1))) continue;
        Expr q = op_at(t, 0);
        if (kind_of(q) != ExprKind::FloorDiv || !is_const(op_at(q, 1))) continue;
        Expr x = op_at(q, 0);
        if (kind_of(x) != ExprKind::Add || !is_total(x)) continue;
        const int64_t c = const_value(op_at(q, 1)), k = const_value(op_at(t, 1));
        if (c == 0 || c == -1 || k % c != 0) continue;  // c == -1: k / c may overflow
        const int64_t minus_m = k / c;                  // m == -k / c
        if (minus_m == kInt64Min) continue;
        const int64_t m = -minus_m;
        // Cheap pre-check: the first variable term of m * x is a term of S,
        // else nothing cancels.
        SumTerm first;
        for (size_t j = 0; j < num_ops(x) && !first.monomial; ++j)
            first = sum_term(op_at(x, j));  // x is a sum (checked above)
        if (!first.monomial) continue;
        std::optional<int64_t> scaled = checked_mul(first.coef, m);
        if (!scaled || !has_term(s, first.monomial, *scaled)) continue;
        // S - t - m*x + m*(x mod c), built canonically (like terms merge).
        Expr rest = s - t;
        Expr candidate = rest - x * m + mod(x, c) * m;
        if (candidate.tree_size() < s.tree_size()) return candidate;
    }
    return Expr();
}

namespace {

/// The id of the only variable of `e`, -1 for none, -2 for several.
int64_t only_variable(Expr e, int64_t found) {
    if (found == -2) return found;
    if (e.kind() == ExprKind::Variable) {
        const int64_t id = e.variable_id();
        return found == -1 || found == id ? id : -2;
    }
    for (size_t i = 0; i < num_ops(e) && found != -2; ++i)
        found = only_variable(op_at(e, i), found);
    return found;
}

}  // namespace

Expr two_point_affine(Expr e, RangeAnalysis& ranges) {
    switch (e.kind()) {
        case ExprKind::FloorDiv:
        case ExprKind::CeilDiv:
        case ExprKind::Mod:
        case ExprKind::Min:
        case ExprKind::Max:
            break;
        default:
            return Expr();
    }
    // The variable mask of the node answers without a walk unless a
    // variable id is beyond it.
    const detail::ExprNode* n = detail::node_of(e);
    const uint64_t mask = n->var_mask;
    if (mask & (mask - 1)) return Expr();  // two variables or more
    const int64_t id = n->has_high_var ? only_variable(e, -1)
                       : mask != 0     ? int64_t{__builtin_ctzll(mask)}
                                       : -1;
    if (id < 0) return Expr();
    // The variable's range without its node (variable_range reads the
    // bounds when no constraint narrows a node): most nodes stop here.
    Context& ctx = e.context();
    const Interval r = ranges.variable_range(ctx, id);
    if (!r.is_bounded() || r.lo() == kInt64Max || r.hi() != r.lo() + 1) return Expr();
    const int64_t a = r.lo();
    std::vector<int64_t> values(static_cast<size_t>(id) + 1, 0);
    values[static_cast<size_t>(id)] = a;
    Result<int64_t> p = evaluate(e, values);
    values[static_cast<size_t>(id)] = a + 1;
    Result<int64_t> q = evaluate(e, values);
    if (!p || !q) return Expr();  // undefined (or overflowing) at a value of v
    // p + (q - p) * (v - a) == v * d + (p - a * d), every constant checked.
    const std::optional<int64_t> d = checked_sub(*q, *p);
    if (!d) return Expr();
    const std::optional<int64_t> ad = checked_mul(a, *d);
    if (!ad) return Expr();
    const std::optional<int64_t> offset = checked_sub(*p, *ad);
    if (!offset) return Expr();
    return ctx.variable(id) * *d + *offset;
}

namespace {

/// The range `d` of the sum `diff` narrowed by its min/max terms: a term
/// `c * max(a, b)` with c > 0 is at least `c * a` and `c * b`, so `diff` is
/// at least `diff` with the max replaced by either operand; with c < 0 at
/// most, and a min the other way (range_by_max_operand,
/// range_by_min_operand). The other end: at each point the max is one of
/// its operands, so `diff` lies in the hull of the ranges of the replaced
/// differences (range_by_either_operand): `min(d0 * 3, s0 + 15) - d0` with
/// d0 in [0, 8] and s0 >= 0 is at least min(0, 7). Sets `lemmas[0]`,
/// `lemmas[1]` and `lemmas[2]` to the lemmas that moved an end.
Interval narrow_by_min_max_terms(Expr diff, Interval d, RangeAnalysis& ranges,
                                 RangeLemmas& lemmas) {
    // The terms read in place: a min or max monomial is the term or its
    // first operand, never the unbuilt product of several.
    for (Expr whole : terms_of(diff)) {
        const SumTerm t = sum_term_in_place(whole);
        if (!t.monomial) continue;
        const ExprKind kind = kind_of(t.monomial);
        if (kind != ExprKind::Min && kind != ExprKind::Max) continue;
        const bool lower = (kind == ExprKind::Max) == (t.coef > 0);  // which end it bounds
        Interval either = Interval::empty();  // the hull of the replaced differences' ranges
        bool every_operand = true;            // each replaced difference has a range
        for (size_t i = 0; i < num_ops(t.monomial); ++i) {
            const Interval r = ranges.range(diff + (op_at(t.monomial, i) - t.monomial) * t.coef);
            if (r.is_empty()) {
                every_operand = false;
                continue;
            }
            either = either.hull(r);
            const Interval side = lower ? Interval::bounded_by(r.finite_lo(), std::nullopt)
                                        : Interval::bounded_by(std::nullopt, r.finite_hi());
            const Interval narrowed = d.intersect(side);
            if (narrowed == d) continue;
            d = narrowed;
            lemmas[kind == ExprKind::Max ? 0 : 1] =
                kind == ExprKind::Max ? lemma::range_by_max_operand : lemma::range_by_min_operand;
        }
        if (!every_operand) continue;
        const Interval narrowed = d.intersect(either);
        if (narrowed == d) continue;
        d = narrowed;
        lemmas[2] = lemma::range_by_either_operand;
    }
    return d;
}

/// True if `d` gives y - x a sign: `*y_above` when y >= x, `*y_below` when
/// y <= x.
bool signs(const Interval& d, bool* y_above, bool* y_below) {
    *y_above = !d.lo_is_inf() && d.lo() >= 0;
    *y_below = !d.hi_is_inf() && d.hi() <= 0;
    return *y_above || *y_below;
}

}  // namespace

Expr decide_min_max_by_difference(Expr e, RangeAnalysis& ranges, RangeLemmas& range_lemmas) {
    const ExprKind kind = e.kind();
    if (kind != ExprKind::Min && kind != ExprKind::Max) return Expr();
    const Expr x = op_at(e, 0), y = op_at(e, 1);
    const Expr diff = y - x;
    Interval d = ranges.range(diff);
    if (d.is_empty()) return Expr();
    bool y_above = false, y_below = false;  // y >= x (y <= x) where both are defined
    if (!signs(d, &y_above, &y_below)) {
        // Undecided by the bounds: the min/max terms of y - x, its
        // quotients' dividends, then the constraints sharing terms with it.
        d = narrow_by_min_max_terms(diff, d, ranges, range_lemmas);
        if (!signs(d, &y_above, &y_below)) {
            const Interval relaxed = d.intersect(range_by_floor_relaxation(diff, ranges));
            if (relaxed != d) {
                d = relaxed;
                range_lemmas[3] = lemma::floor_relaxation_range;
            }
        }
        if (!signs(d, &y_above, &y_below) && !ranges.constraints().empty()) {
            bool lo_moved = false, hi_moved = false;
            d = d.intersect(range_by_constraints(diff, ranges, &lo_moved, &hi_moved));
            if (signs(d, &y_above, &y_below))
                range_lemmas[4] =
                    y_above ? lemma::range_by_constraint_lower : lemma::range_by_constraint_upper;
        }
        if (d.is_empty()) return Expr();
    }
    const bool keep_x = kind == ExprKind::Min ? y_above : y_below;
    const bool keep_y = kind == ExprKind::Min ? y_below : y_above;
    if (keep_x && !ranges.may_be_undefined(y)) return x;
    if (keep_y && !ranges.may_be_undefined(x)) return y;
    return Expr();
}

}  // namespace provix::engine
