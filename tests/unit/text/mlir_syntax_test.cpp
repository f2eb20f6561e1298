// MLIR's affine syntax: reading affine_map / affine_set, writing them back,
// and what happens to divisors MLIR does not define.

#include "provix/mlir_syntax.h"

#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "provix/simplify.h"
#include "support/parsed_map.h"
#include "support/text_helpers.h"

namespace provix {
namespace {

using testing_support::contains;

class MlirSyntaxTest : public ::testing::Test {
protected:
    Context ctx;

    std::vector<MlirDefinition> parse(const std::string& text) {
        auto defs = parse_mlir_affine(ctx, text, "in.mlir");
        EXPECT_TRUE(defs.ok()) << (defs.ok() ? "" : defs.error().message);
        return defs.ok() ? *defs : std::vector<MlirDefinition>{};
    }

    /// The diagnostic of `text`, which must not parse.
    std::string error(const std::string& text) {
        auto defs = parse_mlir_affine(ctx, text, "in.mlir");
        EXPECT_FALSE(defs.ok()) << text;
        return defs.ok() ? "" : defs.error().message;
    }

    /// Parses one map and prints it back.
    std::string round_trip(const std::string& text) {
        std::vector<MlirDefinition> defs = parse(text);
        if (defs.size() != 1) return "<" + std::to_string(defs.size()) + " definitions>";
        auto out = to_mlir_affine_map(defs[0].map, defs[0].num_dims);
        EXPECT_TRUE(out.ok()) << (out.ok() ? "" : out.error().message);
        return out.ok() ? *out : "";
    }

    std::string expr(Expr e, int64_t num_dims) {
        auto out = to_mlir_affine_expr(e, num_dims);
        EXPECT_TRUE(out.ok()) << (out.ok() ? "" : out.error().message);
        return out.ok() ? *out : "";
    }
};

TEST_F(MlirSyntaxTest, MapsAsMlirPrintsThemRoundTrip) {
    // Each text is MLIR 14's own printing of the map (mlir-opt output), with
    // terms in provix's canonical order.
    for (const char* text : {
             "affine_map<(d0, d1)[s0] -> (s0 + d0 floordiv 4, d1 mod 8)>",
             "affine_map<(d0) -> ((d0 * 4) floordiv 8, (d0 floordiv 4) * 4, -d0 + 15)>",
             "affine_map<(d0, d1)[s0] -> (d1 - s0 * 4, d0 * -4 + d1, -(d0 ceildiv 4))>",
             "affine_map<(d0)[s0] -> (d0 * s0, s0 * (d0 + 1), d0 floordiv s0, d0 - 3)>",
             "affine_map<(d0, d1)[s0] -> (d1 - d0 * s0, d1 - (d0 floordiv 4) * 3, -d0 - d1)>",
             "affine_map<(d0)[s0, s1] -> ((d0 * s0) * 4, (d0 floordiv 4) floordiv 2, -(d0 mod 4))>",
             "affine_map<() -> ()>",
             "affine_map<()[s0] -> (s0, 7, -3)>",
         }) {
        EXPECT_EQ(round_trip(text), text);
    }
}

TEST_F(MlirSyntaxTest, OtherTermOrdersPrintCanonicallyAndStable) {
    // MLIR keeps terms as written; provix prints them in its canonical order,
    // the same map, and printing again changes nothing.
    struct Case {
        const char* in;
        const char* out;
    };
    for (const Case& c : {
             Case{"affine_map<(d0, d1)[s0] -> (d0 floordiv 4 + s0, d1 mod 8)>",
                  "affine_map<(d0, d1)[s0] -> (s0 + d0 floordiv 4, d1 mod 8)>"},
             Case{"affine_map<(d0)[s0] -> ((d0 + 1) * s0, 15 - d0, -(d0 + s0))>",
                  "affine_map<(d0)[s0] -> (s0 * (d0 + 1), -d0 + 15, -d0 - s0)>"},
             Case{"affine_map<(i, j)[N] -> (j + i * N - 5 + 2)>",
                  "affine_map<(d0, d1)[s0] -> (d1 + d0 * s0 - 3)>"},
         }) {
        std::string once = round_trip(c.in);
        EXPECT_EQ(once, c.out);
        EXPECT_EQ(round_trip(once), once);
        std::vector<MlirDefinition> a = parse(c.in), b = parse(once);
        ASSERT_EQ(a.size(), 1u);
        ASSERT_EQ(b.size(), 1u);
        EXPECT_EQ(a[0].map.results(), b[0].map.results()) << c.in;
    }
}

TEST_F(MlirSyntaxTest, AliasesSeparatorsAndCommentsAreRead) {
    std::vector<MlirDefinition> defs = parse(
        "// maps from a tiled loop nest\n"
        "#map0 = affine_map<(d0) -> (d0 floordiv 4)>\n"
        "affine_map<(d0, d1) -> (d0 + d1)>\n"
        "// -----\n"
        "#set = affine_set<(d0) : (d0 >= 0)>\n");
    ASSERT_EQ(defs.size(), 3u);
    EXPECT_EQ(defs[0].alias, "#map0");
    EXPECT_EQ(defs[1].alias, "");
    EXPECT_EQ(defs[1].num_dims, 2);
    EXPECT_FALSE(defs[1].after_separator);
    EXPECT_TRUE(defs[2].after_separator);
    EXPECT_EQ(defs[2].kind, MlirDefinition::Kind::Set);
    EXPECT_EQ(defs[2].alias, "#set");
}

TEST_F(MlirSyntaxTest, EachDefinitionKeepsItsTextAsWritten) {
    std::vector<MlirDefinition> defs = parse(
        "#m = affine_map<(d0) -> ((d0 * 4 + (d0 + 1)) floordiv 4)>  \n"
        "affine_set<(d0) : (d0 -\n  3 >= 0)>\n");
    ASSERT_EQ(defs.size(), 2u);
    // provix reads d0 * 5 + 1 in the first; the text is as written.
    EXPECT_EQ(defs[0].text, "#m = affine_map<(d0) -> ((d0 * 4 + (d0 + 1)) floordiv 4)>");
    EXPECT_EQ(defs[1].text, "affine_set<(d0) : (d0 -\n  3 >= 0)>");
}

TEST_F(MlirSyntaxTest, DimsAndSymbolsAreAllInputs) {
    std::vector<MlirDefinition> defs = parse("affine_map<(i, j)[N] -> (i + j * N)>");
    ASSERT_EQ(defs.size(), 1u);
    const IndexingMap& m = defs[0].map;
    EXPECT_EQ(m.num_dims(), 3);  // i, j, N: none can be projected out or dropped
    EXPECT_EQ(m.num_symbols(), 0);
    EXPECT_EQ(defs[0].num_dims, 2);
    EXPECT_EQ(defs[0].num_symbols, 1);
    EXPECT_EQ(m.dims()[2].name, "N");
    // Printed positionally, as MLIR prints every map.
    EXPECT_EQ(*to_mlir_affine_map(m, 2), "affine_map<(d0, d1)[s0] -> (d0 + d1 * s0)>");
}

TEST_F(MlirSyntaxTest, ASetBoundsTheMapsAfterItUpToTheNextSeparator) {
    std::vector<MlirDefinition> defs = parse(
        "#set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + 15 >= 0, s0 - 2 == 0)>\n"
        "#map0 = affine_map<(d0)[s0] -> (d0 floordiv 16)>\n"
        "#map1 = affine_map<(d0)[s0] -> (d0 mod 16 + s0)>\n"
        "// -----\n"
        "#map2 = affine_map<(d0)[s0] -> (d0 mod 16 + s0)>\n");
    ASSERT_EQ(defs.size(), 4u);
    EXPECT_EQ(defs[1].domain_set, 0);
    EXPECT_EQ(defs[2].domain_set, 0);
    EXPECT_EQ(defs[3].domain_set, -1);
    EXPECT_EQ(defs[1].map.dims()[0].bounds.lo(), 0);  // d0 >= 0 bounds d0 at once
    EXPECT_TRUE(defs[3].map.dims()[0].bounds.lo_is_inf());
    // With d0 in [0, 15] and s0 = 2: d0 floordiv 16 is 0 and d0 mod 16 is d0.
    IndexingMap m0 = defs[1].map, m1 = defs[2].map, m2 = defs[3].map;
    simplify(m0);
    simplify(m1);
    simplify(m2);
    EXPECT_EQ(*to_mlir_affine_map(m0, 1), "affine_map<(d0)[s0] -> (0)>");
    EXPECT_EQ(*to_mlir_affine_map(m1, 1), "affine_map<(d0)[s0] -> (d0 + 2)>");
    EXPECT_EQ(*to_mlir_affine_map(m2, 1), "affine_map<(d0)[s0] -> (s0 + d0 mod 16)>");
}

TEST_F(MlirSyntaxTest, SetsAsMlirPrintsThemRoundTrip) {
    std::vector<MlirDefinition> defs = parse(
        "#set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 15 >= 0, d1 - 2 >= 0, "
        "d0 - s0 * 4 == 0, d0 + d1 - 20 >= 0)>");
    ASSERT_EQ(defs.size(), 1u);
    EXPECT_EQ(*to_mlir_affine_set(defs[0].map, 2, 1),
              "affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 15 >= 0, d1 - 2 >= 0, "
              "d0 + d1 - 20 >= 0, d0 - s0 * 4 == 0)>");
    IndexingMap simplified = defs[0].map;
    simplify(simplified);
    auto text = to_mlir_affine_set(simplified, 2, 1);
    ASSERT_TRUE(text.ok());
    // Parsing the printed set gives a set with the same points.
    std::vector<MlirDefinition> again = parse(*text);
    ASSERT_EQ(again.size(), 1u);
    for (int64_t d0 = -2; d0 <= 18; ++d0) {
        for (int64_t d1 = -2; d1 <= 22; ++d1) {
            for (int64_t s0 = -1; s0 <= 5; ++s0) {
                EXPECT_EQ(defs[0].map.membership({d0, d1, s0}),
                          again[0].map.membership({d0, d1, s0}))
                    << *text << " at " << d0 << ", " << d1 << ", " << s0;
            }
        }
    }
}

TEST_F(MlirSyntaxTest, BoundsOfMinusTwoToThe63RoundTrip) {
    // -2^63 has no negation in int64: such a bound is written through a
    // halving, and the set read back has the same points.
    const int64_t lo = std::numeric_limits<int64_t>::min();
    IndexingMap m =
        testing_support::parsed_map(ctx,
                                    "(d0, d1) -> (d0), domain: d0 in [-9223372036854775808, 5], d1 "
                                    "in [-inf, -9223372036854775808], "
                                    "d0 mod 4 in [-9223372036854775808, 2]");
    auto text = to_mlir_affine_set(m, 2, 0);
    ASSERT_TRUE(text.ok());
    EXPECT_EQ(text->find("- -"), std::string::npos) << *text;
    EXPECT_EQ(text->find("--"), std::string::npos) << *text;
    std::vector<MlirDefinition> again = parse(*text);
    ASSERT_EQ(again.size(), 1u);
    for (int64_t d0 : {lo, lo + 1, int64_t{-1}, int64_t{0}, int64_t{3}, int64_t{5}, int64_t{6}}) {
        for (int64_t d1 : {lo, lo + 1, int64_t{0}}) {
            EXPECT_EQ(m.membership({d0, d1}), again[0].map.membership({d0, d1}))
                << *text << " at " << d0 << ", " << d1;
        }
    }
    EXPECT_EQ(m.membership({lo, lo}), Membership::Inside);
}

TEST_F(MlirSyntaxTest, ConstantsBeyondInt64AreNeitherReadNorWritten) {
    // MLIR folds constants in int64 (and would wrap these): an error when
    // read, and refused when written.
    EXPECT_NE(error("#m = affine_map<(d0) -> (d0 + 9223372036854775807 + 1)>")
                  .find("in.mlir:1:26: error: constant arithmetic beyond int64"),
              std::string::npos);
    EXPECT_NE(error("#m = affine_map<(d0) -> (-(-9223372036854775807 - 1))>").find("beyond int64"),
              std::string::npos);
    EXPECT_NE(error("#m = affine_map<(d0) -> (d0 * 4611686018427387904 * 4)>").find("beyond int64"),
              std::string::npos);
    EXPECT_NE(
        error("#m = affine_map<(d0) -> (d0 mod (-9223372036854775807 - 2))>").find("beyond int64"),
        std::string::npos);
    IndexingMap m = testing_support::parsed_map(
        ctx, "(d0) -> (d0 - -9223372036854775808), domain: d0 in [0, 5]");
    auto text = to_mlir_affine_map(m, 1);
    ASSERT_FALSE(text.ok());
    EXPECT_NE(text.error().message.find("int64"), std::string::npos);
}

TEST_F(MlirSyntaxTest, LikeTermsBeyondInt64AreNeitherReadNorWritten) {
    // Canonical form keeps like terms apart where their coefficients' sum
    // leaves int64, and a sum scaled by a constant where distributing it
    // would; MLIR combines and flattens in int64 (`d0 * 9223372036854775807
    // + d0` is `d0 * -9223372036854775808` there).
    // MLIR's simplification of a division makes terms alike too:
    // `(d0 * 2) floordiv 2` is d0 there.
    for (const char* e : {"d0 * 9223372036854775807 + d0", "d0 + d1 + d0 * 9223372036854775807",
                          "(d0 * 9223372036854775807 + d0) floordiv 2",
                          "d0 * 9223372036854775807 + (d0 * 2) floordiv 2",
                          "(d0 * 2 + d1) floordiv 2 + d0 * 9223372036854775807",
                          "(d0 * 4611686018427387904 + 4611686018427387904) floordiv 1 + "
                          "4611686018427387904"}) {
        EXPECT_NE(error(std::string("#m = affine_map<(d0, d1) -> (") + e + ")>").find("like terms"),
                  std::string::npos)
            << e;
    }
    for (const char* text :
         {"(d0, d1) -> (d0 * 9223372036854775807 + d0), domain: d0 in [0, 5], d1 in [0, 5]",
          "(d0, d1) -> ((d0 + d1 * 4611686018427387904) * 4), domain: d0 in [0, 5], "
          "d1 in [0, 5]"}) {
        IndexingMap m = testing_support::parsed_map(ctx, text);
        auto printed = to_mlir_affine_map(m, 2);
        EXPECT_FALSE(printed.ok()) << text << " printed " << (printed ? *printed : "");
        EXPECT_FALSE(folds_in_mlir(m.results()[0])) << text;
    }
    // Like terms whose coefficients fit, unlike terms near the limits and
    // divisions that keep what they give up small are read and written.
    EXPECT_EQ(round_trip("#m = affine_map<(d0) -> ((d0 * 4611686018427387904 + 6) floordiv 2 + "
                         "d0 * 4611686018427387902)>"),
              "affine_map<(d0) -> (d0 * 4611686018427387902 + "
              "(d0 * 4611686018427387904 + 6) floordiv 2)>");
    EXPECT_EQ(round_trip("#m = affine_map<(d0, d1) -> (d0 * 9223372036854775806 + d0, "
                         "d0 * 9223372036854775807 + d1 * 9223372036854775807)>"),
              "affine_map<(d0, d1) -> (d0 * 9223372036854775807, "
              "d0 * 9223372036854775807 + d1 * 9223372036854775807)>");
}

TEST_F(MlirSyntaxTest, MinusTwoToThe63IsWrittenAsADifference) {
    // MLIR reads -9223372036854775808 as the negation of a literal too large.
    EXPECT_EQ(round_trip("#m = affine_map<(d0) -> (d0 - 9223372036854775807 - 1, "
                         "-9223372036854775807 - 1, d0 * (-9223372036854775807 - 1))>"),
              "affine_map<(d0) -> (d0 - 9223372036854775807 - 1, -9223372036854775807 - 1, "
              "d0 * (-9223372036854775807 - 1))>");
}

TEST_F(MlirSyntaxTest, AliasesAreDefinedOnceAndWithoutDots) {
    EXPECT_NE(error("#a = affine_map<(d0) -> (d0)>\n#a = affine_map<(d0) -> (d0 + 1)>\n")
                  .find("in.mlir:2:1: error: redefinition of #a (defined at line 1)"),
              std::string::npos);
    EXPECT_NE(error("#a.b = affine_map<(d0) -> (d0)>\n").find("reserved for dialects"),
              std::string::npos);
    EXPECT_EQ(parse("#a$b_1 = affine_map<(d0) -> (d0)>\n").size(), 1u);
}

TEST_F(MlirSyntaxTest, ACommentEndsAtACarriageReturn) {
    // Lines ended by carriage returns alone: the map after a comment is read.
    std::vector<MlirDefinition> defs = parse("// tiles\r#map = affine_map<(d0) -> (d0 mod 4)>\r");
    ASSERT_EQ(defs.size(), 1u);
    EXPECT_EQ(defs[0].alias, "#map");
}

TEST_F(MlirSyntaxTest, AnEmptyConstraintListIsEverySet) {
    std::vector<MlirDefinition> defs = parse("#all = affine_set<(d0) : ()>\n");
    ASSERT_EQ(defs.size(), 1u);
    EXPECT_EQ(*to_mlir_affine_set(defs[0].map, 1, 0), "affine_set<(d0) : (0 == 0)>");
}

TEST_F(MlirSyntaxTest, WordsOfTheMapSyntaxNameNoVariable) {
    EXPECT_NE(error("#m = affine_map<(domain, in) -> (domain + in)>")
                  .find("in.mlir:1:18: error: 'domain' is a word of provix's map syntax"),
              std::string::npos);
}

TEST_F(MlirSyntaxTest, SetCountsAreChecked) {
    IndexingMap empty = IndexingMap::known_empty(ctx);
    EXPECT_FALSE(to_mlir_affine_set(empty, -7, -3).ok());
    EXPECT_FALSE(to_mlir_affine_set(empty, 0, int64_t{1} << 62).ok());
    EXPECT_FALSE(to_mlir_affine_set(empty, 3, -5).ok());
    EXPECT_EQ(*to_mlir_affine_set(empty, 1, 1), "affine_set<(d0)[s0] : (1 == 0)>");
}

TEST_F(MlirSyntaxTest, EmptyAndUniversalSets) {
    std::vector<MlirDefinition> defs = parse(
        "#empty = affine_set<(d0) : (1 == 0)>\n"
        "#map = affine_map<(d0) -> (d0 floordiv 2)>\n"
        "// -----\n"
        "#all = affine_set<(d0)[s0] : (0 == 0)>\n");
    ASSERT_EQ(defs.size(), 3u);
    EXPECT_TRUE(defs[0].map.is_known_empty());
    EXPECT_TRUE(defs[1].map.is_known_empty());
    EXPECT_EQ(defs[1].text, "#map = affine_map<(d0) -> (d0 floordiv 2)>");  // kept as written
    EXPECT_EQ(*to_mlir_affine_set(defs[0].map, 1, 0), "affine_set<(d0) : (1 == 0)>");
    EXPECT_EQ(*to_mlir_affine_set(defs[2].map, 1, 1), "affine_set<(d0)[s0] : (0 == 0)>");
}

TEST_F(MlirSyntaxTest, NonPositiveLiteralDivisorsAreRefused) {
    EXPECT_EQ(error("affine_map<(d0) -> (d0 mod -2)>"),
              "in.mlir:1:28: error: MLIR defines mod only for a positive divisor, not -2\n"
              "affine_map<(d0) -> (d0 mod -2)>\n"
              "                           ^");
    const std::pair<const char*, const char*> refused[] = {
        {"affine_map<(d0) -> (d0 floordiv -1)>", "positive divisor"},
        {"affine_map<(d0) -> (d0 ceildiv (2 - 3))>", "not -1"},
        {"affine_map<(d0) -> (d0 mod 0)>", "division by zero"}};
    for (const auto& [text, message] : refused)
        EXPECT_TRUE(contains(error(text), message));
}

TEST_F(MlirSyntaxTest, SymbolicDivisorsUseFloorSemantics) {
    std::vector<MlirDefinition> defs = parse("affine_map<(d0)[s0] -> (d0 floordiv s0, d0 mod s0)>");
    ASSERT_EQ(defs.size(), 1u);
    // Where MLIR defines them (s0 > 0) the values are MLIR's; provix gives
    // floor semantics elsewhere.
    EXPECT_EQ(*defs[0].map.evaluate({-7, 2}), (std::vector<int64_t>{-4, 1}));
    EXPECT_EQ(*defs[0].map.evaluate({7, -2}), (std::vector<int64_t>{-4, -1}));
}

TEST_F(MlirSyntaxTest, NegativeDivisorsAreWrittenWithPositiveOnes) {
    Expr d0 = ctx.variable(0);
    struct Case {
        Expr e;
        const char* text;
    };
    for (const Case& c : {
             Case{ctx.make(ExprKind::FloorDiv, {d0, ctx.constant(-4)}).value(), "-(d0 ceildiv 4)"},
             Case{ctx.make(ExprKind::CeilDiv, {d0, ctx.constant(-4)}).value(), "-(d0 floordiv 4)"},
             Case{ctx.make(ExprKind::Mod, {d0, ctx.constant(-4)}).value(), "-((-d0) mod 4)"},
             Case{ctx.make(ExprKind::Add, {ctx.make(ExprKind::Mod, {d0, ctx.constant(-3)}).value(),
                                           ctx.constant(1)})
                      .value(),
                  "-((-d0) mod 3) + 1"},
         }) {
        std::string text = expr(c.e, 1);
        EXPECT_EQ(text, c.text);
        // The written form has the same value at every point.
        auto defs = parse("affine_map<(d0) -> (" + text + ")>");
        ASSERT_EQ(defs.size(), 1u);
        for (int64_t v = -13; v <= 13; ++v) {
            EXPECT_EQ(*evaluate(c.e, {v}), defs[0].map.evaluate({v})->at(0)) << text << " at " << v;
        }
    }
}

TEST_F(MlirSyntaxTest, WhatMlirCannotExpressIsAnError) {
    Expr d0 = ctx.variable(0), d1 = ctx.variable(1), s0 = ctx.variable(2);
    auto min_text = to_mlir_affine_expr(min(d0, d1), 2);
    ASSERT_FALSE(min_text.ok());
    EXPECT_TRUE(contains(min_text.error().message, "no min"));
    EXPECT_FALSE(to_mlir_affine_expr(d0 * d1, 2).ok());
    EXPECT_FALSE(to_mlir_affine_expr(d0 * d1 * 3 + 1, 2).ok());
    EXPECT_FALSE(to_mlir_affine_expr(floor_div(d0, d1), 2).ok());
    EXPECT_EQ(expr(d0 * s0, 2), "d0 * s0");
    EXPECT_EQ(expr(floor_div(d0, s0 + 1), 2), "d0 floordiv (s0 + 1)");
    IndexingMap empty = IndexingMap::known_empty(ctx);
    EXPECT_FALSE(to_mlir_affine_map(empty, 0).ok());
}

TEST_F(MlirSyntaxTest, NonAffineInputIsRefusedWithADiagnostic) {
    EXPECT_EQ(error("affine_map<(d0, d1) -> (d0 * d1)>"),
              "in.mlir:1:28: error: non-affine expression: one factor of a product must be a "
              "constant or an expression of symbols\n"
              "affine_map<(d0, d1) -> (d0 * d1)>\n"
              "                           ^");
    const std::pair<const char*, const char*> refused[] = {
        {"affine_map<(d0, d1) -> (d0 floordiv d1)>", "divisor of floordiv"},
        {"affine_map<(d0, d1) -> (min(d0, d1))>", "no min"},
        {"affine_map<(d0) -> (d0 / 2)>", "'floordiv'"},
        {"affine_map<(d0) -> (d1)>", "unknown variable 'd1'"},
        {"affine_map<(d0, d0) -> (d0)>", "duplicate"},
        {"#map = affine_map<(d0) -> (d0)", "expected '>'"},
        {"affine_set<(d0) : (d0 > 0)>", "'>= 0', '== 0'"},
        {"# = affine_map<(d0) -> (d0)>", "name after '#'"},
        {"(d0) -> (d0)", "'affine_map' or 'affine_set'"}};
    for (const auto& [text, message] : refused)
        EXPECT_TRUE(contains(error(text), message));
}

TEST_F(MlirSyntaxTest, ASetAndAMapOfDifferentShapesAreAnError) {
    std::string e = error(
        "#set = affine_set<(d0) : (d0 >= 0)>\n"
        "#map = affine_map<(d0, d1) -> (d0)>\n");
    EXPECT_TRUE(contains(e,
                         "in.mlir:2:1: error: this map has 2 dims and 0 symbols but the affine_set "
                         "before it (line 1) has 1 dims and 0 symbols"));
}

TEST_F(MlirSyntaxTest, DeepNestingIsAnErrorNotACrash) {
    std::string deep(5000, '(');
    deep = "affine_map<(d0) -> (" + deep + "d0" + std::string(5000, ')') + ")>";
    EXPECT_TRUE(contains(error(deep), "nested too deeply"));
    std::string chain = "affine_map<(d0) -> (d0";
    for (int i = 0; i < 3000; ++i)
        chain += " floordiv 2";
    EXPECT_TRUE(contains(error(chain + ")>"), "nested too deeply"));
}

TEST_F(MlirSyntaxTest, LessEqualAndExpressionRightSidesAreAccepted) {
    std::vector<MlirDefinition> defs = parse("affine_set<(d0)[s0] : (d0 <= s0 - 1, d0 >= 2)>");
    ASSERT_EQ(defs.size(), 1u);
    EXPECT_EQ(defs[0].map.membership({2, 3}), Membership::Inside);
    EXPECT_EQ(defs[0].map.membership({3, 3}), Membership::Outside);
    EXPECT_EQ(defs[0].map.membership({1, 3}), Membership::Outside);
}

}  // namespace
}  // namespace provix
