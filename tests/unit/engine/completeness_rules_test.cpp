// The rule families that simplify as far as XLA's simplifier: each rule (and
// the whole-sum step of the rewriter) fires on its example, named in the
// trace, with the expected printed result. Soundness is checked by the peer
// suite (tests/peer, exact oracle) and the fuzz campaign; here each test
// fails if its rule stops firing.

#include <gtest/gtest.h>

#include <algorithm>

#include "provix/parser.h"
#include "provix/simplify.h"
#include "support/simplified_text.h"

namespace provix {
namespace {

using testing_support::printed;
using testing_support::Simplified;
using testing_support::simplify_text;

TEST(CompletenessRules, SubtractedMultipleOfQuotientIsMod) {
    Simplified s = simplify_text(
        "(d0)[s0] -> (d0 - (s0 floordiv 3) * 3 + s0), domain: d0 in [0, 1], s0 in [0, 3]");
    EXPECT_TRUE(s.fired("add_mod_recognise"));
    EXPECT_EQ(s.text, printed("(d0)[s0] -> (d0 + s0 mod 3), domain: d0 in [0, 1], s0 in [0, 3]"));
}

TEST(CompletenessRules, ScaledSubtractedMultipleOfQuotientIsMod) {
    // Unbounded: only the identity applies, no range.
    Simplified s = simplify_text(
        "(d0, d1) -> (d1 * 5 - (d1 floordiv 4) * 20 + d0), domain: d0 in [-inf, inf], "
        "d1 in [-inf, inf]");
    EXPECT_TRUE(s.fired("add_mod_recognise"));
    EXPECT_EQ(s.text, printed("(d0, d1) -> (d0 + (d1 mod 4) * 5), domain: d0 in [-inf, inf], "
                              "d1 in [-inf, inf]"));
}

TEST(CompletenessRules, SubtractedMultipleOfQuotientOfASumIsMod) {
    Simplified s = simplify_text(
        "(d0)[s0] -> (1 + d0 - ((s0 + 1) floordiv 3) * 3 + s0), domain: d0 in [0, 1], "
        "s0 in [0, 3]");
    EXPECT_TRUE(s.fired("mod_recognise_sum"));
    EXPECT_EQ(s.text,
              printed("(d0)[s0] -> (d0 + (s0 + 1) mod 3), domain: d0 in [0, 1], s0 in [0, 3]"));
}

TEST(CompletenessRules, QuotientOfASumNotCancellingStaysAsItIs) {
    // Nothing of m * x is in the sum: the step does not fire.
    Simplified s = simplify_text(
        "(d0, d1) -> (d0 - ((d1 + 1) floordiv 3) * 3), domain: d0 in [-inf, inf], "
        "d1 in [-inf, inf]");
    EXPECT_FALSE(s.fired("mod_recognise_sum"));
}

TEST(CompletenessRules, ModBesideQuotientOfTheSameValueMerges) {
    Simplified s =
        simplify_text("(d0) -> (d0 floordiv 10 + (d0 mod 10) * 3), domain: d0 in [0, 99]");
    EXPECT_TRUE(s.fired("add_div_mod_merge"));
    EXPECT_EQ(s.text, printed("(d0) -> ((d0 floordiv 10) * -29 + d0 * 3), domain: d0 in [0, 99]"));
}

TEST(CompletenessRules, FloorDivOfSumHoldingAFloorDivMerges) {
    Simplified s = simplify_text(
        "()[s0, s1] -> ((s0 * 2 + s1 floordiv 64) floordiv 3), domain: s0 in [0, 1233], "
        "s1 in [0, 127]");
    EXPECT_TRUE(s.fired("fd_of_sum_with_fd"));
    EXPECT_EQ(s.text, printed("()[s0, s1] -> ((s0 * 128 + s1) floordiv 192), domain: "
                              "s0 in [0, 1233], s1 in [0, 127]"));
}

TEST(CompletenessRules, FloorDivOfSumHoldingANegatedFloorDivMerges) {
    Simplified s = simplify_text(
        "(d0, d1) -> ((d0 * 3 - d1 floordiv 4) floordiv 5), domain: d0 in [-inf, inf], "
        "d1 in [-inf, inf]");
    EXPECT_TRUE(s.fired("fd_of_sum_with_neg_fd"));
    EXPECT_EQ(s.text, printed("(d0, d1) -> ((d0 * 12 - d1 + 3) floordiv 20), domain: "
                              "d0 in [-inf, inf], d1 in [-inf, inf]"));
}

TEST(CompletenessRules, NegativeDivisorOfAFloorDivMerges) {
    Simplified s =
        simplify_text("()[s0] -> ((s0 floordiv 2) floordiv -7), domain: s0 in [0, 1233]");
    EXPECT_TRUE(s.fired("fd_of_neg_fd"));
    EXPECT_EQ(s.text, printed("()[s0] -> ((1 - s0) floordiv 14), domain: s0 in [0, 1233]"));
}

TEST(CompletenessRules, MinAndMaxOfAValueAndAnOffset) {
    const std::string domain = ", domain: d0 in [-inf, inf]";
    Simplified a = simplify_text("(d0) -> (min(d0, d0 + 3))" + domain);
    EXPECT_TRUE(a.fired("min_offset_right"));
    EXPECT_EQ(a.text, printed("(d0) -> (d0)" + domain));
    Simplified b = simplify_text("(d0) -> (min(d0, d0 - 1))" + domain);
    EXPECT_TRUE(b.fired("min_offset_left"));
    EXPECT_EQ(b.text, printed("(d0) -> (d0 - 1)" + domain));
    Simplified c = simplify_text("(d0) -> (max(d0, d0 + 1))" + domain);
    EXPECT_TRUE(c.fired("max_offset_right"));
    EXPECT_EQ(c.text, printed("(d0) -> (d0 + 1)" + domain));
    Simplified d = simplify_text("(d0) -> (max(d0, d0 - 2))" + domain);
    EXPECT_TRUE(d.fired("max_offset_left"));
    EXPECT_EQ(d.text, printed("(d0) -> (d0)" + domain));
}

}  // namespace
}  // namespace provix

namespace provix {
namespace {

TEST(CompletenessRules, OneVariableWithTwoValuesIsAffine) {
    Simplified s = simplify_text(
        "(d0, d1) -> (d0 + (d1 + 13) mod 2), domain: d0 in [0, 9], "
        "d1 in [0, 1]");
    EXPECT_TRUE(s.fired("two_point_affine"));
    EXPECT_EQ(s.text, printed("(d0, d1) -> (d0 - d1 + 1), domain: d0 in [0, 9], d1 in [0, 1]"));
}

TEST(CompletenessRules, TwoPointsWhereTheExpressionIsUndefinedStay) {
    // d0 floordiv d1 divides by zero at d1 = 0: nothing to interpolate.
    Simplified s =
        simplify_text("(d0, d1) -> (d1 floordiv (d1 - 1)), domain: d0 in [0, 9], d1 in [0, 1]");
    EXPECT_FALSE(s.fired("two_point_affine"));
}

TEST(CompletenessRules, ThreeValuesAreNotInterpolated) {
    Simplified s = simplify_text("(d0) -> (d0 mod 2), domain: d0 in [0, 2]");
    EXPECT_FALSE(s.fired("two_point_affine"));
}

}  // namespace
}  // namespace provix

namespace provix {
namespace {

TEST(CompletenessRules, ConstraintWithNoValueOfTheRightResidueIsEmpty) {
    Simplified s = simplify_text(
        "(d0, d1) -> (d0, d1), domain: d0 in [8, 18], d1 in [1, 2], "
        "d1 + (d0 mod 2) * 4 in [4, 4]");
    EXPECT_TRUE(s.fired("cst_residue_gap"));
    EXPECT_EQ(s.text, "KNOWN EMPTY");
}

TEST(CompletenessRules, ConstraintWithAValueOfTheRightResidueStays) {
    // d1 = 4 - 4 * (d0 mod 2) is 0 or 4: d1 in [0, 2] holds 0.
    Simplified s = simplify_text(
        "(d0, d1) -> (d0, d1), domain: d0 in [8, 18], d1 in [0, 2], "
        "d1 + (d0 mod 2) * 4 in [4, 4]");
    EXPECT_FALSE(s.fired("cst_residue_gap"));
    EXPECT_NE(s.text, "KNOWN EMPTY");
}

}  // namespace
}  // namespace provix

namespace provix {
namespace {

TEST(CompletenessRules, MinAndMaxDecidedByTheRangeOfTheDifference) {
    Simplified a = simplify_text("(d0) -> (min(d0, d0 * 2)), domain: d0 in [0, 999]");
    EXPECT_TRUE(a.fired("min_by_difference"));
    EXPECT_EQ(a.text, printed("(d0) -> (d0), domain: d0 in [0, 999]"));
    // Each operand's range overlaps the other's; their difference d0 * 3 + 19
    // is positive.
    Simplified b = simplify_text(
        "(d0, d1) -> (max(d1 - 19, d0 * 3 + d1)), "
        "domain: d0 in [0, 6], d1 in [-56, -28]");
    EXPECT_TRUE(b.fired("max_by_difference"));
    EXPECT_EQ(b.text, printed("(d0, d1) -> (d0 * 3 + d1), domain: d0 in [0, 6], d1 in [-56, -28]"));
}

TEST(CompletenessRules, MinAndMaxWithADifferenceOfBothSignsStay) {
    Simplified s = simplify_text("(d0, d1) -> (min(d0, d1)), domain: d0 in [0, 9], d1 in [0, 9]");
    EXPECT_FALSE(s.fired("min_by_difference"));
    EXPECT_EQ(s.text, printed("(d0, d1) -> (min(d0, d1)), domain: d0 in [0, 9], d1 in [0, 9]"));
}

TEST(CompletenessRules, MinOfAValueAndAMaxHoldingItIsTheValue) {
    const std::string domain = ", domain: d0 in [1, 11], d1 in [0, 100]";
    Simplified a = simplify_text("(d0, d1) -> (min(d0, max(d0, d1)))" + domain);
    EXPECT_TRUE(a.fired("min_absorb_max"));
    EXPECT_EQ(a.text, printed("(d0, d1) -> (d0)" + domain));
    Simplified b = simplify_text("(d0, d1) -> (max(d0, min(d0, d1)))" + domain);
    EXPECT_TRUE(b.fired("max_absorb_min"));
    EXPECT_EQ(b.text, printed("(d0, d1) -> (d0)" + domain));
}

TEST(CompletenessRules, ConstraintOnAMaxAboveItsConstantBoundsTheOperand) {
    Simplified s = simplify_text("(d0) -> (d0), domain: d0 in [-18, 22], max(d0, -10) in [-3, 14]");
    EXPECT_TRUE(s.fired("cst_max_above"));
    EXPECT_EQ(s.text, printed("(d0) -> (d0), domain: d0 in [-3, 14]"));
    Simplified t = simplify_text("(d0) -> (d0), domain: d0 in [-18, 22], min(d0, 10) in [-3, 4]");
    EXPECT_TRUE(t.fired("cst_min_below"));
    EXPECT_EQ(t.text, printed("(d0) -> (d0), domain: d0 in [-3, 4]"));
}

}  // namespace
}  // namespace provix
