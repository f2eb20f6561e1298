// Reports of `provix prove`: Alive2-style text and JUnit XML.

#include <gtest/gtest.h>

#include <string>

#include "prover_test_util.h"
#include "provix/solvers/prove_report.h"

namespace provix::solvers {
namespace {

using testing::rule_of;

/// The result of the rule `text` (named by what precedes its colon) at
/// `file`:`line`, decided by Z3 with `answer`, its order checked.
RuleResult z3_result(const std::string& file, int line, const std::string& text,
                     RuleVerdict verdict, const std::string& answer) {
    RuleResult r;
    r.name = text.substr(0, text.find(':'));
    r.file = file;
    r.line = line;
    r.text = text;
    r.proof.verdict = verdict;
    r.proof.backend = "z3";
    r.proof.z3_answer = answer;
    r.order.ok = true;
    return r;
}

RuleResult refuted_result() {
    RuleResult r = z3_result(
        "bad.rules", 3,
        "xla_sum: (x floordiv c0 + y floordiv c0) floordiv c1 => (x + y) floordiv (c0 * c1)",
        RuleVerdict::Refuted, "sat");
    RuleCounterexample c;
    c.kind = "value mismatch";
    c.constants = {{"c0", "2"}, {"c1", "1"}};
    c.variables = {{"x", "1"}, {"y", "1"}};
    c.source = "0";
    c.target = "1";
    r.proof.counterexample = c;
    return r;
}

RuleResult proven_result() {
    RuleResult r = z3_result("floordiv.rules", 19,
                             "fd_nested: (x floordiv c0) floordiv c1 => x floordiv (c0 * c1)",
                             RuleVerdict::Proven, "unsat");
    r.order.message = "(0, 2, 0, 4, 0, 0, 5, 1) > (0, 1, 0, 1, 0, 0, 3, 1)";
    r.seconds = 0.25;
    return r;
}

TEST(ProveReport, PassingRuleIsOneLine) {
    EXPECT_EQ(format_rule_result(proven_result()), "floordiv.rules:19: fd_nested: proven [z3]\n");
}

TEST(ProveReport, RefutedRuleShowsNameLocationAndCounterexample) {
    RuleResult r = refuted_result();
    EXPECT_FALSE(r.passed());
    EXPECT_EQ(format_rule_result(r),
              "----------------------------------------\n"
              "bad.rules:3: xla_sum: refuted [z3]\n"
              "  xla_sum: (x floordiv c0 + y floordiv c0) floordiv c1 => (x + y) floordiv (c0 * "
              "c1)\n"
              "ERROR: value mismatch\n\nExample:\n  c0 = 2\n  c1 = 1\n  x = 1\n  y = 1\n"
              "Source value: 0\nTarget value: 1\n");
}

TEST(ProveReport, NonTerminatingRuleFails) {
    RuleResult r = proven_result();
    r.order.ok = false;
    r.order.message = "left side (..) is not greater than right side (..)";
    EXPECT_FALSE(r.passed());
    EXPECT_NE(format_rule_result(r).find(
                  "ERROR: not terminating: left side (..) is not greater than right side (..)\n"),
              std::string::npos);
}

TEST(ProveReport, Cvc5ContradictionFails) {
    RuleResult r = proven_result();
    record_cvc5(r, "unsat");
    EXPECT_TRUE(r.passed());
    record_cvc5(r, "unknown");
    EXPECT_TRUE(r.passed());
    record_cvc5(r, "sat");
    EXPECT_FALSE(r.passed());
    RuleResult bad = refuted_result();
    record_cvc5(bad, "unsat");
    EXPECT_TRUE(bad.cvc5_disagrees);
}

TEST(ProveReport, SummaryCountsVerdicts) {
    EXPECT_EQ(summary_line({proven_result(), refuted_result()}),
              "2 rules: 1 proven, 0 checked (grid), 1 refuted, 0 unknown, 0 vacuous, "
              "0 non-terminating");
}

TEST(ProveReport, SummaryCountsLemmasAndCvc5Separately) {
    RuleResult lemma = proven_result();
    lemma.lemma = true;
    lemma.name = "residue_lower";
    RuleResult vacuous = proven_result();
    vacuous.proof.verdict = RuleVerdict::Vacuous;
    RuleResult rechecked = proven_result();
    record_cvc5(rechecked, "unsat");
    RuleResult undecided = proven_result();
    record_cvc5(undecided, "unknown");  // not a re-check, never agreement
    EXPECT_FALSE(vacuous.passed());
    EXPECT_EQ(summary_line({lemma, vacuous, rechecked, undecided}),
              "3 rules: 2 proven, 0 checked (grid), 0 refuted, 0 unknown, 1 vacuous, "
              "0 non-terminating; 1 lemma: 1 proven, 0 refuted, 0 unknown, 0 vacuous; "
              "cvc5: 1 confirmed, 0 contradicted, 1 not re-checked");
}

TEST(ProveReport, GridCheckPassesOnlyWhenAllowed) {
    RuleResult r = proven_result();
    r.proof.verdict = RuleVerdict::CheckedGrid;
    EXPECT_FALSE(r.passed());
    r.grid_allowed = true;
    EXPECT_TRUE(r.passed());
}

TEST(ProveReport, JunitHasOneTestcasePerRuleAndFailures) {
    std::string xml = junit_report({proven_result(), refuted_result()}, 1.5);
    EXPECT_EQ(xml.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", 0), 0u);
    EXPECT_NE(xml.find("<testsuites name=\"provix prove\" tests=\"2\" failures=\"1\" "
                       "time=\"1.500\">"),
              std::string::npos);
    EXPECT_NE(xml.find("<testsuite name=\"floordiv.rules\" tests=\"1\" failures=\"0\" "
                       "time=\"0.250\">"),
              std::string::npos);
    EXPECT_NE(xml.find("<testcase classname=\"floordiv.rules\" name=\"fd_nested\" "
                       "time=\"0.250\">"),
              std::string::npos);
    EXPECT_NE(xml.find("<testcase classname=\"bad.rules\" name=\"xla_sum\""), std::string::npos);
    EXPECT_NE(xml.find("<failure message=\"refuted\" type=\"refuted\">ERROR: value mismatch"),
              std::string::npos);
    // Rule text is escaped.
    EXPECT_NE(xml.find("=&gt; x floordiv (c0 * c1)"), std::string::npos);
    EXPECT_EQ(xml.find("=> x"), std::string::npos);
}

TEST(ProveReport, JunitIsWellFormedForControlBytesAndInvalidUtf8) {
    // A rule file name, a rule name and a counterexample message may hold any
    // bytes; XML 1.0 can hold neither a control byte (not even as &#1;) nor
    // bytes that are not UTF-8: each becomes U+FFFD.
    const std::string fffd = "\xEF\xBF\xBD";
    RuleResult r = refuted_result();
    r.file = std::string("odd\x01.rules");
    r.name = std::string("bad\xFFname");
    r.proof.counterexample->kind = std::string("mis\x1Bmatch \xC3\xA9 \xC3");
    std::string xml = junit_report({r}, 1.0);
    EXPECT_NE(xml.find("<testsuite name=\"odd" + fffd + ".rules\""), std::string::npos);
    EXPECT_NE(xml.find("name=\"bad" + fffd + "name\""), std::string::npos);
    // Valid UTF-8 (U+00E9) stays; a truncated sequence at the end is replaced.
    EXPECT_NE(xml.find("ERROR: mis" + fffd + "match \xC3\xA9 " + fffd + "\n"), std::string::npos);
    for (char c : xml) {
        unsigned char u = static_cast<unsigned char>(c);
        EXPECT_TRUE(u >= 0x20 || c == '\n' || c == '\t' || c == '\r') << int(u);
    }
    EXPECT_EQ(xml.find('\xFF'), std::string::npos);
}

TEST(ProveReport, ProveAndCheckCombinesProofAndOrder) {
    auto r = rule_of(
        "nested: (x floordiv c0) floordiv c1 => x floordiv (c0 * c1) "
        "if c0 > 0 && c1 > 0");
    RuleResult res = prove_and_check(r, ProverOptions{});
    EXPECT_TRUE(res.passed());
    EXPECT_EQ(res.name, "nested");
    EXPECT_EQ(res.file, "test.rules");
    EXPECT_EQ(res.line, 1);
    EXPECT_TRUE(res.order.ok);
}

}  // namespace
}  // namespace provix::solvers
