/// \file
/// Interval arithmetic with saturating infinities. kInt64Min is -inf and
/// kInt64Max is +inf in every operation; treating them so only widens
/// results, which keeps every operation a sound over-approximation.

#include "provix/interval.h"

#include <algorithm>
#include <string>

namespace provix {
namespace {

constexpr int64_t kNegInf = kInt64Min;
constexpr int64_t kPosInf = kInt64Max;

bool is_inf(int64_t v) { return v == kNegInf || v == kPosInf; }

/// Saturating sum of two bounds; an infinite operand wins (the caller never
/// adds opposite infinities for the same end).
int64_t sat_add(int64_t a, int64_t b) {
    if (a == kNegInf || b == kNegInf) return kNegInf;
    if (a == kPosInf || b == kPosInf) return kPosInf;
    if (auto r = checked_add(a, b)) return *r;
    return a < 0 ? kNegInf : kPosInf;
}

/// Saturating product, infinity times zero is zero.
int64_t sat_mul(int64_t a, int64_t b) {
    if (a == 0 || b == 0) return 0;
    bool negative = (a < 0) != (b < 0);
    if (is_inf(a) || is_inf(b)) return negative ? kNegInf : kPosInf;
    if (auto r = checked_mul(a, b)) return *r;
    return negative ? kNegInf : kPosInf;
}

int64_t sat_neg(int64_t a) {
    if (a == kNegInf) return kPosInf;
    if (a == kPosInf) return kNegInf;
    return -a;
}

/// The possible values of floor(x / y) near the corner (x, y), y != 0, as an
/// interval (a point for finite corners).
Interval floor_div_corner(int64_t x, int64_t y) {
    if (is_inf(y)) {
        if (is_inf(x)) {
            // Both unbounded: any value of the sign of x*y, including 0 / -1.
            bool positive = (x > 0) == (y > 0);
            return positive ? Interval{0, kPosInf} : Interval{kNegInf, 0};
        }
        // |y| huge: floor(x / y) is 0 or -1.
        if (x == 0) return Interval::point(0);
        bool positive = (x > 0) == (y > 0);
        return Interval::point(positive ? 0 : -1);
    }
    if (is_inf(x)) return Interval::point((x > 0) == (y > 0) ? kPosInf : kNegInf);
    if (auto q = floor_div(x, y)) return Interval::point(*q);
    return Interval::point(kPosInf);  // kInt64Min / -1 = 2^63: saturate
}

/// Range of floor(a / b) for b of one sign (b does not contain 0).
Interval floor_div_one_sign(const Interval& a, const Interval& b) {
    Interval r = floor_div_corner(a.lo, b.lo);
    r = r.hull(floor_div_corner(a.lo, b.hi));
    r = r.hull(floor_div_corner(a.hi, b.lo));
    r = r.hull(floor_div_corner(a.hi, b.hi));
    return r;
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
    return {sat_add(a.lo, b.lo), sat_add(a.hi, b.hi)};
}

Interval operator+(const Interval& a, int64_t b) { return a + Interval::point(b); }

Interval operator-(const Interval& a) {
    if (a.is_empty()) return Interval::empty();
    return {sat_neg(a.hi), sat_neg(a.lo)};
}

Interval operator-(const Interval& a, const Interval& b) { return a + (-b); }

Interval operator*(const Interval& a, const Interval& b) {
    if (a.is_empty() || b.is_empty()) return Interval::empty();
    int64_t p[4] = {sat_mul(a.lo, b.lo), sat_mul(a.lo, b.hi), sat_mul(a.hi, b.lo),
                    sat_mul(a.hi, b.hi)};
    return {*std::min_element(p, p + 4), *std::max_element(p, p + 4)};
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
