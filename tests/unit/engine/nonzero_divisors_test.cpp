// Divisors of the domain's constraints are non-zero on the domain: the bound
// of a variable moves off the zero of a divisor affine in it, and a result
// dividing by the same divisor is defined (so rules that need a defined or
// non-zero divisor apply). Each test fails if the step stops firing or
// changes what it keeps.

#include "nonzero_divisors.h"

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

TEST(NonzeroDivisors, ListsEachVariableDivisorOnce) {
    Context ctx;
    auto m = parse_indexing_map(ctx,
                                "(d0, d1) -> (d0), domain: d0 in [0, 9], d1 in [-1, 1], "
                                "d0 mod (d1 * 2) in [0, 5], (d0 floordiv (d1 * 2)) floordiv 3 "
                                "in [0, 5], d0 floordiv (d0 + 1) in [0, 1]");
    ASSERT_TRUE(m.ok());
    std::vector<std::string> names;
    for (Expr d : engine::constraint_divisors(m->constraints()))
        names.push_back(to_string(d));
    // `3` is a constant divisor: left out; `d1 * 2` appears twice.
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"v0 + 1", "v1 * 2"}));
}

TEST(NonzeroDivisors, LowerBoundMovesOffTheZeroOfADivisor) {
    Simplified s = simplify_text(
        "(d0) -> (d0 mod 128), domain: d0 in [-1, 1], d0 mod (d0 + 1) in [-1000, 1000]");
    EXPECT_TRUE(s.fired("nonzero_divisor_lower"));
    // The constraint then holds (d0 mod (d0 + 1) is d0): dropped.
    EXPECT_EQ(s.text, printed("(d0) -> (d0), domain: d0 in [0, 1]"));
}

TEST(NonzeroDivisors, UpperBoundMovesOffTheZeroOfANegatedDivisor) {
    Simplified s = simplify_text(
        "(d0, d1) -> (d0 + d1 floordiv 8), domain: d0 in [0, 7], d1 in [-2, 0], "
        "d0 mod (d1 * -3) in [-1000, 1000]");
    EXPECT_TRUE(s.fired("nonzero_divisor_upper"));
    EXPECT_EQ(s.text, printed("(d0, d1) -> (d0 - 1), domain: d0 in [0, 7], d1 in [-2, -1]"));
}

TEST(NonzeroDivisors, DivisorZeroAtItsOnlyValueMakesTheMapEmpty) {
    Simplified s = simplify_text(
        "(d0, d1) -> (d0), domain: d0 in [0, 7], d1 in [2, 3], d0 floordiv (d1 * 2 - 6) in "
        "[0, 9], d0 floordiv (d1 - 2) in [0, 9]");
    EXPECT_TRUE(s.fired("nonzero_divisor_lower"));
    EXPECT_EQ(s.text, "KNOWN EMPTY");
}

TEST(NonzeroDivisors, NonIntegerZeroMovesNothing) {
    // d1 * 2 + 1 is odd: never zero, and no bound is its zero.
    Simplified s = simplify_text(
        "(d0, d1) -> (d0), domain: d0 in [0, 7], d1 in [-1, 1], d0 mod (d1 * 2 + 1) in [0, 9]");
    EXPECT_FALSE(s.fired("nonzero_divisor_lower"));
    EXPECT_FALSE(s.fired("nonzero_divisor_upper"));
}

TEST(NonzeroDivisors, ResultDividingByAConstraintDivisorIsDefined) {
    // d1 * 2 is 0 at d1 = 0, inside d1's bounds: no bound moves, but the
    // constraint excludes d1 = 0, so the product by 0 is 0 on the domain
    // (its range is [0, 0] and it is defined). d0 floordiv d1 divides by a
    // divisor no constraint has: it stays. (d1's range is too wide for the
    // enumeration of points.)
    Simplified s = simplify_text(
        "(d0, d1) -> ((d0 floordiv (d1 * 2)) * 0, d0 floordiv d1), domain: d0 in [0, 7], "
        "d1 in [-100, 100], d0 mod (d1 * 2) in [-1000, 1000]");
    EXPECT_FALSE(s.fired("enumerated_affine"));
    EXPECT_EQ(s.text, printed("(d0, d1) -> (0, d0 floordiv d1), domain: d0 in [0, 7], "
                              "d1 in [-100, 100], d0 mod (d1 * 2) in [-1000, 1000]"));
    // Without the constraint the product stays (undefined at d1 = 0).
    Simplified t = simplify_text(
        "(d0, d1) -> ((d0 floordiv (d1 * 2)) * 0), domain: d0 in [0, 7], d1 in [-100, 100]");
    EXPECT_EQ(t.text, printed("(d0, d1) -> ((d0 floordiv (d1 * 2)) * 0), domain: d0 in [0, 7], "
                              "d1 in [-100, 100]"));
}

TEST(NonzeroDivisors, ModByAUnitDivisorIsZero) {
    // s2 in {-1, 1} on the domain: s0 mod s2 is 0.
    Simplified s = simplify_text(
        "()[s0, s2] -> (s0 mod s2 + 1000), domain: s0 in [0, 127], s2 in [-1, 1], "
        "s0 mod s2 in [-1000, 1000]");
    EXPECT_EQ(s.text, printed("()[s0, s2] -> (1000), domain: s0 in [0, 127], s2 in [-1, 1], "
                              "s0 mod s2 in [-1000, 1000]"));
}

TEST(NonzeroDivisors, ResultDivisorsDoNotNarrowTheDomain) {
    // A result dividing by zero leaves the point in the domain: no bound moves.
    Simplified s = simplify_text("(d0) -> (7 floordiv d0), domain: d0 in [0, 2]");
    EXPECT_FALSE(s.fired("nonzero_divisor_lower"));
    EXPECT_EQ(s.text, printed("(d0) -> (7 floordiv d0), domain: d0 in [0, 2]"));
}

}  // namespace
}  // namespace provix
