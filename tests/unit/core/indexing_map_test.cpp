#include "provix/indexing_map.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "expr_node.h"
#include "provix/parser.h"
#include "provix/semantics.h"
#include "support/parsed_map.h"

namespace provix {
namespace {

class IndexingMapTest : public ::testing::Test {
protected:
    Context ctx;

    IndexingMap parse(const std::string& text) { return testing_support::parsed_map(ctx, text); }

    /// An expression over `m`'s variable names.
    Expr expr(const IndexingMap& m, const std::string& text) {
        std::vector<std::string> names;
        for (int64_t id = 0; id < m.num_variables(); ++id)
            names.push_back(m.variable(id).name);
        Result<Expr> e = parse_expr(ctx, text, names);
        EXPECT_TRUE(e.ok()) << (e.ok() ? "" : e.error().message);
        return e.ok() ? *e : ctx.constant(0);
    }

    SymbolicMap smap(int64_t nd, int64_t ns, const std::vector<std::string>& results) {
        std::vector<std::string> names;
        for (int64_t i = 0; i < nd; ++i)
            names.push_back("d" + std::to_string(i));
        for (int64_t j = 0; j < ns; ++j)
            names.push_back("s" + std::to_string(j));
        std::vector<Expr> exprs;
        for (const std::string& r : results)
            exprs.push_back(*parse_expr(ctx, r, names));
        return *SymbolicMap::get(ctx, nd, ns, exprs);
    }
};

// ---------------------------------------------------------------------------
// Construction.

TEST_F(IndexingMapTest, GetNamesUnnamedVariablesByKindAndPosition) {
    Result<IndexingMap> m = IndexingMap::get(smap(1, 3, {"d0 + s0 + s2"}), {{{0, 9}, ""}},
                                             {{{0, 1}, ""}, {{0, 2}, ""}}, {{{0, 5}, ""}});
    ASSERT_TRUE(m.ok());
    EXPECT_EQ(m->to_string(),
              "(d0)[s0, s1]{rt0} -> (d0 + s0 + rt0),\n"
              "domain:\n"
              "d0 in [0, 9],\n"
              "s0 in [0, 1],\n"
              "s1 in [0, 2],\n"
              "rt0 in [0, 5]");
    EXPECT_EQ(m->num_range_vars(), 2);
    EXPECT_EQ(m->num_rt_vars(), 1);
    EXPECT_EQ(m->num_symbols(), 3);
}

TEST_F(IndexingMapTest, GetKeepsGivenNames) {
    Result<IndexingMap> m =
        IndexingMap::get(smap(2, 0, {"d1", "d0"}), {{{0, 127}, "th_x"}, {{0, 3}, "bl_x"}}, {}, {});
    ASSERT_TRUE(m.ok());
    EXPECT_EQ(m->to_string(),
              "(th_x, bl_x) -> (bl_x, th_x),\ndomain:\nth_x in [0, 127],\nbl_x in [0, 3]");
}

TEST_F(IndexingMapTest, GetRejectsDuplicateNames) {
    // Dim 1 is named d0 and dim 0 gets the default d0.
    Result<IndexingMap> m =
        IndexingMap::get(smap(2, 0, {"d0"}), {{{0, 1}, ""}, {{0, 1}, "d0"}}, {}, {});
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().kind, Error::Kind::Invalid);
    EXPECT_NE(m.error().message.find("duplicate variable name 'd0'"), std::string::npos);
}

TEST_F(IndexingMapTest, GetRejectsNamesThatWouldNotParse) {
    EXPECT_FALSE(IndexingMap::get(smap(1, 0, {"d0"}), {{{0, 1}, "mod"}}, {}, {}).ok());
    EXPECT_FALSE(IndexingMap::get(smap(1, 0, {"d0"}), {{{0, 1}, "2x"}}, {}, {}).ok());
    EXPECT_FALSE(IndexingMap::get(smap(1, 0, {"d0"}), {{{0, 1}, "a b"}}, {}, {}).ok());
}

TEST_F(IndexingMapTest, GetRejectsVariableCountMismatch) {
    EXPECT_FALSE(IndexingMap::get(smap(2, 0, {"d0"}), {{{0, 1}, ""}}, {}, {}).ok());
    EXPECT_FALSE(IndexingMap::get(smap(1, 1, {"d0"}), {{{0, 1}, ""}}, {}, {}).ok());
    EXPECT_TRUE(IndexingMap::get(smap(1, 1, {"d0"}), {{{0, 1}, ""}}, {}, {{{0, 1}, ""}}).ok());
}

TEST_F(IndexingMapTest, GetRejectsConstraintOnUnknownVariable) {
    Result<IndexingMap> m = IndexingMap::get(smap(1, 0, {"d0"}), {{{0, 1}, ""}}, {}, {},
                                             {{ctx.variable(1) * 2, {0, 4}}});
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().kind, Error::Kind::Invalid);
}

TEST_F(IndexingMapTest, FromTensorSizesBoundsDimsAndRangeVariables) {
    IndexingMap m = *IndexingMap::from_tensor_sizes(smap(2, 1, {"d1", "d0 + s0"}), {10, 20}, {3});
    EXPECT_EQ(m.to_string(),
              "(d0, d1)[s0] -> (d1, d0 + s0),\ndomain:\nd0 in [0, 9],\nd1 in [0, 19],\n"
              "s0 in [0, 2]");
}

TEST_F(IndexingMapTest, FromTensorSizesWithAZeroSizeIsKnownEmpty) {
    IndexingMap m = *IndexingMap::from_tensor_sizes(smap(2, 0, {"d1", "d0"}), {10, 0}, {});
    EXPECT_TRUE(m.is_known_empty());
    EXPECT_EQ(m.to_string(), "KNOWN EMPTY");
}

TEST_F(IndexingMapTest, FromTensorSizesRejectsAWrongNumberOfSizes) {
    Result<IndexingMap> m = IndexingMap::from_tensor_sizes(smap(2, 0, {"d1", "d0"}), {10}, {});
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().message,
              "IndexingMap::from_tensor_sizes: the map has 2 dims and 0 symbols, but 1 dim and 0 "
              "symbol sizes are given");
}

TEST_F(IndexingMapTest, SpecialMapsPrintTheirNames) {
    EXPECT_EQ(IndexingMap::known_empty(ctx).to_string(), "KNOWN EMPTY");
    EXPECT_EQ(IndexingMap::undefined(ctx).to_string(), "UNDEFINED");
    EXPECT_TRUE(IndexingMap::undefined(ctx).is_undefined());
    EXPECT_NE(IndexingMap::undefined(ctx), IndexingMap::known_empty(ctx));
    EXPECT_EQ(IndexingMap::known_empty(ctx), parse("KNOWN EMPTY"));
}

TEST_F(IndexingMapTest, VariablesAreNumberedDimsThenRangeThenRuntime) {
    IndexingMap m = parse(
        "(d0)[s0]{rt0} -> (d0 + s0 + rt0), domain: d0 in [0, 9], s0 in [1, 2], rt0 in [-inf, 7]");
    EXPECT_EQ(m.variable_kind(0), VariableKind::Dimension);
    EXPECT_EQ(m.variable_kind(1), VariableKind::Range);
    EXPECT_EQ(m.variable_kind(2), VariableKind::Runtime);
    EXPECT_EQ(m.variable(2).name, "rt0");
    EXPECT_EQ(m.variable(1).bounds, (Interval{1, 2}));
    EXPECT_EQ(m.variable_bounds(), (std::vector<Interval>{{0, 9}, {1, 2}, Interval::at_most(7)}));
    EXPECT_DEATH((void)m.variable(3), "IndexingMap::variable: no variable with id 3");
    EXPECT_DEATH((void)m.variable_kind(-1), "IndexingMap::variable_kind: no variable with id -1");
}

// ---------------------------------------------------------------------------
// Constraints.

TEST_F(IndexingMapTest, ConstraintOnBareVariableIntersectsItsBounds) {
    IndexingMap m = parse("(d0, d1) -> (d0 + d1), domain: d0 in [0, 9], d1 in [0, 9]");
    m.add_constraint(ctx.variable(1), {3, 20});
    EXPECT_EQ(m.to_string(), "(d0, d1) -> (d0 + d1),\ndomain:\nd0 in [0, 9],\nd1 in [3, 9]");
    EXPECT_TRUE(m.constraints().empty());
}

TEST_F(IndexingMapTest, ConstraintOnSameExpressionIsIntersected) {
    IndexingMap m = parse("(d0) -> (d0), domain: d0 in [0, 99]");
    m.add_constraint(expr(m, "d0 mod 8"), {0, 5});
    m.add_constraint(expr(m, "d0 mod 8"), {2, 7});
    ASSERT_EQ(m.constraints().size(), 1u);
    EXPECT_EQ(m.constraints()[0].range, (Interval{2, 5}));
    EXPECT_EQ(m.to_string(), "(d0) -> (d0),\ndomain:\nd0 in [0, 99],\nd0 mod 8 in [2, 5]");
}

TEST_F(IndexingMapTest, ConstantConstraintThatHoldsIsDropped) {
    IndexingMap m = parse("(d0) -> (d0), domain: d0 in [0, 9]");
    m.add_constraint(ctx.constant(4), {0, 5});
    EXPECT_TRUE(m.constraints().empty());
    EXPECT_FALSE(m.is_known_empty());
}

TEST_F(IndexingMapTest, ConstantConstraintThatFailsMakesTheMapKnownEmpty) {
    IndexingMap m = parse("(d0) -> (d0), domain: d0 in [0, 9]");
    m.add_constraint(ctx.constant(7), {0, 5});
    EXPECT_TRUE(m.is_known_empty());
    EXPECT_EQ(m.to_string(), "KNOWN EMPTY");
}

TEST_F(IndexingMapTest, EmptyIntersectionMakesTheMapKnownEmpty) {
    IndexingMap m = parse("(d0) -> (d0), domain: d0 in [0, 9], d0 mod 4 in [0, 1]");
    m.add_constraint(expr(m, "d0 mod 4"), {2, 3});
    EXPECT_TRUE(m.is_known_empty());
    IndexingMap b = parse("(d0) -> (d0), domain: d0 in [0, 9]");
    b.add_constraint(ctx.variable(0), {10, 20});
    EXPECT_TRUE(b.is_known_empty());
    IndexingMap e = parse("(d0) -> (d0), domain: d0 in [0, 9]");
    e.add_constraint(expr(e, "d0 * 2"), Interval::empty());
    EXPECT_TRUE(e.is_known_empty());
    // Adding to a known-empty map keeps it known empty.
    e.add_constraint(ctx.constant(0), {0, 0});
    EXPECT_EQ(e, IndexingMap::known_empty(ctx));
}

TEST_F(IndexingMapTest, EmptyBoundsInTheTextGiveAKnownEmptyMap) {
    EXPECT_TRUE(parse("(d0) -> (d0), domain: d0 in [5, 3]").is_known_empty());
    EXPECT_TRUE(parse("(d0) -> (d0), domain: d0 in [0, 9], d0 mod 2 in [1, 0]").is_known_empty());
    EXPECT_TRUE(parse("(d0) -> (d0), domain: d0 in [0, 9], d0 in [10, 12]").is_known_empty());
}

TEST_F(IndexingMapTest, ConstraintsAreKeptSortedByExpression) {
    IndexingMap m = parse("(d0, d1) -> (d0), domain: d0 in [0, 99], d1 in [0, 99]");
    // Added in the reverse of the canonical order.
    m.add_constraint(expr(m, "d1 mod 3"), {0, 0});
    m.add_constraint(expr(m, "d0 mod 5"), {1, 1});
    m.add_constraint(expr(m, "d0 + d1"), {0, 150});
    ASSERT_EQ(m.constraints().size(), 3u);
    for (size_t i = 1; i < m.constraints().size(); ++i) {
        EXPECT_LT(compare(m.constraints()[i - 1].expr, m.constraints()[i].expr), 0);
    }
    // The order does not depend on the order of addition.
    IndexingMap n = parse("(d0, d1) -> (d0), domain: d0 in [0, 99], d1 in [0, 99]");
    n.add_constraint(expr(n, "d0 + d1"), {0, 150});
    n.add_constraint(expr(n, "d0 mod 5"), {1, 1});
    n.add_constraint(expr(n, "d1 mod 3"), {0, 0});
    EXPECT_EQ(m, n);
    EXPECT_EQ(m.to_string(), n.to_string());
}

TEST_F(IndexingMapTest, SetVariableBoundsReplacesAndEmptyBoundsEmptyTheMap) {
    IndexingMap m = parse("(d0)[s0] -> (d0 + s0), domain: d0 in [0, 9], s0 in [0, 3]");
    m.set_variable_bounds(1, {1, 2});
    EXPECT_EQ(m.variable(1).bounds, (Interval{1, 2}));
    m.set_variable_bounds(0, {0, 100});
    EXPECT_EQ(m.variable(0).bounds, (Interval{0, 100}));
    m.set_variable_bounds(0, Interval::empty());
    EXPECT_TRUE(m.is_known_empty());
}

TEST_F(IndexingMapTest, SetResultsKeepsTheDomain) {
    IndexingMap m = parse("(d0)[s0] -> (d0 + s0), domain: d0 in [0, 9], s0 in [0, 3]");
    m.set_results({expr(m, "d0 * 2"), expr(m, "s0")});
    EXPECT_EQ(m.to_string(), "(d0)[s0] -> (d0 * 2, s0),\ndomain:\nd0 in [0, 9],\ns0 in [0, 3]");
    EXPECT_DEATH(m.set_results({ctx.variable(5)}),
                 "precondition violated: IndexingMap::set_results: expression v5 uses a "
                 "variable beyond the map's 2");
}

TEST_F(IndexingMapTest, SetResultReplacesOneResult) {
    IndexingMap m = parse("(d0)[s0] -> (d0 + s0, s0), domain: d0 in [0, 9], s0 in [0, 3]");
    IndexingMap copy = m;
    m.set_result(1, expr(m, "d0 * 2"));
    EXPECT_EQ(m.to_string(),
              "(d0)[s0] -> (d0 + s0, d0 * 2),\ndomain:\nd0 in [0, 9],\ns0 in [0, 3]");
    EXPECT_EQ(copy.results()[1], expr(copy, "s0"));  // copies do not share results
    EXPECT_DEATH(m.set_result(0, ctx.variable(5)),
                 "precondition violated: IndexingMap::set_result: expression v5 uses a "
                 "variable beyond the map's 2");
    EXPECT_DEATH(m.set_result(2, ctx.variable(0)), "SymbolicMap::set_result: no result 2");
}

TEST_F(IndexingMapTest, ExpressionsFromAnotherContextAreRefused) {
    // A node of another context would dangle once that context is gone.
    IndexingMap m = parse("(d0) -> (d0), domain: d0 in [0, 9]");
    Context other;
    const Interval range{0, 20};
    EXPECT_DEATH(m.add_constraint(other.variable(0) * 4 + 1, range),
                 "precondition violated: IndexingMap::add_constraint: expression v0 \\* 4 \\+ 1 "
                 "belongs to another context");
    EXPECT_DEATH(m.set_results({other.variable(0)}),
                 "IndexingMap::set_results: expression v0 belongs to another context");
    EXPECT_DEATH(m.set_constraints({Constraint{other.variable(0) * 2, range}}),
                 "IndexingMap::set_constraints: expression v0 \\* 2 belongs to another "
                 "context");
    EXPECT_DEATH(m.set_result(0, other.variable(0)),
                 "IndexingMap::set_result: expression v0 belongs to another context");
    m.add_constraint(ctx.variable(0) * 4 + 1, range);  // the map's own context
    EXPECT_EQ(m.constraints().size(), 1u);
}

TEST_F(IndexingMapTest, CopiesAreIndependentBeyondTheInlineRoom) {
    // Six dims and six results: more than a map holds inline.
    IndexingMap m = parse(
        "(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5), domain: d0 in [0, 1], "
        "d1 in [0, 1], d2 in [0, 1], d3 in [0, 1], d4 in [0, 1], d5 in [0, 1]");
    IndexingMap copy = m;
    m.set_variable_bounds(5, Interval{1, 1});
    m.set_result(5, ctx.variable(0));
    EXPECT_EQ(copy.dims()[5].bounds, (Interval{0, 1}));
    EXPECT_EQ(copy.results()[5], ctx.variable(5));
    EXPECT_EQ(m.dims()[5].bounds, (Interval{1, 1}));
    IndexingMap moved = std::move(m);
    EXPECT_EQ(moved.num_dims(), 6);
    EXPECT_EQ(moved.results()[5], ctx.variable(0));
    EXPECT_NE(moved, copy);
}

TEST_F(IndexingMapTest, SetConstraintsReAddsEveryConstraint) {
    IndexingMap m = parse("(d0) -> (d0), domain: d0 in [0, 99], d0 mod 2 in [0, 0]");
    m.set_constraints({{expr(m, "d0 mod 3"), {1, 1}}, {ctx.variable(0), {10, 20}}});
    EXPECT_EQ(m.to_string(), "(d0) -> (d0),\ndomain:\nd0 in [10, 20],\nd0 mod 3 in [1, 1]");
}

TEST_F(IndexingMapTest, MarkKnownEmptyDropsEverything) {
    IndexingMap m = parse("(d0) -> (d0), domain: d0 in [0, 99], d0 mod 2 in [0, 0]");
    m.mark_known_empty();
    EXPECT_TRUE(m.is_known_empty());
    EXPECT_EQ(m.num_variables(), 0);
    EXPECT_EQ(m.num_results(), 0);
    EXPECT_TRUE(m.constraints().empty());
    EXPECT_EQ(m.context(), &ctx);
}

TEST_F(IndexingMapTest, MembershipChecksBoundsAndConstraints) {
    IndexingMap m =
        parse("(d0)[s0] -> (d0 + s0), domain: d0 in [0, 9], s0 in [0, 3], d0 + s0 in [2, 10]");
    EXPECT_EQ(m.membership({2, 0}), Membership::Inside);
    EXPECT_EQ(m.membership({9, 1}), Membership::Inside);
    EXPECT_EQ(m.membership({9, 2}), Membership::Outside);   // d0 + s0 = 11
    EXPECT_EQ(m.membership({1, 0}), Membership::Outside);   // d0 + s0 = 1
    EXPECT_EQ(m.membership({10, 0}), Membership::Outside);  // d0 out of bounds
    EXPECT_EQ(m.membership({5, -1}), Membership::Outside);  // s0 out of bounds
    EXPECT_EQ(m.membership({5}), Membership::Outside);      // wrong arity
    EXPECT_EQ(IndexingMap::known_empty(ctx).membership({}), Membership::Outside);
}

TEST_F(IndexingMapTest, AConstraintDividingByZeroExcludesThePoint) {
    IndexingMap m =
        parse("(d0)[s0] -> (d0), domain: d0 in [0, 9], s0 in [-1, 3], d0 floordiv s0 in [0, 9]");
    EXPECT_EQ(m.membership({8, 2}), Membership::Inside);
    EXPECT_EQ(m.membership({8, 0}), Membership::Outside);   // zero divisor
    EXPECT_EQ(m.membership({8, -1}), Membership::Outside);  // -8 not in [0, 9]
}

TEST_F(IndexingMapTest, AConstraintIsDecidedOnItsExactValue) {
    // At d0 = 1 the value is 2^64: beyond int64, and the constraint holds.
    IndexingMap m =
        parse("(d0) -> (d0), domain: d0 in [0, 5], d0 * 4611686018427387904 * 4 in [0, inf]");
    EXPECT_EQ(m.membership({0}), Membership::Inside);
    EXPECT_EQ(m.membership({1}), Membership::Inside);
    IndexingMap below =
        parse("(d0) -> (d0), domain: d0 in [-5, 5], d0 * 4611686018427387904 * 4 in [-10, inf]");
    EXPECT_EQ(below.membership({-1}), Membership::Outside);  // -2^64
}

TEST_F(IndexingMapTest, AConstraintWhoseValueLeaves128BitsIsUndecided) {
    // At d0 = 1 the value is 2^186: it holds over the integers, which the
    // evaluation cannot tell.
    const std::string wide = "d0 * 4611686018427387904 * 4611686018427387904 * 4611686018427387904";
    IndexingMap m = parse("(d0) -> (d0), domain: d0 in [0, 5], " + wide + " in [0, inf]");
    EXPECT_EQ(m.membership({0}), Membership::Inside);
    EXPECT_EQ(m.membership({1}), Membership::Undecided);
    // Another constraint that excludes the point still decides it.
    IndexingMap two =
        parse("(d0) -> (d0), domain: d0 in [0, 5], " + wide + " in [0, inf], d0 in [2, 5]");
    EXPECT_EQ(two.membership({1}), Membership::Outside);
    // So does a division by zero, whichever constraint comes first.
    IndexingMap zero = parse("(d0)[s0] -> (d0), domain: d0 in [0, 5], s0 in [0, 1], " + wide +
                             " in [0, inf], d0 floordiv s0 in [0, 9]");
    EXPECT_EQ(zero.membership({1, 0}), Membership::Outside);
    EXPECT_EQ(zero.membership({1, 1}), Membership::Undecided);
}

TEST_F(IndexingMapTest, EvaluateComputesResultsWithoutCheckingTheDomain) {
    IndexingMap m =
        parse("(d0)[s0] -> (d0 floordiv 4 + s0, d0 mod 4), domain: d0 in [0, 9], s0 in [0, 3]");
    Result<std::vector<int64_t>> r = m.evaluate({-5, 2});
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(*r, (std::vector<int64_t>{0, 3}));
    Result<std::vector<int64_t>> bad = m.evaluate({1});
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().kind, Error::Kind::Invalid);
    EXPECT_FALSE(IndexingMap::known_empty(ctx).evaluate({}).ok());
    IndexingMap div = parse("(d0)[s0] -> (d0 mod s0), domain: d0 in [0, 9], s0 in [0, 3]");
    Result<std::vector<int64_t>> zero = div.evaluate({3, 0});
    ASSERT_FALSE(zero.ok());
    EXPECT_EQ(zero.error().kind, Error::Kind::DivisionByZero);
}

// ---------------------------------------------------------------------------
// Composition.

TEST_F(IndexingMapTest, ComposeConcatenatesVariablesAndConstrainsFirstResults) {
    IndexingMap first = parse(
        "(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2), domain: d0 in [0, 9], d1 in [0, 7], "
        "s0 in [0, 3], d0 + s0 in [0, 10]");
    IndexingMap second = parse(
        "(d0, d1)[s0]{rt0} -> (d0 * 2 + s0, d1 + rt0), domain: d0 in [0, 11], d1 in [0, 2], "
        "s0 in [0, 1], rt0 in [0, 5], d0 mod 2 in [0, 0]");
    Result<IndexingMap> c = compose_indexing_maps(first, second);
    ASSERT_TRUE(c.ok()) << c.error().message;
    // Range variables: first's s0, then second's s0 (now s1); runtime: second's rt0.
    // Constraints: first's, second's with d0 := d0 + s0, and each result of
    // first within second's dim bounds (d0 + s0 in [0, 11] merges with
    // [0, 10]).
    EXPECT_EQ(c->to_string(),
              "(d0, d1)[s0, s1]{rt0} -> (d0 * 2 + s0 * 2 + s1, rt0 + d1 floordiv 2),\n"
              "domain:\n"
              "d0 in [0, 9],\n"
              "d1 in [0, 7],\n"
              "s0 in [0, 3],\n"
              "s1 in [0, 1],\n"
              "rt0 in [0, 5],\n"
              "d0 + s0 in [0, 10],\n"
              "d1 floordiv 2 in [0, 2],\n"
              "(d0 + s0) mod 2 in [0, 0]");
}

TEST_F(IndexingMapTest, ComposeOfReshapesFollowsTheChainedReshapeExample) {
    // f32[10,10,10] -> f32[50,20] -> f32[10,10,10]: the consumer's map of
    // the middle tensor, then the middle tensor's map of the input.
    IndexingMap first = parse(
        "(d0, d1, d2) -> (d0 * 5 + d1 floordiv 2, (d1 mod 2) * 10 + d2), "
        "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]");
    IndexingMap second = parse(
        "(d0, d1) -> (d0 floordiv 5, (d0 mod 5) * 2 + d1 floordiv 10, d1 mod 10), "
        "domain: d0 in [0, 49], d1 in [0, 19]");
    Result<IndexingMap> c = compose_indexing_maps(first, second);
    ASSERT_TRUE(c.ok());
    EXPECT_EQ(c->num_dims(), 3);
    EXPECT_EQ(c->num_symbols(), 0);
    // Semantically the identity on the domain (simplification is the engine's job).
    for (int64_t a = 0; a < 10; ++a) {
        for (int64_t b = 0; b < 10; ++b) {
            for (int64_t e = 0; e < 10; e += 3) {
                ASSERT_EQ(c->membership({a, b, e}), Membership::Inside);
                EXPECT_EQ(*c->evaluate({a, b, e}), (std::vector<int64_t>{a, b, e}));
            }
        }
    }
}

TEST_F(IndexingMapTest, ComposeOfEmptyOrUndefinedMaps) {
    IndexingMap m = parse("(d0) -> (d0), domain: d0 in [0, 9]");
    IndexingMap empty = IndexingMap::known_empty(ctx);
    IndexingMap undef = IndexingMap::undefined(ctx);
    EXPECT_TRUE(compose_indexing_maps(m, empty)->is_known_empty());
    EXPECT_TRUE(compose_indexing_maps(empty, m)->is_known_empty());
    EXPECT_TRUE(compose_indexing_maps(m, undef)->is_undefined());
    EXPECT_TRUE(compose_indexing_maps(undef, empty)->is_undefined());
}

TEST_F(IndexingMapTest, ComposeIsKnownEmptyWhenResultsMissTheSecondDomain) {
    IndexingMap first = parse("(d0) -> (d0 + 10), domain: d0 in [0, 9]");
    IndexingMap second = parse("(d0) -> (d0), domain: d0 in [0, 5]");
    Result<IndexingMap> c = compose_indexing_maps(first, second);
    ASSERT_TRUE(c.ok());
    EXPECT_FALSE(c->is_known_empty());  // d0 + 10 in [0, 5] is a constraint, not decided here
    EXPECT_EQ(c->to_string(), "(d0) -> (d0 + 10),\ndomain:\nd0 in [0, 9],\nd0 + 10 in [0, 5]");
    IndexingMap constant = parse("(d0) -> (7), domain: d0 in [0, 9]");
    EXPECT_TRUE(compose_indexing_maps(constant, second)->is_known_empty());  // 7 not in [0, 5]
}

TEST_F(IndexingMapTest, ComposeBareVariableResultTightensBounds) {
    IndexingMap first = parse("(d0, d1) -> (d1, d0), domain: d0 in [0, 9], d1 in [0, 9]");
    IndexingMap second = parse("(d0, d1) -> (d0 * 10 + d1), domain: d0 in [2, 4], d1 in [0, 99]");
    Result<IndexingMap> c = compose_indexing_maps(first, second);
    ASSERT_TRUE(c.ok());
    EXPECT_EQ(c->to_string(), "(d0, d1) -> (d0 + d1 * 10),\ndomain:\nd0 in [0, 9],\nd1 in [2, 4]");
}

TEST_F(IndexingMapTest, ComposeRejectsResultDimMismatch) {
    IndexingMap first = parse("(d0) -> (d0, d0), domain: d0 in [0, 9]");
    IndexingMap second = parse("(d0) -> (d0), domain: d0 in [0, 9]");
    Result<IndexingMap> c = compose_indexing_maps(first, second);
    ASSERT_FALSE(c.ok());
    EXPECT_EQ(c.error().kind, Error::Kind::Invalid);
}

TEST_F(IndexingMapTest, ComposeRenumbersDefaultNamesAndKeepsCustomOnes) {
    IndexingMap first = parse(
        "(th_x)[s0]{rt0} -> (th_x + s0 + rt0), domain: th_x in [0, 9], s0 in [0, 1], rt0 in [0, "
        "1]");
    IndexingMap second = parse(
        "(d0)[s0, k]{rt0} -> (d0 + s0 + k + rt0), domain: d0 in [0, 20], s0 in [0, 1], "
        "k in [0, 1], rt0 in [0, 1]");
    Result<IndexingMap> c = compose_indexing_maps(first, second);
    ASSERT_TRUE(c.ok());
    EXPECT_EQ(c->to_string(),
              "(th_x)[s0, s1, k]{rt0, rt1} -> (th_x + s0 + s1 + k + rt0 + rt1),\n"
              "domain:\n"
              "th_x in [0, 9],\n"
              "s0 in [0, 1],\n"
              "s1 in [0, 1],\n"
              "k in [0, 1],\n"
              "rt0 in [0, 1],\n"
              "rt1 in [0, 1],\n"
              "th_x + s0 + rt0 in [0, 20]");
}

TEST_F(IndexingMapTest, ComposeResolvesNameClashes) {
    IndexingMap first = parse("(s1) -> (s1), domain: s1 in [0, 9]");
    IndexingMap second = parse(
        "(d0)[s0, s1] -> (d0 + s0 + s1), domain: d0 in [0, 9], "
        "s0 in [0, 1], s1 in [0, 1]");
    Result<IndexingMap> c = compose_indexing_maps(first, second);
    ASSERT_TRUE(c.ok());
    // first's dim is a custom "s1", but second's s1 keeps the default name of
    // its position, so the dim falls back to d0.
    EXPECT_EQ(c->to_string(),
              "(d0)[s0, s1] -> (d0 + s0 + s1),\ndomain:\nd0 in [0, 9],\ns0 in [0, 1],\n"
              "s1 in [0, 1]");
}

TEST_F(IndexingMapTest, ComposeWithAZeroDivisorResultIsUndefined) {
    IndexingMap first = parse("(d0) -> (d0, 0), domain: d0 in [0, 9]");
    IndexingMap second = parse("(d0, d1) -> (d0 floordiv d1), domain: d0 in [0, 9], d1 in [0, 5]");
    Result<IndexingMap> c = compose_indexing_maps(first, second);
    ASSERT_TRUE(c.ok());
    EXPECT_TRUE(c->is_undefined());
}

TEST_F(IndexingMapTest, ComposeWithAZeroDivisorConstraintIsKnownEmpty) {
    // `d0 floordiv 0 in [0, 9]` never evaluates, so it never holds.
    IndexingMap first = parse("(d0) -> (d0, 0), domain: d0 in [0, 9]");
    IndexingMap second =
        parse("(d0, d1) -> (d0), domain: d0 in [0, 9], d1 in [0, 5], d0 floordiv d1 in [0, 9]");
    Result<IndexingMap> c = compose_indexing_maps(first, second);
    ASSERT_TRUE(c.ok());
    EXPECT_TRUE(c->is_known_empty());
}

TEST_F(IndexingMapTest, ComposeChainsWithSharedSubtreesStayLinear) {
    // Each step uses its input twice, so the result's tree doubles in size
    // at every step while its DAG grows by a few nodes: 2^80 tree nodes
    // would never finish unless every walk visits shared nodes once.
    const std::string step_text =
        "(d0) -> (d0 floordiv 2 + (d0 mod 2) * 3), domain: d0 in [0, 1000]";
    IndexingMap m = parse(step_text);
    const IndexingMap step = parse(step_text);
    for (int i = 0; i < 80; ++i) {
        Result<IndexingMap> c = compose_indexing_maps(m, step);
        ASSERT_TRUE(c.ok());
        m = *c;
    }
    EXPECT_EQ(m.num_dims(), 1);
    EXPECT_EQ(m.constraints().size(), 80u);
    // Evaluating agrees with applying the step 81 times.
    for (int64_t x : {0, 1, 7, 1000}) {
        int64_t y = x;
        for (int i = 0; i < 81; ++i)
            y = *floor_div(y, 2) + *floor_mod(y, 2) * 3;
        Result<std::vector<int64_t>> r = m.evaluate({x});
        ASSERT_TRUE(r.ok());
        EXPECT_EQ((*r)[0], y) << x;
    }
}

TEST_F(IndexingMapTest, ConstraintDividingByZeroMakesTheMapKnownEmpty) {
    IndexingMap first = parse("(d0) -> (d0, 0), domain: d0 in [0, 9]");
    IndexingMap second = parse("(d0, d1) -> (d0), domain: d0 in [0, 9], d1 in [0, 0]");
    Result<IndexingMap> c = compose_indexing_maps(first, second);
    ASSERT_TRUE(c.ok());
    ASSERT_FALSE(c->is_known_empty());
    // Substituting d1 = 0 into `d0 mod d1` gives a zero divisor.
    Expr zero_div =
        substitute(mod(ctx.variable(0), ctx.variable(1)), {ctx.variable(0), ctx.constant(0)});
    ASSERT_EQ(zero_div.kind(), ExprKind::Mod);
    c->add_constraint(zero_div, {0, 5});
    EXPECT_TRUE(c->is_known_empty());
}

// ---------------------------------------------------------------------------
// Canonicalization and equality.

TEST_F(IndexingMapTest, CanonicalizeRebuildsResultsAndConstraints) {
    ParseOptions raw;
    raw.canonicalize = false;
    Result<IndexingMap> m = parse_indexing_map(
        ctx,
        "(d0, d1) -> ((d0 + 1) - 1, d1 * 1), domain: d0 in [0, 9], d1 in [0, 9], "
        "(d0 * 1) mod 4 in [0, 0], d0 mod 4 in [0, 2], (d1 + 0) * 1 in [2, 5]",
        raw);
    ASSERT_TRUE(m.ok());
    EXPECT_TRUE(m->canonicalize());
    EXPECT_EQ(m->to_string(),
              "(d0, d1) -> (d0, d1),\ndomain:\nd0 in [0, 9],\nd1 in [2, 5],\nd0 mod 4 in [0, 0]");
    EXPECT_FALSE(m->canonicalize());
    EXPECT_EQ(*m, parse(m->to_string()));
}

TEST_F(IndexingMapTest, CanonicalizeLooksAtEveryExpressionBeforeFindingNothingToDo) {
    // canonicalize answers "nothing to do" at once when every expression is
    // flagged canonical and no result divides by the constant 0; a map
    // with one expression that is not, anywhere, takes the general path.
    const Expr d0 = ctx.variable(0);
    const Expr raw = *ctx.make(ExprKind::Add, {d0, ctx.constant(0)});  // not canonical
    ASSERT_FALSE(detail::node_of(raw)->canonical);
    auto map_of = [&](std::vector<Expr> results, std::vector<Constraint> cs) {
        return *IndexingMap::get(*SymbolicMap::get(ctx, 1, 0, std::move(results)),
                                 {IndexingVariable{Interval(0, 9), ""}}, {}, {}, std::move(cs));
    };
    IndexingMap done = map_of({d0 * 2, d0 + 1}, {{floor_div(d0, 2), Interval(0, 3)}});
    const IndexingMap before = done;
    EXPECT_FALSE(done.canonicalize());
    EXPECT_EQ(done, before);
    IndexingMap last_result = map_of({d0 * 2, raw}, {{floor_div(d0, 2), Interval(0, 3)}});
    EXPECT_TRUE(last_result.canonicalize());
    EXPECT_EQ(last_result.results()[1], d0);
    IndexingMap last_constraint =
        map_of({d0 * 2}, {{floor_div(d0, 2), Interval(0, 3)}, {raw, Interval(2, 5)}});
    EXPECT_TRUE(last_constraint.canonicalize());
    EXPECT_EQ(last_constraint.variable(0).bounds, (Interval{2, 5}));
    EXPECT_EQ(last_constraint.constraints().size(), 1u);
    const Expr by_zero = floor_div(d0, ctx.constant(0));
    ASSERT_TRUE(detail::node_of(by_zero)->canonical);  // flagged, yet undefined everywhere
    IndexingMap divides_by_zero = map_of({d0, by_zero}, {});
    EXPECT_TRUE(divides_by_zero.canonicalize());
    EXPECT_TRUE(divides_by_zero.is_undefined());
}

TEST_F(IndexingMapTest, CanonicalizeOfADivisorFoldingToZero) {
    // Found by the libFuzzer simplify target: kept as written, `(-(0 * -1))`
    // is not a literal zero divisor; folded, it is, and no text prints it.
    ParseOptions raw;
    raw.canonicalize = false;
    Result<IndexingMap> in_result = parse_indexing_map(
        ctx, "(d0, d1) -> (d1 - d0 ceildiv (-(0 * -1))), domain: d0 in [-10, 37], d1 in [1, 5]",
        raw);
    ASSERT_TRUE(in_result.ok());
    EXPECT_TRUE(in_result->canonicalize());
    EXPECT_TRUE(in_result->is_undefined());
    Result<IndexingMap> nested = parse_indexing_map(
        ctx, "(d0) -> (d0, min(d0, (d0 + 1) mod (d0 - d0)) + 1), domain: d0 in [0, 9]", raw);
    ASSERT_TRUE(nested.ok());
    EXPECT_TRUE(nested->canonicalize());
    EXPECT_TRUE(nested->is_undefined());
    Result<IndexingMap> in_constraint = parse_indexing_map(
        ctx, "(d0) -> (d0), domain: d0 in [0, 9], d0 mod (1 - 1) in [0, 0]", raw);
    ASSERT_TRUE(in_constraint.ok());
    EXPECT_TRUE(in_constraint->canonicalize());
    EXPECT_TRUE(in_constraint->is_known_empty());
}

TEST_F(IndexingMapTest, EqualityComparesNamesBoundsResultsAndConstraints) {
    const std::string text =
        "(d0)[s0] -> (d0 + s0), domain: d0 in [0, 9], s0 in [0, 3], "
        "d0 + s0 in [0, 10]";
    EXPECT_EQ(parse(text), parse(text));
    EXPECT_NE(parse(text), parse("(d0)[s1] -> (d0 + s1), domain: d0 in [0, 9], s1 in [0, 3], "
                                 "d0 + s1 in [0, 10]"));
    EXPECT_NE(parse(text), parse("(d0)[s0] -> (d0 + s0), domain: d0 in [0, 9], s0 in [0, 4], "
                                 "d0 + s0 in [0, 10]"));
    EXPECT_NE(parse(text), parse("(d0)[s0] -> (d0 + s0), domain: d0 in [0, 9], s0 in [0, 3]"));
    EXPECT_NE(parse(text), parse("(d0){s0} -> (d0 + s0), domain: d0 in [0, 9], s0 in [0, 3], "
                                 "d0 + s0 in [0, 10]"));
}

}  // namespace
}  // namespace provix
