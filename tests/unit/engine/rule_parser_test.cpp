#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "provix/rules/rule.h"
#include "rule_errors.h"

namespace provix::rules {
namespace {

using testing::lemma_error;
using testing::rule_error;

TEST(RuleParser, ParsesNameSidesAndCondition) {
    auto r = parse_rules(
        "# comment\n\nfd: (c0 * X + Y) floordiv c1 => (c0 floordiv c1) * X + Y"
        " floordiv c1\n    if c0 mod c1 == 0\n",
        "t.rules");
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->size(), 1u);
    const Rule& rule = (*r)[0];
    EXPECT_EQ(rule.name, "fd");
    EXPECT_EQ(rule.line, 3);
    EXPECT_EQ(rule.file, "t.rules");
    ASSERT_EQ(rule.vars.size(), 4u);
    EXPECT_EQ(rule.vars[0].name, "c0");
    EXPECT_EQ(rule.vars[0].kind, VarKind::Const);
    EXPECT_EQ(rule.vars[1].kind, VarKind::Sum);
    EXPECT_EQ(to_string(rule, rule.lhs), "(((c0 * X) + Y) floordiv c1)");
    EXPECT_EQ(to_string(rule, rule.condition), "((c0 mod c1) == 0)");
    EXPECT_FALSE(rule.is_constraint());
}

TEST(RuleParser, FlattensNestsOfOneOperator) {
    auto r = parse_rules("f: (x + (c0 * X + Y)) mod c1 => x if c1 > 0 && (c0 > 0 && lb(Y) >= 0)\n",
                         "t.rules");
    ASSERT_TRUE(r.ok()) << r.error().message;
    const Rule& rule = (*r)[0];
    const int sum = rule.nodes[static_cast<size_t>(rule.lhs)].children[0];
    std::vector<std::string> terms;
    for (int t : flatten(rule, sum, Op::Add))
        terms.push_back(to_string(rule, t));
    EXPECT_EQ(terms, (std::vector<std::string>{"x", "(c0 * X)", "Y"}));
    // A node that is not of the operator is its own one operand.
    EXPECT_EQ(flatten(rule, rule.lhs, Op::Add), std::vector<int>{rule.lhs});
    std::vector<std::string> conjuncts;
    for (int c : condition_conjuncts(rule))
        conjuncts.push_back(to_string(rule, c));
    EXPECT_EQ(conjuncts, (std::vector<std::string>{"(c1 > 0)", "(c0 > 0)", "(lb(Y) >= 0)"}));
}

TEST(RuleParser, OneRestAndOnePartitionPerSum) {
    EXPECT_EQ(rule_error("r: (c0 * X + Y) mod c1 => Y mod c1\n"), "<ok>");
    EXPECT_EQ(rule_error("r: (x + (c0 * X + Y)) mod c1 => x\n"), "<ok>");
    const std::string two_rests = rule_error("r: (X + Y) mod c1 => X mod c1\n");
    EXPECT_NE(two_rests.find("t.rules:1:"), std::string::npos) << two_rests;
    EXPECT_NE(two_rests.find("at most one rest and one partition variable"), std::string::npos)
        << two_rests;
    const std::string two_parts = rule_error("r: (c0 * X + (c1 * Y + z)) mod c2 => z\n");
    EXPECT_NE(two_parts.find("at most one rest and one partition variable"), std::string::npos)
        << two_parts;
}

TEST(RuleParser, ParsesConstraintRules) {
    auto r = parse_rules("c: x + c0 in [c1, c2] => x in [c1 - c0, c2 - c0]\n", "t.rules");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_TRUE((*r)[0].is_constraint());
    EXPECT_EQ(to_string((*r)[0], (*r)[0].rhs_lo), "(c1 + (c0 * -1))");
}

TEST(RuleParser, UnboundRightSideVariableIsAnError) {
    EXPECT_EQ(rule_error("r: x floordiv c0 => y\n"),
              "t.rules:1:21: error: variable 'y' is not bound by the left side\n"
              "r: x floordiv c0 => y\n"
              "                    ^\n");
}

TEST(RuleParser, UnknownFunctionIsAnError) {
    EXPECT_EQ(rule_error("\nr: x => x if frob(x) > 0\n"),
              "t.rules:2:14: error: unknown function 'frob'\n"
              "r: x => x if frob(x) > 0\n"
              "             ^\n");
}

TEST(RuleParser, ErrorsOnContinuationLinesPointAtThatLine) {
    std::string e = rule_error("r: x mod c0 => x\n    if lb(x) >= 0 &&\n");
    EXPECT_EQ(e.substr(0, 12), "t.rules:2:21");
}

TEST(RuleParser, RejectsMalformedRules) {
    EXPECT_NE(rule_error("r: x => \n"), "<ok>");
    EXPECT_NE(rule_error("r x => x\n"), "<ok>");
    EXPECT_NE(rule_error("r: x => x if c0\n"), "<ok>");             // not a condition
    EXPECT_NE(rule_error("r: x => x if x > 0\n"), "<ok>");          // x is not a constant
    EXPECT_NE(rule_error("r: c0 => 1\n"), "<ok>");                  // constant left side
    EXPECT_NE(rule_error("r: X + Y + Z => X\n"), "<ok>");           // two rest variables
    EXPECT_NE(rule_error("r: x => x\nr: y => y\n"), "<ok>");        // duplicate name
    EXPECT_NE(rule_error("r: lb(x) => x\n"), "<ok>");               // lb on the left
    EXPECT_NE(rule_error("r: x => x if lb(x + 1) > 0\n"), "<ok>");  // lb of a non-variable
    EXPECT_NE(rule_error("r: min(x) => x\n"), "<ok>");              // arity
    EXPECT_NE(rule_error("  r: x => x\n"), "<ok>");                 // indented start
}

TEST(RuleParser, LiteralsAreEveryInt64) {
    // Every int64 is a literal (19 digits included); beyond int64 is an
    // error at the literal, and -2^63 is written as a difference.
    auto r = parse_rules(
        "r: x floordiv 4611686018427387904 => x floordiv 4611686018427387904"
        " if 9223372036854775807 > -9223372036854775807 - 1\n",
        "t.rules");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(to_string((*r)[0], (*r)[0].lhs), "(x floordiv 4611686018427387904)");
    std::string e = rule_error("r: x floordiv 9223372036854775808 => x\n");
    EXPECT_EQ(e.substr(0, 12), "t.rules:1:15") << e;
    EXPECT_NE(e.find("integer literal beyond int64"), std::string::npos) << e;
    EXPECT_NE(rule_error("r: x => x if 99999999999999999999999 > 0\n").find("beyond int64"),
              std::string::npos);
}

// Terms deeper than 256 levels, as written or as built, are an error at
// the place they pass the limit; they overflowed the parser's stack.
TEST(RuleParser, TermsNestAtMost256LevelsDeep) {
    auto repeat = [](const std::string& s, int n) {
        std::string out;
        for (int i = 0; i < n; ++i)
            out += s;
        return out;
    };
    const std::string message = "nests more than 256 levels deep";
    EXPECT_NE(rule_error("r: " + repeat("(", 100000) + "x").find(message), std::string::npos);
    EXPECT_NE(rule_error("r: x => x if " + repeat("!", 100000) + "(x > 0)\n").find(message),
              std::string::npos);
    EXPECT_NE(rule_error("r: " + repeat("-", 100000) + "x => x\n").find(message),
              std::string::npos);
    EXPECT_NE(
        rule_error("r: x => x if " + repeat("min(", 300) + "x" + repeat(", 1)", 300) + " > 0\n")
            .find(message),
        std::string::npos);
    EXPECT_NE(rule_error("r: x => x if lb(x)" + repeat(" + 1", 300) + " > 0\n").find(message),
              std::string::npos);
    const std::string at_300 = rule_error("r: x => " + repeat("(", 300) + "x" + repeat(")", 300));
    EXPECT_EQ(at_300.substr(0, 13), "t.rules:1:265") << at_300;  // the 257th '('

    // A minus with nothing after it is an error, not a negated missing node.
    EXPECT_NE(rule_error("r: - => x\n").find("expected an expression"), std::string::npos);
    // 100 levels are fine.
    EXPECT_EQ(rule_error("r: x => " + repeat("(", 100) + "x" + repeat(")", 100) + "\n"), "<ok>");
    EXPECT_EQ(rule_error("r: x => x if lb(x)" + repeat(" + 1", 100) + " > 0\n"), "<ok>");
}

// A carriage return alone ends a line as a line feed does: the file's
// entries, comments and line numbers read the same.
TEST(RuleParser, CarriageReturnsAloneEndLines) {
    for (const char* eol : {"\r", "\n", "\r\n"}) {
        const std::string text = std::string("# c") + eol + "r: x + 0 => x" + eol + eol +
                                 "s: x * 1" + eol + "  => x" + eol;
        auto r = parse_rules(text, "t.rules");
        ASSERT_TRUE(r.ok()) << r.error().message;
        ASSERT_EQ(r->size(), 2u);
        EXPECT_EQ((*r)[1].name, "s");
        EXPECT_EQ((*r)[1].line, 4);
        EXPECT_EQ(rule_error(std::string("# c") + eol + "r: x $ 1 => x" + eol).substr(0, 11),
                  "t.rules:2:6");
    }
}

TEST(RuleParser, DefinedTakesABoundVariable) {
    auto r = parse_rules("m: min(x, y) => x if ub(x) <= lb(y) && defined(y)\n", "t.rules");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(to_string((*r)[0], (*r)[0].condition), "((ub(x) <= lb(y)) && defined(y))");
    EXPECT_NE(rule_error("m: min(x, y) => x if defined(x + 1)\n"), "<ok>");
    EXPECT_NE(rule_error("m: min(x, y) => x if defined(c0)\n"), "<ok>");
}

TEST(RuleParser, ResidueTakesABoundVariableAndAConstantModulus) {
    auto r = parse_rules("k: (x floordiv c0) * c0 => x - residue(x, c0) if residue(x, c0) > 0\n",
                         "t.rules");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(to_string((*r)[0], (*r)[0].rhs), "(x + (residue(x, c0) * -1))");
    EXPECT_EQ(to_string((*r)[0], (*r)[0].condition), "(residue(x, c0) > 0)");
    const std::string message = ": error: residue ";
    for (const char* text : {
             "k: residue(x, 2) => x\n",                            // not in a left side
             "k: x floordiv c0 => x if residue(x + 1, 2) == 0\n",  // a bound variable first
             "k: x floordiv c0 => x if residue(c0, 2) == 0\n",
             "k: x floordiv y => x if residue(x, y) == 0\n",  // a constant modulus
         }) {
        SCOPED_TRACE(text);
        EXPECT_NE(rule_error(text).find(message), std::string::npos) << rule_error(text);
    }
    // A value, not a condition.
    EXPECT_NE(rule_error("k: x floordiv c0 => x if residue(x, c0)\n"), "<ok>");
}

TEST(LemmaParser, ParsesImplicationsAndEquivalences) {
    auto r = parse_lemmas(
        "# comment\nres: m > 0 && x mod m == r\n    => x == m * (x floordiv m) + r\n"
        "inter: a <= x && x <= b <=> x in_between\n",
        "t.lemmas");
    EXPECT_FALSE(r.ok());  // `x in_between` is not a comparison
    r = parse_lemmas(
        "res: m > 0 && x mod m == r\n    => x == m * (x floordiv m) + r\n"
        "same: min(x, x) == x\niff: (a <= x <=> !(x < a))\n",
        "t.lemmas");
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->size(), 3u);
    const Lemma& l = (*r)[0];
    EXPECT_EQ(l.name, "res");
    EXPECT_EQ(l.line, 1);
    EXPECT_EQ(l.text, "res: m > 0 && x mod m == r => x == m * (x floordiv m) + r");
    ASSERT_EQ(l.vars.size(), 3u);
    for (const Var& v : l.vars)
        EXPECT_EQ(v.kind, VarKind::Const);  // all integers
    EXPECT_EQ(to_string(l, l.formula),
              "(((m > 0) && ((x mod m) == r)) => (x == ((m * (x floordiv m)) + r)))");
    EXPECT_EQ(to_string((*r)[2], (*r)[2].formula), "((a <= x) <=> !((x < a)))");
}

TEST(LemmaParser, RejectsMalformedLemmas) {
    EXPECT_EQ(lemma_error("l: lb(x) <= x\n"),
              "t.lemmas:1:4: error: 'lb' is not available in a lemma\nl: lb(x) <= x\n   ^\n");
    EXPECT_NE(lemma_error("l: defined(x)\n"), "<ok>");
    EXPECT_NE(lemma_error("l: x + 1\n"), "<ok>");              // not a statement
    EXPECT_NE(lemma_error("l: x == 1 => \n"), "<ok>");         // no conclusion
    EXPECT_NE(lemma_error("l: x == 1\nl: x == 2\n"), "<ok>");  // duplicate name
}

/// `rules/FILE` read and parsed by `parse` without error, with at least one entry.
template <typename Parse>
void expect_builtin_file_parses(Parse parse, const std::string& file) {
    const std::string path = std::string(PROVIX_SOURCE_DIR) + "/rules/" + file;
    SCOPED_TRACE(path);
    std::ifstream in(path, std::ios::binary);
    ASSERT_TRUE(in) << "cannot read " << path;
    std::stringstream text;
    text << in.rdbuf();
    auto r = parse(text.str(), path);
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_GT(r->size(), 0u) << path;
}

TEST(RuleParser, BuiltinRuleFilesParse) {
    // The files the engine is built from; the build already validated them,
    // this keeps the parser honest about reading them back.
    for (const char* name :
         {"add", "ceildiv", "constraints", "floordiv", "minmax", "mod", "mul", "range"})
        expect_builtin_file_parses(parse_rules, std::string(name) + ".rules");
    for (const char* name : {"analysis", "domain", "kernel"})
        expect_builtin_file_parses(parse_lemmas, std::string(name) + ".lemmas");
}

}  // namespace
}  // namespace provix::rules
