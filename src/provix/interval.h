#pragma once
/// \file
/// Closed integer intervals whose ends may be infinite.
///
/// Infinity is its own state of an end, never an int64 value: `[0, 9223372036854775807]`
/// is the finite interval ending at 2^63 - 1, and `Interval::at_least(0)` is `[0, inf]`.
/// Arithmetic is exact on mathematical integers; an end that leaves int64 widens
/// outward (a lower end below -2^63 becomes -inf, an upper end above 2^63 - 1
/// becomes +inf), which keeps every operation a sound over-approximation.
///
///     Interval{0, 9} + Interval{1, 1}        == Interval{1, 10}
///     Interval{-3, 4} * 2                    == Interval{-6, 8}
///     floor_div(Interval{-7, 7}, 2)          == Interval{-4, 3}
///     Interval::at_least(0) + 1              == Interval::at_least(1)   // +inf stays
///     Interval::point(kInt64Max).hi_is_inf() == false

#include <cassert>
#include <cstdint>
#include <optional>
#include <string>

#include "provix/semantics.h"

namespace provix {

/// `[lo, hi]`, inclusive; either end may be infinite. Empty when both ends
/// are finite and lo > hi (`Interval::empty()`).
class Interval {
public:
    /// The whole line `[-inf, +inf]`.
    Interval() = default;
    /// The finite interval `[lo, hi]` (empty when lo > hi).
    Interval(int64_t lo, int64_t hi) : lo_(lo), hi_(hi), inf_(0) {}

    /// The whole line, `[-inf, +inf]`.
    static Interval all() { return Interval(); }
    /// The canonical empty interval `[1, 0]`.
    static Interval empty() { return Interval(1, 0); }
    /// `[v, v]`.
    static Interval point(int64_t v) { return Interval(v, v); }
    /// `[lo, +inf]`.
    static Interval at_least(int64_t lo) { return bounded_by(lo, std::nullopt); }
    /// `[-inf, hi]`.
    static Interval at_most(int64_t hi) { return bounded_by(std::nullopt, hi); }
    /// `[lo, hi]` with each end finite when given: `bounded_by({}, 5)` is `[-inf, 5]`.
    static Interval bounded_by(std::optional<int64_t> lo, std::optional<int64_t> hi) {
        Interval r;
        if (lo) {
            r.lo_ = *lo;
            r.inf_ &= static_cast<uint8_t>(~kLoInf);
        }
        if (hi) {
            r.hi_ = *hi;
            r.inf_ &= static_cast<uint8_t>(~kHiInf);
        }
        return r;
    }

    bool lo_is_inf() const { return (inf_ & kLoInf) != 0; }
    bool hi_is_inf() const { return (inf_ & kHiInf) != 0; }
    /// The finite lower end. Precondition: `!lo_is_inf()` (without asserts,
    /// an infinite lower end reads as kInt64Min).
    int64_t lo() const {
        assert(!lo_is_inf() && "Interval::lo() of an infinite end");
        return lo_is_inf() ? kInt64Min : lo_;
    }
    /// The finite upper end. Precondition: `!hi_is_inf()` (without asserts,
    /// an infinite upper end reads as kInt64Max).
    int64_t hi() const {
        assert(!hi_is_inf() && "Interval::hi() of an infinite end");
        return hi_is_inf() ? kInt64Max : hi_;
    }
    /// The lower end, or nullopt when it is -inf.
    std::optional<int64_t> finite_lo() const {
        return lo_is_inf() ? std::nullopt : std::optional<int64_t>(lo_);
    }
    /// The upper end, or nullopt when it is +inf.
    std::optional<int64_t> finite_hi() const {
        return hi_is_inf() ? std::nullopt : std::optional<int64_t>(hi_);
    }

    bool is_empty() const { return inf_ == 0 && lo_ > hi_; }
    bool is_point() const { return is_bounded() && lo_ == hi_; }
    bool is_bounded() const { return inf_ == 0; }
    bool contains(int64_t v) const {
        return (lo_is_inf() || lo_ <= v) && (hi_is_inf() || v <= hi_) && !is_empty();
    }
    /// True if every element of `o` is in this interval (empty `o`: true).
    bool contains(const Interval& o) const;
    /// Number of elements, saturating at kInt64Max; 0 when empty.
    int64_t size() const;

    /// Intersection: `[0, 5].intersect([3, 9]) == [3, 5]`.
    Interval intersect(const Interval& o) const {
        if (is_bounded() && o.is_bounded()) {  // four finite ends
            Interval r(lo_ < o.lo_ ? o.lo_ : lo_, hi_ < o.hi_ ? hi_ : o.hi_);
            return r.is_empty() || is_empty() || o.is_empty() ? empty() : r;
        }
        return intersect_unbounded(o);
    }
    /// Smallest interval holding both: `[0, 1].hull([5, 6]) == [0, 6]`.
    Interval hull(const Interval& o) const;

    bool operator==(const Interval& o) const {
        if (is_empty() || o.is_empty()) return is_empty() && o.is_empty();
        return inf_ == o.inf_ && (lo_is_inf() || lo_ == o.lo_) && (hi_is_inf() || hi_ == o.hi_);
    }
    bool operator!=(const Interval& o) const { return !(*this == o); }

private:
    /// intersect() when some end is infinite.
    Interval intersect_unbounded(const Interval& o) const;

    /// The bits of `inf_`: which ends are infinite (one byte, so that
    /// is_bounded() and is_empty() test both ends at once).
    static constexpr uint8_t kLoInf = 1, kHiInf = 2;

    int64_t lo_ = 0;
    int64_t hi_ = 0;
    uint8_t inf_ = kLoInf | kHiInf;
};

/// Sum: an infinite end stays infinite; an end beyond int64 widens to infinity.
Interval operator+(const Interval& a, const Interval& b);
Interval operator+(const Interval& a, int64_t b);
/// Negation: `-[1, 5] == [-5, -1]`; `-[-2^63, 0] == [0, +inf]` (2^63 is no int64).
Interval operator-(const Interval& a);
Interval operator-(const Interval& a, const Interval& b);
namespace detail {
/// The general interval operations below (any ends), by the sign split of
/// the range lemmas: the inline operations answer the finite,
/// non-overflowing cases themselves and give everything else to these,
/// which compute the same intervals for the inline cases too.
/// `multiply_intervals([-inf, 2], [3, 3]) == [-inf, 6]`.
Interval multiply_intervals(const Interval& a, const Interval& b);
/// `floor_div_intervals([-7, 7], [-2, 2]) == [-7, 7]`.
Interval floor_div_intervals(const Interval& a, const Interval& b);
/// `mod_intervals([0, 100], [-8, 8]) == [-7, 7]`.
Interval mod_intervals(const Interval& a, const Interval& b);
}  // namespace detail

/// Product of intervals (`[-inf, inf] * [0, 0] == [0, 0]`).
inline Interval operator*(const Interval& a, const Interval& b) {
    // Finite, non-empty ends whose four products fit int64: the product is
    // bilinear, so its exact range is spanned by the corner products (what
    // the quadrant split of the general path computes too).
    if (a.is_bounded() && b.is_bounded() && !a.is_empty() && !b.is_empty()) {
        int64_t p0 = 0, p1 = 0, p2 = 0, p3 = 0;
        if (!__builtin_mul_overflow(a.lo(), b.lo(), &p0) &&
            !__builtin_mul_overflow(a.lo(), b.hi(), &p1) &&
            !__builtin_mul_overflow(a.hi(), b.lo(), &p2) &&
            !__builtin_mul_overflow(a.hi(), b.hi(), &p3)) {
            const int64_t lo01 = p0 < p1 ? p0 : p1, lo23 = p2 < p3 ? p2 : p3;
            const int64_t hi01 = p0 < p1 ? p1 : p0, hi23 = p2 < p3 ? p3 : p2;
            return {lo01 < lo23 ? lo01 : lo23, hi01 < hi23 ? hi23 : hi01};
        }
    }
    return detail::multiply_intervals(a, b);
}
Interval operator*(const Interval& a, int64_t b);

/// Range of ⌊a / b⌋ over a ∈ `a`, b ∈ `b`, b ≠ 0. If `b` is only {0} the
/// result is empty. `floor_div([-7, 7], [2, 2]) == [-4, 3]`.
inline Interval floor_div(const Interval& a, const Interval& b) {
    // A finite, non-empty interval over a positive constant c: floor(x / c)
    // is monotone in x, so the ends map to the ends (no overflow for c >= 1).
    if (a.is_bounded() && !a.is_empty() && b.is_point() && b.lo() > 0) {
        const int64_t c = b.lo(), lo = a.lo(), hi = a.hi();
        return {floor_quotient(lo, c), floor_quotient(hi, c)};
    }
    return detail::floor_div_intervals(a, b);
}
Interval floor_div(const Interval& a, int64_t b);
/// Range of ⌈a / b⌉, as floor_div.
Interval ceil_div(const Interval& a, const Interval& b);
Interval ceil_div(const Interval& a, int64_t b);
/// A range containing `a mod b` (sign of b) for b ≠ 0. Exact when `a` lies in
/// one block of a constant divisor: `mod([5, 7], [8, 8]) == [5, 7]`,
/// `mod([0, 100], [8, 8]) == [0, 7]`.
inline Interval mod(const Interval& a, const Interval& b) {
    // A finite, non-empty interval over a positive constant c: inside one
    // block of c, x mod c is x - c * q (range_mod_block), else [0, c - 1]
    // (range_mod_pos, range_mod_pos_upper). x - c * q is x mod c, in
    // [0, c - 1]: no overflow.
    if (a.is_bounded() && !a.is_empty() && b.is_point() && b.lo() > 0) {
        const int64_t c = b.lo(), lo = a.lo(), hi = a.hi();
        if (floor_quotient(lo, c) != floor_quotient(hi, c)) return {0, c - 1};
        const int64_t rlo = floor_remainder(lo, c);
        return {rlo, rlo + (hi - lo)};
    }
    return detail::mod_intervals(a, b);
}
Interval mod(const Interval& a, int64_t b);
/// Range of min / max.
Interval min(const Interval& a, const Interval& b);
Interval max(const Interval& a, const Interval& b);

/// `[lo, hi]`, with infinite ends printed as `-inf` / `inf`.
std::string to_string(const Interval& i);

}  // namespace provix
