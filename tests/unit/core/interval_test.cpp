#include "provix/interval.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

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

TEST(Interval, InfinitiesSaturate) {
    EXPECT_EQ((Interval{0, kInt64Max} + 1), (Interval{1, kInt64Max}));
    EXPECT_EQ((Interval{kInt64Min, 0} + 5), (Interval{kInt64Min, 5}));
    EXPECT_EQ((Interval{kInt64Max - 1, kInt64Max - 1} + 5).hi, kInt64Max);
    EXPECT_EQ((Interval{0, kInt64Max} * -1), (Interval{kInt64Min, 0}));
    EXPECT_EQ((Interval::all() * 0), Interval::point(0));
    EXPECT_EQ((Interval{kInt64Min + 1, 0} * Interval{2, 2}).lo, kInt64Min);
}

TEST(Interval, TheConstantInt64MaxIsNotInfinite) {
    // [-1, 0] + 2^63-1: the lower end is the value 2^63-2, not +inf.
    EXPECT_EQ((Interval{-1, 0} + Interval::point(kInt64Max)), (Interval{kInt64Max - 1, kInt64Max}));
    // An upper bound 2^63-1 reads as +inf, so negation widens (soundly) to
    // -inf below; the upper end stays exact.
    EXPECT_EQ((Interval::point(kInt64Max) * -1), (Interval{kInt64Min, -kInt64Max}));
    EXPECT_EQ(-Interval::point(kInt64Max), (Interval{kInt64Min, -kInt64Max}));
    EXPECT_EQ((Interval{5, 7} + Interval::point(kInt64Min + 1)), (Interval{kInt64Min + 6, kInt64Min + 8}));
}

TEST(Interval, FloorDivByConstants) {
    EXPECT_EQ(floor_div(Interval{-7, 7}, 2), (Interval{-4, 3}));
    EXPECT_EQ(floor_div(Interval{-7, 7}, -2), (Interval{-4, 3}));
    EXPECT_EQ(floor_div(Interval{40, 95}, 8), (Interval{5, 11}));
    EXPECT_EQ(floor_div(Interval{0, kInt64Max}, 8), (Interval{0, kInt64Max}));
    EXPECT_EQ(ceil_div(Interval{-7, 7}, 2), (Interval{-3, 4}));
    EXPECT_EQ(ceil_div(Interval{1, 16}, 4), (Interval{1, 4}));
}

TEST(Interval, FloorDivByIntervalsExcludesZero) {
    EXPECT_EQ(floor_div(Interval{10, 20}, Interval{0, 5}), (Interval{2, 20}));
    EXPECT_EQ(floor_div(Interval{10, 20}, Interval{-2, 2}), (Interval{-20, 20}));
    EXPECT_TRUE(floor_div(Interval{10, 20}, Interval{0, 0}).is_empty());
    EXPECT_EQ(floor_div(Interval{-5, 5}, Interval{1, kInt64Max}), (Interval{-5, 5}));
    EXPECT_EQ(floor_div(Interval{1, 5}, Interval{1, kInt64Max}), (Interval{0, 5}));
    EXPECT_EQ(floor_div(Interval{-5, -1}, Interval{1, kInt64Max}), (Interval{-5, -1}));
}

TEST(Interval, ModIsExactInsideOneBlock) {
    EXPECT_EQ(mod(Interval{5, 7}, 8), (Interval{5, 7}));
    EXPECT_EQ(mod(Interval{9, 12}, 8), (Interval{1, 4}));
    EXPECT_EQ(mod(Interval{0, 100}, 8), (Interval{0, 7}));
    EXPECT_EQ(mod(Interval{-3, -1}, 8), (Interval{5, 7}));
    EXPECT_EQ(mod(Interval{0, 100}, -8), (Interval{-7, 0}));
    EXPECT_EQ(mod(Interval{0, 3}, Interval{5, 10}), (Interval{0, 3}));
}

TEST(Interval, IntersectHullAndSize) {
    EXPECT_EQ((Interval{0, 5}.intersect({3, 9})), (Interval{3, 5}));
    EXPECT_TRUE((Interval{0, 1}.intersect({3, 9})).is_empty());
    EXPECT_EQ((Interval{0, 1}.hull({5, 6})), (Interval{0, 6}));
    EXPECT_EQ((Interval{0, 9}.size()), 10);
    EXPECT_EQ(Interval::all().size(), kInt64Max);
    EXPECT_EQ(to_string(Interval{kInt64Min, 3}), "[-inf, 3]");
}

// Every operation over-approximates: for random small intervals and points
// inside them, the pointwise result lies in the interval result.
RC_GTEST_PROP(Interval, OperationsContainPointwiseResults, ()) {
    auto gen_interval = [] {
        int64_t a = *rc::gen::inRange<int64_t>(-30, 31);
        int64_t b = *rc::gen::inRange<int64_t>(-30, 31);
        return Interval{std::min(a, b), std::max(a, b)};
    };
    Interval x = gen_interval(), y = gen_interval();
    int64_t a = *rc::gen::inRange<int64_t>(x.lo, x.hi + 1);
    int64_t b = *rc::gen::inRange<int64_t>(y.lo, y.hi + 1);
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
