/// \file
/// Ranges of sums narrowed by the domain's constraints.

#include "constraint_range.h"

#include <numeric>
#include <optional>

#include "provix/semantics.h"
#include "sum_term.h"

namespace provix::engine {
namespace {

/// The coefficient of `monomial` in `s` (0 when absent).
int64_t coef_of(const SplitSum& s, Expr monomial) {
    for (const SumTerm& t : s.terms)
        if (t.monomial == monomial) return t.coef;
    return 0;
}

/// `q * x - p * y` in int64, or nullopt on overflow.
std::optional<int64_t> combine(int64_t q, int64_t x, int64_t p, int64_t y) {
    std::optional<int64_t> qx = checked_mul(q, x), py = checked_mul(p, y);
    if (!qx || !py) return std::nullopt;
    return checked_sub(*qx, *py);
}

/// The range of `e` (split as `se`) from `q * e == p * c + r`, with `c` the
/// constraint (split as `sc`): every term of either sum is ranged on its own
/// in `r`. Interval::all() when a coefficient overflows or a term's range is
/// empty.
Interval range_from_combination(const SplitSum& se, const SplitSum& sc, const Interval& c_range,
                                int64_t p, int64_t q, RangeAnalysis& ranges) {
    std::optional<int64_t> k = combine(q, se.constant, p, sc.constant);
    if (!k) return Interval::all();
    Interval r = Interval::point(*k);
    auto add_term = [&](Expr monomial, int64_t a, int64_t b) {
        std::optional<int64_t> coef = combine(q, a, p, b);
        if (!coef) return false;
        if (*coef == 0) return true;
        const Interval t = ranges.range(monomial);
        if (t.is_empty()) return false;
        r = r + t * *coef;
        return true;
    };
    for (const SumTerm& t : se.terms)
        if (!add_term(t.monomial, t.coef, coef_of(sc, t.monomial))) return Interval::all();
    for (const SumTerm& t : sc.terms)
        if (coef_of(se, t.monomial) == 0 && !add_term(t.monomial, 0, t.coef))
            return Interval::all();
    const Interval qe = c_range * p + r;  // the range of q * e
    return Interval::bounded_by(ceil_div(qe, q).finite_lo(), floor_div(qe, q).finite_hi());
}

}  // namespace

Interval range_by_constraints(Expr e, RangeAnalysis& ranges, bool* narrowed_lo, bool* narrowed_hi) {
    Interval result = ranges.range(e);
    if (ranges.constraints().empty() || result.is_empty()) return result;
    const std::optional<SplitSum> split_e = split_sum(e);
    if (!split_e) return result;
    const SplitSum& se = *split_e;
    for (const Constraint& c : ranges.constraints()) {
        if (c.range.lo_is_inf() && c.range.hi_is_inf()) continue;
        const std::optional<SplitSum> split_c = split_sum(c.expr);
        if (!split_c) continue;
        const SplitSum& sc = *split_c;
        for (const SumTerm& t : se.terms) {
            int64_t b = coef_of(sc, t.monomial);
            if (b == 0 || b == kInt64Min || t.coef == kInt64Min) continue;
            // p / q = a / b in lowest terms with q > 0, so p * b == q * a.
            const int64_t g = std::gcd(t.coef, b);
            int64_t p = t.coef / g, q = b / g;
            if (q < 0) p = -p, q = -q;
            const Interval narrowed =
                result.intersect(range_from_combination(se, sc, c.range, p, q, ranges));
            if (narrowed.finite_lo() != result.finite_lo()) *narrowed_lo = true;
            if (narrowed.finite_hi() != result.finite_hi()) *narrowed_hi = true;
            result = narrowed;
            if (result.is_empty()) return result;
        }
    }
    return result;
}

}  // namespace provix::engine
