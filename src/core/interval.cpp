/// \file
/// Interval arithmetic with saturating infinities. A lower bound kInt64Min is
/// -inf and an upper bound kInt64Max is +inf; results that leave int64
/// saturate outward, which keeps every operation a sound over-approximation.

#include "provix/interval.h"

#include <algorithm>
#include <string>
#include <utility>

namespace provix {
namespace {

constexpr int64_t kNegInf = kInt64Min;
constexpr int64_t kPosInf = kInt64Max;

bool is_inf(int64_t v) { return v == kNegInf || v == kPosInf; }

/// An interval end in extended arithmetic: -inf, +inf or an exact value.
/// A lower bound is -inf exactly when it is kInt64Min and an upper bound
/// +inf exactly when it is kInt64Max; a lower bound kInt64Max or an upper
/// bound kInt64Min are ordinary values (the constant 2^63 - 1 is not
/// infinite).
struct Ext {
    int inf = 0;  // -1, 0 (finite), +1
    __int128 v = 0;
};

Ext lo_of(const Interval& a) { return a.lo == kNegInf ? Ext{-1, 0} : Ext{0, a.lo}; }
Ext hi_of(const Interval& a) { return a.hi == kPosInf ? Ext{+1, 0} : Ext{0, a.hi}; }

/// Back to a lower / upper bound, saturating outward (always sound).
int64_t to_lo(Ext e) {
    if (e.inf < 0) return kNegInf;
    if (e.inf > 0) return kPosInf;
    if (e.v < kNegInf) return kNegInf;
    if (e.v > kPosInf) return kPosInf;
    return static_cast<int64_t>(e.v);
}
int64_t to_hi(Ext e) { return to_lo(e); }

Ext add(Ext a, Ext b) {
    if (a.inf != 0) return a;  // callers never add opposite infinities
    if (b.inf != 0) return b;
    return {0, a.v + b.v};
}

Ext neg(Ext a) { return {-a.inf, -a.v}; }

Ext mul(Ext a, Ext b) {
    bool a_zero = a.inf == 0 && a.v == 0, b_zero = b.inf == 0 && b.v == 0;
    if (a_zero || b_zero) return {0, 0};
    if (a.inf != 0 || b.inf != 0) {
        int sa = a.inf != 0 ? a.inf : (a.v < 0 ? -1 : 1);
        int sb = b.inf != 0 ? b.inf : (b.v < 0 ? -1 : 1);
        return {sa * sb, 0};
    }
    return {0, a.v * b.v};  // |a|, |b| <= 2^63: fits in 128 bits
}

bool less(Ext a, Ext b) {
    if (a.inf != b.inf) return a.inf < b.inf;
    return a.inf == 0 && a.v < b.v;
}

__int128 floor_div128(__int128 x, __int128 y) {
    __int128 q = x / y, r = x % y;
    if (r != 0 && ((r < 0) != (y < 0))) --q;
    return q;
}

/// The possible values of floor(x / y) near the corner (x, y), y != 0 and of
/// one sign, as a [lo, hi] pair of extended values.
std::pair<Ext, Ext> floor_div_corner(Ext x, Ext y) {
    if (y.inf != 0) {
        if (x.inf != 0) {
            // Both unbounded: any value of the sign of x*y, including 0 / -1.
            bool positive = x.inf == y.inf;
            return positive ? std::pair{Ext{0, 0}, Ext{+1, 0}} : std::pair{Ext{-1, 0}, Ext{0, 0}};
        }
        // |y| huge: floor(x / y) is 0 or -1.
        if (x.v == 0) return {Ext{0, 0}, Ext{0, 0}};
        bool positive = (x.v > 0) == (y.inf > 0);
        Ext r{0, positive ? 0 : -1};
        return {r, r};
    }
    if (x.inf != 0) {
        Ext r{(x.inf > 0) == (y.v > 0) ? +1 : -1, 0};
        return {r, r};
    }
    Ext r{0, floor_div128(x.v, y.v)};
    return {r, r};
}

/// Range of floor(a / b) for b of one sign (b does not contain 0).
Interval floor_div_one_sign(const Interval& a, const Interval& b) {
    // Fast path: finite ends whose four corner quotients fit int64.
    if (a.lo != kNegInf && a.hi != kPosInf && b.lo != kNegInf && b.hi != kPosInf) {
        auto q0 = floor_div(a.lo, b.lo), q1 = floor_div(a.lo, b.hi);
        auto q2 = floor_div(a.hi, b.lo), q3 = floor_div(a.hi, b.hi);
        if (q0 && q1 && q2 && q3) {
            return {std::min(std::min(*q0, *q1), std::min(*q2, *q3)),
                    std::max(std::max(*q0, *q1), std::max(*q2, *q3))};
        }
    }
    Ext xs[2] = {lo_of(a), hi_of(a)};
    Ext ys[2] = {lo_of(b), hi_of(b)};
    Ext lo{+1, 0}, hi{-1, 0};
    for (Ext x : xs) {
        for (Ext y : ys) {
            auto [l, h] = floor_div_corner(x, y);
            if (less(l, lo)) lo = l;
            if (less(hi, h)) hi = h;
        }
    }
    return {to_lo(lo), to_hi(hi)};
}

}  // namespace

int64_t Interval::size() const {
    if (is_empty()) return 0;
    if (!is_bounded()) return kPosInf;
    auto d = checked_sub(hi, lo);
    if (!d) return kPosInf;
    auto s = checked_add(*d, 1);
    return s ? *s : kPosInf;
}

Interval Interval::intersect(const Interval& o) const {
    if (is_empty() || o.is_empty()) return empty();
    Interval r{std::max(lo, o.lo), std::min(hi, o.hi)};
    return r.is_empty() ? empty() : r;
}

Interval Interval::hull(const Interval& o) const {
    if (is_empty()) return o;
    if (o.is_empty()) return *this;
    return {std::min(lo, o.lo), std::max(hi, o.hi)};
}

Interval operator+(const Interval& a, const Interval& b) {
    if (a.is_empty() || b.is_empty()) return Interval::empty();
    // Fast path: finite ends whose sums fit int64 (then exact).
    if (a.lo != kNegInf && a.hi != kPosInf && b.lo != kNegInf && b.hi != kPosInf) {
        int64_t lo, hi;
        if (!__builtin_add_overflow(a.lo, b.lo, &lo) && !__builtin_add_overflow(a.hi, b.hi, &hi))
            return {lo, hi};
    }
    return {to_lo(add(lo_of(a), lo_of(b))), to_hi(add(hi_of(a), hi_of(b)))};
}

Interval operator+(const Interval& a, int64_t b) { return a + Interval::point(b); }

Interval operator-(const Interval& a) {
    if (a.is_empty()) return Interval::empty();
    return {to_lo(neg(hi_of(a))), to_hi(neg(lo_of(a)))};
}

Interval operator-(const Interval& a, const Interval& b) { return a + (-b); }

Interval operator*(const Interval& a, const Interval& b) {
    if (a.is_empty() || b.is_empty()) return Interval::empty();
    // Fast path: finite ends whose four products fit int64 (then exact).
    if (a.lo != kNegInf && a.hi != kPosInf && b.lo != kNegInf && b.hi != kPosInf) {
        int64_t q[4];
        if (!__builtin_mul_overflow(a.lo, b.lo, &q[0]) &&
            !__builtin_mul_overflow(a.lo, b.hi, &q[1]) &&
            !__builtin_mul_overflow(a.hi, b.lo, &q[2]) &&
            !__builtin_mul_overflow(a.hi, b.hi, &q[3])) {
            return {std::min(std::min(q[0], q[1]), std::min(q[2], q[3])),
                    std::max(std::max(q[0], q[1]), std::max(q[2], q[3]))};
        }
    }
    Ext p[4] = {mul(lo_of(a), lo_of(b)), mul(lo_of(a), hi_of(b)), mul(hi_of(a), lo_of(b)),
                mul(hi_of(a), hi_of(b))};
    Ext lo = p[0], hi = p[0];
    for (Ext e : p) {
        if (less(e, lo)) lo = e;
        if (less(hi, e)) hi = e;
    }
    return {to_lo(lo), to_hi(hi)};
}

Interval operator*(const Interval& a, int64_t b) { return a * Interval::point(b); }

Interval floor_div(const Interval& a, const Interval& b) {
    if (a.is_empty() || b.is_empty()) return Interval::empty();
    Interval r = Interval::empty();
    Interval neg = b.intersect({kNegInf, -1});
    Interval pos = b.intersect({1, kPosInf});
    if (!neg.is_empty()) r = r.hull(floor_div_one_sign(a, neg));
    if (!pos.is_empty()) r = r.hull(floor_div_one_sign(a, pos));
    return r;
}

Interval floor_div(const Interval& a, int64_t b) { return floor_div(a, Interval::point(b)); }

Interval ceil_div(const Interval& a, const Interval& b) {
    // ceil(a / b) == -floor(-a / b)
    return -floor_div(-a, b);
}

Interval ceil_div(const Interval& a, int64_t b) { return ceil_div(a, Interval::point(b)); }

Interval mod(const Interval& a, const Interval& b) {
    if (a.is_empty() || b.is_empty()) return Interval::empty();
    if (b.is_point() && !is_inf(b.lo) && b.lo != 0) {
        int64_t c = b.lo;
        // Exact when a lies inside one block of c.
        if (a.is_bounded()) {
            auto q_lo = floor_div(a.lo, c), q_hi = floor_div(a.hi, c);
            if (q_lo && q_hi && *q_lo == *q_hi) {
                auto r_lo = floor_mod(a.lo, c), r_hi = floor_mod(a.hi, c);
                if (r_lo && r_hi) return {std::min(*r_lo, *r_hi), std::max(*r_lo, *r_hi)};
            }
        }
        if (c > 0) return {0, c - 1};
        return {c + 1, 0};
    }
    Interval r = Interval::empty();
    Interval pos = b.intersect({1, kPosInf});
    Interval neg = b.intersect({kNegInf, -1});
    if (!pos.is_empty()) {
        int64_t hi = pos.hi == kPosInf ? kPosInf : pos.hi - 1;
        if (a.lo >= 0) hi = std::min(hi, a.hi);  // x mod y <= x for x >= 0
        r = r.hull({0, hi});
    }
    if (!neg.is_empty()) {
        int64_t lo = neg.lo == kNegInf ? kNegInf : neg.lo + 1;
        if (a.hi <= 0) lo = std::max(lo, a.lo);  // x mod y >= x for x <= 0, y < 0
        r = r.hull({lo, 0});
    }
    return r;
}

Interval mod(const Interval& a, int64_t b) { return mod(a, Interval::point(b)); }

Interval min(const Interval& a, const Interval& b) {
    if (a.is_empty() || b.is_empty()) return Interval::empty();
    return {std::min(a.lo, b.lo), std::min(a.hi, b.hi)};
}

Interval max(const Interval& a, const Interval& b) {
    if (a.is_empty() || b.is_empty()) return Interval::empty();
    return {std::max(a.lo, b.lo), std::max(a.hi, b.hi)};
}

std::string to_string(const Interval& i) {
    if (i.is_empty()) return "[1, 0]";
    auto bound = [](int64_t v) {
        if (v == kNegInf) return std::string("-inf");
        if (v == kPosInf) return std::string("inf");
        return std::to_string(v);
    };
    return "[" + bound(i.lo) + ", " + bound(i.hi) + "]";
}

}  // namespace provix
