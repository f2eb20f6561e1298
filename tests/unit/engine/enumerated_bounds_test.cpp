// Bounds by enumeration: the constraints over a few variables with a small
// box of bounds are evaluated at every point, and each variable's bounds
// move to the values it takes where they hold. Each test fails if the pass
// stops firing, or keeps or removes the wrong values.

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

TEST(EnumeratedBounds, TwoCongruencesPinAVariable) {
    // d0 mod 6 == 3 gives {3, 9, 15}; d0 mod 10 in [3, 4] keeps 3 only.
    Simplified s = simplify_text(
        "(d0) -> (d0 floordiv 3 + (d0 mod 2) * 2), domain: d0 in [3, 15], "
        "d0 mod 6 in [3, 3], d0 mod 10 in [3, 4]");
    EXPECT_TRUE(s.fired("enumerated_upper"));
    EXPECT_EQ(s.text, printed("(d0) -> (3), domain: d0 in [3, 3]"));
}

TEST(EnumeratedBounds, NonLinearTermPinsTheOtherVariable) {
    // (d0 mod 2) * 8 is 0 or 8: d1 + it == 2 needs d1 == 2 (d1 in [0, 7]).
    Simplified s = simplify_text(
        "(d0, d1) -> (d1), domain: d0 in [0, 7], d1 in [0, 7], d1 + (d0 mod 2) * 8 in [2, 2]");
    EXPECT_TRUE(s.fired("enumerated_lower"));
    EXPECT_TRUE(s.fired("enumerated_upper"));
    EXPECT_EQ(s.text.substr(0, s.text.find('\n')), "(d0, d1) -> (2),");
}

TEST(EnumeratedBounds, BoundsNearTheInt64LimitsAreExact) {
    // At rt0 = -3 the constraint's value is 2^61, outside its range; at
    // rt0 = -2 it is 2^62 (the sum inside is 2^63 - 1, no overflow).
    Simplified s = simplify_text(
        "(d0){rt0} -> (rt0), domain: d0 in [0, 3], rt0 in [-3, -2], "
        "((rt0 + 3) * 4611686018427387904 + 4611686018427387903) ceildiv 2 in "
        "[4611686018427387903, 4611686018427387904]");
    // (Probing the constraint at the ends of rt0's range, which runs first,
    // finds it too: either lemma moves the bound.)
    EXPECT_TRUE(s.fired("enumerated_lower") || s.fired("eval_excluded_lower"));
    EXPECT_EQ(s.text.substr(0, s.text.find(',')), "(d0){rt0} -> (-2)");
}

TEST(EnumeratedBounds, NoPointLeftIsEmpty) {
    // d1 in {0, 2}: d1 * 3 + (d0 mod 2) * 4 is 0, 4, 6 or 10: never 2 mod 5.
    Simplified s = simplify_text(
        "(d0, d1) -> (d0), domain: d0 in [0, 7], d1 in [0, 2], "
        "(d1 * 3 + (d0 mod 2) * 4) mod 5 in [2, 2], d1 mod 2 in [0, 0]");
    EXPECT_TRUE(s.fired("enumerated_empty"));
    EXPECT_EQ(s.text, "KNOWN EMPTY");
}

TEST(EnumeratedBounds, ZeroOfAConstraintDivisorIsNoValue) {
    // i2 floordiv s2 == 0 with s2 in {-2, -1} (s2 != 0): i2 is 0.
    Simplified s = simplify_text(
        "(d0)[i2, s2] -> ((i2 - 1) mod 16), domain: d0 in [0, 3], i2 in [0, 15], "
        "s2 in [-2, 0], i2 floordiv s2 in [0, 0]");
    EXPECT_EQ(s.text.substr(0, s.text.find(',')), "(d0) -> (15)");
}

TEST(EnumeratedBounds, WideBoxIsNotEnumerated) {
    // 65 values of d0: the pass does not look (the bounds stay).
    Simplified s = simplify_text("(d0) -> (d0), domain: d0 in [0, 64], (d0 * 7) mod 65 in [1, 1]");
    EXPECT_FALSE(s.fired("enumerated_lower"));
    EXPECT_FALSE(s.fired("enumerated_upper"));
}

}  // namespace
}  // namespace provix
