// two_point_affine finds the only variable of a node from its variable mask,
// and by a walk where a variable id lies beyond the mask (id 64 and up).

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "expr_steps.h"
#include "provix/expr.h"
#include "range_analysis.h"

namespace provix::engine {
namespace {

/// two_point_affine on `e` with every variable below `n` in [0, 1], except
/// variable `wide` in [0, 5].
std::string two_point(Expr e, int64_t n, int64_t wide) {
    std::vector<Interval> bounds(static_cast<size_t>(n), Interval(0, 1));
    bounds[static_cast<size_t>(wide)] = Interval(0, 5);
    RangeAnalysis ranges(bounds);
    Expr r = two_point_affine(e, ranges);
    return r ? to_string(r) : std::string();
}

TEST(TwoPointAffine, OneVariableBelowOrBeyondTheMask) {
    Context ctx;
    for (int64_t id : {3, 63, 64, 70}) {
        const Expr v = ctx.variable(id);
        // (v + 13) mod 2 at v = 0, 1 is 1, 0: 1 - v.
        const Expr e = mod(v + 13, 2);
        EXPECT_EQ(two_point(e, 71, 0), to_string(1 - v)) << id;
    }
}

TEST(TwoPointAffine, TwoVariablesOrAWideOneAreLeftAlone) {
    Context ctx;
    for (auto [a, b] : {std::pair<int64_t, int64_t>{1, 2}, {1, 64}, {64, 70}}) {
        const Expr e = mod(ctx.variable(a) + ctx.variable(b), 2);
        EXPECT_EQ(two_point(e, 71, 0), "") << a << " " << b;
    }
    EXPECT_EQ(two_point(mod(ctx.variable(66) + 1, 2), 71, 66), "");
}

}  // namespace
}  // namespace provix::engine
