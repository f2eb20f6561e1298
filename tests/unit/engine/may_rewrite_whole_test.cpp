// may_rewrite_whole: the rewriter runs the whole-expression steps only where
// it answers true, so every step must find nothing to do where it answers
// false.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "enumerated_affine.h"
#include "expr_steps.h"
#include "floor_relaxation.h"
#include "provix/expr.h"
#include "radix_digits.h"
#include "range_analysis.h"

namespace provix::engine {
namespace {

/// The name of the first whole-expression step that rewrites `e`, or "".
std::string first_step_acting(Expr e, RangeAnalysis& ranges) {
    const char* lemma_name = nullptr;
    RangeLemmas range_lemmas = {};
    if (recognise_mod_in_sum(e)) return "recognise_mod_in_sum";
    if (recombine_radix_digits(e, ranges, RewriteLog{}, &lemma_name))
        return "recombine_radix_digits";
    if (constant_by_floor_relaxation(e, ranges)) return "constant_by_floor_relaxation";
    if (decide_min_max_by_difference(e, ranges, range_lemmas))
        return "decide_min_max_by_difference";
    if (two_point_affine(e, ranges)) return "two_point_affine";
    if (enumerated_affine(e, ranges)) return "enumerated_affine";
    return "";
}

TEST(MayRewriteWhole, AffineNodesAreSkipped) {
    Context ctx;
    const Expr d0 = ctx.variable(0), d1 = ctx.variable(1);
    EXPECT_FALSE(may_rewrite_whole(d0));
    EXPECT_FALSE(may_rewrite_whole(d0 * 4));
    EXPECT_FALSE(may_rewrite_whole(d0 * 4 + d1));
    EXPECT_FALSE(may_rewrite_whole(d0 * d1 + 3));
    EXPECT_TRUE(may_rewrite_whole(floor_div(d0, 4)));
    EXPECT_TRUE(may_rewrite_whole(min(d0, d1)));
    EXPECT_TRUE(may_rewrite_whole(d0 + mod(d1, 3)));
    EXPECT_TRUE(may_rewrite_whole(d0 + ceil_div(d1, 3) * 5));
    EXPECT_TRUE(may_rewrite_whole(d0 + max(d1, 2) * 3));
}

/// Expressions over d0 in [0, 1] and d1 in [0, 7] built from every kind,
/// two levels deep, and sums of those: many of them are rewritten by some
/// step (two points, few points, a decided min or max, constant quotient
/// sums).
std::vector<Expr> sample(Context& ctx) {
    const Expr d0 = ctx.variable(0), d1 = ctx.variable(1);
    std::vector<Expr> leaves = {d0, d1, d0 * 2, d1 * 3 + 1, d0 + d1};
    std::vector<Expr> level1;
    for (Expr a : leaves) {
        level1.push_back(a);
        level1.push_back(floor_div(a, 2));
        level1.push_back(ceil_div(a, 4));
        level1.push_back(mod(a, 3));
        level1.push_back(floor_div(a, 2) * 2);
        for (Expr b : leaves) {
            level1.push_back(min(a, b + 1));
            level1.push_back(max(a, b));
            level1.push_back(a * b);
        }
    }
    std::vector<Expr> out = level1;
    for (size_t i = 0; i < level1.size(); ++i) {
        out.push_back(level1[i] + d1 * 5);
        out.push_back(level1[i] - level1[(i * 7 + 3) % level1.size()]);
        out.push_back(level1[i] * 3 + level1[(i * 5 + 1) % level1.size()] + d0);
    }
    return out;
}

TEST(MayRewriteWhole, NoStepActsWhereItAnswersFalse) {
    Context ctx;
    RangeAnalysis ranges(std::vector<Interval>{Interval(0, 1), Interval(0, 7)});
    int skipped = 0, acting = 0;
    for (Expr e : sample(ctx)) {
        const std::string step = first_step_acting(e, ranges);
        if (!step.empty()) ++acting;
        if (may_rewrite_whole(e)) continue;
        ++skipped;
        EXPECT_EQ(step, "") << to_string(e);
    }
    // The sample exercises both answers, and the steps do act on it.
    EXPECT_GT(skipped, 20);
    EXPECT_GT(acting, 20);
}

}  // namespace
}  // namespace provix::engine
