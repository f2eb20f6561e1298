// The block condition of partition rules: found in the built-in rules, and
// its width test never turns away a sum the rule rewrites.

#include "block_condition.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "divisibility.h"
#include "partition_candidates.h"
#include "range_analysis.h"
#include "rule_matcher.h"
#include "rule_table.h"
#include "support/builtin_rule.h"

namespace provix::engine {
namespace {

using testing_support::builtin_rule;

/// The block divisors of the rule's sum patterns (-1 for none).
std::vector<int64_t> block_divisors(const CompiledRule& r) {
    std::vector<int64_t> out;
    for (const SumPattern& sp : r.sums)
        if (sp.part_const >= 0) out.push_back(sp.block_divisor);
    return out;
}

TEST(BlockCondition, FoundInTheCoefficientInBlockRules) {
    for (const char* name : {"fd_coef_in_block", "cd_coef_in_block", "mod_coef_in_block"}) {
        const CompiledRule& r = builtin_rule(name);
        EXPECT_EQ(block_divisors(r), std::vector<int64_t>{r.rule.find_var("c1")}) << name;
    }
    // A partition rule without one.
    EXPECT_EQ(block_divisors(builtin_rule("fd_pull_multiple")), std::vector<int64_t>{-1});
}

TEST(BlockCondition, FoundWithOperandsEitherWayRound) {
    auto rules = rules::parse_rules(
        "b: (c0 * X + Y) mod c1 => Y if c1 > 0 && "
        "(ub(Y) + ub(X) * (c0 mod c1)) floordiv c1 == (lb(Y) + (c0 mod c1) * lb(X)) floordiv c1\n"
        "wrong_divisor: (c0 * X + Y) mod c1 => Y if c1 > 0 && "
        "((c0 mod c1) * lb(X) + lb(Y)) floordiv c1 == ((c0 mod c1) * ub(X) + ub(Y)) floordiv 2\n"
        "swapped: (c0 * X + Y) mod c1 => Y if "
        "((c0 mod c1) * lb(Y) + lb(X)) floordiv c1 == ((c0 mod c1) * ub(Y) + ub(X)) floordiv c1\n"
        // ceil(lo / d) == floor(hi / d) holds for widths up to 2d - 2: no
        // block condition.
        "mixed: (c0 * X + Y) mod c1 => Y if c1 > 0 && "
        "((c0 mod c1) * lb(X) + lb(Y)) ceildiv c1 == ((c0 mod c1) * ub(X) + ub(Y)) floordiv c1\n"
        "ceiling: (c0 * X + Y) mod c1 => Y if c1 > 0 && "
        "((c0 mod c1) * ub(X) + ub(Y)) ceildiv c1 == ((c0 mod c1) * lb(X) + lb(Y)) ceildiv c1\n",
        "t.rules");
    ASSERT_TRUE(rules.ok()) << rules.error().message;
    RuleTable table(*rules);
    EXPECT_EQ(block_divisors(table.rules().at(0)),
              std::vector<int64_t>{table.rules().at(0).rule.find_var("c1")});
    EXPECT_EQ(block_divisors(table.rules().at(1)), std::vector<int64_t>{-1});
    EXPECT_EQ(block_divisors(table.rules().at(2)), std::vector<int64_t>{-1});
    EXPECT_EQ(block_divisors(table.rules().at(3)), std::vector<int64_t>{-1});
    EXPECT_EQ(block_divisors(table.rules().at(4)),
              std::vector<int64_t>{table.rules().at(4).rule.find_var("c1")});
}

TEST(BlockCondition, WidthOfTheTermsAgainstTheBlock) {
    Context ctx;
    Expr d0 = ctx.variable(0), d1 = ctx.variable(1);
    RangeAnalysis ranges({Interval{0, 9}, Interval{5, 7}});
    // d0 * 5 + d1 + 3: distances 1 and 1 to multiples of 4, widths 9 and 2.
    std::vector<SumTerm> terms = {{d0, 5, d0 * 5}, {d1, 1, d1}, {Expr(), 3, ctx.constant(3)}};
    EXPECT_FALSE(block_may_hold(terms, 0b111, 4, ranges));   // 9 + 2 > 3
    EXPECT_TRUE(block_may_hold(terms, 0b111, 5, ranges));    // 0*9 + 1*2 <= 4
    EXPECT_FALSE(block_may_hold(terms, 0b111, 11, ranges));  // 5*9 + 1*2 > 10
    // Only the terms in `remaining` count: d1 alone has width 2.
    EXPECT_TRUE(block_may_hold(terms, 0b110, 4, ranges));
    EXPECT_FALSE(block_may_hold(terms, 0b110, 2, ranges));
    // A coefficient next to a multiple of the divisor adds little: -11 is 1
    // from -10, 2 from -9.
    std::vector<SumTerm> near = {{d0, -11, d0 * -11}};
    EXPECT_TRUE(block_may_hold(near, 0b1, 10, ranges));  // 1*9 <= 9
    EXPECT_FALSE(block_may_hold(near, 0b1, 9, ranges));  // 2*9 > 8
    // A non-positive divisor: no verdict.
    EXPECT_TRUE(block_may_hold(terms, 0b111, 0, ranges));
    EXPECT_TRUE(block_may_hold(terms, 0b111, -4, ranges));
    // An unbounded range leaves X or Y with an infinite end, which the
    // condition reads (unknown): no partition passes. A multiple of the
    // divisor adds no width and is not looked at.
    RangeAnalysis open({Interval::at_least(0), Interval{5, 7}});
    EXPECT_FALSE(block_may_hold(terms, 0b011, 2, open));
    EXPECT_TRUE(block_may_hold(terms, 0b011, 5, open));
}

/// A random sum of up to three scaled variables and a constant.
Expr random_sum(Context& ctx, std::mt19937& rng) {
    std::uniform_int_distribution<int64_t> coef(-40, 40), count(1, 3), constant(-20, 20);
    Expr sum = ctx.constant(constant(rng));
    for (int64_t i = count(rng); i > 0; --i)
        sum = sum + ctx.variable(i - 1) * coef(rng);
    return sum;
}

TEST(BlockCondition, TheTestNeverTurnsAwayASumTheRuleRewrites) {
    // The rule with and without its block divisor give the same result on
    // random sums, over small domains where the rule fires often, and with
    // one end of a variable's range infinite now and then (a term over it
    // leaves the condition unknown: the test turns the sum away).
    std::mt19937 rng(20261202);
    std::uniform_int_distribution<int64_t> lo(-6, 6), width(0, 5), divisor(1, 40), end(0, 11);
    int fired = 0, rejected = 0;
    for (const char* name : {"fd_coef_in_block", "cd_coef_in_block", "mod_coef_in_block"}) {
        const CompiledRule& with = builtin_rule(name);
        CompiledRule without = with;
        for (SumPattern& sp : without.sums)
            sp.block_divisor = -1;
        for (int i = 0; i < 4000; ++i) {
            Context ctx;
            std::vector<Interval> bounds;
            for (int v = 0; v < 3; ++v) {
                int64_t l = lo(rng), h = l + width(rng);
                const int64_t infinite = end(rng);  // 0: no lower end, 1: no upper end
                bounds.push_back(infinite == 0   ? Interval::at_most(h)
                                 : infinite == 1 ? Interval::at_least(l)
                                                 : Interval{l, h});
            }
            Expr sum = random_sum(ctx, rng);
            const std::string rule = name;
            Expr e = rule == "fd_coef_in_block"   ? floor_div(sum, divisor(rng))
                     : rule == "cd_coef_in_block" ? ceil_div(sum, divisor(rng))
                                                  : mod(sum, divisor(rng));
            RangeAnalysis ranges(bounds);
            DivisibilityAnalysis divisibility;
            RuleMatcher matcher(ranges, divisibility);
            std::optional<Expr> expected = matcher.apply(without, e);
            std::optional<Expr> got = matcher.apply(with, e);
            EXPECT_EQ(got, expected) << name << " on " << e;
            fired += expected.has_value();
            if (e.kind() == ExprKind::FloorDiv || e.kind() == ExprKind::CeilDiv ||
                e.kind() == ExprKind::Mod) {
                std::vector<SumTerm> terms = sum_terms(e.operands()[0]);
                rejected += !block_may_hold(terms, all_terms(terms.size()),
                                            e.operands()[1].constant_value(), ranges);
            }
        }
    }
    // Both outcomes occur (the comparison is not vacuous).
    EXPECT_GT(fired, 500);
    EXPECT_GT(rejected, 500);
}

}  // namespace
}  // namespace provix::engine
