// The enumerated affine step: an expression whose variables take few values
// on the domain is replaced by the affine expression through its values,
// where the points a constraint over those variables excludes are left
// out. Each test fails if the step stops firing, fires where it must not,
// or finds another form.

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

TEST(EnumeratedAffine, QuotientOverTwoVariablesIsAffine) {
    // d0 + 6*d2 + 5 is in [5, 6] for d2 = 0 and [11, 12] for d2 = 1.
    Simplified s = simplify_text(
        "(d0, d2) -> ((d0 + d2 * 6 + 5) floordiv 7), domain: d0 in [0, 1], d2 in [0, 1]");
    EXPECT_TRUE(s.fired("enumerated_affine"));
    EXPECT_EQ(s.text, printed("(d0, d2) -> (d2), domain: d0 in [0, 1], d2 in [0, 1]"));
}

TEST(EnumeratedAffine, SumOfDigitsRecombines) {
    Simplified s = simplify_text(
        "(d0, d1) -> (((d0 + d1 + 2) floordiv 4) * 4 + (d0 + d1) mod 2 + "
        "(((d0 + d1) floordiv 2 + 1) mod 2) * 2), domain: d0 in [0, 1], d1 in [0, 7]");
    EXPECT_TRUE(s.fired("enumerated_affine"));
    EXPECT_EQ(s.text, printed("(d0, d1) -> (d0 + d1 + 2), domain: d0 in [0, 1], d1 in [0, 7]"));
}

TEST(EnumeratedAffine, PointsSpacedByACongruence) {
    // rt0 is -1 or 15 (rt0 mod 16 == 15): rt0 mod 32 is 31 or 15.
    Simplified s =
        simplify_text("(){rt0} -> (rt0 mod 32), domain: rt0 in [-1, 15], rt0 mod 16 in [15, 15]");
    EXPECT_TRUE(s.fired("enumerated_affine"));
    EXPECT_EQ(s.text.substr(0, s.text.find(',')), "(){rt0} -> (-rt0 + 30)");
}

TEST(EnumeratedAffine, ZeroOfAConstraintDivisorIsLeftOut) {
    // s1 is -1 or 1 on the domain (the constraint divides by s1).
    Simplified s = simplify_text(
        "(d1)[s1] -> (s1 mod 4), domain: d1 in [0, 3], s1 in [-1, 1], d1 mod s1 in [0, 1]");
    EXPECT_TRUE(s.fired("enumerated_affine"));
    EXPECT_EQ(s.text.substr(0, s.text.find(',')), "(d1)[s1] -> (-s1 + 2)");
}

TEST(EnumeratedAffine, NoAffineFormLeavesTheExpression) {
    // d0 mod 3 over [0, 5] is periodic: no affine form.
    Simplified s = simplify_text("(d0) -> (d0 mod 3), domain: d0 in [0, 5]");
    EXPECT_FALSE(s.fired("enumerated_affine"));
    EXPECT_EQ(s.text, printed("(d0) -> (d0 mod 3), domain: d0 in [0, 5]"));
}

TEST(EnumeratedAffine, NonIntegerSlopeLeavesTheExpression) {
    // d0 is 0 or 2 (even): d0 floordiv 2 is 0 or 1, slope 1/2.
    Simplified s =
        simplify_text("(d0) -> (d0 floordiv 2), domain: d0 in [0, 2], d0 mod 2 in [0, 0]");
    EXPECT_FALSE(s.fired("enumerated_affine"));
}

TEST(EnumeratedAffine, UndefinedAtAPossibleDomainPointStays) {
    // d0 floordiv s0 is undefined at s0 = 0, which may be a domain point.
    Simplified s = simplify_text(
        "(d0)[s0] -> ((d0 floordiv s0) * 0 + d0 mod 2), domain: d0 in [0, 1], s0 in [0, 1]");
    EXPECT_FALSE(s.fired("enumerated_affine"));
}

TEST(EnumeratedAffine, WideBoxIsNotEnumerated) {
    // 65 points: over the limit, although the result is d0 on [0, 64].
    Simplified s = simplify_text("(d0) -> (d0 mod 100), domain: d0 in [0, 64]");
    EXPECT_FALSE(s.fired("enumerated_affine"));
    Simplified t =
        simplify_text("(d0) -> (d0 + d0 floordiv 100 + (d0 + 3) mod 7), domain: d0 in [0, 64]");
    EXPECT_FALSE(t.fired("enumerated_affine"));
}

}  // namespace
}  // namespace provix
