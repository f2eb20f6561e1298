/// \file
/// Interval arithmetic with infinite ends. An end is -inf, +inf or an exact
/// integer; operations compute exact ends on 128-bit integers and widen an end
/// that leaves int64 outward (to the infinity on its side), which keeps every
/// operation a sound over-approximation. Each transfer function is stated as
/// a lemma in rules/analysis.lemmas.

#include "provix/interval.h"

#include <algorithm>
#include <string>
#include <utility>

namespace provix {
namespace {

/// An end computed exactly, or nullopt when no lemma bounds it (infinite).
using End = std::optional<__int128>;

End lo_of(const Interval& a) { return a.lo_is_inf() ? End() : End(a.lo()); }
End hi_of(const Interval& a) { return a.hi_is_inf() ? End() : End(a.hi()); }

/// The interval with these ends, widened outward where an end leaves int64:
/// a lower end below int64 becomes -inf, one above stays the finite
/// kInt64Max (every value is larger still); symmetrically for the upper end.
Interval make(End lo, End hi) {
    std::optional<int64_t> l, h;
    if (lo && *lo >= kInt64Min) l = *lo > kInt64Max ? kInt64Max : static_cast<int64_t>(*lo);
    if (hi && *hi <= kInt64Max) h = *hi < kInt64Min ? kInt64Min : static_cast<int64_t>(*hi);
    return Interval::bounded_by(l, h);
}

End plus(End a, End b) { return a && b ? End(*a + *b) : End(); }
End times(End a, End b) { return a && b ? End(*a * *b) : End(); }  // |a|, |b| <= 2^63
End negated(End a) { return a ? End(-*a) : End(); }

/// The part of `a` below zero and the part at or above zero (either may be
/// empty): products and quotients are monotone on each.
Interval negative_part(const Interval& a) { return a.intersect(Interval::at_most(-1)); }
Interval nonneg_part(const Interval& a) { return a.intersect(Interval::at_least(0)); }

/// x * y for x, y of fixed signs (one quadrant), by the range_mul_* lemmas.
Interval mul_quadrant(const Interval& x, const Interval& y) {
    if (x == Interval::point(0) || y == Interval::point(0)) return Interval::point(0);  // mul_zero
    bool xp = !x.lo_is_inf() && x.lo() >= 0, yp = !y.lo_is_inf() && y.lo() >= 0;
    if (xp && yp)  // range_mul_pp_lower, range_mul_pp_upper
        return make(times(lo_of(x), lo_of(y)), times(hi_of(x), hi_of(y)));
    if (!xp && !yp)  // range_mul_nn_lower, range_mul_nn_upper
        return make(times(hi_of(x), hi_of(y)), times(lo_of(x), lo_of(y)));
    if (xp)  // range_mul_pn_lower, range_mul_pn_upper
        return make(times(hi_of(x), lo_of(y)), times(lo_of(x), hi_of(y)));
    return mul_quadrant(y, x);  // mul_commute
}

/// floor(x / y) for y >= 1, by the range_fd_* lemmas, one sign of x at a time.
Interval floor_div_positive(const Interval& x, const Interval& y) {
    Interval r = Interval::empty();
    Interval xp = nonneg_part(x), xn = negative_part(x);
    if (!xp.is_empty()) {
        End lo = y.hi_is_inf()
                     ? End(0)                                           // range_fd_nonneg
                     : End(floor_quotient<__int128>(xp.lo(), y.hi()));  // range_fd_nonneg_lower
        // range_fd_nonneg_upper
        End hi = xp.hi_is_inf() ? End() : End(floor_quotient<__int128>(xp.hi(), y.lo()));
        r = r.hull(make(lo, hi));
    }
    if (!xn.is_empty()) {
        // range_fd_neg_lower
        End lo = xn.lo_is_inf() ? End() : End(floor_quotient<__int128>(xn.lo(), y.lo()));
        End hi = y.hi_is_inf()
                     ? End(-1)                                          // range_fd_neg
                     : End(floor_quotient<__int128>(xn.hi(), y.hi()));  // range_fd_neg_upper
        r = r.hull(make(lo, hi));
    }
    return r;
}

}  // namespace

bool Interval::contains(const Interval& o) const {
    if (o.is_empty()) return true;
    if (is_empty()) return false;
    bool lo_ok = lo_is_inf() || (!o.lo_is_inf() && lo_ <= o.lo_);
    bool hi_ok = hi_is_inf() || (!o.hi_is_inf() && o.hi_ <= hi_);
    return lo_ok && hi_ok;
}

int64_t Interval::size() const {
    if (is_empty()) return 0;
    if (!is_bounded()) return kInt64Max;
    auto d = checked_sub(hi_, lo_);
    if (!d) return kInt64Max;
    auto s = checked_add(*d, 1);
    return s ? *s : kInt64Max;
}

Interval Interval::intersect_unbounded(const Interval& o) const {
    if (is_empty() || o.is_empty()) return empty();
    std::optional<int64_t> l = finite_lo(), h = finite_hi();
    if (!o.lo_is_inf()) l = l ? std::max(*l, o.lo_) : o.lo_;
    if (!o.hi_is_inf()) h = h ? std::min(*h, o.hi_) : o.hi_;
    Interval r = bounded_by(l, h);
    return r.is_empty() ? empty() : r;
}

Interval Interval::hull(const Interval& o) const {
    if (is_empty()) return o;
    if (o.is_empty()) return *this;
    std::optional<int64_t> l, h;
    if (!lo_is_inf() && !o.lo_is_inf()) l = std::min(lo_, o.lo_);
    if (!hi_is_inf() && !o.hi_is_inf()) h = std::max(hi_, o.hi_);
    return bounded_by(l, h);
}

Interval operator+(const Interval& a, const Interval& b) {
    if (a.is_empty() || b.is_empty()) return Interval::empty();
    // Fast path: finite ends whose sums fit int64.
    if (a.is_bounded() && b.is_bounded()) {
        int64_t lo, hi;
        if (!__builtin_add_overflow(a.lo(), b.lo(), &lo) &&
            !__builtin_add_overflow(a.hi(), b.hi(), &hi))
            return {lo, hi};
    }
    // range_add_lower / range_add_upper
    return make(plus(lo_of(a), lo_of(b)), plus(hi_of(a), hi_of(b)));
}

Interval operator+(const Interval& a, int64_t b) { return a + Interval::point(b); }

Interval operator-(const Interval& a) {
    if (a.is_empty()) return Interval::empty();
    return make(negated(hi_of(a)), negated(lo_of(a)));  // range_neg_lower, range_neg_upper
}

Interval operator-(const Interval& a, const Interval& b) { return a + (-b); }

namespace detail {

Interval multiply_intervals(const Interval& a, const Interval& b) {
    if (a.is_empty() || b.is_empty()) return Interval::empty();
    if (b.is_point()) {
        // Times a constant c (a canonical product's last factor), what the
        // quadrant split below gives: c == 0 is 0 (mul_zero); for c > 0 each
        // sign part of `a` maps its ends to c times them, and their hull has
        // the lower end of the lower part and the upper end of the upper
        // part (c < 0: the ends swap), widened as each part's ends are.
        const End c = b.lo();
        if (b.lo() == 0) return Interval::point(0);
        if (b.lo() > 0) return make(times(lo_of(a), c), times(hi_of(a), c));
        return make(times(hi_of(a), c), times(lo_of(a), c));
    }
    Interval r = Interval::empty();
    for (const Interval& x : {negative_part(a), nonneg_part(a)}) {
        if (x.is_empty()) continue;
        for (const Interval& y : {negative_part(b), nonneg_part(b)})
            if (!y.is_empty()) r = r.hull(mul_quadrant(x, y));
    }
    return r;
}

Interval floor_div_intervals(const Interval& a, const Interval& b) {
    if (a.is_empty() || b.is_empty()) return Interval::empty();
    if (b.is_point() && b.lo() > 0) {
        // By a positive constant c (the usual divisor), what
        // floor_div_positive gives: floor(x / c) is monotone in x, so the
        // hull of the two sign parts' images has `a`'s ends divided (an
        // infinite end stays infinite; |floor(x / c)| <= |x| fits int64).
        const int64_t c = b.lo();
        return make(a.lo_is_inf() ? End() : End(floor_quotient(a.lo(), c)),
                    a.hi_is_inf() ? End() : End(floor_quotient(a.hi(), c)));
    }
    Interval r = Interval::empty();
    Interval pos = b.intersect(Interval::at_least(1));
    Interval neg = b.intersect(Interval::at_most(-1));
    if (!pos.is_empty()) r = r.hull(floor_div_positive(a, pos));
    if (!neg.is_empty()) r = r.hull(floor_div_positive(-a, -neg));  // range_fd_negate
    return r;
}

Interval mod_intervals(const Interval& a, const Interval& b) {
    if (a.is_empty() || b.is_empty()) return Interval::empty();
    if (b.is_point() && b.lo() != 0) {
        int64_t c = b.lo();
        // Inside one block of c, x mod c is x - c*q (range_mod_block).
        if (a.is_bounded()) {
            auto q_lo = floor_div(a.lo(), c), q_hi = floor_div(a.hi(), c);
            if (q_lo && q_hi && *q_lo == *q_hi) {
                __int128 shift = static_cast<__int128>(c) * *q_lo;
                return make(End(a.lo() - shift), End(a.hi() - shift));
            }
        }
        if (c > 0) return {0, c - 1};  // range_mod_pos, range_mod_pos_upper
        return {c + 1, 0};             // range_mod_neg, range_mod_neg_lower
    }
    Interval r = Interval::empty();
    Interval pos = b.intersect(Interval::at_least(1));
    Interval neg = b.intersect(Interval::at_most(-1));
    if (!pos.is_empty()) {
        End hi;  // range_mod_pos_upper, range_mod_pos_below
        if (!pos.hi_is_inf()) hi = pos.hi() - 1;
        if (!a.lo_is_inf() && a.lo() >= 0 && !a.hi_is_inf())
            hi = hi ? std::min<__int128>(*hi, a.hi()) : End(a.hi());
        r = r.hull(make(End(0), hi));  // range_mod_pos
    }
    if (!neg.is_empty()) {
        End lo;  // range_mod_neg_lower, range_mod_neg_above
        if (!neg.lo_is_inf()) lo = neg.lo() + 1;
        if (!a.hi_is_inf() && a.hi() <= 0 && !a.lo_is_inf())
            lo = lo ? std::max<__int128>(*lo, a.lo()) : End(a.lo());
        r = r.hull(make(lo, End(0)));  // range_mod_neg
    }
    return r;
}

}  // namespace detail

Interval operator*(const Interval& a, int64_t b) { return a * Interval::point(b); }

Interval floor_div(const Interval& a, int64_t b) { return floor_div(a, Interval::point(b)); }

Interval mod(const Interval& a, int64_t b) { return mod(a, Interval::point(b)); }

Interval ceil_div(const Interval& a, const Interval& b) {
    return -floor_div(-a, b);  // range_cd_as_fd
}

Interval ceil_div(const Interval& a, int64_t b) { return ceil_div(a, Interval::point(b)); }

Interval min(const Interval& a, const Interval& b) {
    // range_min_lower, range_min_upper (either operand, min_commute)
    if (a.is_empty() || b.is_empty()) return Interval::empty();
    std::optional<int64_t> lo, hi;
    if (!a.lo_is_inf() && !b.lo_is_inf()) lo = std::min(a.lo(), b.lo());
    if (a.hi_is_inf())
        hi = b.finite_hi();
    else
        hi = b.hi_is_inf() ? a.hi() : std::min(a.hi(), b.hi());
    return Interval::bounded_by(lo, hi);
}

Interval max(const Interval& a, const Interval& b) {
    // range_max_lower (either operand, max_commute), range_max_upper
    if (a.is_empty() || b.is_empty()) return Interval::empty();
    std::optional<int64_t> lo, hi;
    if (a.lo_is_inf())
        lo = b.finite_lo();
    else
        lo = b.lo_is_inf() ? a.lo() : std::max(a.lo(), b.lo());
    if (!a.hi_is_inf() && !b.hi_is_inf()) hi = std::max(a.hi(), b.hi());
    return Interval::bounded_by(lo, hi);
}

std::string to_string(const Interval& i) {
    if (i.is_empty()) return "[1, 0]";
    std::string lo = i.lo_is_inf() ? "-inf" : std::to_string(i.lo());
    std::string hi = i.hi_is_inf() ? "inf" : std::to_string(i.hi());
    return "[" + lo + ", " + hi + "]";
}

}  // namespace provix
