// The rewriter's shortcuts: each answers what the general path would.

#include "rewriter.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "divisibility.h"
#include "provix/parser.h"
#include "provix/rules/rule.h"
#include "range_analysis.h"
#include "rule_table.h"

namespace provix::engine {
namespace {

/// `expr` (over d0, d1 with `bounds`) simplified by the rules of `table`.
std::string simplified(const RuleTable& table, const std::string& expr,
                       const std::vector<Interval>& bounds) {
    Context ctx;
    auto e = parse_expr(ctx, expr, {"d0", "d1"});
    EXPECT_TRUE(e.ok()) << expr;
    if (!e.ok()) return "<parse error>";
    RangeAnalysis ranges(bounds);
    DivisibilityAnalysis divisibility;
    Rewriter rewriter(table, ranges, divisibility);
    return to_string(rewriter.simplify(*e));
}

TEST(Rewriter, AVariableOfOnePointIsItsValue) {
    // Variables take the leaf path (only fixed_value's point test checked
    // before rewrite_root), alone and as operands.
    const RuleTable& table = RuleTable::builtin();
    const std::vector<Interval> bounds = {Interval{5, 5}, Interval{0, 9}};
    EXPECT_EQ(simplified(table, "d0", bounds), "5");
    EXPECT_EQ(simplified(table, "d1", bounds), "v1");
    EXPECT_EQ(simplified(table, "d0 * 4 + d1", bounds), "v1 + 20");
}

TEST(Rewriter, AVariableRuleWithoutThePointTestIsTried) {
    // A rule on a bare variable whose gate is not the point test alone:
    // the leaf path must hand the variable to rewrite_root.
    auto rules = rules::parse_rules("pin: x => lb(x) if lb(x) >= 5 && ub(x) <= 5\n", "t.rules");
    ASSERT_TRUE(rules.ok());
    RuleTable table(*rules);
    EXPECT_EQ(simplified(table, "d0", {Interval{5, 5}, Interval{0, 9}}), "5");
    EXPECT_EQ(simplified(table, "d0", {Interval{4, 5}, Interval{0, 9}}), "v0");
}

}  // namespace
}  // namespace provix::engine
