#include "provix/parser.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/expr_fixture.h"
#include "support/parsed_map.h"

namespace provix {
namespace {

class ParserTest : public testing_support::ExprFixture {
protected:
    Expr expr(const std::string& text, bool canonical = true) {
        ParseOptions options;
        options.canonicalize = canonical;
        Result<Expr> e = parse_expr(ctx, text, {"d0", "d1", "d2"}, options);
        EXPECT_TRUE(e.ok()) << (e.ok() ? "" : e.error().message);
        return e.ok() ? *e : Expr();
    }

    IndexingMap map(const std::string& text) { return testing_support::parsed_map(ctx, text); }
};

// ---------------------------------------------------------------------------
// Expressions.

TEST_F(ParserTest, IntegersNamesAndOperatorsBuildCanonicalExpressions) {
    EXPECT_EQ(expr("42"), c(42));
    EXPECT_EQ(expr("d1"), d1);
    EXPECT_EQ(expr("d0 + d1 * 4"), d0 + d1 * 4);
    EXPECT_EQ(expr("(d0 + 1) - 1"), d0);
    EXPECT_EQ(expr("d0 floordiv 4"), floor_div(d0, 4));
    EXPECT_EQ(expr("d0 / 4"), floor_div(d0, 4));
    EXPECT_EQ(expr("d0 ceildiv 4"), ceil_div(d0, 4));
    EXPECT_EQ(expr("d0 mod 4"), mod(d0, 4));
    EXPECT_EQ(expr("d0 % 4"), mod(d0, 4));
    EXPECT_EQ(expr("min(d0, d1 + 2)"), min(d0, d1 + 2));
    EXPECT_EQ(expr("max(d0, -3)"), max(d0, -3));
}

TEST_F(ParserTest, MultiplicativeOperatorsBindTighterThanAdditive) {
    EXPECT_EQ(expr("d0 + d1 floordiv 8"), d0 + floor_div(d1, 8));
    EXPECT_EQ(expr("d0 - d1 mod 8 * 2"), d0 - mod(d1, 8) * 2);
    EXPECT_EQ(expr("(d0 + d1) floordiv 8"), floor_div(d0 + d1, 8));
}

TEST_F(ParserTest, OperatorsAssociateLeft) {
    EXPECT_EQ(expr("d0 - d1 - d2"), (d0 - d1) - d2);
    EXPECT_EQ(expr("d0 floordiv 2 floordiv 3"), floor_div(floor_div(d0, 2), 3));
    EXPECT_EQ(expr("d0 mod 6 floordiv 2"), floor_div(mod(d0, 6), 2));
    EXPECT_EQ(expr("d0 * 3 mod 4"), mod(d0 * 3, 4));
    EXPECT_EQ(expr("d0 floordiv 4 * 4"), floor_div(d0, 4) * 4);
}

TEST_F(ParserTest, UnaryMinusBindsTighterThanBinaryOperators) {
    EXPECT_EQ(expr("-d0"), -d0);
    EXPECT_EQ(expr("-d0 floordiv 4"), floor_div(-d0, 4));
    EXPECT_EQ(expr("-(d0 floordiv 4)"), -floor_div(d0, 4));
    EXPECT_EQ(expr("d1 * -d0"), d1 * -d0);
    EXPECT_EQ(expr("- -d0"), d0);
    EXPECT_EQ(expr("-7 floordiv 2"), c(-4));
}

TEST_F(ParserTest, IntegerLiteralsCoverInt64) {
    EXPECT_EQ(expr("9223372036854775807"), c(INT64_MAX));
    EXPECT_EQ(expr("-9223372036854775808"), c(INT64_MIN));
    EXPECT_EQ(expr("d0 * -9223372036854775808"), d0 * INT64_MIN);
    EXPECT_EQ(expr("007"), c(7));
}

TEST_F(ParserTest, NonCanonicalModeKeepsTheTreeAsWritten) {
    Expr minus_one = c(-1);
    EXPECT_EQ(expr("(d0 + 1) - 1", false),
              make(ExprKind::Add,
                   {make(ExprKind::Add, {d0, c(1)}), make(ExprKind::Mul, {c(1), minus_one})}));
    EXPECT_EQ(expr("-d0", false), make(ExprKind::Mul, {d0, minus_one}));
    EXPECT_EQ(expr("-5", false), c(-5));
    EXPECT_EQ(expr("d0 * 1", false), make(ExprKind::Mul, {d0, c(1)}));
    EXPECT_EQ(expr("d0 floordiv 1", false), make(ExprKind::FloorDiv, {d0, c(1)}));
    EXPECT_EQ(expr("min(d0, d0)", false), make(ExprKind::Min, {d0, d0}));
    EXPECT_EQ(expr("d0 + d1 + d2", false),
              make(ExprKind::Add, {make(ExprKind::Add, {d0, d1}), d2}));
    EXPECT_EQ(expr("2 * 3", false), make(ExprKind::Mul, {c(2), c(3)}));
    EXPECT_EQ(canonicalize(expr("(d0 + 1) - 1", false)), d0);
}

TEST_F(ParserTest, ExpressionNamesAreTheGivenList) {
    Result<Expr> e = parse_expr(ctx, "th_x * 4 + bl_x", {"bl_x", "th_x"});
    ASSERT_TRUE(e.ok());
    EXPECT_EQ(*e, d1 * 4 + d0);
}

TEST_F(ParserTest, ExpressionNamesMustBeValidAndDistinct) {
    // As a map's variable names: `x + x` with two variables named x would
    // read as one variable, and a keyword name could never be read.
    for (const std::vector<std::string>& names :
         {std::vector<std::string>{"x", "x"}, {"mod"}, {"2x"}, {""}, {"d0", "d 1"}}) {
        Result<Expr> e = parse_expr(ctx, "d0", names);
        ASSERT_FALSE(e.ok()) << names.size();
        EXPECT_EQ(e.error().kind, Error::Kind::Invalid);
    }
    EXPECT_EQ(parse_expr(ctx, "x + x", {"x", "x"}).error().message,
              "parse_expr: duplicate variable name 'x'");
    EXPECT_EQ(parse_expr(ctx, "mod + 1", {"mod"}).error().message,
              "parse_expr: invalid variable name 'mod'");
}

TEST_F(ParserTest, LongSumsParseWithoutNestingLimits) {
    std::string text = "d0";
    for (int i = 0; i < 5000; ++i)
        text += " + d1";
    EXPECT_EQ(expr(text), d0 + d1 * 5000);
    std::string product = "d0";
    for (int i = 0; i < 3000; ++i)
        product += " * 2";
    Result<Expr> p = parse_expr(ctx, product, {"d0"});
    ASSERT_TRUE(p.ok());
}

// ---------------------------------------------------------------------------
// Maps.

TEST_F(ParserTest, ParsesTheSpecExample) {
    IndexingMap m =
        map("(d0, d1)[s0]{rt0} -> (d0 + d1 floordiv 8 - rt0 * 64, s0),\n"
            "domain:\n"
            "d0 in [0, 3],\n"
            "d1 in [-4, 4],\n"
            "s0 in [0, 1],\n"
            "rt0 in [0, 100],\n"
            "d0 mod 4 in [0, 0]\n");
    EXPECT_EQ(m.num_dims(), 2);
    EXPECT_EQ(m.num_range_vars(), 1);
    EXPECT_EQ(m.num_rt_vars(), 1);
    EXPECT_EQ(m.variable(1).bounds, (Interval{-4, 4}));
    EXPECT_EQ(m.variable(3).name, "rt0");
    EXPECT_EQ(m.results()[0], d0 + floor_div(d1, 8) - ctx.variable(3) * 64);
    ASSERT_EQ(m.constraints().size(), 1u);
    EXPECT_EQ(m.constraints()[0].expr, mod(d0, 4));
    EXPECT_EQ(m.constraints()[0].range, (Interval{0, 0}));
}

TEST_F(ParserTest, RangeAndRuntimeListsAreOptional) {
    EXPECT_EQ(map("(d0){rt0} -> (d0 + rt0), domain: d0 in [0, 1], rt0 in [0, 2]").num_rt_vars(), 1);
    EXPECT_EQ(map("()[s0] -> (s0), domain: s0 in [0, 9]").num_range_vars(), 1);
    EXPECT_EQ(map("(d0)[]{} -> (d0), domain: d0 in [0, 9]"),
              map("(d0) -> (d0), domain: d0 in [0, 9]"));
}

TEST_F(ParserTest, MapsWithoutVariablesNeedNoDomain) {
    IndexingMap m = map("() -> ()");
    EXPECT_EQ(m.num_variables(), 0);
    EXPECT_EQ(m.num_results(), 0);
    EXPECT_FALSE(m.is_known_empty());
    EXPECT_EQ(map("() -> (5, 7)").results().to_vector(), (std::vector<Expr>{c(5), c(7)}));
    EXPECT_EQ(map("() -> (), domain:"), map("() -> ()"));
}

TEST_F(ParserTest, SpecialMaps) {
    EXPECT_TRUE(map("KNOWN EMPTY").is_known_empty());
    EXPECT_TRUE(map("  KNOWN\n EMPTY ").is_known_empty());
    EXPECT_TRUE(map("UNDEFINED").is_undefined());
}

TEST_F(ParserTest, FreeVariableNames) {
    IndexingMap m =
        map("(th_x, bl_x)[_k1] -> (th_x + bl_x * 128 + _k1), "
            "domain: th_x in [0, 127], bl_x in [0, 9], _k1 in [0, 1]");
    EXPECT_EQ(m.variable(0).name, "th_x");
    EXPECT_EQ(m.variable(2).name, "_k1");
    EXPECT_EQ(m.results()[0], d0 + d1 * 128 + d2);
}

TEST_F(ParserTest, BoundsAcceptInfinities) {
    IndexingMap m =
        map("(d0, d1) -> (d0), domain: d0 in [-inf, 5], d1 in [-3, inf], "
            "d0 + d1 in [-inf, +inf]");
    EXPECT_EQ(m.variable(0).bounds, Interval::at_most(5));
    EXPECT_EQ(m.variable(1).bounds, Interval::at_least(-3));
    ASSERT_EQ(m.constraints().size(), 1u);
    EXPECT_EQ(m.constraints()[0].range, Interval::all());
}

TEST_F(ParserTest, ConstraintsOnBareVariablesTightenBounds) {
    IndexingMap m = map("(d0) -> (d0), domain: d0 in [0, 9], d0 in [2, 20]");
    EXPECT_EQ(m.variable(0).bounds, (Interval{2, 9}));
    EXPECT_TRUE(m.constraints().empty());
}

TEST_F(ParserTest, ReversedBoundsMakeAKnownEmptyMap) {
    EXPECT_EQ(map("(d0) -> (d0), domain: d0 in [5, 3]"), IndexingMap::known_empty(ctx));
    EXPECT_TRUE(map("(d0) -> (d0), domain: d0 in [0, 3], d0 mod 2 in [1, 0]").is_known_empty());
}

TEST_F(ParserTest, AcceptsXlaPrintedForms) {
    IndexingMap expected =
        map("(d0, d1)[s0] -> (d0 + s0, d1), domain: d0 in [0, 9], "
            "d1 in [0, 4], s0 in [0, 2]");
    // Trailing comma.
    EXPECT_EQ(map("(d0, d1)[s0] -> (d0 + s0, d1), domain: d0 in [0, 9], d1 in [0, 4], "
                  "s0 in [0, 2],"),
              expected);
    // The `is_simplified` line of older XLA.
    EXPECT_EQ(map("(d0, d1)[s0] -> (d0 + s0, d1),\ndomain:\nd0 in [0, 9],\nd1 in [0, 4],\n"
                  "s0 in [0, 2],\nis_simplified: false"),
              expected);
    EXPECT_EQ(map("(d0, d1)[s0] -> (d0 + s0, d1), domain: d0 in [0, 9], d1 in [0, 4], "
                  "s0 in [0, 2], is_simplified: true"),
              expected);
    // XLA's documentation leaves out some commas.
    EXPECT_EQ(map("(d0, d1)[s0] -> (d0 + s0, d1)\ndomain:\nd0 in [0, 9]\nd1 in [0, 4]\n"
                  "s0 in [0, 2]"),
              expected);
    // Older XLA printed half-open ranges.
    EXPECT_EQ(map("(d0, d1)[s0] -> (d0 + s0, d1), domain: d0 in [0, 10), d1 in [0, 5), "
                  "s0 in [0, 3)"),
              expected);
}

TEST_F(ParserTest, CommentsAreIgnored) {
    IndexingMap m =
        map("// a reshape\n(d0) -> (d0 floordiv 4),\n  // results\n"
            "domain:\n// bounds\nd0 in [0, 15]\n// end");
    EXPECT_EQ(m, map("(d0) -> (d0 floordiv 4), domain: d0 in [0, 15]"));
}

TEST_F(ParserTest, CommentsAreWholeLines) {
    // After a token, `//` would drop the rest of the line: `d0 // 4` (floor
    // division in Python) read as `d0` is a wrong answer, so it is an error
    // wherever it stands.
    for (const char* text :
         {"(d0) -> (d0 // 4), domain: d0 in [0, 15]", "(d0) -> (d0 // 4\n), domain: d0 in [0, 15]",
          "(d0) -> (d0), // results\ndomain: d0 in [0, 15]",
          "(d0) -> (d0), domain: d0 in [0, 15] // end"}) {
        Result<IndexingMap> m = parse_indexing_map(ctx, text);
        ASSERT_FALSE(m.ok()) << text;
        EXPECT_EQ(m.error().kind, Error::Kind::Parse) << text;
        EXPECT_NE(m.error().message.find("a comment is a line that starts with '//'"),
                  std::string::npos)
            << m.error().message;
    }
    Result<Expr> e = parse_expr(ctx, "d0 // 4", {"d0"});
    ASSERT_FALSE(e.ok());
    EXPECT_NE(e.error().message.find(":1:4: error: '//' after a token"), std::string::npos)
        << e.error().message;
}

TEST_F(ParserTest, SeveralMapsSeparatedByLines) {
    const std::string text =
        "// first\n"
        "(d0) -> (d0), domain: d0 in [0, 9]\n"
        "// -----\n"
        "KNOWN EMPTY\n"
        "  // -----  \n"
        "// only a comment\n"
        "// -----\n"
        "(d0, d1) -> (d1),\n"
        "domain:\n"
        "d0 in [0, 1],\n"
        "d1 in [0, 2]\n"
        "// -----\n";
    Result<std::vector<ParsedMap>> maps = parse_indexing_maps(ctx, text, "f.map");
    ASSERT_TRUE(maps.ok()) << maps.error().message;
    ASSERT_EQ(maps->size(), 3u);
    EXPECT_EQ((*maps)[0].map, map("(d0) -> (d0), domain: d0 in [0, 9]"));
    EXPECT_EQ((*maps)[0].location.line, 2);
    EXPECT_EQ((*maps)[0].location.column, 1);
    EXPECT_TRUE((*maps)[1].map.is_known_empty());
    EXPECT_EQ((*maps)[1].location.line, 4);
    EXPECT_EQ((*maps)[2].map.num_dims(), 2);
    EXPECT_EQ((*maps)[2].location.line, 8);
}

TEST_F(ParserTest, EmptyFilesHoldNoMaps) {
    for (const char* text : {"", "  \n", "// nothing here\n", "// -----\n// -----\n"}) {
        Result<std::vector<ParsedMap>> maps = parse_indexing_maps(ctx, text);
        ASSERT_TRUE(maps.ok()) << text;
        EXPECT_TRUE(maps->empty()) << text;
    }
}

TEST_F(ParserTest, SeparatorMustBeAWholeLine) {
    // `// -----` after code on the same line separates nothing: an error.
    Result<std::vector<ParsedMap>> maps =
        parse_indexing_maps(ctx, "() -> () // -----\n() -> ()", "f.map");
    ASSERT_FALSE(maps.ok());
    EXPECT_EQ(maps.error().kind, Error::Kind::Parse);
}

TEST_F(ParserTest, MapTextsAreSplitAsTheParserSplitsThem) {
    // Each text parses alone as the parser's map of the same place: any
    // line ending, spaces (\f, \v) around the separator, comments kept,
    // chunks of only comments and spaces dropped.
    const std::string m = "(d0) -> (d0 floordiv 4), domain: d0 in [0, 15]";
    for (const std::string& text :
         {"// head\r" + m + "\r// -----\r" + m + "\r", m + "\n// -----\v\n" + m,
          m + "\r\n  // -----  \r\n// only a comment\r\n// -----\r\n" + m + "\r\n",
          "\f\n// -----\n" + m + "\n// -----\n\v \n", m}) {
        auto texts = split_map_texts(text);
        auto maps = parse_indexing_maps(ctx, text);
        ASSERT_TRUE(texts.ok() && maps.ok()) << text;
        ASSERT_EQ(texts->size(), maps->size()) << text;
        for (size_t i = 0; i < texts->size(); ++i) {
            auto one = parse_indexing_map(ctx, (*texts)[i]);
            ASSERT_TRUE(one.ok()) << (*texts)[i];
            EXPECT_EQ(*one, (*maps)[i].map) << (*texts)[i];
        }
    }
    // The views point into the text: it must outlive them.
    const std::string file = "// a\n" + m + "\n  // b\n// -----\n// c\n() -> ()\n";
    auto texts = split_map_texts(file);
    ASSERT_TRUE(texts.ok());
    const std::vector<std::string> got(texts->begin(), texts->end());
    EXPECT_EQ(got, (std::vector<std::string>{"// a\n" + m + "\n  // b\n", "// c\n() -> ()\n"}));
    EXPECT_FALSE(split_map_texts("(d0) -> (d0 $ 1)", "f.map").ok());
}

}  // namespace
}  // namespace provix
