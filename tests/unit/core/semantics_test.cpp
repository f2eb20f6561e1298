#include "provix/semantics.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

namespace provix {
namespace {

TEST(FloorDiv, RoundsTowardNegativeInfinity) {
    EXPECT_EQ(floor_div(7, 2), 3);
    EXPECT_EQ(floor_div(-7, 2), -4);
    EXPECT_EQ(floor_div(7, -2), -4);
    EXPECT_EQ(floor_div(-7, -2), 3);
    EXPECT_EQ(floor_div(-8, 2), -4);
}

TEST(FloorDiv, ZeroDivisorAndOverflowAreErrors) {
    EXPECT_EQ(floor_div(5, 0), std::nullopt);
    EXPECT_EQ(floor_div(kInt64Min, -1), std::nullopt);
    EXPECT_EQ(floor_div(kInt64Min, 1), kInt64Min);
}

TEST(CeilDiv, RoundsTowardPositiveInfinity) {
    EXPECT_EQ(ceil_div(7, 2), 4);
    EXPECT_EQ(ceil_div(-7, 2), -3);
    EXPECT_EQ(ceil_div(7, -2), -3);
    EXPECT_EQ(ceil_div(-7, -2), 4);
    EXPECT_EQ(ceil_div(6, 3), 2);
    EXPECT_EQ(ceil_div(1, 0), std::nullopt);
    EXPECT_EQ(ceil_div(kInt64Min, -1), std::nullopt);
}

TEST(FloorMod, TakesTheSignOfTheDivisor) {
    EXPECT_EQ(floor_mod(-7, 2), 1);
    EXPECT_EQ(floor_mod(7, -2), -1);
    EXPECT_EQ(floor_mod(-7, -2), -1);
    EXPECT_EQ(floor_mod(7, 2), 1);
    EXPECT_EQ(floor_mod(kInt64Min, -1), 0);
    EXPECT_EQ(floor_mod(kInt64Min, kInt64Max), kInt64Max - 1);
    EXPECT_EQ(floor_mod(3, 0), std::nullopt);
}

TEST(Checked, OverflowIsReportedNotWrapped) {
    EXPECT_EQ(checked_add(kInt64Max, 1), std::nullopt);
    EXPECT_EQ(checked_sub(kInt64Min, 1), std::nullopt);
    EXPECT_EQ(checked_mul(kInt64Max / 2 + 1, 2), std::nullopt);
    EXPECT_EQ(checked_neg(kInt64Min), std::nullopt);
    EXPECT_EQ(checked_mul(-3, 4), -12);
}

TEST(Gcd, HandlesSignsAndLimits) {
    EXPECT_EQ(gcd(-12, 18), 6);
    EXPECT_EQ(gcd(0, 0), 0);
    EXPECT_EQ(gcd(0, -5), 5);
    EXPECT_EQ(gcd(kInt64Min, 0), std::nullopt);
    EXPECT_EQ(gcd(kInt64Min, 6), 2);
    EXPECT_EQ(lcm(4, 6), 12);
    EXPECT_EQ(lcm(-4, 6), 12);
    EXPECT_EQ(lcm(kInt64Max, 2), std::nullopt);
}

// gcd against Euclid's algorithm on the magnitudes (the definition of the
// greatest common divisor by remainders), beyond int64 at 2^63 only.
RC_GTEST_PROP(Gcd, MatchesEuclid, (int64_t a, int64_t b)) {
    auto euclid = [](int64_t u, int64_t v) {
        auto magnitude = [](int64_t w) {
            return w < 0 ? uint64_t{0} - static_cast<uint64_t>(w) : static_cast<uint64_t>(w);
        };
        uint64_t x = magnitude(u), y = magnitude(v);
        while (y != 0) {
            const uint64_t t = x % y;
            x = y;
            y = t;
        }
        return x;
    };
    const uint64_t g = euclid(a, b);
    RC_ASSERT(gcd(a, b) == (g > static_cast<uint64_t>(kInt64Max)
                                ? std::nullopt
                                : std::optional<int64_t>(static_cast<int64_t>(g))));
    // Common factors too (random int64s are mostly coprime).
    const int64_t p = a % 4096, q = b % 4096;
    RC_ASSERT(gcd(p * 12, q * 12) ==
              std::optional<int64_t>(static_cast<int64_t>(euclid(p, q)) * 12));
}

// The defining identity a == b * floor_div(a, b) + floor_mod(a, b), checked
// in 128-bit arithmetic against the definitions.
RC_GTEST_PROP(FloorDiv, MatchesMathematicalDefinition, (int64_t a, int64_t b)) {
    RC_PRE(b != 0);
    auto q = floor_div(a, b);
    auto r = floor_mod(a, b);
    if (a == kInt64Min && b == -1) {
        RC_ASSERT(!q.has_value());
        return;
    }
    RC_ASSERT(q.has_value() && r.has_value());
    __int128 A = a, B = b, Q = *q, R = *r;
    RC_ASSERT(A == B * Q + R);
    if (b > 0) RC_ASSERT(R >= 0 && R < B);
    if (b < 0) RC_ASSERT(R <= 0 && R > B);
}

RC_GTEST_PROP(CeilDiv, IsSmallestQuotientAtLeastTheRatio, (int64_t a, int64_t b)) {
    RC_PRE(b != 0);
    RC_PRE(!(a == kInt64Min && b == -1));
    auto c = ceil_div(a, b);
    RC_ASSERT(c.has_value());
    // c = ceil(a / b)  <=>  c - 1 < a / b <= c; multiply out by b's sign.
    __int128 A = a, B = b, C = *c;
    if (B > 0) {
        RC_ASSERT(C * B >= A);
        RC_ASSERT((C - 1) * B < A);
    } else {
        RC_ASSERT(C * B <= A);
        RC_ASSERT((C - 1) * B > A);
    }
}

}  // namespace
}  // namespace provix
