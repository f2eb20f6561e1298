// as_multiple_of: a sum read as a whole multiple of another sum plus the
// rest, as the divisibility and range analyses regroup sums by the sums the
// constraints bound.

#include "sum_multiple.h"

#include <gtest/gtest.h>

#include <cstdint>

#include "expr_node.h"
#include "provix/expr.h"
#include "provix/semantics.h"

namespace provix::engine {
namespace {

/// The operands of `e` that `m` marks as used, as a sum (0 for none).
Expr used_part(Expr e, const SumMultiple& m) {
    Expr sum = e.context().constant(0);
    for (size_t j = 0; j < e.num_operands(); ++j)
        if (m.used >> j & 1) sum = sum + e.operand(j);
    return sum;
}

TEST(SumMultiple, ANegatedScaledSumWithAnotherTermAndConstants) {
    Context ctx;
    const Expr d0 = ctx.variable(0), d1 = ctx.variable(1), s0 = ctx.variable(2);
    const Expr f = d0 + s0 * 7 + 1, e = d0 * -2 + s0 * -14 + d1 + 5;
    const std::optional<SumMultiple> m = as_multiple_of(detail::node_of(e), detail::node_of(f));
    ASSERT_TRUE(m);
    EXPECT_EQ(m->a, -2);
    EXPECT_EQ(m->rest_constant, 7);  // 5 - (-2) * 1
    EXPECT_EQ(used_part(e, *m), d0 * -2 + s0 * -14);
}

TEST(SumMultiple, AProductWithSeveralFactorsIsComparedWhole) {
    // d0 * d1 * 4 is 1 times itself: twice d0 * d1 * 4 + d2 is
    // d0 * d1 * 8 + d2 * 2, but d0 * d1 * 8 is no multiple of d0 * d1 * 4 by
    // that reading; d0 * d1 * 4 + d2 * 2 + 3 is 1 times it plus 3.
    Context ctx;
    const Expr d0 = ctx.variable(0), d1 = ctx.variable(1), d2 = ctx.variable(2);
    const Expr f = d0 * d1 * 4 + d2 * 2;
    EXPECT_FALSE(as_multiple_of(detail::node_of(d0 * d1 * 8 + d2 * 4), detail::node_of(f)));
    const std::optional<SumMultiple> m =
        as_multiple_of(detail::node_of(d0 * d1 * 4 + d2 * 2 + 3), detail::node_of(f));
    ASSERT_TRUE(m);
    EXPECT_EQ(m->a, 1);
    EXPECT_EQ(m->rest_constant, 3);
}

TEST(SumMultiple, NoOneMultipleAMissingTermOrAnInt64OverflowGivesNone) {
    Context ctx;
    const Expr d0 = ctx.variable(0), d1 = ctx.variable(1), d2 = ctx.variable(2);
    const Expr f = d0 + d1 * 7;
    auto multiple = [](Expr e, Expr g) {
        return as_multiple_of(detail::node_of(e), detail::node_of(g)).has_value();
    };
    EXPECT_FALSE(multiple(d0 * 2 + d1 * 7, f));  // 2 and 1
    EXPECT_FALSE(multiple(d0 + d2 * 7, f));      // lacks d1
    EXPECT_TRUE(multiple(d0 * 3 + d1 * 21 + d2, f));
    // The rest's constant, 0 - 2 * (2^63 - 101), leaves int64.
    EXPECT_FALSE(multiple(d0 * 2 + d1 * 14, f + (kInt64Max - 100)));
    // a itself would leave int64: -2^63 * (d0 + d2) is 2^63 * (-d0 - d2).
    const Expr negated = d0 * -1 + d2 * -1;
    EXPECT_FALSE(multiple(d0 * kInt64Min + d2 * kInt64Min, negated));
    EXPECT_TRUE(multiple(d0 * kInt64Max + d2 * kInt64Max, negated));  // a = 1 - 2^63
}

}  // namespace
}  // namespace provix::engine
