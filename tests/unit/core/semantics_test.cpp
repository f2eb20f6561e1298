#include "provix/semantics.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <numeric>

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

TEST(Magnitude, IsExactAtTheLimits) {
    EXPECT_EQ(magnitude(-8), 8u);
    EXPECT_EQ(magnitude(0), 0u);
    EXPECT_EQ(magnitude(kInt64Max), 9223372036854775807u);
    EXPECT_EQ(magnitude(kInt64Min), 9223372036854775808u);  // no int64 holds it
    EXPECT_EQ(magnitude(kInt64Min + 1), 9223372036854775807u);
}

// |a| computed in 128 bits, where every int64's magnitude fits.
RC_GTEST_PROP(Magnitude, MatchesTheWideAbsoluteValue, (int64_t a)) {
    const __int128 wide = a < 0 ? -static_cast<__int128>(a) : static_cast<__int128>(a);
    RC_ASSERT(static_cast<__int128>(magnitude(a)) == wide);
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

// gcd against the standard library's gcd of the magnitudes (an independent
// implementation), beyond int64 at 2^63 only: at random pairs, with a zero
// on either side, and with a common factor (random int64s are mostly
// coprime).
RC_GTEST_PROP(Gcd, MatchesStandardGcdOfMagnitudes, (int64_t a, int64_t b)) {
    auto expected = [](int64_t u, int64_t v) -> std::optional<int64_t> {
        auto magnitude = [](int64_t w) {
            return w < 0 ? uint64_t{0} - static_cast<uint64_t>(w) : static_cast<uint64_t>(w);
        };
        const uint64_t g = std::gcd(magnitude(u), magnitude(v));
        if (g > static_cast<uint64_t>(kInt64Max)) return std::nullopt;
        return static_cast<int64_t>(g);
    };
    RC_ASSERT(gcd(a, b) == expected(a, b));
    RC_ASSERT(gcd(0, b) == expected(0, b));
    RC_ASSERT(gcd(a, 0) == expected(a, 0));
    const int64_t p = a % 4096, q = b % 4096;
    RC_ASSERT(gcd(p * 12, q * 12) == expected(p * 12, q * 12));
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
