// The rewriter's shortcuts: each answers what the general path would.

#include "rewriter.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "divisibility.h"
#include "provix/parser.h"
#include "provix/rules/rule.h"
#include "range_analysis.h"
#include "rewrite_log.h"
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

TEST(Rewriter, ADivisorKeptFromZeroIsNotReportedAndItsRewritesAreRemadeWhereUsed) {
    // d0 is 0: a divisor that would become 0 stays as it was, and the
    // rewrites found in it are neither reported nor remembered; where the
    // same nodes are used outside a divisor they are rewritten and reported.
    Context ctx;
    const std::vector<std::string> names = {"d0", "d1"};
    RangeAnalysis ranges({Interval{0, 0}, Interval{1, 9}});
    DivisibilityAnalysis divisibility;
    std::vector<std::string> trace;
    Rewriter rewriter(RuleTable::builtin(), ranges, divisibility, RewriteLog{&trace, nullptr});
    auto simplify = [&](const std::string& text) {
        auto e = parse_expr(ctx, text, names);
        EXPECT_TRUE(e.ok()) << text;
        return e.ok() ? to_string(rewriter.simplify(*e)) : "<parse error>";
    };
    EXPECT_EQ(simplify("d1 mod (d0 * 2)"), "v1 mod (v0 * 2)");
    EXPECT_EQ(trace, std::vector<std::string>{});
    EXPECT_EQ(simplify("d0 * 2"), "0");
    EXPECT_EQ(trace, std::vector<std::string>{"fixed_value"});
    // Found before (d0 is 0 from the step above): nothing new to report.
    EXPECT_EQ(simplify("d1 floordiv d0 + d0"), "v1 floordiv v0");
    EXPECT_EQ(trace, std::vector<std::string>{"fixed_value"});
}

TEST(Rewriter, ADivisorKeptFromZeroInsideAKeptDivisorIsNotReported) {
    // The outer divisor becomes `d1 mod (d0 * 2)`, no zero: it is kept with
    // the rewrite of its term d0 * 3 (reported), and the inner divisor
    // d0 * 2 stays as it was (not reported).
    Context ctx;
    RangeAnalysis ranges({Interval{0, 0}, Interval{1, 9}});
    DivisibilityAnalysis divisibility;
    std::vector<std::string> trace;
    Rewriter rewriter(RuleTable::builtin(), ranges, divisibility, RewriteLog{&trace, nullptr});
    auto e = parse_expr(ctx, "d1 floordiv (d1 mod (d0 * 2) + d0 * 3)", {"d0", "d1"});
    ASSERT_TRUE(e.ok());
    EXPECT_EQ(to_string(rewriter.simplify(*e)), "v1 floordiv (v1 mod (v0 * 2))");
    EXPECT_EQ(trace, std::vector<std::string>{"fixed_value"});
}

/// True if the rules of `text` leave polynomials to the point rules alone.
bool polynomials_only_at_points(const std::string& text) {
    auto rules = rules::parse_rules(text, "t.rules");
    EXPECT_TRUE(rules.ok()) << text;
    return rules.ok() && RuleTable(*rules).rewrites_polynomials_only_at_points();
}

TEST(RuleTable, KnowsWhetherOnlyThePointRulesRewritePolynomials) {
    EXPECT_TRUE(RuleTable::builtin().rewrites_polynomials_only_at_points());
    const std::string fixed = "fixed: x => lb(x) if lb(x) == ub(x) && defined(x)\n";
    EXPECT_TRUE(polynomials_only_at_points(fixed));
    // Left sides that need a floordiv or a mod: at the top, as a product's
    // monomial, as one term pattern of a sum (the other may be a polynomial).
    EXPECT_TRUE(polynomials_only_at_points(fixed + "n: (x floordiv c0) floordiv c1 => x\n"));
    EXPECT_TRUE(polynomials_only_at_points(
        fixed + "m: (x floordiv c0) * c1 => x * (c1 floordiv c0) if c1 mod c0 == 0\n"));
    EXPECT_TRUE(polynomials_only_at_points(
        fixed + "s: x * c2 + (x floordiv c0) * c1 + Y => (x mod c0) * c2 + Y\n"));
    // A product rule on a polynomial, a variable rule that is not the point
    // test alone, a sum rule whose terms need nothing piecewise.
    EXPECT_FALSE(polynomials_only_at_points(fixed + "triple: x * 3 => (x * 6) floordiv 2\n"));
    EXPECT_FALSE(polynomials_only_at_points("pin: x => lb(x) if lb(x) >= 5 && ub(x) <= 5\n"));
    EXPECT_FALSE(polynomials_only_at_points(fixed + "t: x * c0 + Y => Y if c0 == 0\n"));
}

TEST(Rewriter, APolynomialIsRewrittenWhereItsRangeMayBeAPoint) {
    // Polynomials whose variables have no point bound are returned without
    // a visit; with a point bound, or a constraint narrowing a node, the
    // point rule still fires in them.
    const RuleTable& table = RuleTable::builtin();
    const std::vector<Interval> wide = {Interval{0, 9}, Interval{-3, 9}};
    EXPECT_EQ(simplified(table, "d0 * 4 + d1", wide), "v0 * 4 + v1");
    EXPECT_EQ(simplified(table, "d0 * d1 + d0 * d0 + 3", wide), "v0 * v0 + v0 * v1 + 3");
    EXPECT_EQ(simplified(table, "(d0 * 4 + d1 + 3) floordiv 64", wide), "0");
    const std::vector<Interval> zero = {Interval{0, 9}, Interval{0, 0}};
    EXPECT_EQ(simplified(table, "d0 * d1", zero), "0");
    EXPECT_EQ(simplified(table, "d0 * d1 + d0", zero), "v0");
    EXPECT_EQ(simplified(table, "d0 * 4 + d1 * 5 + 1", {Interval{2, 2}, Interval{0, 9}}),
              "v1 * 5 + 9");
    // A variable beyond the bounds (any value) is no point either.
    EXPECT_EQ(simplified(table, "d0 + d1", {Interval{1, 1}}), "v1 + 1");

    Context ctx;
    auto e = parse_expr(ctx, "d0 + d1 * 2", {"d0", "d1"});
    ASSERT_TRUE(e.ok());
    RangeAnalysis narrowed({Interval{0, 9}, Interval{0, 9}}, {Constraint{*e, Interval{7, 7}}});
    DivisibilityAnalysis divisibility;
    Rewriter rewriter(table, narrowed, divisibility);
    EXPECT_EQ(to_string(rewriter.simplify(*e)), "7");
    // A constraint narrowing a node below: `d1 * 2` is 4 there.
    auto sub = parse_expr(ctx, "d1 * 2", {"d0", "d1"});
    auto whole = parse_expr(ctx, "d0 + d1 * 2 + d2", {"d0", "d1", "d2"});
    ASSERT_TRUE(sub.ok() && whole.ok());
    RangeAnalysis below({Interval{0, 9}, Interval{0, 9}, Interval{0, 9}},
                        {Constraint{*sub, Interval{4, 4}}});
    Rewriter below_rewriter(table, below, divisibility);
    EXPECT_EQ(to_string(below_rewriter.simplify(*whole)), "v0 + v2 + 4");

    // A raw product by 0 (not canonical) is visited: its range is a point.
    auto raw = ctx.make(ExprKind::Mul, {ctx.variable(0), ctx.constant(0)});
    ASSERT_TRUE(raw.ok());
    RangeAnalysis ranges(wide);
    Rewriter plain(table, ranges, divisibility);
    EXPECT_EQ(to_string(plain.simplify(*raw)), "0");
}

TEST(Rewriter, APolynomialRuleIsTriedOnPolynomials) {
    // With a rule that rewrites a polynomial, the table says so and the
    // rewriter visits polynomials.
    // (7x floordiv 2) - (x floordiv 2) = (6x + x) floordiv 2 - x floordiv 2 = 3x.
    auto rules =
        rules::parse_rules("triple: x * 3 => (x * 7) floordiv 2 - x floordiv 2\n", "t.rules");
    ASSERT_TRUE(rules.ok());
    RuleTable table(*rules);
    ASSERT_FALSE(table.rewrites_polynomials_only_at_points());
    // Unbounded: no whole-expression step turns the right side back into
    // `d0 * 3` (over a small box, enumerated_affine would).
    const std::vector<Interval> any = {Interval::all(), Interval::all()};
    EXPECT_EQ(simplified(table, "d0 * 3 + d1", any), "v1 - v0 floordiv 2 + (v0 * 7) floordiv 2");
}

}  // namespace
}  // namespace provix::engine
