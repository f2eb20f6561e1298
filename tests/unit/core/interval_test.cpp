#include "provix/interval.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <vector>

#include "provix/interval_eval.h"
#include "provix/semantics.h"

namespace provix {
namespace {

TEST(Interval, ArithmeticOnFiniteBounds) {
    EXPECT_EQ((Interval{0, 9} + Interval{1, 1}), (Interval{1, 10}));
    EXPECT_EQ((Interval{-3, 4} * 2), (Interval{-6, 8}));
    EXPECT_EQ((Interval{-3, 4} * -2), (Interval{-8, 6}));
    EXPECT_EQ((Interval{-3, 4} * Interval{-1, 2}), (Interval{-6, 8}));
    EXPECT_EQ(-(Interval{1, 5}), (Interval{-5, -1}));
}

TEST(Interval, InfinityIsItsOwnState) {
    // The int64 limits are finite numbers; infinity is a separate state.
    EXPECT_FALSE(Interval::point(kInt64Max).hi_is_inf());
    EXPECT_FALSE(Interval::point(kInt64Min).lo_is_inf());
    EXPECT_NE((Interval{0, kInt64Max}), Interval::at_least(0));
    EXPECT_NE((Interval{kInt64Min, 0}), Interval::at_most(0));
    EXPECT_TRUE(Interval::at_least(0).hi_is_inf());
    EXPECT_FALSE(Interval::at_least(0).lo_is_inf());
    EXPECT_TRUE((Interval{0, kInt64Max}).contains(Interval::point(kInt64Max)));
    EXPECT_FALSE((Interval{0, kInt64Max}).contains(Interval::at_least(0)));
    EXPECT_TRUE(Interval::at_least(0).contains(Interval{0, kInt64Max}));
    EXPECT_EQ(to_string(Interval{kInt64Min, 3}), "[-9223372036854775808, 3]");
    EXPECT_EQ(to_string(Interval::at_most(3)), "[-inf, 3]");
    EXPECT_EQ(to_string(Interval::at_least(-2)), "[-2, inf]");
    EXPECT_EQ(to_string(Interval::all()), "[-inf, inf]");
}

TEST(Interval, InfiniteEndsStayInfinite) {
    EXPECT_EQ((Interval::at_least(0) + 1), Interval::at_least(1));
    EXPECT_EQ((Interval::at_most(0) + 5), Interval::at_most(5));
    EXPECT_EQ((Interval::at_least(0) * -1), Interval::at_most(0));
    EXPECT_EQ((Interval::all() * 0), Interval::point(0));
    EXPECT_EQ((Interval::at_least(3) * Interval::point(0)), Interval::point(0));
    EXPECT_EQ((Interval::at_least(1) * Interval{2, 3}), Interval::at_least(2));
    EXPECT_EQ((Interval::at_least(1) * Interval{-3, -2}), Interval::at_most(-2));
}

TEST(Interval, EndsBeyondInt64WidenOutward) {
    // 2^63 + 4 is no int64: the upper end becomes +inf; the lower end stays
    // the finite 2^63 - 1, below every value.
    EXPECT_EQ((Interval{kInt64Max - 1, kInt64Max - 1} + 5), Interval::at_least(kInt64Max));
    EXPECT_EQ((Interval{kInt64Min + 1, 0} * Interval{2, 2}), Interval::at_most(0));
    EXPECT_EQ(-Interval::point(kInt64Min), Interval::at_least(kInt64Max));
    // Ends that land exactly on the limits are exact.
    EXPECT_EQ((Interval{-1, 0} + Interval::point(kInt64Max)), (Interval{kInt64Max - 1, kInt64Max}));
    EXPECT_EQ((Interval::point(kInt64Max) * -1), Interval::point(-kInt64Max));
    EXPECT_EQ((Interval{kInt64Min + 1, 0} + -1), (Interval{kInt64Min, -1}));
    EXPECT_EQ((Interval{5, 7} + Interval::point(kInt64Min + 1)),
              (Interval{kInt64Min + 6, kInt64Min + 8}));
}

TEST(Interval, FloorDivByConstants) {
    EXPECT_EQ(floor_div(Interval{-7, 7}, 2), (Interval{-4, 3}));
    EXPECT_EQ(floor_div(Interval{-7, 7}, -2), (Interval{-4, 3}));
    EXPECT_EQ(floor_div(Interval{40, 95}, 8), (Interval{5, 11}));
    EXPECT_EQ(floor_div(Interval::at_least(0), 8), Interval::at_least(0));
    EXPECT_EQ(floor_div(Interval{0, kInt64Max}, 8), (Interval{0, kInt64Max / 8}));
    EXPECT_EQ(floor_div(Interval{kInt64Min, 0}, -1), Interval::at_least(0));
    EXPECT_EQ(ceil_div(Interval{-7, 7}, 2), (Interval{-3, 4}));
    EXPECT_EQ(ceil_div(Interval{1, 16}, 4), (Interval{1, 4}));
}

TEST(Interval, FloorDivByIntervalsExcludesZero) {
    EXPECT_EQ(floor_div(Interval{10, 20}, Interval{0, 5}), (Interval{2, 20}));
    EXPECT_EQ(floor_div(Interval{10, 20}, Interval{-2, 2}), (Interval{-20, 20}));
    EXPECT_TRUE(floor_div(Interval{10, 20}, Interval{0, 0}).is_empty());
    EXPECT_EQ(floor_div(Interval{-5, 5}, Interval::at_least(1)), (Interval{-5, 5}));
    EXPECT_EQ(floor_div(Interval{1, 5}, Interval::at_least(1)), (Interval{0, 5}));
    EXPECT_EQ(floor_div(Interval{-5, -1}, Interval::at_least(1)), (Interval{-5, -1}));
}

TEST(Interval, ModIsExactInsideOneBlock) {
    EXPECT_EQ(mod(Interval{5, 7}, 8), (Interval{5, 7}));
    EXPECT_EQ(mod(Interval{9, 12}, 8), (Interval{1, 4}));
    EXPECT_EQ(mod(Interval{0, 100}, 8), (Interval{0, 7}));
    EXPECT_EQ(mod(Interval{-3, -1}, 8), (Interval{5, 7}));
    EXPECT_EQ(mod(Interval{0, 100}, -8), (Interval{-7, 0}));
    EXPECT_EQ(mod(Interval{0, 3}, Interval{5, 10}), (Interval{0, 3}));
    EXPECT_EQ(mod(Interval{-2, 0}, kInt64Max),
              (Interval{kInt64Max - 2, kInt64Max - 1}).hull({0, 0}));
}

TEST(Interval, IntersectHullAndSize) {
    EXPECT_EQ((Interval{0, 5}.intersect({3, 9})), (Interval{3, 5}));
    EXPECT_TRUE((Interval{0, 1}.intersect({3, 9})).is_empty());
    EXPECT_EQ((Interval{0, 1}.hull({5, 6})), (Interval{0, 6}));
    EXPECT_EQ(Interval::at_least(3).intersect(Interval::at_most(5)), (Interval{3, 5}));
    EXPECT_EQ(Interval::at_least(3).hull(Interval{0, 1}), Interval::at_least(0));
    EXPECT_EQ((Interval{0, 9}.size()), 10);
    EXPECT_EQ(Interval::all().size(), kInt64Max);
}

/// An interval of small ends, sometimes with an infinite end.
Interval gen_small_interval() {
    int64_t a = *rc::gen::inRange<int64_t>(-30, 31);
    int64_t b = *rc::gen::inRange<int64_t>(-30, 31);
    Interval r{std::min(a, b), std::max(a, b)};
    switch (*rc::gen::inRange(0, 8)) {
        case 0:
            return Interval::at_least(r.lo());
        case 1:
            return Interval::at_most(r.hi());
        default:
            return r;
    }
}

/// A value inside `i` (near the finite end when an end is infinite).
int64_t gen_inside(const Interval& i) {
    int64_t lo = i.lo_is_inf() ? (i.hi_is_inf() ? -40 : i.hi() - 40) : i.lo();
    int64_t hi = i.hi_is_inf() ? lo + 40 : i.hi();
    return *rc::gen::inRange<int64_t>(lo, hi + 1);
}

/// True if the mathematical value `v` lies in `i`.
bool holds(const Interval& i, __int128 v) {
    return (i.lo_is_inf() || i.lo() <= v) && (i.hi_is_inf() || v <= i.hi());
}

// Every operation over-approximates: for random intervals (some half
// unbounded) and points inside them, the pointwise result lies in the
// interval result.
RC_GTEST_PROP(Interval, OperationsContainPointwiseResults, ()) {
    Interval x = gen_small_interval(), y = gen_small_interval();
    int64_t a = gen_inside(x), b = gen_inside(y);
    RC_ASSERT((x + y).contains(a + b));
    RC_ASSERT((x - y).contains(a - b));
    RC_ASSERT((x * y).contains(a * b));
    RC_ASSERT(min(x, y).contains(std::min(a, b)));
    RC_ASSERT(max(x, y).contains(std::max(a, b)));
    if (b != 0) {
        RC_ASSERT(floor_div(x, y).contains(*floor_div(a, b)));
        RC_ASSERT(ceil_div(x, y).contains(*ceil_div(a, b)));
        RC_ASSERT(mod(x, y).contains(*floor_mod(a, b)));
    }
}

// Near the int64 limits the mathematical results may leave int64: the
// interval must still contain them (an end widens, never wraps).
RC_GTEST_PROP(Interval, ResultsBeyondInt64AreContained, ()) {
    static const std::vector<int64_t> kEnds = {kInt64Min, kInt64Min + 1, -3,       0,
                                               2,         kInt64Max - 1, kInt64Max};
    auto gen = [] {
        int64_t a = *rc::gen::elementOf(kEnds), b = *rc::gen::elementOf(kEnds);
        return Interval{std::min(a, b), std::max(a, b)};
    };
    Interval x = gen(), y = gen();
    int64_t a = *rc::gen::elementOf(std::vector<int64_t>{x.lo(), x.hi()});
    int64_t b = *rc::gen::elementOf(std::vector<int64_t>{y.lo(), y.hi()});
    __int128 A = a, B = b;
    RC_ASSERT(holds(x + y, A + B));
    RC_ASSERT(holds(x - y, A - B));
    RC_ASSERT(holds(x * y, A * B));
    RC_ASSERT(holds(-x, -A));
    if (b != 0) {
        __int128 q = A / B;
        if (A % B != 0 && ((A % B < 0) != (B < 0))) --q;
        RC_ASSERT(holds(floor_div(x, y), q));
        RC_ASSERT(holds(mod(x, y), A - B * q));
    }
}

// The product, floor_div and mod answer finite intervals over constants
// (and finite products that fit int64) inline; the general functions give
// the same intervals, on small ends, ends near the int64 limits, empty and
// half-infinite intervals.
RC_GTEST_PROP(Interval, InlineOperationsEqualTheGeneralOnes, ()) {
    static const std::vector<int64_t> kEnds = {kInt64Min, kInt64Min + 1, -9,       -8, -1, 0, 1, 7,
                                               8,         kInt64Max - 1, kInt64Max};
    auto gen = [] {
        int64_t a = *rc::gen::oneOf(rc::gen::elementOf(kEnds), rc::gen::inRange<int64_t>(-40, 41));
        int64_t b = *rc::gen::oneOf(rc::gen::elementOf(kEnds), rc::gen::inRange<int64_t>(-40, 41));
        switch (*rc::gen::inRange(0, 10)) {
            case 0:
                return Interval::at_least(a);
            case 1:
                return Interval::at_most(a);
            case 2:
                return Interval{std::max(a, b), std::min(a, b)};  // empty unless equal
            case 3:
                return Interval::point(a);
            default:
                return Interval{std::min(a, b), std::max(a, b)};
        }
    };
    const Interval x = gen(), y = gen();
    RC_ASSERT(x * y == detail::multiply_intervals(x, y));
    RC_ASSERT(floor_div(x, y) == detail::floor_div_intervals(x, y));
    RC_ASSERT(mod(x, y) == detail::mod_intervals(x, y));
}

// The general product and floor_div answer a constant right operand c
// without the sign split: the product equals the sign split's (the
// operands swapped, which takes it), and floor_div by c > 0 divides the
// ends (an infinite end stays infinite), on small ends, ends near the int64
// limits and half-infinite intervals.
RC_GTEST_PROP(Interval, ConstantOperandsMatchTheSignSplit, ()) {
    static const std::vector<int64_t> kEnds = {kInt64Min, kInt64Min + 1, -9,       -8, -1, 0, 1, 7,
                                               8,         kInt64Max - 1, kInt64Max};
    const auto gen_end = [] {
        return *rc::gen::oneOf(rc::gen::elementOf(kEnds), rc::gen::inRange<int64_t>(-40, 41));
    };
    const int64_t a = gen_end(), b = gen_end(), c = gen_end();
    Interval x{std::min(a, b), std::max(a, b)};
    switch (*rc::gen::inRange(0, 4)) {
        case 0:
            x = Interval::at_least(a);
            break;
        case 1:
            x = Interval::at_most(a);
            break;
        case 2:
            x = Interval::all();
            break;
        default:
            break;
    }
    if (!x.is_point())
        RC_ASSERT(detail::multiply_intervals(x, Interval::point(c)) ==
                  detail::multiply_intervals(Interval::point(c), x));
    if (c > 0) {
        const auto floor_end = [c](int64_t v) {
            int64_t q = v / c;
            if (v % c != 0 && v < 0) --q;
            return q;
        };
        std::optional<int64_t> lo, hi;
        if (!x.lo_is_inf()) lo = floor_end(x.lo());
        if (!x.hi_is_inf()) hi = floor_end(x.hi());
        RC_ASSERT(detail::floor_div_intervals(x, Interval::point(c)) ==
                  Interval::bounded_by(lo, hi));
    }
}

// floor_div and mod by a positive constant are exact on small finite
// intervals: the interval is the hull of the pointwise values.
RC_GTEST_PROP(Interval, DivisionByPositiveConstantsIsExact, ()) {
    const int64_t a = *rc::gen::inRange<int64_t>(-50, 51);
    const int64_t b = *rc::gen::inRange<int64_t>(a, 51);
    const int64_t c = *rc::gen::inRange<int64_t>(1, 13);
    int64_t q_lo = kInt64Max, q_hi = kInt64Min, r_lo = kInt64Max, r_hi = kInt64Min;
    for (int64_t v = a; v <= b; ++v) {
        q_lo = std::min(q_lo, *floor_div(v, c));
        q_hi = std::max(q_hi, *floor_div(v, c));
        r_lo = std::min(r_lo, *floor_mod(v, c));
        r_hi = std::max(r_hi, *floor_mod(v, c));
    }
    RC_ASSERT(floor_div(Interval{a, b}, c) == (Interval{q_lo, q_hi}));
    if (q_lo == q_hi)
        RC_ASSERT(mod(Interval{a, b}, c) == (Interval{r_lo, r_hi}));
    else
        RC_ASSERT(mod(Interval{a, b}, c) == (Interval{0, c - 1}));
}

TEST(IntervalOf, UsesVariableBounds) {
    Context ctx;
    Expr d0 = ctx.variable(0);
    EXPECT_EQ(interval_of(floor_div(d0, 4) + 1, {{0, 9}}), (Interval{1, 3}));
    EXPECT_EQ(interval_of(mod(d0, 4), {{0, 9}}), (Interval{0, 3}));
    EXPECT_EQ(interval_of(d0 * -3 + 2, {{0, 9}}), (Interval{-25, 2}));
    EXPECT_EQ(interval_of(d0, {}), Interval::all());
}

}  // namespace
}  // namespace provix
