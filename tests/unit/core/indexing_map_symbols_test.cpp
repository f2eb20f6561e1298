#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "provix/indexing_map.h"
#include "provix/parser.h"
#include "support/parsed_map.h"

// Removing unused symbols and converting symbols to dimensions.

namespace provix {
namespace {

class IndexingMapSymbolsTest : public ::testing::Test {
protected:
    Context ctx;

    IndexingMap parse(const std::string& text) { return testing_support::parsed_map(ctx, text); }
};

TEST_F(IndexingMapSymbolsTest, RemoveUnusedSymbolsDropsVariablesNoResultUses) {
    IndexingMap m = parse(
        "(d0)[s0, s1]{rt0, rt1} -> (d0 + s1 + rt1), domain: d0 in [0, 9], s0 in [0, 3], "
        "s1 in [0, 2], rt0 in [0, 7], rt1 in [1, 5]");
    EXPECT_TRUE(m.remove_unused_symbols());
    EXPECT_EQ(m.to_string(),
              "(d0)[s0]{rt0} -> (d0 + s0 + rt0),\ndomain:\nd0 in [0, 9],\ns0 in [0, 2],\n"
              "rt0 in [1, 5]");
    EXPECT_FALSE(m.remove_unused_symbols());
}

TEST_F(IndexingMapSymbolsTest, RemoveUnusedSymbolsBeyondSixtyFourVariables) {
    // Ids 64 and up sit in the second word of the variable sets: s66 (id 67)
    // is used, s3 is tied to it by a constraint, s70 has its own constraint.
    const Expr d0 = ctx.variable(0), s3 = ctx.variable(4), s66 = ctx.variable(67);
    const Expr s70 = ctx.variable(71);
    std::vector<IndexingVariable> symbols(71, IndexingVariable{Interval(0, 9), ""});
    IndexingMap m = *IndexingMap::get(*SymbolicMap::get(ctx, 1, 71, {d0 + s66}),
                                      {IndexingVariable{Interval(0, 9), ""}}, symbols, {},
                                      {{s66 + s3, Interval(0, 12)}, {s70 * 2, Interval(0, 18)}});
    EXPECT_TRUE(m.remove_unused_symbols());
    EXPECT_EQ(m.to_string(),
              "(d0)[s0, s1] -> (d0 + s1),\ndomain:\nd0 in [0, 9],\ns0 in [0, 9],\n"
              "s1 in [0, 9],\ns0 + s1 in [0, 12]");
}

TEST_F(IndexingMapSymbolsTest, RemoveUnusedSymbolsKeepsExpressionsWhoseIdsStay) {
    // The results over d0 and s0 keep their ids (s1 goes): they stay the
    // very same nodes, a raw non-canonical one too; the one over rt0 is
    // renumbered (rt0 becomes id 2).
    const Expr d0 = ctx.variable(0), s0 = ctx.variable(1), rt0 = ctx.variable(3);
    const Expr raw = *ctx.make(ExprKind::Add, {d0, ctx.constant(0)});
    const Expr sum = d0 * 4 + s0;
    IndexingMap m = *IndexingMap::get(
        *SymbolicMap::get(ctx, 1, 3, {raw, sum, rt0 + 1}), {IndexingVariable{Interval(0, 9), ""}},
        {IndexingVariable{Interval(0, 3), ""}, IndexingVariable{Interval(0, 3), ""}},
        {IndexingVariable{Interval(0, 7), ""}});
    EXPECT_TRUE(m.remove_unused_symbols());
    ASSERT_EQ(m.num_results(), 3);
    EXPECT_EQ(m.results()[0], raw);
    EXPECT_EQ(m.results()[1], sum);
    EXPECT_EQ(m.results()[2], ctx.variable(2) + 1);
    EXPECT_EQ(m.num_variables(), 3);
}

TEST_F(IndexingMapSymbolsTest, RemoveUnusedSymbolsRenamesOnlyNodesWithMovedIds) {
    // In `raw + rt0` only rt0 moves (to id 1): the raw operand over d0 stays
    // the very same node inside the rebuilt one, and the constraint that
    // shares the result is renamed to the same node.
    const Expr d0 = ctx.variable(0), rt0 = ctx.variable(3);
    const Expr raw = *ctx.make(ExprKind::Add, {d0, ctx.constant(0)});
    const Expr shared = *ctx.make(ExprKind::Add, {raw, rt0});
    IndexingMap m = *IndexingMap::get(
        *SymbolicMap::get(ctx, 1, 3, {shared}), {IndexingVariable{Interval(0, 9), ""}},
        {IndexingVariable{Interval(0, 3), ""}, IndexingVariable{Interval(0, 3), ""}},
        {IndexingVariable{Interval(0, 7), ""}}, {{shared, Interval(0, 12)}});
    EXPECT_TRUE(m.remove_unused_symbols());
    ASSERT_EQ(m.num_results(), 1);
    const Expr r = m.results()[0];
    ASSERT_EQ(r.num_operands(), 2u);
    EXPECT_EQ(r.operand(0), raw);
    EXPECT_EQ(r.operand(1), ctx.variable(1));
    ASSERT_EQ(m.constraints().size(), 1u);
    EXPECT_EQ(m.constraints()[0].expr, r);
}

/// True if `bounds_by_id()` holds every variable's bounds, by id.
bool bounds_by_id_agree(const IndexingMap& m) {
    if (m.bounds_by_id().size() != static_cast<size_t>(m.num_variables())) return false;
    for (int64_t id = 0; id < m.num_variables(); ++id)
        if (!(m.bounds_by_id()[static_cast<size_t>(id)] == m.variable(id).bounds)) return false;
    return true;
}

TEST_F(IndexingMapSymbolsTest, BoundsByIdFollowEveryChangeOfTheVariables) {
    // Past the array's inline room (8): 4 dims, 4 range variables, 2 runtime.
    IndexingMap m = parse(
        "(d0, d1, d2, d3)[s0, s1, s2, s3]{rt0, rt1} -> (d0 + d1 + d2 + d3 + s1 + s3 + rt0 + rt1), "
        "domain: d0 in [0, 1], d1 in [0, 2], d2 in [0, 3], d3 in [0, 4], s0 in [0, 5], "
        "s1 in [0, 6], s2 in [0, 7], s3 in [0, 8], rt0 in [0, 9], rt1 in [0, 10]");
    EXPECT_TRUE(bounds_by_id_agree(m));
    EXPECT_EQ(m.bounds_by_id()[7], Interval(0, 8));
    // A copy shares them until either sets a bound.
    const IndexingMap copy = m;
    m.set_variable_bounds(2, Interval(1, 3));
    m.set_variable_bounds(5, Interval(2, 6));
    m.set_variable_bounds(9, Interval(3, 10));
    EXPECT_TRUE(bounds_by_id_agree(m));
    EXPECT_TRUE(bounds_by_id_agree(copy));
    EXPECT_EQ(m.bounds_by_id()[5], Interval(2, 6));
    EXPECT_EQ(copy.bounds_by_id()[5], Interval(0, 6));
    EXPECT_EQ(m.variable_bounds(),
              (std::vector<Interval>(m.bounds_by_id().begin(), m.bounds_by_id().end())));
    // A bound on a bare variable through a constraint.
    m.add_constraint(ctx.variable(8), Interval(4, 9));
    EXPECT_TRUE(bounds_by_id_agree(m));
    // s0 and s2 are unused: the ids after them move down.
    EXPECT_TRUE(m.remove_unused_range_variables());
    EXPECT_EQ(m.num_variables(), 8);
    EXPECT_TRUE(bounds_by_id_agree(m));
    EXPECT_EQ(m.bounds_by_id()[4], Interval(2, 6));  // s1, now id 4
    EXPECT_EQ(m.bounds_by_id()[6], Interval(4, 9));  // rt0, now id 6
    EXPECT_TRUE(bounds_by_id_agree(m.convert_symbols_to_dims()));
    m.mark_known_empty();
    EXPECT_TRUE(bounds_by_id_agree(m));
}

TEST_F(IndexingMapSymbolsTest, RemoveUnusedSymbolsKeepsCustomNames) {
    IndexingMap m = parse("(d0)[a, b] -> (d0 + b), domain: d0 in [0, 9], a in [0, 3], b in [0, 2]");
    EXPECT_TRUE(m.remove_unused_symbols());
    EXPECT_EQ(m.to_string(), "(d0)[b] -> (d0 + b),\ndomain:\nd0 in [0, 9],\nb in [0, 2]");
}

TEST_F(IndexingMapSymbolsTest, RemoveUnusedVariablesRenamesDefaultNamesByPosition) {
    // Every name a default one: s0 keeps its name, s2 becomes s1, the dims
    // and rt0 stay as they are.
    IndexingMap m = parse(
        "(d0, d1)[s0, s1, s2]{rt0} -> (d0 + d1 + s0 + s2 + rt0), domain: d0 in [0, 9], "
        "d1 in [0, 9], s0 in [0, 3], s1 in [0, 3], s2 in [0, 5], rt0 in [0, 7]");
    EXPECT_TRUE(m.remove_unused_range_variables());
    EXPECT_EQ(m.to_string(),
              "(d0, d1)[s0, s1]{rt0} -> (d0 + d1 + s0 + s1 + rt0),\ndomain:\nd0 in [0, 9],\n"
              "d1 in [0, 9],\ns0 in [0, 3],\ns1 in [0, 5],\nrt0 in [0, 7]");
    // A custom dim name that a moved default name takes: the dim is renamed.
    IndexingMap taken =
        parse("(s0)[a, s1] -> (s0 + s1), domain: s0 in [0, 9], a in [0, 3], s1 in [0, 2]");
    EXPECT_TRUE(taken.remove_unused_range_variables());
    EXPECT_EQ(taken.to_string(), "(d0)[s0] -> (d0 + s0),\ndomain:\nd0 in [0, 9],\ns0 in [0, 2]");
}

TEST_F(IndexingMapSymbolsTest, RemoveUnusedSymbolsKeepsSymbolsTiedToUsedVariables) {
    // s0 only appears in a constraint with d0: removing it would change d0's domain.
    IndexingMap m = parse(
        "(d0)[s0, s1] -> (d0 + s1), domain: d0 in [0, 9], s0 in [0, 3], s1 in [0, 3], "
        "d0 + s0 in [0, 5]");
    IndexingMap before = m;
    EXPECT_FALSE(m.remove_unused_symbols());
    EXPECT_EQ(m, before);
    // Through a chain: s1 ties to s0 which ties to d0.
    IndexingMap chain = parse(
        "(d0)[s0, s1] -> (d0), domain: d0 in [0, 9], s0 in [0, 3], s1 in [0, 3], "
        "d0 + s0 in [0, 5], s0 + s1 in [0, 4]");
    EXPECT_FALSE(chain.remove_unused_symbols());
    EXPECT_EQ(chain.num_range_vars(), 2);
}

TEST_F(IndexingMapSymbolsTest, RemoveUnusedSymbolsDropsConstraintsThatAlwaysHold) {
    IndexingMap m =
        parse("(d0)[s0] -> (d0), domain: d0 in [0, 9], s0 in [0, 3], s0 mod 4 in [0, 3]");
    EXPECT_TRUE(m.remove_unused_symbols());
    EXPECT_EQ(m.to_string(), "(d0) -> (d0),\ndomain:\nd0 in [0, 9]");
}

TEST_F(IndexingMapSymbolsTest, RemoveUnusedSymbolsKeepsConstraintsThatMayFail) {
    // s0 * 2 is even, so this domain is empty: dropping s0 with its
    // constraint would make an empty map non-empty.
    IndexingMap odd =
        parse("(d0)[s0] -> (d0), domain: d0 in [0, 9], s0 in [0, 3], s0 * 2 in [1, 1]");
    IndexingMap before = odd;
    EXPECT_FALSE(odd.remove_unused_symbols());
    EXPECT_EQ(odd, before);
    // Not every value satisfies it (interval arithmetic cannot prove it).
    IndexingMap mod =
        parse("(d0)[s0] -> (d0), domain: d0 in [0, 9], s0 in [0, 7], s0 mod 4 in [1, 1]");
    EXPECT_FALSE(mod.remove_unused_symbols());
    // A possible zero divisor: the constraint fails at s0 = 0.
    IndexingMap div = parse(
        "(d0)[s0] -> (d0), domain: d0 in [0, 9], s0 in [0, 3], 12 floordiv s0 in [-inf, inf]");
    EXPECT_FALSE(div.remove_unused_symbols());
    EXPECT_EQ(div.num_range_vars(), 1);
}

TEST_F(IndexingMapSymbolsTest, RemoveUnusedSymbolsKeepsAProvableConstraintsNeighbours) {
    // s0 + s1 in [0, 6] always holds and goes; s1 mod 3 in [1, 1] cannot be
    // proven, so s1 stays with it; s0 goes.
    IndexingMap m = parse(
        "(d0)[s0, s1] -> (d0), domain: d0 in [0, 9], s0 in [0, 3], s1 in [0, 3], "
        "s0 + s1 in [0, 6], s1 mod 3 in [1, 1]");
    EXPECT_TRUE(m.remove_unused_symbols());
    EXPECT_EQ(m.to_string(),
              "(d0)[s0] -> (d0),\ndomain:\nd0 in [0, 9],\ns0 in [0, 3],\ns0 mod 3 in [1, 1]");
}

TEST_F(IndexingMapSymbolsTest, RemoveUnusedSymbolsKeepsNonCanonicalShapes) {
    ParseOptions raw;
    raw.canonicalize = false;
    Result<IndexingMap> m = parse_indexing_map(
        ctx, "(d0)[s0, s1] -> ((s1 + 1) - 1), domain: d0 in [0, 9], s0 in [0, 3], s1 in [0, 3]",
        raw);
    ASSERT_TRUE(m.ok());
    EXPECT_TRUE(m->remove_unused_symbols());
    Result<IndexingMap> expected = parse_indexing_map(
        ctx, "(d0, s0) -> ((s0 + 1) - 1), domain: d0 in [0, 9], s0 in [0, 3]", raw);
    ASSERT_TRUE(expected.ok());
    // Only the number of dims differs: the result expression is the same tree.
    EXPECT_EQ(m->results(), expected->results());
}

TEST_F(IndexingMapSymbolsTest, CopiesShareVariablesAndConstraintsUntilOneChanges) {
    const IndexingMap original =
        parse("(d0)[s0] -> (d0 + s0), domain: d0 in [0, 9], s0 in [0, 3], d0 + s0 in [0, 10]");
    IndexingMap copy = original;
    EXPECT_EQ(&copy.dims(), &original.dims());  // shared, not copied
    EXPECT_EQ(&copy.constraints(), &original.constraints());
    copy.set_variable_bounds(0, Interval{0, 4});
    EXPECT_NE(&copy.dims(), &original.dims());
    EXPECT_EQ(original.variable(0).bounds, (Interval{0, 9}));
    EXPECT_EQ(copy.variable(0).bounds, (Interval{0, 4}));
    EXPECT_EQ(&copy.constraints(), &original.constraints());  // still shared
    copy.add_constraint(copy.results()[0], Interval{1, 10});
    EXPECT_EQ(original.constraints().size(), 1u);
    EXPECT_EQ(original.constraints()[0].range, (Interval{0, 10}));
    EXPECT_EQ(copy.constraints()[0].range, (Interval{1, 10}));
    IndexingMap other = original;
    other.set_constraints({});
    EXPECT_TRUE(other.constraints().empty());
    EXPECT_EQ(original.constraints().size(), 1u);
    EXPECT_EQ(original, parse("(d0)[s0] -> (d0 + s0), domain: d0 in [0, 9], s0 in [0, 3], "
                              "d0 + s0 in [0, 10]"));
    EXPECT_NE(copy, original);
    EXPECT_EQ(IndexingMap(original), original);
}

TEST_F(IndexingMapSymbolsTest, ConvertSymbolsToDimsKeepsIdsBoundsAndNames) {
    IndexingMap m = parse(
        "(d0)[s0]{rt0} -> (d0 + s0 * 2 + rt0), domain: d0 in [0, 9], s0 in [0, 3], "
        "rt0 in [0, 5], d0 + s0 in [0, 10]");
    IndexingMap c = m.convert_symbols_to_dims();
    EXPECT_EQ(c.num_dims(), 3);
    EXPECT_EQ(c.num_symbols(), 0);
    EXPECT_EQ(c.to_string(),
              "(d0, s0, rt0) -> (d0 + s0 * 2 + rt0),\ndomain:\nd0 in [0, 9],\ns0 in [0, 3],\n"
              "rt0 in [0, 5],\nd0 + s0 in [0, 10]");
    EXPECT_EQ(c.results(), m.results());
    EXPECT_TRUE(IndexingMap::known_empty(ctx).convert_symbols_to_dims().is_known_empty());
}

}  // namespace
}  // namespace provix
