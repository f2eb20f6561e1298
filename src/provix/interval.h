#pragma once
/// \file
/// Closed integer intervals with saturating ±infinity arithmetic.
///
/// `kInt64Min` stands for -inf and `kInt64Max` for +inf: a bound that would
/// leave int64 saturates to the infinity on its side, which only ever widens
/// an interval (sound over-approximation).
///
///     Interval{0, 9} + Interval{1, 1}  == Interval{1, 10}
///     Interval{-3, 4} * 2              == Interval{-6, 8}
///     floor_div(Interval{-7, 7}, 2)    == Interval{-4, 3}
///     Interval{0, kInt64Max} + 1       == Interval{1, kInt64Max}   // +inf stays

#include <cstdint>
#include <optional>
#include <string>

#include "provix/semantics.h"

namespace provix {

/// `[lo, hi]`, inclusive. Empty when lo > hi (`Interval::empty()`).
struct Interval {
    int64_t lo = kInt64Min;
    int64_t hi = kInt64Max;

    /// The whole line, `[-inf, +inf]`.
    static Interval all() { return {kInt64Min, kInt64Max}; }
    /// The canonical empty interval `[1, 0]`.
    static Interval empty() { return {1, 0}; }
    /// `[v, v]`.
    static Interval point(int64_t v) { return {v, v}; }

    bool is_empty() const { return lo > hi; }
    bool is_point() const { return lo == hi; }
    bool lo_is_inf() const { return lo == kInt64Min; }
    bool hi_is_inf() const { return hi == kInt64Max; }
    bool is_bounded() const { return !lo_is_inf() && !hi_is_inf(); }
    bool contains(int64_t v) const { return lo <= v && v <= hi; }
    /// True if every element of `o` is in this interval (empty `o`: true).
    bool contains(const Interval& o) const { return o.is_empty() || (lo <= o.lo && o.hi <= hi); }
    /// Number of elements, saturating at kInt64Max; 0 when empty.
    int64_t size() const;

    /// Intersection: `[0, 5].intersect([3, 9]) == [3, 5]`.
    Interval intersect(const Interval& o) const;
    /// Smallest interval holding both: `[0, 1].hull([5, 6]) == [0, 6]`.
    Interval hull(const Interval& o) const;

    bool operator==(const Interval& o) const {
        return (is_empty() && o.is_empty()) || (lo == o.lo && hi == o.hi);
    }
    bool operator!=(const Interval& o) const { return !(*this == o); }
};

/// Saturating sum: an infinite bound stays infinite.
Interval operator+(const Interval& a, const Interval& b);
Interval operator+(const Interval& a, int64_t b);
/// Negation: `-[1, 5] == [-5, -1]`.
Interval operator-(const Interval& a);
Interval operator-(const Interval& a, const Interval& b);
/// Saturating product of intervals.
Interval operator*(const Interval& a, const Interval& b);
Interval operator*(const Interval& a, int64_t b);

/// Range of ⌊a / b⌋ over a ∈ `a`, b ∈ `b`, b ≠ 0. If `b` is only {0} the
/// result is empty. `floor_div([-7, 7], [2, 2]) == [-4, 3]`.
Interval floor_div(const Interval& a, const Interval& b);
Interval floor_div(const Interval& a, int64_t b);
/// Range of ⌈a / b⌉, as floor_div.
Interval ceil_div(const Interval& a, const Interval& b);
Interval ceil_div(const Interval& a, int64_t b);
/// A range containing `a mod b` (sign of b). Exact when `a` lies in one
/// block of a constant divisor: `mod([5, 7], [8, 8]) == [5, 7]`,
/// `mod([0, 100], [8, 8]) == [0, 7]`.
Interval mod(const Interval& a, const Interval& b);
Interval mod(const Interval& a, int64_t b);
/// Range of min / max.
Interval min(const Interval& a, const Interval& b);
Interval max(const Interval& a, const Interval& b);

/// `[lo, hi]`, with infinities printed as `-inf` / `inf`.
std::string to_string(const Interval& i);

}  // namespace provix
