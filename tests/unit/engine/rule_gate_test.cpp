// Rule gates (the per-node index of the rules that can fire): a gate turns
// away nodes its rule cannot match, and never a node its rule rewrites.

#include "rule_gate.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "divisibility.h"
#include "provix/parser.h"
#include "range_analysis.h"
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

/// True if the gate of rule `name` admits the first result of `map_text`
/// (the gate also reads the divisibility analysis unless `no_divisibility`).
bool admits(const std::string& name, const std::string& map_text, bool no_divisibility = false) {
    Context ctx;
    Result<IndexingMap> m = parse_indexing_map(ctx, map_text);
    EXPECT_TRUE(m.ok()) << map_text;
    RangeAnalysis ranges(m->variable_bounds(), m->constraints());
    DivisibilityAnalysis divisibility(m->constraints());
    NodeFacts facts(m->results()[0], no_divisibility ? nullptr : &divisibility);
    return builtin_rule(name).gate.admits(facts, ranges);
}

/// The number of (node, rule) pairs of `nodes` where the rule rewrites the
/// node; fails the test where such a rule's gate turns the node away.
int check_firings(const std::vector<Expr>& nodes, RangeAnalysis& ranges,
                  DivisibilityAnalysis& divisibility) {
    RuleMatcher matcher(ranges, divisibility);
    int fired = 0;
    for (Expr e : nodes) {
        if (e.is_constant()) continue;  // the rewriter tries no rule on constants
        NodeFacts facts(e, &divisibility);
        for (const CompiledRule* rule : RuleTable::builtin().expression_rules(e.kind())) {
            std::optional<Expr> r = matcher.apply(*rule, e);
            if (!r || *r == e) continue;
            ++fired;
            EXPECT_TRUE(rule->gate.admits(facts, ranges))
                << rule->rule.name << " fires on " << e << " but its gate turns it away";
        }
    }
    return fired;
}

TEST(RuleGate, ConstantOperandOutsideTheConditionIsTurnedAway) {
    // mod_negative_divisor: x mod c0 => ... if c0 < 0
    EXPECT_FALSE(admits("mod_negative_divisor", "(d0) -> (d0 mod 8), domain: d0 in [0, 99]"));
    EXPECT_TRUE(admits("mod_negative_divisor", "(d0) -> (d0 mod -8), domain: d0 in [0, 99]"));
    // fd_nested: (x floordiv c0) floordiv c1 if c0 > 0 && c1 > 0: the left
    // operand must be a floordiv, the divisor positive.
    EXPECT_FALSE(admits("fd_nested", "(d0) -> ((d0 * 3) floordiv 8), domain: d0 in [0, 99]"));
    EXPECT_FALSE(
        admits("fd_nested", "(d0) -> ((d0 floordiv 2) floordiv -8), domain: d0 in [0, 9]"));
    EXPECT_TRUE(admits("fd_nested", "(d0) -> ((d0 floordiv 2) floordiv 8), domain: d0 in [0, 9]"));
}

TEST(RuleGate, FixedValueOnlyWhereTheRangeIsOnePoint) {
    EXPECT_FALSE(admits("fixed_value", "(d0) -> (d0 floordiv 8), domain: d0 in [0, 15]"));
    EXPECT_TRUE(admits("fixed_value", "(d0) -> (d0 floordiv 8), domain: d0 in [0, 7]"));
    EXPECT_FALSE(admits("fixed_value", "(d0) -> (d0 floordiv 8), domain: d0 in [0, inf]"));
    // Its gate has the point test alone: admits skips the shape tests.
    EXPECT_FALSE(builtin_rule("fixed_value").gate.shape_tests);
    EXPECT_TRUE(builtin_rule("fd_nested").gate.shape_tests);
    EXPECT_TRUE(builtin_rule("cst_scale").gate.shape_tests);
}

TEST(RuleGate, OperandExtrasSetExactlyWhereAnOperandTestIs) {
    // admits skips the left operand's further tests when operand_extras is
    // false: it must be true on every gate that has one of them.
    size_t with = 0, without = 0;
    for (const CompiledRule& c : RuleTable::builtin().rules()) {
        const RuleGate& g = c.gate;
        const bool any = g.sums[1].active || g.scale_test != RuleGate::ScaleTest::None ||
                         g.operand0_divisible || g.operand0_in_one_block || g.operand0_block;
        EXPECT_EQ(g.operand_extras, any) << c.rule.name;
        (any ? with : without) += 1;
    }
    EXPECT_GT(with, 0u);
    EXPECT_GT(without, 0u);
    EXPECT_TRUE(builtin_rule("mod_in_block").gate.operand_extras);
    EXPECT_TRUE(builtin_rule("fd_coef_in_block").gate.operand_extras);
    // A gate built by hand checks every test.
    EXPECT_TRUE(RuleGate{}.operand_extras);
}

TEST(RuleGate, SumPatternsNeedTermsOfTheirKinds) {
    // (x floordiv c0) * c1 + (x mod c0) * c2 + Y needs a floordiv and a mod term.
    const std::string rule = "add_div_mod_recombine";
    EXPECT_FALSE(admits(rule, "(d0, d1) -> (d0 * 4 + d1), domain: d0 in [0, 9], d1 in [0, 3]"));
    EXPECT_FALSE(admits(rule, "(d0) -> (d0 floordiv 4 + d0), domain: d0 in [0, 9]"));
    EXPECT_TRUE(admits(rule, "(d0) -> (d0 floordiv 4 + d0 mod 4), domain: d0 in [0, 9]"));
    // (c0 * X + y floordiv c1) floordiv c2: a floordiv term of coefficient 1
    // in the left operand.
    EXPECT_FALSE(
        admits("fd_of_sum_with_fd",
               "(d0, d1) -> ((d0 * 4 + d1) floordiv 8), domain: d0 in [0, 9], d1 in [0, 3]"));
    EXPECT_FALSE(
        admits("fd_of_sum_with_fd",
               "(d0) -> ((d0 * 4 + (d0 floordiv 2) * 3) floordiv 8), domain: d0 in [0, 9]"));
    EXPECT_TRUE(admits("fd_of_sum_with_fd",
                       "(d0) -> ((d0 * 4 + d0 floordiv 2) floordiv 8), domain: d0 in [0, 9]"));
    // (x floordiv c0) * c1: the monomial must be a floordiv.
    EXPECT_FALSE(admits("mul_exact_division", "(d0) -> (d0 * 16), domain: d0 in [0, 9]"));
    EXPECT_TRUE(
        admits("mul_exact_division", "(d0) -> ((d0 floordiv 2) * 16), domain: d0 in [0, 9]", true));
}

// The sum facts the gates read are those of the terms the matcher splits
// (sum_terms): the kinds of their monomials (`d0` in `d0 * 4`, the product
// `d0 * d1` in `d0 * d1 * 4`), of the terms as they stand, and whether one
// is a constant.
TEST(RuleGate, SumFactsAreThoseOfTheMatchersTerms) {
    static const char* const kExprs[] = {
        "d0",
        "7",
        "d0 * 4",
        "d0 * d1",
        "d0 * d1 * 4",
        "(d0 floordiv 4) * 3 + d1 mod 2 + 5",
        "d0 * 4 + d1 * d0 + (d0 + d1) floordiv 2 + min(d0, d1) * -1",
        "(d0 * d1 * 4) floordiv 3 + d1 ceildiv 2 + max(d0, 3)",
    };
    Context ctx;
    std::vector<Expr> exprs;
    for (const char* text : kExprs)
        exprs.push_back(*parse_expr(ctx, text, {"d0", "d1"}));
    // Raw nodes (Context::make): constants that did not fold, a sum in a sum.
    const Expr d0 = ctx.variable(0), d1 = ctx.variable(1);
    const Expr two_times_three = *ctx.make(ExprKind::Mul, {ctx.constant(2), ctx.constant(3)});
    exprs.push_back(two_times_three);
    exprs.push_back(*ctx.make(ExprKind::Add, {d0, two_times_three}));
    exprs.push_back(*ctx.make(
        ExprKind::Add, {*ctx.make(ExprKind::Add, {d1, ctx.constant(2)}), d0, ctx.constant(4)}));
    for (const Expr e : exprs) {
        const std::string text = to_string(e);
        SumFacts want;
        for (const SumTerm& t : sum_terms(e)) {
            ++want.terms;
            if (!t.monomial) {
                want.constant = true;
                continue;
            }
            want.monomial_kinds |= kind_bit(t.monomial.kind());
            want.whole_kinds |= kind_bit(t.whole.kind());
        }
        const SumFacts got = sum_facts(e);
        EXPECT_EQ(got.terms, want.terms) << text;
        EXPECT_EQ(got.monomial_kinds, want.monomial_kinds) << text;
        EXPECT_EQ(got.whole_kinds, want.whole_kinds) << text;
        EXPECT_EQ(got.constant, want.constant) << text;
        // The per-node facts the rewriter's gates read are the same, and so
        // are those of a node's first operand.
        NodeFacts facts(e);
        EXPECT_EQ(facts.sum(0).monomial_kinds, want.monomial_kinds) << text;
        const Expr div = *ctx.make(ExprKind::FloorDiv, {e, ctx.constant(3)});
        const SumFacts operand = NodeFacts(div).sum(1);
        EXPECT_EQ(operand.terms, want.terms) << text;
        EXPECT_EQ(operand.monomial_kinds, want.monomial_kinds) << text;
        EXPECT_EQ(operand.whole_kinds, want.whole_kinds) << text;
        EXPECT_EQ(operand.constant, want.constant) << text;
        // The node's own monomial: a sum is its own, a term's is split off.
        const SumTerm own = sum_term(e);
        const uint16_t monomial = e.kind() == ExprKind::Add ? kind_bit(ExprKind::Add)
                                  : own.monomial            ? kind_bit(own.monomial.kind())
                                                            : uint16_t{0};
        EXPECT_EQ(facts.monomial_kind(), monomial) << text;
    }
}

// sum_term splits one operand of a sum as sum_terms splits it (the callers
// that walk a sum's operands without a vector rely on it), the product
// `d0 * d1` of `d0 * d1 * 4` included.
TEST(RuleGate, SumTermIsEachOfSumTerms) {
    Context ctx;
    const Expr e = *parse_expr(ctx, "d0 * d1 * 4 + d0 * 3 + min(d0, d1) + 7", {"d0", "d1"});
    const std::vector<SumTerm> terms = sum_terms(e);
    ASSERT_EQ(terms.size(), e.num_operands());
    for (size_t i = 0; i < terms.size(); ++i) {
        const SumTerm t = sum_term(e.operand(i));
        EXPECT_EQ(t.monomial, terms[i].monomial) << i;
        EXPECT_EQ(t.coef, terms[i].coef) << i;
        EXPECT_EQ(t.whole, terms[i].whole) << i;
    }
}

TEST(RuleGate, TermsOfVisitsTheTermsOfSumTermsInPlace) {
    Context ctx;
    const Expr e = *parse_expr(ctx, "d0 * d1 * 4 + d0 * 3 + min(d0, d1) + 7", {"d0", "d1"});
    const std::vector<SumTerm> terms = sum_terms(e);
    std::vector<Expr> seen;
    for (Expr t : terms_of(e))
        seen.push_back(t);
    ASSERT_EQ(seen.size(), terms.size());
    EXPECT_EQ(terms_of(e).size(), terms.size());
    int products = 0;
    for (size_t i = 0; i < terms.size(); ++i) {
        EXPECT_EQ(seen[i], terms[i].whole) << i;
        // In place: the monomial is the one sum_terms builds where it is a
        // node, and left null for the product of several factors.
        const SumTerm t = sum_term_in_place(seen[i]);
        EXPECT_EQ(t.coef, terms[i].coef) << i;
        EXPECT_EQ(t.whole, terms[i].whole) << i;
        const bool several_factors = seen[i].kind() == ExprKind::Mul && seen[i].num_operands() == 3;
        products += several_factors;
        if (several_factors)
            EXPECT_FALSE(t.monomial) << i;
        else
            EXPECT_EQ(t.monomial, terms[i].monomial) << i;
    }
    EXPECT_EQ(products, 1);  // d0 * d1 * 4
    // A non-sum is a one-term sum.
    const Expr one = *parse_expr(ctx, "d0 floordiv 2", {"d0"});
    seen.clear();
    for (Expr t : terms_of(one))
        seen.push_back(t);
    EXPECT_EQ(seen, std::vector<Expr>{one});
}

TEST(RuleGate, TermPatternsSharingAVariableNeedOneExpression) {
    // add_mod_recognise: x * c2 + (x floordiv c0) * c1 + Y: the floordiv's
    // dividend is another term's monomial.
    const std::string two = "domain: d0 in [0, 9], d1 in [0, 9]";
    EXPECT_FALSE(
        admits("add_mod_recognise", "(d0, d1) -> (d1 * 3 + (d0 floordiv 4) * -12), " + two));
    EXPECT_FALSE(admits("add_mod_recognise", "(d0, d1) -> (d1 + d0 floordiv 4), " + two));
    EXPECT_TRUE(
        admits("add_mod_recognise", "(d0, d1) -> (d0 * 3 + (d0 floordiv 4) * -12), " + two));
    EXPECT_TRUE(admits("add_mod_recognise", "(d0, d1) -> (d0 + d1 + d0 floordiv 4), " + two));
    // A monomial that is not a node yet (a product of three operands) may
    // be any expression.
    EXPECT_TRUE(admits("add_mod_recognise",
                       "(d0, d1) -> (d0 * d1 * 3 + ((d0 * d1) floordiv 4) * -12), " + two));
    // Two levels down: ((x floordiv c2) mod c3) * c4 beside (x floordiv c0) * c1.
    const std::string nested = "add_div_mod_recombine_nested";
    EXPECT_FALSE(
        admits(nested, "(d0, d1) -> ((d0 floordiv 8) * 4 + (d1 floordiv 2) mod 4), " + two));
    EXPECT_TRUE(
        admits(nested, "(d0, d1) -> ((d0 floordiv 8) * 4 + (d0 floordiv 2) mod 4), " + two));
    // Read off the patterns: a pair per shared variable.
    EXPECT_EQ(builtin_rule("add_mod_recognise").gate.sums[0].shared_vars.size(), 1u);
    EXPECT_EQ(builtin_rule(nested).gate.sums[0].shared_vars.size(), 1u);
    EXPECT_TRUE(builtin_rule("fd_pull_multiple").gate.sums[1].shared_vars.empty());
}

TEST(RuleGate, PartitionScaleConditionsNeedACoefficient) {
    // fd_pull_multiple: (c0 * X + Y) floordiv c1 if c0 mod c1 == 0.
    const std::string two = "domain: d0 in [0, 9], d1 in [0, 9]";
    EXPECT_FALSE(admits("fd_pull_multiple", "(d0, d1) -> ((d0 * 3 + d1) floordiv 8), " + two));
    EXPECT_TRUE(admits("fd_pull_multiple", "(d0, d1) -> ((d0 * 16 + d1) floordiv 8), " + two));
    EXPECT_TRUE(admits("fd_pull_multiple", "(d0, d1) -> ((d0 * 3 + d1 - 8) floordiv 8), " + two));
    // fd_gcd_split: ... if c1 > 0 && gcd(c0, c1) > 1 && ...
    EXPECT_FALSE(admits("fd_gcd_split", "(d0, d1) -> ((d0 * 3 + d1) floordiv 8), " + two));
    EXPECT_TRUE(admits("fd_gcd_split", "(d0, d1) -> ((d0 * 6 + d1) floordiv 8), " + two));
}

TEST(RuleGate, ScaleTestsReadTheCoefficientsOfProductsAndConstants) {
    // The scale tests split only product and constant terms (any other
    // term has coefficient 1, which is no multiple of |c1| >= 2 and shares
    // no factor with it); against c1 == 1 none shares a factor.
    const std::string two = "domain: d0 in [0, 9], d1 in [0, 9]";
    auto both = [&](const std::string& results) {
        const std::string map = "(d0, d1) -> (" + results + "), " + two;
        return std::make_pair(admits("fd_pull_multiple", map), admits("fd_gcd_split", map));
    };
    EXPECT_EQ(both("(d0 + d1 floordiv 2) floordiv 8"), std::make_pair(false, false));
    EXPECT_EQ(both("(d0 * d1 + d1) floordiv 8"), std::make_pair(false, false));
    EXPECT_EQ(both("(d0 * d1 * 16 + d1) floordiv 8"), std::make_pair(true, true));
    EXPECT_EQ(both("(d0 * d1 * 6 + d1) floordiv 8"), std::make_pair(false, true));
    EXPECT_EQ(both("(d0 + d1 + 24) floordiv 8"), std::make_pair(true, true));
    EXPECT_EQ(both("(d0 + d1 + 6) floordiv 8"), std::make_pair(false, true));
    EXPECT_FALSE(both("(d0 * 6 + d1) floordiv 1").second);
}

TEST(RuleGate, CoefficientMustBeAMultipleOfTheMonomialDivisor) {
    // mul_exact_division: (x floordiv c0) * c1 if c1 mod c0 == 0 && ...: a
    // node that is not a product has coefficient 1.
    // (Without the divisibility analysis, which its residue test reads.)
    const std::string rule = "mul_exact_division";
    auto no_analysis = [&](const std::string& map) { return admits(rule, map, true); };
    EXPECT_FALSE(no_analysis("(d0) -> (d0 floordiv 3), domain: d0 in [0, 99]"));
    EXPECT_FALSE(no_analysis("(d0) -> ((d0 floordiv 4) * 6), domain: d0 in [0, 99]"));
    EXPECT_FALSE(no_analysis("(d0) -> ((d0 floordiv -4) * 6), domain: d0 in [0, 99]"));
    EXPECT_TRUE(no_analysis("(d0) -> ((d0 floordiv 4) * 8), domain: d0 in [0, 99]"));
    EXPECT_TRUE(no_analysis("(d0) -> ((d0 floordiv -4) * -12), domain: d0 in [0, 99]"));
    EXPECT_TRUE(no_analysis("(d0) -> ((d0 floordiv 3) * -3), domain: d0 in [0, 99]"));
    // A divisor that is not a constant is the matcher's to turn away.
    EXPECT_TRUE(admits(rule,
                       "(d0)[s0] -> ((d0 floordiv s0) * 3), domain: d0 in [0, 99], "
                       "s0 in [1, 4]"));
    // Read off the condition: a rule without that conjunct has no such test.
    EXPECT_TRUE(builtin_rule(rule).gate.coefficient_multiple);
    EXPECT_FALSE(builtin_rule("fixed_value").gate.coefficient_multiple);
}

TEST(RuleGate, ResidueOfTheMonomialOperandMustBeKnown) {
    // mul_exact_division builds residue(x, c0) of its monomial `x floordiv
    // c0`: the divisibility analysis must show it.
    const std::string rule = "mul_exact_division";
    EXPECT_FALSE(admits(rule, "(d0) -> ((d0 floordiv 4) * 8), domain: d0 in [0, 99]"));
    EXPECT_TRUE(admits(rule,
                       "(d0) -> ((d0 floordiv 4) * 8), domain: d0 in [0, 99], "
                       "d0 mod 8 in [5, 5]"));
    EXPECT_TRUE(admits(rule, "(d0) -> (((d0 * 12 + 6) floordiv 4) * 8), domain: d0 in [0, 99]"));
    // d0 == 1 (mod 3) says nothing modulo 4.
    EXPECT_FALSE(admits(rule,
                        "(d0) -> ((d0 floordiv 4) * 8), domain: d0 in [0, 99], "
                        "d0 mod 3 in [1, 1]"));
    // No residue modulo a negative divisor.
    EXPECT_FALSE(admits(rule,
                        "(d0) -> ((d0 floordiv -4) * 8), domain: d0 in [0, 99], "
                        "d0 mod 8 in [0, 0]"));
    // Read off the right side: a rule without residue has no such test.
    EXPECT_TRUE(builtin_rule(rule).gate.monomial_residue);
    EXPECT_TRUE(builtin_rule("mul_exact_ceildiv").gate.monomial_residue);
    EXPECT_FALSE(builtin_rule("mod_of_multiple").gate.monomial_residue);
    // The ceildiv form: its monomial must be a ceildiv.
    EXPECT_FALSE(admits("mul_exact_ceildiv",
                        "(d0) -> ((d0 floordiv 4) * 8), domain: d0 in [0, 99], "
                        "d0 mod 8 in [5, 5]"));
    EXPECT_TRUE(admits("mul_exact_ceildiv",
                       "(d0) -> ((d0 ceildiv 4) * 8), domain: d0 in [0, 99], "
                       "d0 mod 8 in [5, 5]"));
}

TEST(RuleGate, ResidueOfTheOperandLessItsConstantMustBeKnown) {
    // fd_split_constant builds residue(X, c1) of its left operand X + c0.
    for (const std::string rule : {"fd_split_constant", "cd_split_constant"}) {
        EXPECT_TRUE(builtin_rule(rule).gate.operand0_residue) << rule;
        const std::string op = rule == "fd_split_constant" ? " floordiv " : " ceildiv ";
        // No fact: X's congruence is its terms', nothing for a bare d0.
        EXPECT_FALSE(admits(rule, "(d0) -> ((d0 + 7)" + op + "3), domain: d0 in [0, 99]")) << rule;
        // From the terms alone: d0 * 6 is 0 modulo 3.
        EXPECT_TRUE(admits(rule, "(d0) -> ((d0 * 6 + 7)" + op + "3), domain: d0 in [0, 99]"))
            << rule;
        // d0 * 6 is nothing modulo 4.
        EXPECT_FALSE(admits(rule, "(d0) -> ((d0 * 6 + 7)" + op + "4), domain: d0 in [0, 99]"))
            << rule;
        // Some fact: left to the matcher (a fact on exactly X may show it).
        EXPECT_TRUE(admits(rule, "(d0, d1) -> ((d0 + d1 + 7)" + op +
                                     "3), domain: d0 in [0, 99], d1 in [0, 9], "
                                     "(d0 + d1) mod 3 in [0, 0]"))
            << rule;
        // No constant term, or a divisor below 1: turned away.
        EXPECT_FALSE(admits(rule, "(d0) -> ((d0 * 6)" + op +
                                      "3), domain: d0 in [0, 99], "
                                      "d0 mod 3 in [0, 0]"))
            << rule;
        EXPECT_FALSE(admits(rule, "(d0) -> ((d0 + 7)" + op +
                                      "-3), domain: d0 in [0, 99], "
                                      "d0 mod 3 in [0, 0]"))
            << rule;
    }
    EXPECT_FALSE(builtin_rule("fd_pull_multiple").gate.operand0_residue);
    EXPECT_FALSE(builtin_rule("mul_exact_division").gate.operand0_residue);
}

TEST(RuleGate, OperandConjunctsDecidedFromTheAnalyses) {
    // mod_of_multiple: x mod c0 => 0 if divisible(x, c0) && defined(x).
    EXPECT_FALSE(admits("mod_of_multiple", "(d0) -> (d0 mod 8), domain: d0 in [0, 99]"));
    EXPECT_TRUE(admits("mod_of_multiple",
                       "(d0) -> (d0 mod 8), domain: d0 in [0, 99], d0 mod 16 in [0, 0]"));
    // Without the analysis the conjunct is left to the matcher.
    EXPECT_TRUE(admits("mod_of_multiple", "(d0) -> (d0 mod 8), domain: d0 in [0, 99]", true));
    // mod_in_block: x mod c0 => ... if lb(x) floordiv c0 == ub(x) floordiv c0.
    EXPECT_FALSE(admits("mod_in_block", "(d0) -> (d0 mod 8), domain: d0 in [0, 15]"));
    EXPECT_FALSE(admits("mod_in_block", "(d0) -> (d0 mod -8), domain: d0 in [-8, 0]"));
    EXPECT_TRUE(admits("mod_in_block", "(d0) -> (d0 mod 8), domain: d0 in [8, 15]"));
    EXPECT_TRUE(admits("mod_in_block", "(d0) -> (d0 mod -8), domain: d0 in [1, 7]"));
    EXPECT_TRUE(admits("mod_in_block", "(d0) -> (d0 mod 8), domain: d0 in [0, inf]"));
    // Quotients of negative ends, by positive and negative divisors.
    EXPECT_FALSE(admits("mod_in_block", "(d0) -> (d0 mod 3), domain: d0 in [-4, -3]"));
    EXPECT_TRUE(admits("mod_in_block", "(d0) -> (d0 mod 3), domain: d0 in [-6, -4]"));
    EXPECT_FALSE(admits("mod_in_block", "(d0) -> (d0 mod -3), domain: d0 in [-3, -2]"));
    EXPECT_TRUE(admits("mod_in_block", "(d0) -> (d0 mod -3), domain: d0 in [-5, -3]"));
    // Read off the conditions.
    EXPECT_TRUE(builtin_rule("mod_of_multiple").gate.operand0_divisible);
    EXPECT_FALSE(builtin_rule("mod_of_multiple").gate.operand0_in_one_block);
    EXPECT_TRUE(builtin_rule("mod_in_block").gate.operand0_in_one_block);
    EXPECT_FALSE(builtin_rule("mod_in_block").gate.operand0_divisible);
}

TEST(RuleGate, BlockConditionOnTheLeftOperandsTerms) {
    // fd_coef_in_block: (c0 * X + Y) floordiv c1 => ... if c1 > 0 &&
    // ((c0 mod c1) * lb(X) + lb(Y)) floordiv c1 == (... ub ...) floordiv c1:
    // d0 * 5 and d1 add at least 9 each to the width, more than one block of 4.
    const std::string two = "domain: d0 in [0, 9], d1 in [0, 9]";
    EXPECT_FALSE(admits("fd_coef_in_block", "(d0, d1) -> ((d0 * 5 + d1) floordiv 4), " + two));
    EXPECT_FALSE(admits("mod_coef_in_block", "(d0, d1) -> ((d0 * 5 + d1) mod 4), " + two));
    // Its example, where it fires; a multiple of the divisor adds nothing.
    EXPECT_TRUE(
        admits("fd_coef_in_block", "(d0) -> ((d0 * 33) floordiv 32), domain: d0 in [0, 31]"));
    EXPECT_TRUE(admits("mod_coef_in_block", "(d0, d1) -> ((d0 * 8 + d1) mod 4), " +
                                                std::string("domain: d0 in [0, 9], d1 in [0, 3]")));
    // An unbounded term: whichever of X and Y takes it has an infinite end,
    // and the condition reads both ends of both.
    EXPECT_FALSE(admits("fd_coef_in_block",
                        "(d0, d1) -> ((d0 * 5 + d1) floordiv 4), domain: d0 in [0, inf], "
                        "d1 in [0, 9]"));
    EXPECT_FALSE(
        admits("cd_coef_in_block", "(d0) -> ((d0 * -1) ceildiv 2), domain: d0 in [-inf, inf]"));
    // A product whose monomial is not a node (before the width is exceeded:
    // d1 floordiv 2 adds 4): left to the matcher.
    EXPECT_TRUE(admits("fd_coef_in_block",
                       "(d0, d1) -> ((d0 * d1 * 5 + d1 floordiv 2) floordiv 4), " + two));
    // Read off the rules: a partition alone under its block divisor.
    EXPECT_TRUE(builtin_rule("fd_coef_in_block").gate.operand0_block);
    EXPECT_TRUE(builtin_rule("mod_coef_in_block").gate.operand0_block);
    EXPECT_FALSE(builtin_rule("fd_pull_multiple").gate.operand0_block);
}

/// True if the gate of constraint rule `name` admits the first constraint
/// of `map_text`.
bool admits_constraint(const std::string& name, const std::string& map_text) {
    Context ctx;
    Result<IndexingMap> m = parse_indexing_map(ctx, map_text);
    EXPECT_TRUE(m.ok()) << map_text;
    const Constraint& c = m->constraints().at(0);
    NodeFacts facts(c.expr);
    return builtin_rule(name).gate.admits_constraint(c.range, facts);
}

TEST(RuleGate, ConstraintRulesReadTheirEndsAndSums) {
    const std::string map = "(d0, d1) -> (d0), domain: d0 in [0, 99], d1 in [0, 99], ";
    // cst_residue_gap: c0 * X + Y in [c1, c1]: the ends must be equal.
    EXPECT_TRUE(builtin_rule("cst_residue_gap").gate.point_ends);
    EXPECT_FALSE(admits_constraint("cst_residue_gap", map + "d0 * 4 + d1 in [3, 5]"));
    EXPECT_TRUE(admits_constraint("cst_residue_gap", map + "d0 * 4 + d1 in [5, 5]"));
    // cst_mod_offset: ... in [c2, c3] if ... c2 == c3 ...
    EXPECT_TRUE(builtin_rule("cst_mod_offset").gate.point_ends);
    EXPECT_FALSE(admits_constraint("cst_mod_offset", map + "(d0 + 3) mod 8 in [1, 2]"));
    EXPECT_TRUE(admits_constraint("cst_mod_offset", map + "(d0 + 3) mod 8 in [1, 1]"));
    // ... and its left operand X + c0 needs a constant term.
    EXPECT_FALSE(admits_constraint("cst_mod_offset", map + "(d0 + d1) mod 8 in [1, 1]"));
    EXPECT_FALSE(builtin_rule("cst_scale").gate.point_ends);
    // cst_add_constant: X + c0 in [c1, c2].
    EXPECT_FALSE(admits_constraint("cst_add_constant", map + "d0 + d1 in [1, 5]"));
    EXPECT_TRUE(admits_constraint("cst_add_constant", map + "d0 + d1 + 2 in [1, 5]"));
    // cst_scale: c0 * X in [c1, c2] if c0 > 1: the gcd of every
    // coefficient is the scale.
    const SumGate& scale = builtin_rule("cst_scale").gate.sums[0];
    EXPECT_TRUE(scale.lone_partition);
    EXPECT_EQ(scale.scale_lo, 2);
    EXPECT_FALSE(admits_constraint("cst_scale", map + "d0 * 4 + d1 in [0, 40]"));
    EXPECT_FALSE(admits_constraint("cst_scale", map + "d0 * 4 + d1 * 6 + 1 in [0, 40]"));
    EXPECT_TRUE(admits_constraint("cst_scale", map + "d0 * 4 + d1 * 6 in [0, 40]"));
    EXPECT_TRUE(admits_constraint("cst_scale", map + "d0 * -4 + d1 * 6 + 2 in [0, 40]"));
    EXPECT_TRUE(admits_constraint("cst_scale", map + "d0 * 3 in [0, 40]"));
    // A partition with other terms beside it is no lone partition.
    EXPECT_FALSE(builtin_rule("cst_residue_gap").gate.sums[0].lone_partition);
    // Its scale c0 > 1 is the gcd of some terms' coefficients: a sum whose
    // coefficients are all 1 or -1 (a congruence's `x mod m`, most often)
    // has none that reaches 2.
    EXPECT_EQ(builtin_rule("cst_residue_gap").gate.sums[0].min_part_scale, 2);
    EXPECT_FALSE(admits_constraint("cst_residue_gap", map + "d0 mod 4 in [1, 1]"));
    EXPECT_FALSE(admits_constraint("cst_residue_gap", map + "d0 - d1 in [5, 5]"));
    EXPECT_TRUE(admits_constraint("cst_residue_gap", map + "d0 * -2 + d1 in [5, 5]"));
    EXPECT_TRUE(admits_constraint("cst_residue_gap", map + "d0 + d1 + 3 in [5, 5]"));
}

/// A random constraint over d0, d1 in [0, 9] shaped like the left sides of
/// the constraint rules: a sum of scaled terms with or without a constant,
/// bare or inside a mod, floordiv, ceildiv, min or max, or negated.
Constraint random_constraint(Context& ctx, std::mt19937& rng) {
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    Expr d0 = ctx.variable(0), d1 = ctx.variable(1);
    auto monomial = [&]() -> Expr {
        switch (pick(0, 3)) {
            case 0:
                return d0;
            case 1:
                return d1;
            case 2:
                return floor_div(d0, pick(2, 4));
            default:
                return mod(d1, pick(2, 4));
        }
    };
    const int64_t scale = pick(1, 3) * (pick(0, 1) ? 1 : -1);
    Expr e = monomial() * (scale * pick(1, 3));
    for (int n = pick(0, 2); n > 0; --n)
        e = e + monomial() * (scale * pick(1, 3));
    if (pick(0, 1)) e = e + pick(-6, 6);
    switch (pick(0, 6)) {
        case 0:
            e = mod(e, pick(2, 8));
            break;
        case 1:
            e = floor_div(e, pick(0, 3) ? pick(1, 4) : -2);
            break;
        case 2:
            e = ceil_div(e, pick(0, 3) ? pick(1, 4) : -2);
            break;
        case 3:
            e = min(e, pick(-4, 8));
            break;
        case 4:
            e = max(e, pick(-4, 8));
            break;
        case 5:
            e = e * -1;
            break;
        default:
            break;
    }
    const int64_t lo = pick(-8, 12);
    return Constraint{e, Interval(lo, pick(0, 2) ? lo : lo + pick(1, 20))};
}

TEST(RuleGate, ConstraintGatesNeverTurnAwayARuleThatFires) {
    // Each constraint rule applied as built in and with an empty gate (which
    // admits everything): the same result on every constraint; both the
    // firings and the gate's rejections are many (the check is not vacuous).
    // Nor does a rule that RuleTable::constraint_rules(kind) leaves out for
    // the constraint's kind of expression fire.
    Context ctx;
    std::mt19937 rng(20261202);
    const std::vector<Interval> bounds = {Interval(0, 9), Interval(0, 9)};
    RangeAnalysis ranges(bounds);
    DivisibilityAnalysis divisibility;
    RuleMatcher matcher(ranges, divisibility);
    int fired = 0, turned_away = 0, left_out = 0;
    for (int i = 0; i < 4000; ++i) {
        const Constraint c = random_constraint(ctx, rng);
        NodeFacts facts(c.expr, &divisibility);
        const auto& of_kind = RuleTable::builtin().constraint_rules(c.expr.kind());
        for (const CompiledRule* rule : RuleTable::builtin().constraint_rules()) {
            CompiledRule ungated = *rule;
            ungated.gate = RuleGate{};
            std::optional<Constraint> with = matcher.apply_constraint(*rule, c);
            std::optional<Constraint> without = matcher.apply_constraint(ungated, c);
            ASSERT_EQ(with.has_value(), without.has_value())
                << rule->rule.name << " on " << c.expr << " in [" << c.range.lo() << ", "
                << c.range.hi() << "]";
            if (std::find(of_kind.begin(), of_kind.end(), rule) == of_kind.end()) {
                ++left_out;
                EXPECT_FALSE(without) << rule->rule.name << " left out for " << c.expr;
            }
            if (!with) {
                turned_away += !rule->gate.admits_constraint(c.range, facts);
                continue;
            }
            ++fired;
            EXPECT_EQ(with->expr, without->expr) << rule->rule.name;
            EXPECT_EQ(with->range, without->range) << rule->rule.name;
        }
    }
    EXPECT_GE(fired, 500);
    EXPECT_GE(turned_away, 5000);
    EXPECT_GE(left_out, 10000);
}

TEST(RuleTable, ConstraintRulesOfAKindKeepTheTableOrder) {
    // constraint_rules(kind) is constraint_rules() in the same order without
    // the rules whose left side cannot match an expression of that kind
    // (that none of those fires is checked with the gates above).
    const RuleTable& table = RuleTable::builtin();
    for (size_t k = 0; k < kNumExprKinds; ++k) {
        const auto& of_kind = table.constraint_rules(static_cast<ExprKind>(k));
        auto at = table.constraint_rules().begin();
        for (const CompiledRule* rule : of_kind) {
            at = std::find(at, table.constraint_rules().end(), rule);
            ASSERT_NE(at, table.constraint_rules().end()) << rule->rule.name << " out of order";
        }
    }
    EXPECT_LT(table.constraint_rules(ExprKind::FloorDiv).size(), table.constraint_rules().size());
    EXPECT_LT(table.constraint_rules(ExprKind::Mod).size(), table.constraint_rules().size());
}

TEST(RuleGate, EveryRuleExampleFiringIsAdmitted) {
    // The example of every rule (tests/rules_fire/NAME.map): each node of
    // its maps where a rule fires must pass that rule's gate.
    Context ctx;
    int fired = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(PROVIX_SOURCE_DIR) +
                                                                 "/tests/rules_fire")) {
        if (entry.path().extension() != ".map") continue;
        std::ifstream in(entry.path());
        std::stringstream text;
        text << in.rdbuf();
        auto maps = parse_indexing_maps(ctx, text.str(), entry.path().string());
        ASSERT_TRUE(maps.ok()) << entry.path();
        for (const ParsedMap& pm : *maps) {
            const IndexingMap& m = pm.map;
            std::vector<Expr> nodes;
            for (Expr r : m.results())
                collect_nodes(r, nodes);
            for (const Constraint& c : m.constraints())
                collect_nodes(c.expr, nodes);
            RangeAnalysis ranges(m.variable_bounds(), m.constraints());
            DivisibilityAnalysis divisibility(m.constraints());
            fired += check_firings(nodes, ranges, divisibility);
        }
    }
    // Most examples hold their rule's pattern as written (the others need
    // simplification first): the check above ran on real firings.
    EXPECT_GE(fired, 30);
}

RC_GTEST_PROP(RuleGate, NeverTurnsAwayARuleThatFires, ()) {
    Context ctx;
    testing_support::MapOptions o;
    o.large_constants = false;
    const int64_t n = 2;
    std::vector<Interval> bounds;
    for (int64_t i = 0; i < n; ++i)
        bounds.push_back(testing_support::random_bounds(o));
    std::vector<Expr> nodes;
    for (int i = 0; i < 3; ++i)
        collect_nodes(testing_support::random_expr(ctx, n, o, 4), nodes);
    RangeAnalysis ranges(bounds);
    DivisibilityAnalysis divisibility;
    check_firings(nodes, ranges, divisibility);
    RC_ASSERT(!::testing::Test::HasFailure());
}

}  // namespace
}  // namespace provix::engine
