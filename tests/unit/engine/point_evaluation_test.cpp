// The point evaluators of the enumeration steps (evaluate_at, excluded_at):
// exact values where every intermediate value fits int64, where one leaves
// int64 (the 128-bit evaluator takes over), and at zero divisors; and, on
// random trees, the same answers as the reference evaluator wherever that
// one has an answer.

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "enumerated_affine.h"
#include "provix/expr.h"
#include "provix/semantics.h"

namespace provix::engine {
namespace {

constexpr int64_t k2to62 = int64_t{1} << 62;

TEST(PointEvaluation, SmallValuesAreExact) {
    Context ctx;
    Expr d0 = ctx.variable(0), d1 = ctx.variable(1);
    const std::array<int64_t, 2> at = {-7, 3};
    EXPECT_EQ(evaluate_at(floor_div(d0, 2), at.data()), -4);
    EXPECT_EQ(evaluate_at(ceil_div(d0, d1), at.data()), -2);
    EXPECT_EQ(evaluate_at(mod(d0, d1), at.data()), 2);
    EXPECT_EQ(evaluate_at(mod(d0, d1 * -1), at.data()), -1);
    EXPECT_EQ(evaluate_at(min(d0 * 2, d1) + max(d0, d1 * 5), at.data()), 1);
}

TEST(PointEvaluation, AnIntermediateValueBeyondInt64StaysExact) {
    Context ctx;
    Expr d0 = ctx.variable(0);
    const std::array<int64_t, 1> two = {2};
    // d0 * 2^62 is 2^63 at d0 = 2: beyond int64, the quotient is not.
    EXPECT_EQ(evaluate_at(floor_div(d0 * k2to62, 3), two.data()), 3074457345618258602);
    EXPECT_EQ(evaluate_at(mod(d0 * k2to62, 7), two.data()),
              1);  // 2^63 = 7 * 1317624576693539401 + 1
    // The value itself beyond int64: no int64 answer, but the constraint
    // `d0 * 2^62 in [0, 10]` is false there.
    EXPECT_EQ(evaluate_at(d0 * k2to62, two.data()), std::nullopt);
    EXPECT_TRUE(excluded_at(d0 * k2to62, Interval(0, 10), two.data()));
    EXPECT_FALSE(excluded_at(d0 * k2to62, Interval::at_least(0), two.data()));
}

TEST(PointEvaluation, TheMinimumOverMinusOne) {
    Context ctx;
    Expr d0 = ctx.variable(0), d1 = ctx.variable(1);
    const std::array<int64_t, 2> at = {kInt64Min, -1};
    EXPECT_EQ(evaluate_at(floor_div(d0, d1), at.data()), std::nullopt);  // 2^63
    EXPECT_EQ(evaluate_at(floor_div(d0, d1) - 1, at.data()), kInt64Max);
    EXPECT_EQ(evaluate_at(mod(d0, d1), at.data()), 0);
}

TEST(PointEvaluation, AZeroDivisorDecidesNothing) {
    Context ctx;
    Expr d0 = ctx.variable(0), d1 = ctx.variable(1);
    const std::array<int64_t, 2> at = {5, 0};
    EXPECT_EQ(evaluate_at(floor_div(d0, d1), at.data()), std::nullopt);
    EXPECT_EQ(evaluate_at(d0 + mod(d0, d1), at.data()), std::nullopt);
    EXPECT_FALSE(excluded_at(floor_div(d0, d1), Interval(100, 200), at.data()));
    // After a value beyond int64 (the 128-bit evaluator's case) as well.
    EXPECT_FALSE(excluded_at(d0 * k2to62 + floor_div(d0, d1), Interval(0, 1), at.data()));
    EXPECT_TRUE(excluded_at(d0 + 1, Interval(0, 1), at.data()));
}

/// A random tree over d0, d1 of about `depth` levels, with constants small
/// and large (so that some values leave int64).
Expr random_tree(Context& ctx, std::mt19937_64& rng, int depth) {
    std::uniform_int_distribution<int> pick(0, 9);
    const int k = depth <= 0 ? pick(rng) % 3 : pick(rng);
    if (k == 0) return ctx.variable(static_cast<int64_t>(rng() % 2));
    if (k == 1 || k == 2) {
        static const std::array<int64_t, 8> kConstants = {0,  1,      -1,        3,
                                                          -7, k2to62, kInt64Max, kInt64Min};
        return ctx.constant(kConstants[rng() % kConstants.size()]);
    }
    Expr a = random_tree(ctx, rng, depth - 1), b = random_tree(ctx, rng, depth - 1);
    switch (k) {
        case 3:
            return a + b;
        case 4:
            return a * b;
        case 5:
            return floor_div(a, b);
        case 6:
            return ceil_div(a, b);
        case 7:
            return mod(a, b);
        case 8:
            return min(a, b);
        default:
            return max(a, b);
    }
}

TEST(PointEvaluation, AgreesWithTheReferenceEvaluator) {
    Context ctx;
    std::mt19937_64 rng(20261202);
    const std::array<int64_t, 6> kValues = {0, 2, -3, 1000, kInt64Max, kInt64Min};
    int exact = 0, undefined = 0;
    for (int i = 0; i < 4000; ++i) {
        Expr e = random_tree(ctx, rng, 4);
        const std::array<int64_t, 2> at = {kValues[rng() % kValues.size()],
                                           kValues[rng() % kValues.size()]};
        const Result<int64_t> ref = evaluate(e, std::vector<int64_t>(at.begin(), at.end()));
        const std::optional<int64_t> v = evaluate_at(e, at.data());
        if (ref) {
            ASSERT_EQ(v, *ref) << to_string(e) << " at " << at[0] << ", " << at[1];
            ASSERT_FALSE(excluded_at(e, Interval::point(*ref), at.data())) << to_string(e);
            ++exact;
        } else if (ref.error().kind == Error::Kind::DivisionByZero) {
            // The reference stops at the first zero divisor, every value
            // before it in int64: evaluate_at meets the same one.
            ASSERT_EQ(v, std::nullopt) << to_string(e);
            ++undefined;
        }
    }
    EXPECT_GT(exact, 1000);
    EXPECT_GT(undefined, 100);
}

}  // namespace
}  // namespace provix::engine
