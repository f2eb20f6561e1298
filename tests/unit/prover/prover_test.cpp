// Proofs and refutations of single rules: Z3 first, then cvc5 and Coq, the
// isl grid where no prover decides. Every counterexample is re-evaluated with
// provix's own parser and evaluator, independently of the prover. Each
// pattern variable may be undefined (divide by zero) at a point: a rule must
// keep both sides defined at the same points.

#include "provix/solvers/prover.h"

#include <gtest/gtest.h>

#include "prover_test_util.h"
#include "provix/semantics.h"

namespace provix::solvers {
namespace {

using testing::evaluate_side;
using testing::rule_of;
using testing::values_of;

/// Checks that `p` refutes `rule` with a counterexample at which the
/// condition's constant facts hold and both sides, evaluated by provix,
/// differ and equal the reported values.
void expect_real_counterexample(const rules::Rule& rule, const RuleProof& p) {
    ASSERT_EQ(p.verdict, RuleVerdict::Refuted) << p.detail;
    ASSERT_TRUE(p.counterexample.has_value());
    const RuleCounterexample& c = *p.counterexample;
    auto v = values_of(c);
    auto lhs = evaluate_side(rule, rule.lhs, v);
    auto rhs = evaluate_side(rule, rule.rhs, v);
    ASSERT_TRUE(lhs.has_value()) << to_string(c);
    ASSERT_TRUE(rhs.has_value()) << to_string(c);
    EXPECT_NE(*lhs, *rhs) << to_string(c);
    EXPECT_EQ(c.kind, "value mismatch");
    EXPECT_EQ(c.source, std::to_string(*lhs));
    EXPECT_EQ(c.target, std::to_string(*rhs));
}

/// Checks that `p` refutes its rule at a point where the left side is
/// undefined and the right side is not, at which the values include
/// `witness`: "c0 = 0" (the left side divides by a constant 0) or
/// "y = undefined" (the right side drops an operand that divides by zero).
void expect_defined_where_the_left_side_is_not(const RuleProof& p, const std::string& witness) {
    ASSERT_EQ(p.verdict, RuleVerdict::Refuted) << p.detail;
    ASSERT_TRUE(p.counterexample.has_value());
    const std::string text = to_string(*p.counterexample);
    EXPECT_EQ(p.counterexample->kind, "right side defined where the left side is undefined")
        << text;
    EXPECT_NE(text.find("\n  " + witness), std::string::npos) << text;
}

/// Options with Z3 alone (and the grid): no cvc5, no Coq.
ProverOptions z3_only() {
    ProverOptions o;
    o.cvc5.clear();
    return o;
}

TEST(Prover, ProvesConstraintScalingWithZ3) {
    auto r = rule_of("scale: c0 * X in [c1, c2] => X in [c1 ceildiv c0, c2 floordiv c0] if c0 > 1");
    RuleProof p = prove_rule(r, z3_only());
    EXPECT_EQ(p.verdict, RuleVerdict::Proven) << p.detail << " " << p.z3_answer;
    EXPECT_EQ(p.backend, "z3");
    EXPECT_EQ(p.z3_answer, "unsat");
}

TEST(Prover, RefutesARuleThatDropsAPossiblyUndefinedOperand) {
    // min(x, y) is undefined where y is; dropping y makes it defined there.
    auto r = rule_of("min_left: min(x, y) => x if ub(x) <= lb(y)");
    expect_defined_where_the_left_side_is_not(prove_rule(r, z3_only()), "y = undefined");
    // With defined(y) in the condition the rule holds.
    auto fixed = rule_of("min_left: min(x, y) => x if ub(x) <= lb(y) && defined(y)");
    EXPECT_EQ(prove_rule(fixed, z3_only()).verdict, RuleVerdict::Proven);
}

TEST(Prover, RefutesARuleDefinedWhereItsLeftSideDividesByZero) {
    // (x floordiv 0) * 0 + (x mod 0) * 0 matches with c0 = 0: the left side
    // is undefined there, the right side x * 0 is not.
    auto r = rule_of(
        "recombine: (x floordiv c0) * c1 + (x mod c0) * c2 + Y => x * c2 + Y "
        "if c1 == c0 * c2");
    expect_defined_where_the_left_side_is_not(prove_rule(r, z3_only()), "c0 = 0");
}

TEST(Prover, AVacuousRuleFails) {
    // Its condition can never hold: it would be "proven" without proving anything.
    auto r = rule_of("never: x floordiv c0 => x if c0 > 0 && c0 < 0");
    RuleProof p = prove_rule(r, z3_only());
    EXPECT_EQ(p.verdict, RuleVerdict::Vacuous) << p.detail;
    EXPECT_STREQ(rule_verdict_name(p.verdict), "vacuous");
}

TEST(Prover, ProvesNegativeDivisorNormalization) {
    auto r = rule_of("neg: x floordiv c0 => (x * -1) floordiv (c0 * -1) if c0 < 0");
    EXPECT_EQ(prove_rule(r, z3_only()).verdict, RuleVerdict::Proven);
}

TEST(Prover, ProvesConstraintRule) {
    auto r = rule_of(
        "fd: x floordiv c0 in [c1, c2] => x in [c1 * c0, c2 * c0 + c0 - 1] "
        "if c0 > 0");
    EXPECT_EQ(prove_rule(r, z3_only()).verdict, RuleVerdict::Proven);
}

TEST(Prover, RefutesXlaSumOfQuotientsRule) {
    // XLA once rewrote (x floordiv a + y floordiv a) floordiv b to
    // (x + y) floordiv (a * b): wrong, x = y = 1, a = 2, b = 1 gives 0 vs 1.
    auto r = rule_of(
        "xla_sum: (x floordiv c0 + y floordiv c0) floordiv c1 "
        "=> (x + y) floordiv (c0 * c1) if c0 > 0 && c1 > 0");
    RuleProof p = prove_rule(r, z3_only());
    expect_real_counterexample(r, p);
    auto v = values_of(*p.counterexample);
    EXPECT_GT(v["c0"], 0);
    EXPECT_GT(v["c1"], 0);
}

TEST(Prover, RefutesModRuleMissingItsSignCondition) {
    // x mod c0 == x for 0 <= x < |c0| only when c0 > 0: 1 mod -2 == -1.
    auto r = rule_of("mod_small: x mod c0 => x if lb(x) >= 0 && ub(x) < abs(c0)");
    RuleProof p = prove_rule(r, z3_only());
    expect_real_counterexample(r, p);
    auto v = values_of(*p.counterexample);
    EXPECT_LT(v["c0"], 0);
    // The bounds are sound bounds of x satisfying the condition.
    EXPECT_LE(v["lb(x)"], v["x"]);
    EXPECT_LE(v["x"], v["ub(x)"]);
    EXPECT_GE(v["lb(x)"], 0);
    EXPECT_LT(v["ub(x)"], v["c0"] < 0 ? -v["c0"] : v["c0"]);
}

TEST(Prover, RefutesRuleValidOnlyForPositiveDivisorsWithoutCondition) {
    auto r = rule_of("nested_any: (x floordiv c0) floordiv c1 => x floordiv (c0 * c1)");
    RuleProof p = prove_rule(r, z3_only());
    expect_real_counterexample(r, p);
    auto v = values_of(*p.counterexample);
    EXPECT_TRUE(v["c0"] < 0 || v["c1"] < 0);
}

TEST(Prover, RefutesConstraintRuleWithWrongBound) {
    // floor(x / c0) <= c2 allows x up to c2 * c0 + c0 - 1, not c2 * c0.
    auto r = rule_of("fd_bad: x floordiv c0 in [c1, c2] => x in [c1 * c0, c2 * c0] if c0 > 1");
    RuleProof p = prove_rule(r, z3_only());
    ASSERT_EQ(p.verdict, RuleVerdict::Refuted);
    ASSERT_TRUE(p.counterexample.has_value());
    EXPECT_EQ(p.counterexample->kind, "constraint mismatch");
    auto v = values_of(*p.counterexample);
    auto lhs = testing::evaluate_side(r, r.lhs, v);
    ASSERT_TRUE(lhs.has_value());
    bool in_lhs = v["c1"] <= *lhs && *lhs <= v["c2"];
    bool in_rhs = v["c1"] * v["c0"] <= v["x"] && v["x"] <= v["c2"] * v["c0"];
    EXPECT_NE(in_lhs, in_rhs) << to_string(*p.counterexample);
}

TEST(Prover, UnknownZ3AnswerFallsBackToTheGrid) {
    // With no resources Z3 cannot answer; isl decides the grid instead.
    auto r = rule_of(
        "nested: (x floordiv c0) floordiv c1 => x floordiv (c0 * c1) "
        "if c0 > 0 && c1 > 0");
    ProverOptions o = z3_only();
    o.z3_rlimit = 1;
    RuleProof p = prove_rule(r, o);
    EXPECT_EQ(p.verdict, RuleVerdict::CheckedGrid) << p.detail;
    EXPECT_EQ(p.backend, "isl grid");
    EXPECT_EQ(p.z3_answer.rfind("unknown", 0), 0u) << p.z3_answer;
    // 256 assignments of c0, c1, each with x defined and undefined.
    EXPECT_EQ(p.detail,
              "c0, c1 in [-16, 16]; 512 instances; not proven: z3: unknown (rlimit 1 exhausted); "
              "cvc5: not asked; coq: Coq not used");
    EXPECT_EQ(p.grid_instances, 512);
    EXPECT_STREQ(rule_verdict_name(p.verdict), "checked (grid)");
}

TEST(Prover, Z3WallClockSafeguardFallsBackToTheGrid) {
    // Z3's non-linear core can run far past its rlimit (a single-term form
    // of mod_coef_in_block_up ran for over 13 minutes): the wall-clock
    // safeguard ends it as unknown, said to be not reproducible.
    auto r = rule_of(
        "pull: (c0 * X + Y) floordiv c1 => (c0 floordiv c1) * X + Y floordiv c1 "
        "if c0 mod c1 == 0");
    ProverOptions o = z3_only();
    o.z3_rlimit = 4'000'000'000u;
    o.z3_timeout_ms = 1;
    RuleProof p = prove_rule(r, o);
    EXPECT_EQ(p.verdict, RuleVerdict::CheckedGrid) << p.detail;
    EXPECT_EQ(p.z3_answer, "unknown (timeout 1 ms, a wall-clock safeguard: not reproducible)");
}

TEST(Prover, RuleZ3CannotDecideIsCheckedOnTheGrid) {
    // floor((k*c1*X + Y) / c1) == k*X + floor(Y / c1): products of symbolic
    // constants and variables, beyond Z3's non-linear integer reasoning.
    auto r = rule_of(
        "pull: (c0 * X + Y) floordiv c1 => (c0 floordiv c1) * X + Y floordiv c1 "
        "if c0 mod c1 == 0");
    RuleProof p = prove_rule(r, z3_only());
    EXPECT_EQ(p.verdict, RuleVerdict::CheckedGrid) << p.detail;
    EXPECT_EQ(p.z3_answer.rfind("unknown", 0), 0u) << p.z3_answer;
    // c0 != 0 (a partition scale), c1 != 0 (a divisor), c1 divides c0: 200
    // assignments, each with X and Y defined or not.
    EXPECT_EQ(p.detail.substr(0, p.detail.find(';', 25)), "c0, c1 in [-16, 16]; 800 instances");
}

TEST(Prover, GridKeepsOffsetsSymbolic) {
    auto r = rule_of("add: X + c0 in [c1, c2] => X in [c1 - c0, c2 - c0]");
    RuleProof p = check_rule_on_grid(r);
    EXPECT_EQ(p.verdict, RuleVerdict::CheckedGrid);
    EXPECT_EQ(p.detail, "no enumerated constants; c0, c1, c2 symbolic (all integers); 2 instances");
}

TEST(Prover, GridKeepsBoundsSymbolic) {
    auto r = rule_of(
        "block: x mod c0 => x - c0 * (lb(x) floordiv c0) "
        "if lb(x) floordiv c0 == ub(x) floordiv c0");
    RuleProof p = check_rule_on_grid(r);
    EXPECT_EQ(p.verdict, RuleVerdict::CheckedGrid);
    // 33 values of c0 (0 too: the left side is undefined there, and so is
    // the condition), x defined or not.
    EXPECT_EQ(p.detail, "c0 in [-16, 16]; bounds symbolic; 66 instances");
}

TEST(Prover, GridLimitIsAnOption) {
    auto r = rule_of(
        "block: x mod c0 => x - c0 * (lb(x) floordiv c0) "
        "if lb(x) floordiv c0 == ub(x) floordiv c0");
    ProverOptions o;
    o.factor_limit = 4;
    EXPECT_EQ(check_rule_on_grid(r, o).detail, "c0 in [-4, 4]; bounds symbolic; 18 instances");
}

TEST(Prover, GridRefutesXlaSumOfQuotientsRule) {
    auto r = rule_of(
        "xla_sum: (x floordiv c0 + y floordiv c0) floordiv c1 "
        "=> (x + y) floordiv (c0 * c1) if c0 > 0 && c1 > 0");
    RuleProof p = check_rule_on_grid(r);
    expect_real_counterexample(r, p);
    EXPECT_EQ(p.backend, "isl grid");
}

TEST(Prover, GridRefutesModRuleMissingItsSignCondition) {
    auto r = rule_of("mod_small: x mod c0 => x if lb(x) >= 0 && ub(x) < abs(c0)");
    RuleProof p = check_rule_on_grid(r);
    expect_real_counterexample(r, p);
    auto v = values_of(*p.counterexample);
    EXPECT_LE(v["lb(x)"], v["x"]);
    EXPECT_LE(v["x"], v["ub(x)"]);
}

TEST(Prover, RightSideDividingByZeroDoesNotFire) {
    // c1 == 0 makes the right side undefined: the engine does not fire, so
    // such values are no counterexample.
    auto r = rule_of("zero: x floordiv c0 + c1 => (x * c1) floordiv (c0 * c1) + c1");
    RuleProof p = prove_rule(r, z3_only());
    EXPECT_EQ(p.verdict, RuleVerdict::Proven) << p.detail << " " << p.z3_answer;
    std::string text = rule_obligation_smtlib(r);
    EXPECT_NE(text.find("(define-fun engine_checks () Bool (not (= (* c0 c1) 0)))"),
              std::string::npos)
        << text;
}

TEST(Prover, DivisibleConditionIsModelled) {
    auto r = rule_of("exact: (x floordiv c0) * c0 => x if divisible(x, c0)");
    EXPECT_EQ(prove_rule(r, z3_only()).verdict, RuleVerdict::Proven);
    auto wrong = rule_of("inexact: (x floordiv c0) * c0 => x if c0 > 0");
    expect_real_counterexample(wrong, prove_rule(wrong, z3_only()));
}

TEST(Prover, ResidueIsModelled) {
    // residue(x, k) is x mod k where x is defined, for k > 0 only.
    for (const char* text : {
             "known: (x floordiv 4) * 4 => x - residue(x, 4)",
             "zero: x mod c0 => 0 if residue(x, c0) == 0 && defined(x)",
             "scaled: (x floordiv c0) * c1 => (x - residue(x, c0)) * (c1 floordiv c0) "
             "if c0 > 0 && c1 mod c0 == 0",
         }) {
        SCOPED_TRACE(text);
        RuleProof p = prove_rule(rule_of(text), z3_only());
        EXPECT_EQ(p.verdict, RuleVerdict::Proven) << p.detail << " " << p.z3_answer;
    }
    // Off by the residue: refuted at an x that is no multiple of 4, with
    // both sides as provix computes them.
    auto wrong = rule_of("off: (x floordiv 4) * 4 => x + residue(x, 4)");
    RuleProof p = prove_rule(wrong, z3_only());
    ASSERT_EQ(p.verdict, RuleVerdict::Refuted) << p.detail;
    ASSERT_TRUE(p.counterexample.has_value());
    const auto v = values_of(*p.counterexample);
    ASSERT_EQ(v.count("x"), 1u) << to_string(*p.counterexample);
    const int64_t x = v.at("x");
    const std::optional<int64_t> q = floor_div(x, 4), r = floor_mod(x, 4);
    ASSERT_TRUE(q && r);
    EXPECT_NE(*r, 0) << to_string(*p.counterexample);
    EXPECT_EQ(p.counterexample->source, std::to_string(*q * 4));
    EXPECT_EQ(p.counterexample->target, std::to_string(x + *r));
    // A right side holding a residue is built only for a positive modulus:
    // the rule below would be wrong for c0 < 0 (x mod c0 <= 0 there), where
    // the engine knows no residue and does not fire.
    auto signless = rule_of("pos: x mod c0 => residue(x, c0) if defined(x)");
    EXPECT_EQ(prove_rule(signless, z3_only()).verdict, RuleVerdict::Proven);
    // The grid does not model a residue: such a rule needs a prover.
    RuleProof grid = check_rule_on_grid(rule_of("known: (x floordiv 4) * 4 => x - residue(x, 4)"));
    EXPECT_EQ(grid.verdict, RuleVerdict::Unknown);
    EXPECT_EQ(grid.detail, "not quasi-affine for isl: residue 'residue(x, 4)' is not modelled");
}

TEST(Prover, GridRefutesRulesDefinedWhereTheirLeftSideDividesByZero) {
    // The matcher binds a divisor constant to 0 (`x floordiv 0` is a node):
    // the left side is undefined there, so the right side must be too.
    for (const char* text : {
             "recombine: (x floordiv c0) * c1 + (x mod c0) * c2 + Y => x * c2 + Y "
             "if c1 == c0 * c2",
             "nested: (x mod c0) mod c1 => x mod c1 if c1 > 0 && c0 mod c1 == 0",
         }) {
        SCOPED_TRACE(text);
        expect_defined_where_the_left_side_is_not(check_rule_on_grid(rule_of(text)), "c0 = 0");
    }
}

TEST(Prover, GridTakesBoundsAsDefinedWhereTheirVariableIsNot) {
    // lb(x) is an integer at every point; x is undefined at some: a rule
    // that replaces x by its bound alone makes the map defined there.
    auto r = rule_of("fixed: x => lb(x) if lb(x) == ub(x)");
    expect_defined_where_the_left_side_is_not(check_rule_on_grid(r), "x = undefined");
    auto guarded = rule_of("fixed: x => lb(x) if lb(x) == ub(x) && defined(x)");
    EXPECT_EQ(check_rule_on_grid(guarded).verdict, RuleVerdict::CheckedGrid);
}

TEST(Prover, NonLinearRuleIsUnknownWithoutGrid) {
    auto r = rule_of("sq: x * y => y * x");
    RuleProof p = check_rule_on_grid(r);
    EXPECT_EQ(p.verdict, RuleVerdict::Unknown);
    EXPECT_EQ(p.detail, "not quasi-affine for isl: non-linear product '(x * y)'");
}

TEST(Prover, ObligationDefinesFloorDivisionInTheFile) {
    auto r = rule_of(
        "nested: (x floordiv c0) floordiv c1 => x floordiv (c0 * c1) "
        "if c0 > 0 && c1 > 0");
    std::string text = rule_obligation_smtlib(r);
    EXPECT_NE(text.find("(define-fun floor_div ((a Int) (b Int)) Int\n"
                        "  (ite (> b 0) (div a b) (div (- a) (- b))))"),
              std::string::npos);
    EXPECT_NE(text.find("(define-fun lhs () Int (floor_div (floor_div v_x c0) c1))"),
              std::string::npos);
    EXPECT_NE(text.find("(define-fun rhs () Int (floor_div v_x (* c0 c1)))"), std::string::npos);
    EXPECT_NE(text.find("(define-fun condition () Bool (and (> c0 0) (> c1 0)))"),
              std::string::npos);
    EXPECT_NE(text.find("(define-fun lhs_defined () Bool (and def_x (not (= c0 0)) "
                        "(not (= c1 0))))"),
              std::string::npos)
        << text;
    EXPECT_EQ(text.rfind("(check-sat)\n"), text.size() - 12);
}

TEST(Prover, CounterexampleIsPrintedAsAlive2Does) {
    RuleCounterexample c;
    c.kind = "value mismatch";
    c.constants = {{"c0", "2"}};
    c.variables = {{"x", "1"}};
    c.bounds = {{"lb(x)", "0"}};
    c.source = "0";
    c.target = "1";
    EXPECT_EQ(to_string(c),
              "ERROR: value mismatch\n\nExample:\n  c0 = 2\n  x = 1\n  lb(x) = 0\n"
              "Source value: 0\nTarget value: 1");
}

}  // namespace
}  // namespace provix::solvers
