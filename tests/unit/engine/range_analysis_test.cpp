// RangeAnalysis: the ranges of constants and variables (asked directly, or
// as operands of the nodes whose ranges are computed), with the ranges
// constraints give their expressions, and the divisors of the constraints
// (non-zero on the domain); an analysis taking a map's new bounds forgets
// the ranges over the old ones; whether a range is one point, answered
// without the range where a term spans two values.

#include "range_analysis.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "provix/expr.h"
#include "provix/parser.h"
#include "provix/semantics.h"
#include "support/box_points.h"

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
    // d0 * 2 + d1 is 1 times d1 + 1 plus d0 * 2 - 1: [0, 4] + [3, 5].
    EXPECT_EQ(ranges.range(d0 * 2 + d1), Interval(4, 9));
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

/// True if `e` evaluates inside `r` at every point of the box `bounds`
/// (variables 0, 1, ...) that meets the constraints, and some point does.
bool contains_on_box(const std::vector<Interval>& bounds,
                     const std::vector<Constraint>& constraints, Expr e, Interval r) {
    std::vector<int64_t> p = testing_support::first_point(bounds);
    bool any = false;
    do {
        if (!testing_support::meets_constraints(constraints, p)) continue;
        const Result<int64_t> v = evaluate(e, p);
        if (!v.ok() || !r.contains(v.value())) return false;
        any = true;
    } while (testing_support::next_point(p, bounds));
    return any;
}

TEST(RangeAnalysis, ASumHoldingAMultipleOfAConstrainedSumTakesItsRange) {
    // d0 + d1 * 3 in [2, 6] with d0, d1 in [0, 20]: the terms alone give
    // d0 + d1 * 3 + 4 the range [4, 84]; as 1 times the constrained sum plus
    // 4 it is in [6, 10]. -d0 - d1 * 3 + d2 is -1 times it plus d2, and
    // d0 * 2 + d1 * 6 - 5 twice it minus 5.
    Context ctx;
    const Expr d0 = ctx.variable(0), d1 = ctx.variable(1), d2 = ctx.variable(2);
    const std::vector<Interval> bounds = {Interval(0, 20), Interval(0, 20), Interval(-3, 2)};
    const std::vector<Constraint> constraints = {{d0 + d1 * 3, Interval(2, 6)}};
    RangeAnalysis ranges(bounds, constraints);
    const Expr shifted = d0 + d1 * 3 + 4, negated = d0 * -1 + d1 * -3 + d2,
               doubled = d0 * 2 + d1 * 6 - 5;
    EXPECT_EQ(ranges.range(shifted), Interval(6, 10));
    EXPECT_EQ(ranges.range(negated), Interval(-9, 0));
    EXPECT_EQ(ranges.range(doubled), Interval(-1, 7));
    EXPECT_EQ(ranges.range(floor_div(shifted, 16)), Interval::point(0));
    for (Expr e : {shifted, negated, doubled})
        EXPECT_TRUE(contains_on_box(bounds, constraints, e, ranges.range(e))) << e;
    // is_point agrees: d0 + d1 * 3 in [5, 5] makes d0 + d1 * 3 + 4 the point 9.
    RangeAnalysis fixed(bounds, {{d0 + d1 * 3, Interval::point(5)}});
    EXPECT_TRUE(fixed.is_point(shifted));
    EXPECT_EQ(fixed.range(shifted), Interval::point(9));
}

TEST(RangeAnalysis, NoCommonMultipleOrAMissingTermGivesTheTermsRange) {
    // With d0 + d1 * 3 in [2, 6]: d0 * 2 + d1 * 3 holds no one multiple of
    // it (2 and 1 differ) and d0 + d2 lacks d1, so each keeps the range its
    // terms give.
    Context ctx;
    const Expr d0 = ctx.variable(0), d1 = ctx.variable(1), d2 = ctx.variable(2);
    const std::vector<Interval> bounds = {Interval(0, 20), Interval(0, 20), Interval(-3, 2)};
    RangeAnalysis ranges(bounds, {{d0 + d1 * 3, Interval(2, 6)}});
    EXPECT_EQ(ranges.range(d0 * 2 + d1 * 3), Interval(0, 100));
    EXPECT_EQ(ranges.range(d0 + d2), Interval(-3, 22));
    // d0 * 2 + d1 * 6 is twice d0 + d1 * 3 + c less 2 * c, beyond int64 for
    // c = 2^63 - 101: no claim (its exact range would be [4, 12]).
    const int64_t c = kInt64Max - 100;
    RangeAnalysis wide(bounds, {{d0 + d1 * 3 + c, Interval(c + 2, c + 6)}});
    EXPECT_EQ(wide.range(d0 * 2 + d1 * 6), Interval(0, 160));
}

TEST(RangeAnalysis, TheCongruencesAnalysisIsTheOneOfTheConstraints) {
    // simplify hands the rewriter this analysis in place of one of its own
    // over the same constraints: it must exist exactly when a constraint is
    // a congruence, and know what that one knows.
    Context ctx;
    const Expr d0 = ctx.variable(0), d1 = ctx.variable(1);
    const std::vector<Interval> bounds = {Interval(0, 99), Interval(0, 99)};
    const std::vector<Constraint> congruences = {{d0 + d1, Interval(0, 150)},
                                                 {mod(d0 * 2 + d1, 8), Interval::point(5)},
                                                 {mod(d0, 3), Interval::point(2)}};
    RangeAnalysis ranges(bounds, congruences);
    ASSERT_NE(ranges.congruences(), nullptr);
    DivisibilityAnalysis own(congruences);
    for (const Expr e : {d0, d1, d0 * 2 + d1, d0 * 6 + 4, d1 * 3 + d0 * 2}) {
        const ModRem shared = ranges.congruences()->of(e), fresh = own.of(e);
        EXPECT_EQ(shared.modulus, fresh.modulus);
        EXPECT_EQ(shared.remainder, fresh.remainder);
    }
    EXPECT_EQ(ranges.congruences()->of(d0).modulus, 3);
    EXPECT_EQ(ranges.congruences()->of(d1).modulus, 2);  // d1 odd: 2 * d0 + d1 is
    // No congruence (a range of several values, a divisor that is no
    // constant): no analysis, and one of the constraints would know nothing.
    const std::vector<Constraint> others = {{mod(d0, 4), Interval(1, 2)},
                                            {mod(d0, d1 + 1), Interval::point(0)},
                                            {d0 * 2, Interval::point(6)}};
    RangeAnalysis without(bounds, others);
    EXPECT_EQ(without.congruences(), nullptr);
    DivisibilityAnalysis nothing(others);
    EXPECT_EQ(nothing.of(d0).modulus, 1);
    EXPECT_EQ(nothing.of(d1).modulus, 1);
    EXPECT_EQ(RangeAnalysis(bounds).congruences(), nullptr);
    // An equality on a sum is one: d0 * 3 + d1 * 6 == 9 makes d0 odd.
    const std::vector<Constraint> equality = {{d0 * 3 + d1 * 6, Interval::point(9)}};
    RangeAnalysis with_equality(bounds, equality);
    ASSERT_NE(with_equality.congruences(), nullptr);
    EXPECT_EQ(with_equality.congruences()->of(d0).modulus, 2);
    EXPECT_EQ(with_equality.congruences()->of(d0).remainder, 1);
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
    EXPECT_TRUE(ranges.has_bounds(map.bounds_by_id()));
}

TEST(RangeAnalysis, ACopyKeepsTheBoundsItWasBuiltWithABorrowedOneReadsTheMaps) {
    Context ctx;
    auto m = parse_indexing_map(ctx,
                                "(d0, d1)[s0] -> (d0 floordiv 2 + d1 + s0), domain: d0 in [0, 9], "
                                "d1 in [0, 1], s0 in [2, 4], d0 + s0 in [0, 12]");
    ASSERT_TRUE(m.ok());
    IndexingMap map = *m;
    const Expr e = map.results()[0];
    RangeAnalysis copied(map, RangeAnalysis::Domain::BoundsAndConstraints);
    {
        // Read in place: the same answers as the copy while the map stays.
        RangeAnalysis borrowed(map, RangeAnalysis::Domain::BoundsAndConstraints,
                               RangeAnalysis::Held::Borrowed);
        EXPECT_TRUE(borrowed.has_bounds(map.bounds_by_id()));
        EXPECT_EQ(borrowed.range(e), copied.range(e));
        EXPECT_EQ(borrowed.range(e), Interval(2, 9));
        EXPECT_EQ(borrowed.range(ctx.variable(2)), Interval(2, 4));
        EXPECT_EQ(borrowed.range(ctx.variable(3)), Interval::all());  // no such variable
        EXPECT_FALSE(borrowed.is_point(ctx.variable(1) * 4 + ctx.variable(2)));
    }
    map.set_variable_bounds(2, Interval(3, 3));
    EXPECT_FALSE(copied.has_bounds(map.bounds_by_id()));
    EXPECT_EQ(copied.range(ctx.variable(2)), Interval(2, 4));  // its own copy
    RangeAnalysis borrowed(map, RangeAnalysis::Domain::Bounds, RangeAnalysis::Held::Borrowed);
    EXPECT_EQ(borrowed.range(ctx.variable(2)), Interval::point(3));
    EXPECT_TRUE(borrowed.is_point(ctx.variable(2) * 4));
}

TEST(RangeAnalysis, IsPointWithoutTheRangeOfASumWithAWideTerm) {
    Context ctx;
    const Expr d0 = ctx.variable(0), d1 = ctx.variable(1), d2 = ctx.variable(2);
    RangeAnalysis ranges({Interval(0, 7), Interval(3, 3), Interval(0, 3)},
                         {Constraint{d0 + d2, Interval(5, 5)}, Constraint{d2 * 2, Interval(4, 4)}});
    EXPECT_FALSE(ranges.is_point(d0 * 4 + floor_div(d2, 8)));  // d0 spans [0, 7]
    EXPECT_TRUE(ranges.is_point(d1 * 4 + floor_div(d0, 8)));   // d1 is 3, d0 floordiv 8 is 0
    EXPECT_TRUE(ranges.is_point(d0 + d2));  // wide terms, but a constraint fixes the sum
    EXPECT_TRUE(ranges.is_point(d2 * 2));   // and this product
    EXPECT_TRUE(ranges.is_point(d2 * 2 + d1));
    EXPECT_FALSE(ranges.is_point(floor_div(d0, 4) + d1));  // d0 floordiv 4 spans [0, 1]
    // Ends beyond int64 widen outward, two apart stay apart.
    RangeAnalysis huge({Interval(kInt64Max - 1, kInt64Max), Interval(kInt64Max, kInt64Max)});
    EXPECT_FALSE(huge.is_point(d0 * 4));
    EXPECT_FALSE(huge.is_point(d0 + d1));
    EXPECT_EQ(huge.range(d1 * 4 + d1), Interval::at_least(kInt64Max));
}

TEST(RangeAnalysis, IsPointOfARemainderOrAQuotientTermWithoutItsRange) {
    Context ctx;
    const Expr d0 = ctx.variable(0), d1 = ctx.variable(1);
    RangeAnalysis ranges({Interval(5, 6), Interval(3, 3)});
    EXPECT_FALSE(ranges.is_point(mod(d0, 4)));       // 1 or 2
    EXPECT_FALSE(ranges.is_point(mod(d0, -4)));      // -3 or -2
    EXPECT_FALSE(ranges.is_point(mod(d0 + d1, 8)));  // across a block: [0, 7]
    EXPECT_TRUE(ranges.is_point(mod(d0, 1)));        // always 0
    EXPECT_TRUE(ranges.is_point(mod(d1, 4)));        // 3
    // A quotient or remainder term that spans two values, found before or not.
    EXPECT_FALSE(ranges.is_point(mod(d0, 4) * 3 + d1));
    EXPECT_FALSE(ranges.is_point(floor_div(d0 * 4, 8) * 2));
    EXPECT_TRUE(ranges.is_point(floor_div(d0, 8) * 2 + d1));  // 6
    // A congruence can fix a remainder whose dividend spans values.
    RangeAnalysis congruent({Interval(0, 15)}, {Constraint{mod(d0, 8), Interval(7, 7)}});
    EXPECT_TRUE(congruent.is_point(mod(d0, 2)));
    EXPECT_TRUE(congruent.is_point(mod(d0, 2) * 3));
    EXPECT_FALSE(congruent.is_point(mod(d0, 16)));  // 7 or 15
}

TEST(RangeAnalysis, IsPointAnswersAsTheRangeDoes) {
    // Random expressions over variables whose bounds are points, small,
    // empty, unbounded or at the ends of int64, with constraints fixing some
    // of their nodes: is_point (with and without the operands' ranges found
    // first) against the range of a fresh analysis.
    Context ctx;
    std::mt19937 rng(20261203);
    const Interval kinds[] = {Interval::point(2),
                              Interval(0, 5),
                              Interval(-3, 3),
                              Interval::empty(),
                              Interval::at_least(0),
                              Interval::all(),
                              Interval(kInt64Max - 2, kInt64Max),
                              Interval(kInt64Min, kInt64Min + 1)};
    auto pick = [&](size_t n) { return static_cast<size_t>(rng() % n); };
    std::vector<Expr> pool;
    int points = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        std::vector<Interval> bounds;
        for (int v = 0; v < 3; ++v)
            bounds.push_back(kinds[pick(std::size(kinds))]);
        pool.assign({ctx.variable(0), ctx.variable(1), ctx.variable(2), ctx.constant(3)});
        for (int step = 0; step < 5; ++step) {
            const Expr a = pool[pick(pool.size())], b = pool[pick(pool.size())];
            const int64_t c = static_cast<int64_t>(pick(9)) - 4;
            switch (pick(9)) {
                case 0:
                    pool.push_back(a + b);
                    break;
                case 1:
                    pool.push_back(a * c + b);
                    break;
                case 2:
                    pool.push_back(a * c);
                    break;
                case 3:
                    pool.push_back(floor_div(a, c == 0 ? 3 : c));
                    break;
                case 4:
                    pool.push_back(mod(a, c == 0 ? 2 : c));
                    break;
                case 5:
                    pool.push_back(min(a, b));
                    break;
                case 6:
                    pool.push_back(ceil_div(a * c + b, c == 0 ? -3 : c * 2));
                    break;
                case 7:
                    pool.push_back(floor_div(a * c + b, c == 0 ? 5 : c * 3));
                    break;
                default:
                    pool.push_back(*ctx.make(ExprKind::Add, {a, a * -1}));
                    break;
            }
        }
        std::vector<Constraint> constraints;
        if (pick(2) == 0) constraints.push_back({pool[pick(pool.size())], Interval::point(1)});
        if (pick(3) == 0) constraints.push_back({pool[pick(pool.size())], Interval(0, 1)});
        RangeAnalysis truth(bounds, constraints), warm(bounds, constraints);
        for (const Expr e : pool) {
            // warm: the operands' ranges found first, as the rewriter's
            // bottom-up walk finds them.
            for (size_t i = 0; i < e.num_operands(); ++i)
                warm.range(e.operand(i));
            const bool point = truth.range(e).is_point();
            points += point;
            RangeAnalysis cold(bounds, constraints);  // nothing found yet
            ASSERT_EQ(cold.is_point(e), point) << to_string(e) << " trial " << trial;
            ASSERT_EQ(warm.is_point(e), point) << to_string(e) << " trial " << trial;
        }
    }
    EXPECT_GT(points, 1000);  // both answers are common
}

}  // namespace
}  // namespace provix::engine
