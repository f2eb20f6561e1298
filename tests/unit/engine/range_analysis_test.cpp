// RangeAnalysis: the ranges of constants and variables (asked directly, or
// as operands of the nodes whose ranges are computed), with the ranges
// constraints give their expressions, and the divisors of the constraints
// (non-zero on the domain); an analysis taking a map's new bounds forgets
// the ranges over the old ones.

#include "range_analysis.h"

#include <gtest/gtest.h>

#include <vector>

#include "provix/expr.h"
#include "provix/parser.h"

namespace provix::engine {
namespace {

TEST(RangeAnalysis, ConstantsAndVariablesFromTheBounds) {
    Context ctx;
    const Expr d0 = ctx.variable(0), d1 = ctx.variable(1), d5 = ctx.variable(5);
    RangeAnalysis ranges({Interval(0, 9), Interval(-2, 3)});
    EXPECT_EQ(ranges.range(ctx.constant(-7)), Interval::point(-7));
    EXPECT_EQ(ranges.range(d0), Interval(0, 9));
    EXPECT_EQ(ranges.range(d5), Interval::all());  // no bounds given: any value
    // As operands: constants, variables and inner nodes.
    EXPECT_EQ(ranges.range(d0 + d1 * 2 + 1), Interval(-3, 16));
    EXPECT_EQ(ranges.range(floor_div(d0, 4)), Interval(0, 2));
    EXPECT_EQ(ranges.range(mod(d0 + 3, 8)), Interval(0, 7));
    EXPECT_EQ(ranges.range(d1 * d1), Interval(0, 9));  // a square
    EXPECT_EQ(ranges.range(d0 + d5), Interval::all());
}

TEST(RangeAnalysis, AConstraintOnAVariableNarrowsItAsAnOperandToo) {
    Context ctx;
    const Expr d0 = ctx.variable(0), d1 = ctx.variable(1);
    RangeAnalysis ranges({Interval(0, 9), Interval(0, 9)},
                         {Constraint{d0, Interval(2, 3)}, Constraint{d1 + 1, Interval(0, 4)}});
    EXPECT_EQ(ranges.range(d0), Interval(2, 3));
    EXPECT_EQ(ranges.range(d0 + 1), Interval(3, 4));
    EXPECT_EQ(ranges.range(d0 * 2 + d1), Interval(4, 15));
    EXPECT_EQ(ranges.range(mod(d0, 8)), Interval(2, 3));
    EXPECT_EQ(ranges.range(d1 + 1), Interval(1, 4));  // the constraint's own node
    EXPECT_EQ(ranges.range(d1), Interval(0, 9));      // not the variable inside it
}

TEST(RangeAnalysis, AVariablesRangeByIdIsItsRangeAsANode) {
    Context ctx;
    // Without constraints: the bounds, and any value beyond them.
    RangeAnalysis bare({Interval(0, 9), Interval(-2, 3)});
    EXPECT_EQ(bare.variable_range(ctx, 1), Interval(-2, 3));
    EXPECT_EQ(bare.variable_range(ctx, 5), Interval::all());
    // A constraint on the variable itself narrows it there too.
    RangeAnalysis narrowed({Interval(0, 9), Interval(0, 9)},
                           {Constraint{ctx.variable(0), Interval(2, 3)}});
    EXPECT_EQ(narrowed.variable_range(ctx, 0), Interval(2, 3));
    EXPECT_EQ(narrowed.variable_range(ctx, 1), Interval(0, 9));
}

TEST(RangeAnalysis, TheConstraintsDivisorsAreNonZero) {
    Context ctx;
    const Expr d0 = ctx.variable(0), d1 = ctx.variable(1);
    const std::vector<Interval> bounds = {Interval(-1, 1), Interval(-1, 1)};
    RangeAnalysis ranges(bounds, {Constraint{mod(d0, d0 * 2), Interval(-9, 9)}});
    EXPECT_TRUE(ranges.is_nonzero(d0 * 2));  // the constraint divides by it
    EXPECT_FALSE(ranges.is_nonzero(d1 * 2));
    EXPECT_TRUE(ranges.is_nonzero(d1 + 2));  // by its range
    EXPECT_FALSE(ranges.may_be_undefined(floor_div(d1, d0 * 2)));
    EXPECT_TRUE(ranges.may_be_undefined(floor_div(d0, d1)));
    ASSERT_EQ(ranges.constraint_divisors().size(), 1u);
    EXPECT_EQ(ranges.constraint_divisors()[0], d0 * 2);
    // Without constraints no divisor is known to be non-zero.
    RangeAnalysis bare(bounds);
    EXPECT_FALSE(bare.is_nonzero(d0 * 2));
    EXPECT_TRUE(bare.constraint_divisors().empty());
}

TEST(RangeAnalysis, UsingTheNewBoundsOfAMapForgetsTheOldRanges) {
    Context ctx;
    auto m = parse_indexing_map(
        ctx, "(d0, d1) -> (d0 floordiv 2 + d1), domain: d0 in [0, 9], d1 in [0, 1]");
    ASSERT_TRUE(m.ok());
    IndexingMap map = *m;
    const Expr e = map.results()[0];
    RangeAnalysis ranges(map, RangeAnalysis::Domain::Bounds);
    EXPECT_EQ(ranges.range(e), Interval(0, 5));
    EXPECT_EQ(ranges.range(ctx.variable(0)), Interval(0, 9));
    map.set_variable_bounds(0, Interval(4, 5));
    EXPECT_EQ(ranges.range(e), Interval(0, 5));  // still the bounds it was built with
    ranges.use_bounds_of(map);
    EXPECT_EQ(ranges.range(e), Interval(2, 3));
    EXPECT_EQ(ranges.range(ctx.variable(0)), Interval(4, 5));
    EXPECT_EQ(ranges.bounds().size(), 2u);
}

}  // namespace
}  // namespace provix::engine
