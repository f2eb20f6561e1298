// Folding a floordiv, ceildiv or mod of a product or sum of constants whose
// value left int64 (kept unfolded) by a constant: the result must be folded
// exactly when it fits int64, and equal the exact quotient or remainder.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "provix/expr.h"
#include "provix/semantics.h"

namespace provix {
namespace {

using Wide = __int128;

std::string dname(int64_t id) { return "d" + std::to_string(id); }

Wide floor_div_wide(Wide a, Wide b) {
    Wide q = a / b, r = a % b;
    return r != 0 && ((r < 0) != (b < 0)) ? q - 1 : q;
}

/// The exact value of floordiv / ceildiv / mod of `a` by `c`.
Wide exact(ExprKind kind, Wide a, Wide c) {
    Wide q = floor_div_wide(a, c);
    if (kind == ExprKind::FloorDiv) return q;
    if (kind == ExprKind::Mod) return a - c * q;
    return -floor_div_wide(-a, c);
}

Expr divide(ExprKind kind, Expr a, int64_t c) {
    if (kind == ExprKind::FloorDiv) return floor_div(a, c);
    if (kind == ExprKind::CeilDiv) return ceil_div(a, c);
    return mod(a, c);
}

TEST(ConstantDivision, TheOverflowingProductOfTheFuzzCaseFolds) {
    Context ctx;
    Expr p = ctx.constant(16) * ctx.constant(4611686018427387905);
    ASSERT_FALSE(p.is_constant());  // 2^66 + 16 stays a product
    EXPECT_EQ(floor_div(mod(p, -128), 10), ctx.constant(-12));
    Expr q = ctx.constant(2) * ctx.constant(kInt64Max);
    EXPECT_EQ(floor_div(q, 5) + 20, ctx.constant(3689348814741910342));
}

TEST(ConstantDivision, ProductsAndSumsNearTheLimitsAreExact) {
    const std::vector<int64_t> values = {kInt64Max,
                                         kInt64Min,
                                         kInt64Max - 1,
                                         kInt64Min + 1,
                                         4611686018427387905,
                                         -4611686018427387905,
                                         3,
                                         -7};
    const std::vector<int64_t> divisors = {1,  -1, 2,         -2,        3,         -128,
                                           10, 97, kInt64Max, kInt64Min, 1LL << 40, -(1LL << 40)};
    Context ctx;
    int folded = 0, kept = 0;
    for (int64_t a : values) {
        for (int64_t b : values) {
            for (bool sum : {false, true}) {
                Expr e =
                    sum ? ctx.constant(a) + ctx.constant(b) : ctx.constant(a) * ctx.constant(b);
                if (e.is_constant()) continue;  // fits int64: the ordinary fold
                const Wide v = sum ? Wide{a} + b : Wide{a} * b;
                for (int64_t c : divisors) {
                    for (ExprKind k : {ExprKind::FloorDiv, ExprKind::CeilDiv, ExprKind::Mod}) {
                        const Wide want = exact(k, v, c);
                        const bool fits = want >= kInt64Min && want <= kInt64Max;
                        Expr r = divide(k, e, c);
                        SCOPED_TRACE(to_string(r, dname) + " of " + to_string(e, dname) + " by " +
                                     std::to_string(c));
                        ASSERT_EQ(r.is_constant(), fits);
                        if (fits) {
                            EXPECT_EQ(Wide{r.constant_value()}, want);
                            ++folded;
                        } else {
                            ++kept;
                        }
                    }
                }
            }
        }
    }
    EXPECT_GT(folded, 100);  // both outcomes are exercised
    EXPECT_GT(kept, 10);
}

TEST(ConstantDivision, ARemainderOfAProductBeyond128BitsFolds) {
    // (2^63 - 1)^3 leaves 128 bits; its remainder is still exact: 7^3 mod 10.
    Context ctx;
    Expr m = ctx.constant(kInt64Max);
    Expr p = m * m * m;
    ASSERT_FALSE(p.is_constant());
    EXPECT_EQ(mod(p, 10), ctx.constant(3));
    EXPECT_EQ(mod(p, -10), ctx.constant(-7));
    // The quotient does not fit int64: kept as written.
    EXPECT_FALSE(floor_div(p, 10).is_constant());
}

TEST(ConstantDivision, ADivisionKeptUnfoldedCountsByItsExactValue) {
    // (91 * 1317624576693539400 + 52) floordiv 6 is beyond int64 (kept);
    // its remainder by 2, and that of quotients, ceilings and remainders of
    // other sums and products beyond int64, fold to the exact value.
    Context ctx;
    const std::vector<Expr> wide = {
        ctx.constant(91) * ctx.constant(1317624576693539400) + 52,
        ctx.constant(5) * ctx.constant(9223372036854775804),
        ctx.constant(kInt64Min) * ctx.constant(3) - 5,
        ctx.constant(kInt64Max) * ctx.constant(kInt64Max),
    };
    const std::vector<Wide> values = {Wide{91} * 1317624576693539400 + 52,
                                      Wide{5} * 9223372036854775804, Wide{kInt64Min} * 3 - 5,
                                      Wide{kInt64Max} * kInt64Max};
    int folded = 0;
    for (size_t i = 0; i < wide.size(); ++i) {
        ASSERT_FALSE(wide[i].is_constant());
        for (int64_t d : {6, -4, 7, 1 << 20}) {
            for (ExprKind inner : {ExprKind::FloorDiv, ExprKind::CeilDiv, ExprKind::Mod}) {
                const Expr x = divide(inner, wide[i], d);
                const Wide xv = exact(inner, values[i], d);
                for (int64_t c : {2, -3, 5, 1000}) {
                    for (ExprKind outer : {ExprKind::FloorDiv, ExprKind::CeilDiv, ExprKind::Mod}) {
                        const Wide want = exact(outer, xv, c);
                        const bool fits = want >= kInt64Min && want <= kInt64Max;
                        const Expr r = divide(outer, x, c);
                        SCOPED_TRACE(to_string(r, dname));
                        ASSERT_EQ(r.is_constant(), fits);
                        if (!fits) continue;
                        EXPECT_EQ(Wide{r.constant_value()}, want);
                        ++folded;
                    }
                }
            }
        }
    }
    EXPECT_GT(folded, 100);
    EXPECT_EQ(mod(floor_div(wide[0], 6), 2), ctx.constant(0));
    // Inside a sum or a product of constants the division counts alike.
    EXPECT_EQ(mod(floor_div(wide[1], 4) * 3 + 1, 7),
              ctx.constant(static_cast<int64_t>((Wide{5} * 9223372036854775804 / 4 * 3 + 1) % 7)));
}

TEST(ConstantDivision, AVariableIsNeverFolded) {
    Context ctx;
    Expr d0 = ctx.variable(0);
    Expr e = (d0 + ctx.constant(kInt64Max)) + ctx.constant(kInt64Max);
    EXPECT_FALSE(mod(e, 3).is_constant());
    EXPECT_EQ(to_string(mod(e, 3), dname),
              "(d0 + 9223372036854775807 + 9223372036854775807) mod 3");
}

}  // namespace
}  // namespace provix
