// Emptiness and bounds the domain passes find beyond linear tightening:
// probing a constraint over one variable with few values, the values a mod
// misses when its argument spans two blocks, and min/max decided by a
// constraint on the operands' difference. Each test names the lemma in the
// trace; soundness of the whole is checked by the fuzz campaign.

#include <gtest/gtest.h>

#include <algorithm>

#include "domain_passes.h"
#include "provix/parser.h"
#include "provix/simplify.h"
#include "support/simplified_text.h"

namespace provix {
namespace {

using testing_support::printed;
using testing_support::Simplified;
using testing_support::simplify_text;

TEST(DomainProbe, ParityOfANegatedVariableMovesBothBounds) {
    // -d0 odd: d0 is odd, so 0 and 6 are no points of the domain.
    Simplified s = simplify_text("(d0) -> (d0 * 3), domain: d0 in [0, 6], (-d0) mod 2 in [1, 1]");
    EXPECT_TRUE(s.fired("eval_excluded_lower"));
    EXPECT_TRUE(s.fired("eval_excluded_upper"));
    EXPECT_NE(s.text.find("d0 in [1, 5]"), std::string::npos) << s.text;
}

TEST(DomainProbe, NoValueSatisfyingTheConstraintMakesTheMapEmpty) {
    // rt0 * 5 takes 0, 5 and 10: residues 0, 5 and 2 modulo 8, never 3.
    Simplified s = simplify_text(
        "(d0){rt0} -> (d0 + rt0), domain: d0 in [0, 3], rt0 in [0, 2], (rt0 * 5) mod 8 in [3, 3]");
    EXPECT_EQ(s.text, "KNOWN EMPTY");
    EXPECT_TRUE(s.fired("eval_excluded_lower"));
}

TEST(DomainProbe, ADivisionByZeroExcludesThePoint) {
    // d0 = 1 divides by zero; d0 = 2 gives 2 mod 3 = 2. (A divisor affine in
    // d0, like d0 - 1, is moved off its zero by nonzero_divisor_lower first.)
    Simplified s =
        simplify_text("(d0) -> (d0), domain: d0 in [1, 2], d0 mod (d0 * d0 - 1) in [2, 2]");
    EXPECT_TRUE(s.fired("eval_excluded_lower"));
    EXPECT_NE(s.text.find("d0 in [2, 2]"), std::string::npos) << s.text;
}

TEST(DomainProbe, AnOverflowingEvaluationDecidesNothing) {
    // d0 * 2^62 overflows int64 at every value, yet the constraint holds at
    // d0 = 4 (2^62 is 1 modulo 3): the bounds must not move.
    Context ctx;
    auto m = parse_indexing_map(
        ctx, "(d0) -> (d0), domain: d0 in [2, 4], (d0 * 4611686018427387904) mod 3 in [1, 1]");
    ASSERT_TRUE(m.ok());
    EXPECT_FALSE(engine::tighten_by_probing(*m));
    ASSERT_FALSE(m->is_known_empty());
    EXPECT_EQ(m->variable(0).bounds, (Interval{2, 4}));
}

TEST(DomainProbe, RangesWiderThanTheLimitAreNotProbed) {
    // 0 is excluded, but d0 has 33 values: the probe does not run.
    Context ctx;
    auto m = parse_indexing_map(ctx, "(d0) -> (d0), domain: d0 in [0, 32], (-d0) mod 2 in [1, 1]");
    ASSERT_TRUE(m.ok());
    EXPECT_FALSE(engine::tighten_by_probing(*m));
    auto small =
        parse_indexing_map(ctx, "(d0) -> (d0), domain: d0 in [0, 31], (-d0) mod 2 in [1, 1]");
    ASSERT_TRUE(small.ok());
    EXPECT_TRUE(engine::tighten_by_probing(*small));
    EXPECT_EQ(small->variable(0).bounds, (Interval{1, 31}));
}

TEST(ModWrapGap, ARangeBetweenTheTwoBlocksMakesTheMapEmpty) {
    // -d0 in [-40, 0]: -d0 mod 100 is 0 or in [60, 99].
    Simplified s = simplify_text("(d0) -> (d0), domain: d0 in [0, 40], (-d0) mod 100 in [50, 59]");
    EXPECT_EQ(s.text, "KNOWN EMPTY");
    EXPECT_TRUE(s.fired("mod_wrap_gap"));
    // 60 is reached at d0 = 40: not empty.
    Simplified edge =
        simplify_text("(d0) -> (d0), domain: d0 in [0, 40], (-d0) mod 100 in [50, 60]");
    EXPECT_NE(edge.text, "KNOWN EMPTY");
    EXPECT_FALSE(edge.fired("mod_wrap_gap"));
    // 0 is reached at d0 = 0: not empty either.
    Simplified low = simplify_text("(d0) -> (d0), domain: d0 in [0, 40], (-d0) mod 100 in [0, 59]");
    EXPECT_NE(low.text, "KNOWN EMPTY");
}

TEST(ModWrapGap, ThreeBlocksLeaveNoGap) {
    // -d0 in [-140, 0] spans three blocks of 100: every residue occurs.
    Simplified s = simplify_text("(d0) -> (d0), domain: d0 in [0, 140], (-d0) mod 100 in [50, 59]");
    EXPECT_NE(s.text, "KNOWN EMPTY");
}

TEST(MinMaxByConstraint, ConstraintBoundsTheOperandsDifference) {
    // d0 * 7 + d1 >= 1 excludes d0 = d1 = 0, so d0 * 16 + d1 * 32 >= 16 / 7.
    Simplified s = simplify_text(
        "(d0, d1) -> (max(d0 * 16 + d1 * 32, 3)), domain: d0 in [0, 1], d1 in [0, 6], "
        "d0 * 7 + d1 in [1, 8]");
    EXPECT_EQ(s.text, printed("(d0, d1) -> (d0 * 16 + d1 * 32), domain: d0 in [0, 1], "
                              "d1 in [0, 6], d0 * 7 + d1 in [1, 8]"));
    EXPECT_TRUE(s.fired("range_by_constraint_upper"));
    EXPECT_TRUE(s.fired("max_by_difference"));
}

TEST(MinMaxByConstraint, UndecidedWhenTheConstraintAllowsBothSigns) {
    // d0 = d1 = 0 is in the domain: the max is 3 there.
    const char* text =
        "(d0, d1) -> (max(d0 * 16 + d1 * 32, 3)), domain: d0 in [0, 1], d1 in [0, 6], "
        "d0 * 7 + d1 in [0, 8]";
    Simplified s = simplify_text(text);
    EXPECT_NE(s.text.find("max("), std::string::npos) << s.text;
}

TEST(MinMaxByConstraint, MinOfASumAndAConstant) {
    // d0 + d1 >= 10 with d0, d1 in [0, 9]: d0 + d1 * 2 >= 11 > 10.
    Simplified s = simplify_text(
        "(d0, d1) -> (min(d0 + d1 * 2, 10)), domain: d0 in [0, 9], d1 in [0, 9], "
        "d0 + d1 in [10, 18]");
    EXPECT_EQ(s.text.find("min("), std::string::npos) << s.text;
    EXPECT_TRUE(s.fired("range_by_constraint_lower") || s.fired("range_by_constraint_upper"));
}

TEST(MinMaxByOperand, NestedMaxBoundsTheDifference) {
    // max(d2, s0) >= s0 and d1 >= 0: d1 + max(d2, s0) >= s0.
    Simplified s = simplify_text(
        "(d1, d2)[s0] -> (min(s0, d1 + max(d2, s0))), domain: d1 in [0, 100], d2 in [-19, 2], "
        "s0 in [0, 1]");
    EXPECT_EQ(s.text, printed("(d1, d2)[s0] -> (s0), domain: d1 in [0, 100], d2 in [-19, 2], "
                              "s0 in [0, 1]"));
    EXPECT_TRUE(s.fired("range_by_max_operand"));
}

TEST(MinMaxByOperand, NestedMinBoundsTheDifference) {
    // min(d0 - 15, 14) <= d0 - 15 < d0.
    Simplified s = simplify_text("(d0) -> (max(d0, min(d0 - 15, 14))), domain: d0 in [9, 169]");
    EXPECT_EQ(s.text, printed("(d0) -> (d0), domain: d0 in [9, 169]"));
    EXPECT_TRUE(s.fired("range_by_min_operand"));
    // With d1 possibly negative the nested max no longer decides it.
    Simplified open = simplify_text(
        "(d1, d2)[s0] -> (min(s0, d1 + max(d2, s0))), domain: d1 in [-1, 100], d2 in [-19, 2], "
        "s0 in [0, 1]");
    EXPECT_NE(open.text.find("min("), std::string::npos) << open.text;
}

}  // namespace
}  // namespace provix
