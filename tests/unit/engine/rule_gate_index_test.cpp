// The rule lists read off the rules' gates (the per-node index of the rules
// that can fire): the sum rules a sum's term kinds leave out, the rules an
// operand class leaves out, and the scale divisor of partition rules. Each
// leaves out only rules whose gates turn the node away.

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "divisibility.h"
#include "provix/parser.h"
#include "range_analysis.h"
#include "rule_gate.h"
#include "rule_matcher.h"
#include "rule_table.h"
#include "sum_term.h"
#include "support/builtin_rule.h"
#include "support/expr_nodes.h"
#include "support/random_maps.h"

namespace provix::engine {
namespace {

using testing_support::builtin_rule;
using testing_support::collect_nodes;

/// The sum facts of the first result of `map_text`.
SumFacts first_result_sum_facts(Context& ctx, const std::string& map_text) {
    Result<IndexingMap> m = parse_indexing_map(ctx, map_text);
    EXPECT_TRUE(m.ok()) << map_text;
    return sum_facts(m->results()[0]);
}

TEST(SumGateSkip, TermKindsSkipTheSumRulesNeedingOthers) {
    // The sum rules of the built-in table each need a floordiv or mod term:
    // an affine sum is turned away by all of them at once.
    const RuleTable& table = RuleTable::builtin();
    const SumGateSkip& add = table.sum_gate_skip(ExprKind::Add);
    ASSERT_TRUE(add.any);
    EXPECT_TRUE(SumGateSkip::skippable(builtin_rule("add_div_mod_recombine").gate));
    EXPECT_FALSE(SumGateSkip::skippable(builtin_rule("fixed_value").gate));
    Context ctx;
    const std::string bounds = "domain: d0 in [0, 9], d1 in [0, 3]";
    auto rules = [&](const std::string& results) {
        return add.rules_for(
            first_result_sum_facts(ctx, "(d0, d1) -> (" + results + "), " + bounds));
    };
    const auto& affine = rules("d0 * 4 + d1");
    ASSERT_EQ(affine.size(), 1u);
    EXPECT_EQ(affine[0], &builtin_rule("fixed_value"));
    // (x floordiv c0) * c1 + (x mod c0) * c2 + Y needs a floordiv and a
    // mod term.
    const CompiledRule& recombine = builtin_rule("add_div_mod_recombine");
    auto holds_recombine = [&](const std::vector<const CompiledRule*>& list) {
        return std::count(list.begin(), list.end(), &recombine) == 1;
    };
    EXPECT_FALSE(holds_recombine(rules("(d0 floordiv 4) * 4 + d1")));
    EXPECT_TRUE(holds_recombine(rules("(d0 floordiv 4) * 4 + d0 mod 4 + d1")));
    EXPECT_EQ(rules("(d0 floordiv 4) * 4 + d0 mod 4 + d1").size(),
              table.expression_rules(ExprKind::Add).size());
}

/// Nodes of random expressions over two variables with random bounds, for
/// the properties of the rule lists.
struct RandomNodes {
    Context ctx;
    std::vector<Interval> bounds;
    std::vector<Expr> nodes;
    RandomNodes() {
        testing_support::MapOptions o;
        o.large_constants = false;
        const int64_t n = 2;
        for (int64_t i = 0; i < n; ++i)
            bounds.push_back(testing_support::random_bounds(o));
        for (int i = 0; i < 3; ++i)
            collect_nodes(testing_support::random_expr(ctx, n, o, 4), nodes);
    }
};

/// Asserts that `kept` is `all` in order without some rules, each of whose
/// gates turns `e` away.
void check_left_out_turn_away(Expr e, const std::vector<const CompiledRule*>& kept,
                              const std::vector<const CompiledRule*>& all, RangeAnalysis& ranges) {
    DivisibilityAnalysis divisibility;
    size_t next = 0;  // kept is a subsequence of all
    for (const CompiledRule* rule : all) {
        if (next < kept.size() && kept[next] == rule) {
            ++next;
            continue;
        }
        NodeFacts facts(e, &divisibility);
        RC_ASSERT(!rule->gate.admits(facts, ranges));
    }
    RC_ASSERT(next == kept.size());
}

RC_GTEST_PROP(SumGateSkip, LeavesOutOnlyRulesWhoseGatesTurnTheNodeAway, ()) {
    // For every kind with sum gates: the list for a node's term kinds.
    RandomNodes random;
    RangeAnalysis ranges(random.bounds);
    const RuleTable& table = RuleTable::builtin();
    for (Expr e : random.nodes) {
        if (e.is_constant()) continue;
        const SumGateSkip& skip = table.sum_gate_skip(e.kind());
        if (!skip.any) continue;
        check_left_out_turn_away(e, skip.rules_for(sum_facts(e)), table.expression_rules(e.kind()),
                                 ranges);
    }
}

/// True if `rule` is in `rules`.
bool holds(const std::vector<const CompiledRule*>& rules, const CompiledRule& rule) {
    return std::find(rules.begin(), rules.end(), &rule) != rules.end();
}

TEST(OperandClass, RulesWhoseOperandTestsFailAreLeftOut) {
    Context ctx;
    Result<IndexingMap> m = parse_indexing_map(
        ctx,
        "(d0) -> (d0 floordiv 8, d0 floordiv -8, (d0 floordiv 2) floordiv 8, d0 floordiv 1),"
        " domain: d0 in [0, 99]");
    ASSERT_TRUE(m.ok());
    const RuleTable& table = RuleTable::builtin();
    ASSERT_TRUE(table.has_operand_classes(ExprKind::FloorDiv));
    const Expr plain = m->results()[0], negative = m->results()[1], nested = m->results()[2];
    EXPECT_EQ(operand_class(plain), operand_class(floor_div(ctx.variable(0), 3)));
    EXPECT_NE(operand_class(plain), operand_class(negative));
    // fd_negative_divisor: x floordiv c0 if c0 < 0; fd_nested:
    // (x floordiv c0) floordiv c1 if c0 > 0 && c1 > 0.
    const CompiledRule& negative_rule = builtin_rule("fd_negative_divisor");
    const CompiledRule& nested_rule = builtin_rule("fd_nested");
    const auto& for_plain = table.expression_rules(ExprKind::FloorDiv, operand_class(plain));
    EXPECT_FALSE(holds(for_plain, negative_rule));
    EXPECT_FALSE(holds(for_plain, nested_rule));
    EXPECT_TRUE(holds(for_plain, builtin_rule("fixed_value")));
    EXPECT_TRUE(
        holds(table.expression_rules(ExprKind::FloorDiv, operand_class(negative)), negative_rule));
    EXPECT_TRUE(
        holds(table.expression_rules(ExprKind::FloorDiv, operand_class(nested)), nested_rule));
    EXPECT_LT(for_plain.size(), table.expression_rules(ExprKind::FloorDiv).size());
    // A sum with a constant term is a class of its own: fd_split_constant
    // ((X + c0) floordiv c1) is left out for a sum without one.
    const Expr d0 = ctx.variable(0), d1 = ctx.variable(1);
    const Expr with_constant = floor_div(d0 + d1 + 1, 8), without = floor_div(d0 + d1, 8);
    EXPECT_NE(operand_class(with_constant), operand_class(without));
    const CompiledRule& split_rule = builtin_rule("fd_split_constant");
    EXPECT_TRUE(holds(table.expression_rules(ExprKind::FloorDiv, operand_class(with_constant)),
                      split_rule));
    EXPECT_FALSE(
        holds(table.expression_rules(ExprKind::FloorDiv, operand_class(without)), split_rule));
}

RC_GTEST_PROP(OperandClass, LeavesOutOnlyRulesWhoseGatesTurnTheNodeAway, ()) {
    RandomNodes random;
    RangeAnalysis ranges(random.bounds);
    const RuleTable& table = RuleTable::builtin();
    for (Expr e : random.nodes) {
        if (e.num_operands() < 2 || !table.has_operand_classes(e.kind())) continue;
        check_left_out_turn_away(e, table.expression_rules(e.kind(), operand_class(e)),
                                 table.expression_rules(e.kind()), ranges);
    }
}

/// `rule` as compiled, without the scale divisors of its sum patterns (X
/// then ranges over every subset of the remaining terms).
CompiledRule without_scale_divisors(const CompiledRule& rule) {
    CompiledRule copy = rule;
    for (SumPattern& sp : copy.sums)
        sp.scale_divisor = -1;
    return copy;
}

TEST(ScaleDivisor, ReadOffTheConditionOfPartitionRules) {
    for (const std::string name : {"fd_pull_multiple", "mod_drop_multiple", "cd_pull_multiple"}) {
        const CompiledRule& rule = builtin_rule(name);
        int found = 0;
        for (const SumPattern& sp : rule.sums)
            found += sp.scale_divisor >= 0;
        EXPECT_EQ(found, 1) << name;
    }
    for (const SumPattern& sp : builtin_rule("fd_gcd_split").sums)
        EXPECT_EQ(sp.scale_divisor, -1);
}

RC_GTEST_PROP(ScaleDivisor, PartitionsOverMultiplesMatchLikeEveryPartition, ()) {
    // A sum of 1 to 14 terms (more than the exhaustive limit too) with
    // coefficients sharing small factors, divided by a small constant:
    // the rules that restrict X to the multiples of their divisor give the
    // same rewrite as the unrestricted enumeration.
    Context ctx;
    const bool beyond_exhaustive = *rc::gen::inRange(0, 2) == 0;  // 13 or 14 terms
    const int64_t n =
        beyond_exhaustive ? *rc::gen::inRange<int64_t>(13, 15) : *rc::gen::inRange<int64_t>(1, 13);
    std::vector<Interval> bounds;
    Expr sum = ctx.constant(*rc::gen::inRange<int64_t>(-20, 21));
    for (int64_t i = 0; i < n; ++i) {
        bounds.push_back(Interval(0, *rc::gen::inRange<int64_t>(0, 8)));
        const int64_t coef = *rc::gen::elementOf(std::vector<int64_t>{1, 2, 3, 6, 8, 12, -12});
        sum = sum + ctx.variable(i) * coef;
    }
    const int64_t divisor = *rc::gen::elementOf(std::vector<int64_t>{2, 3, 4, 6, 8, -4});
    RangeAnalysis ranges(bounds);
    DivisibilityAnalysis divisibility;
    RuleMatcher matcher(ranges, divisibility);
    for (Expr e : {floor_div(sum, divisor), mod(sum, divisor), ceil_div(sum, divisor)}) {
        for (const CompiledRule* rule : RuleTable::builtin().expression_rules(e.kind())) {
            CompiledRule plain = without_scale_divisors(*rule);
            std::optional<Expr> restricted = matcher.apply(*rule, e);
            std::optional<Expr> every = matcher.apply(plain, e);
            RC_ASSERT(restricted.has_value() == every.has_value());
            if (restricted) RC_ASSERT(*restricted == *every);
        }
    }
}

}  // namespace
}  // namespace provix::engine
