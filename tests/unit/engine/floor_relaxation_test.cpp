// range_by_floor_relaxation: the range of a sum holding quotients by
// constants, read through their dividends; every end it gives holds at every
// point (checked against evaluation over the whole box), and it makes no
// claim where an end leaves int64 or the sum may be undefined.

#include "floor_relaxation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "provix/expr.h"
#include "range_analysis.h"

namespace provix::engine {
namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

TEST(FloorRelaxationRange, BoundsTheDifferenceOfAVariableAndItsQuotient) {
    Context ctx;
    const Expr s0 = ctx.variable(0);
    // 8 * (s0 ceildiv 8 - s0) is -7 * s0 plus a remainder in [0, 7]: in
    // [-7, 707] for s0 in [-100, 1], so the difference is in [0, 88].
    RangeAnalysis ranges(std::vector<Interval>{Interval(-100, 1)});
    const Expr e = ceil_div(s0, 8) - s0;
    EXPECT_EQ(range_by_floor_relaxation(e, ranges), Interval(0, 88));
    // The interval of the sum alone leaves the sign open.
    EXPECT_EQ(ranges.range(e), Interval(-13, 101));
    // Its exact range is [0, 88] too: the end points are reached.
    int64_t lo = 100, hi = -100;
    for (int64_t v = -100; v <= 1; ++v) {
        const int64_t x = *evaluate(e, {v});
        lo = std::min(lo, x);
        hi = std::max(hi, x);
    }
    EXPECT_EQ(Interval(lo, hi), Interval(0, 88));
}

TEST(FloorRelaxationRange, AnEndBeyondInt64MakesNoClaimTheOtherStays) {
    Context ctx;
    const Expr s0 = ctx.variable(0);
    // -7 * s0 leaves int64 above for s0 near -2^63: only the lower end 0.
    RangeAnalysis ranges(std::vector<Interval>{Interval(kMin, 1)});
    EXPECT_EQ(range_by_floor_relaxation(ceil_div(s0, 8) - s0, ranges), Interval::at_least(0));
    // Unbounded below: the same end.
    RangeAnalysis unbounded(std::vector<Interval>{Interval::at_most(1)});
    EXPECT_EQ(range_by_floor_relaxation(ceil_div(s0, 8) - s0, unbounded), Interval::at_least(0));
}

TEST(FloorRelaxationRange, NoQuotientOrAPossiblyUndefinedSumIsLeftAlone) {
    Context ctx;
    const Expr d0 = ctx.variable(0), d1 = ctx.variable(1);
    RangeAnalysis ranges(std::vector<Interval>{Interval(0, 9), Interval(0, 2)});
    EXPECT_EQ(range_by_floor_relaxation(d0 - d1, ranges), Interval::all());
    // d1 may be 0: the quotient by d1 may be undefined.
    EXPECT_EQ(range_by_floor_relaxation(floor_div(d0, 3) + floor_div(d0, d1), ranges),
              Interval::all());
}

TEST(FloorRelaxationRange, HoldsAtEveryPointOfSmallBoxes) {
    Context ctx;
    const Expr d0 = ctx.variable(0), d1 = ctx.variable(1);
    const std::vector<Expr> sums = {
        floor_div(d0, 3) - d0,
        d0 * 2 - ceil_div(d0 * 5 + d1, 4),
        floor_div(d0 + d1 * 7, 6) - ceil_div(d0 - d1, 4) + d1,
        floor_div(d0 * -3 + 2, 5) * 3 + d0,
    };
    for (const Interval b0 : {Interval(-20, 20), Interval(-7, 3), Interval(0, 31)}) {
        for (const Interval b1 : {Interval(-5, 5), Interval(0, 0), Interval(2, 9)}) {
            RangeAnalysis ranges(std::vector<Interval>{b0, b1});
            for (const Expr& e : sums) {
                const Interval r = range_by_floor_relaxation(e, ranges);
                ASSERT_TRUE(r.is_bounded()) << to_string(e);
                for (int64_t v0 = b0.lo(); v0 <= b0.hi(); ++v0)
                    for (int64_t v1 = b1.lo(); v1 <= b1.hi(); ++v1)
                        ASSERT_TRUE(r.contains(*evaluate(e, {v0, v1})))
                            << to_string(e) << " at " << v0 << ", " << v1;
            }
        }
    }
}

}  // namespace
}  // namespace provix::engine
