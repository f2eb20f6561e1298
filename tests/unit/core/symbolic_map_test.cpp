#include "provix/symbolic_map.h"

#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "provix/parser.h"

namespace provix {
namespace {

class SymbolicMapTest : public ::testing::Test {
protected:
    Context ctx;

    /// Parses an expression over d0..d{nd-1}, s0..s{ns-1}.
    Expr expr(int64_t nd, int64_t ns, const std::string& text) {
        std::vector<std::string> names;
        for (int64_t i = 0; i < nd; ++i)
            names.push_back("d" + std::to_string(i));
        for (int64_t j = 0; j < ns; ++j)
            names.push_back("s" + std::to_string(j));
        Result<Expr> e = parse_expr(ctx, text, names);
        EXPECT_TRUE(e.ok()) << (e.ok() ? "" : e.error().message);
        return e.ok() ? *e : ctx.constant(0);
    }

    SymbolicMap map(int64_t nd, int64_t ns, const std::vector<std::string>& results) {
        std::vector<Expr> exprs;
        for (const std::string& r : results)
            exprs.push_back(expr(nd, ns, r));
        return *SymbolicMap::get(ctx, nd, ns, exprs);
    }
};

TEST_F(SymbolicMapTest, GetKeepsCountsAndResults) {
    SymbolicMap m = map(2, 1, {"d0 + s0", "d1 * 2"});
    EXPECT_EQ(m.num_dims(), 2);
    EXPECT_EQ(m.num_symbols(), 1);
    EXPECT_EQ(m.num_results(), 2);
    EXPECT_EQ(m.result(1), ctx.variable(1) * 2);
    EXPECT_EQ(m.context(), &ctx);
    EXPECT_EQ(m.to_string(), "(d0, d1)[s0] -> (d0 + s0, d1 * 2)");
}

TEST_F(SymbolicMapTest, GetRejectsAResultUsingAnUnknownVariable) {
    Result<SymbolicMap> m = SymbolicMap::get(ctx, 1, 0, {ctx.variable(1)});
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().kind, Error::Kind::Invalid);
    EXPECT_NE(m.error().message.find("uses a variable beyond the map's 1 variables"),
              std::string::npos)
        << m.error().message;
    EXPECT_FALSE(SymbolicMap::get(ctx, -1, 0, {}).ok());
    EXPECT_FALSE(SymbolicMap::get(ctx, 1, 0, {Expr()}).ok());
    Context other;
    EXPECT_FALSE(SymbolicMap::get(ctx, 1, 0, {other.variable(0)}).ok());
}

TEST_F(SymbolicMapTest, SetResultChecksTheExpressionAsGetDoes) {
    SymbolicMap m = map(1, 1, {"d0 + s0"});
    m.set_result(0, expr(1, 1, "s0 * 2"));  // the valid case, without a Result
    EXPECT_EQ(m.results()[0], expr(1, 1, "s0 * 2"));
    m.set_result(0, ctx.variable(1));  // the last variable is in range
    EXPECT_EQ(m.results()[0], ctx.variable(1));
    EXPECT_DEATH(m.set_result(0, ctx.variable(2)),
                 "precondition violated: SymbolicMap::set_result: expression v2 uses a "
                 "variable beyond the map's 2 variables");
    EXPECT_DEATH(m.set_result(0, Expr()), "SymbolicMap::set_result: null expression");
    Context other;
    EXPECT_DEATH(m.set_result(0, other.variable(0)), "belongs to another context");
}

TEST_F(SymbolicMapTest, VariableCountsWhoseSumLeavesInt64AreAnError) {
    const int64_t big = std::numeric_limits<int64_t>::max();
    Result<SymbolicMap> m = SymbolicMap::get(ctx, big, big, {ctx.variable(0)});
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().message, "SymbolicMap::get: more variables than int64 counts");
    EXPECT_FALSE(SymbolicMap::get(ctx, big, 1, {}).ok());
    EXPECT_TRUE(SymbolicMap::get(ctx, big - 1, 1, {}).ok());
}

TEST_F(SymbolicMapTest, IdentityMapsEveryDimToItself) {
    EXPECT_EQ(SymbolicMap::identity(ctx, 3).to_string(), "(d0, d1, d2) -> (d0, d1, d2)");
    EXPECT_EQ(SymbolicMap::identity(ctx, 0).to_string(), "() -> ()");
}

TEST_F(SymbolicMapTest, DimsComeFirstThenSymbols) {
    SymbolicMap m = map(2, 2, {"d0"});
    EXPECT_EQ(m.dim(1), ctx.variable(1));
    EXPECT_EQ(m.symbol(0), ctx.variable(2));
    EXPECT_EQ(m.symbol(1), ctx.variable(3));
    EXPECT_DEATH((void)m.dim(2), "precondition violated: SymbolicMap::dim: no dimension 2");
    EXPECT_DEATH((void)m.symbol(2), "precondition violated: SymbolicMap::symbol: no symbol 2");
}

TEST_F(SymbolicMapTest, ReplaceDimsAndSymbolsFollowsTheHeaderExample) {
    // (d0, d1)[s0, s1] -> (d0 + s0, d1 * s1) with dims {d1, 2}, symbols {3, d0}.
    SymbolicMap m = map(2, 2, {"d0 + s0", "d1 * s1"});
    SymbolicMap r = *m.replace_dims_and_symbols({ctx.variable(1), ctx.constant(2)},
                                                {ctx.constant(3), ctx.variable(0)}, 2, 0);
    EXPECT_EQ(r.to_string(), "(d0, d1) -> (d1 + 3, d0 * 2)");
}

TEST_F(SymbolicMapTest, ReplaceDimsAndSymbolsCanKeepUnusedNewSymbols) {
    // Two new symbols that no result uses: (d1 + c3, c2 * d0) with c2 = 2, c3 = 3.
    SymbolicMap m = map(2, 2, {"d0 + s0", "d1 * s1"});
    SymbolicMap r = *m.replace_dims_and_symbols({ctx.variable(1), ctx.constant(2)},
                                                {ctx.constant(3), ctx.variable(0)}, 2, 2);
    EXPECT_EQ(r.to_string(), "(d0, d1)[s0, s1] -> (d1 + 3, d0 * 2)");
}

TEST_F(SymbolicMapTest, ReplaceDimsAndSymbolsCanIntroduceSymbols) {
    // d0 -> s0 * 4 + d0 over (d0)[s0].
    SymbolicMap m = map(1, 0, {"d0 floordiv 4", "d0 mod 4"});
    SymbolicMap r = *m.replace_dims_and_symbols({expr(1, 1, "s0 * 4 + d0")}, {}, 1, 1);
    EXPECT_EQ(r.to_string(), "(d0)[s0] -> ((d0 + s0 * 4) floordiv 4, (d0 + s0 * 4) mod 4)");
}

TEST_F(SymbolicMapTest, ReplaceDimsAndSymbolsRejectsWrongReplacementCount) {
    SymbolicMap m = map(2, 0, {"d0 + d1"});
    Result<SymbolicMap> r = m.replace_dims_and_symbols({ctx.variable(0)}, {}, 1, 0);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("expected 2 dim and 0 symbol replacements, got 1 and 0"),
              std::string::npos)
        << r.error().message;
    // A replacement using a variable beyond the new counts.
    EXPECT_FALSE(m.replace_dims_and_symbols({ctx.variable(0), ctx.variable(3)}, {}, 2, 0).ok());
}

TEST_F(SymbolicMapTest, ComposeFeedsOtherResultsIntoDimsAndConcatenatesSymbols) {
    // The header's example (MLIR's convention: map1 ∘ map2).
    SymbolicMap map1 = map(2, 1, {"d0 + s0", "d1 * 2"});
    SymbolicMap map2 = map(1, 1, {"d0 - 10", "d0 + s0"});
    SymbolicMap c = *map1.compose(map2);
    EXPECT_EQ(c.num_dims(), 1);
    EXPECT_EQ(c.num_symbols(), 2);
    EXPECT_EQ(c.to_string(), "(d0)[s0, s1] -> (d0 + s0 - 10, d0 * 2 + s1 * 2)");
    // The same as writing the canonicalized composition directly.
    EXPECT_EQ(c, map(1, 2, {"(d0 - 10) + s0", "(d0 + s1) * 2"}));
}

TEST_F(SymbolicMapTest, ComposeWithIdentityIsTheSameMap) {
    SymbolicMap m = map(2, 1, {"d0 floordiv 3 + s0", "d1 mod 5"});
    EXPECT_EQ(*m.compose(SymbolicMap::identity(ctx, 2)), m);
    EXPECT_EQ(*SymbolicMap::identity(ctx, 2).compose(m), m);
}

TEST_F(SymbolicMapTest, ComposeRejectsAResultCountMismatch) {
    SymbolicMap map1 = map(2, 0, {"d0 + d1"});
    SymbolicMap map2 = map(1, 0, {"d0"});
    Result<SymbolicMap> c = map1.compose(map2);
    ASSERT_FALSE(c.ok());
    EXPECT_EQ(c.error().message,
              "SymbolicMap::compose: this map has 2 dims but the other map has 1 results");
}

/// A compressed map printed, and the ids it kept.
using Compressed = std::pair<std::string, std::vector<int64_t>>;

/// `m` compressed by `compress` (compress_dims or compress_symbols).
Compressed compressed(const SymbolicMap& m,
                      SymbolicMap (SymbolicMap::*compress)(std::vector<int64_t>*) const) {
    std::vector<int64_t> kept;
    const SymbolicMap c = (m.*compress)(&kept);
    return {c.to_string(), kept};
}

TEST_F(SymbolicMapTest, CompressDimsDropsUnusedDims) {
    // (d0, d1, d2)[s0] -> (d0 + d2, s0 * 5) becomes (d0, d1)[s0] -> (d0 + d1, s0 * 5).
    EXPECT_EQ(compressed(map(3, 1, {"d0 + d2", "s0 * 5"}), &SymbolicMap::compress_dims),
              (Compressed{"(d0, d1)[s0] -> (d0 + d1, s0 * 5)", {0, 2}}));
}

TEST_F(SymbolicMapTest, CompressSymbolsDropsUnusedSymbols) {
    // (d0)[s0, s1, s2] -> (d0 + s2, s0 * 5) becomes (d0)[s0, s1] -> (d0 + s1, s0 * 5).
    EXPECT_EQ(compressed(map(1, 3, {"d0 + s2", "s0 * 5"}), &SymbolicMap::compress_symbols),
              (Compressed{"(d0)[s0, s1] -> (d0 + s1, s0 * 5)", {0, 2}}));
}

TEST_F(SymbolicMapTest, CompressDimsKeepsSymbolsAndCompressSymbolsKeepsDims) {
    SymbolicMap m = map(3, 2, {"d2 + s1"});
    EXPECT_EQ(m.compress_dims().to_string(), "(d0)[s0, s1] -> (d0 + s1)");
    EXPECT_EQ(m.compress_symbols().to_string(), "(d0, d1, d2)[s0] -> (d2 + s0)");
}

TEST_F(SymbolicMapTest, CompressingAMapWithoutUnusedVariablesChangesNothing) {
    SymbolicMap m = map(2, 1, {"d0 + s0", "d1"});
    std::vector<int64_t> kept;
    EXPECT_EQ(m.compress_dims(&kept), m);
    EXPECT_EQ(kept, (std::vector<int64_t>{0, 1}));
    EXPECT_EQ(m.compress_symbols(&kept), m);
    EXPECT_EQ(kept, (std::vector<int64_t>{0}));
}

TEST_F(SymbolicMapTest, UsedDimsAndSymbolsAreThoseInSomeResult) {
    SymbolicMap m = map(3, 2, {"d0 + s1", "d2 floordiv 2"});
    EXPECT_TRUE(m.is_dim_used(0));
    EXPECT_FALSE(m.is_dim_used(1));
    EXPECT_TRUE(m.is_dim_used(2));
    EXPECT_FALSE(m.is_dim_used(3));
    EXPECT_FALSE(m.is_symbol_used(0));
    EXPECT_TRUE(m.is_symbol_used(1));
}

TEST_F(SymbolicMapTest, EvaluateUsesFloorSemantics) {
    SymbolicMap m = map(2, 1, {"d0 floordiv s0", "d1 mod s0", "d1 ceildiv s0"});
    Result<std::vector<int64_t>> r = m.evaluate({7, -7}, {2});
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(*r, (std::vector<int64_t>{3, 1, -3}));
    r = m.evaluate({7, 7}, {-2});
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(*r, (std::vector<int64_t>{-4, -1, -3}));
}

TEST_F(SymbolicMapTest, EvaluateFollowsTheNestedExample) {
    SymbolicMap m = map(2, 0, {"(((d0 + 42) * max(min(d1, 2), 0)) floordiv 2) ceildiv 2"});
    Result<std::vector<int64_t>> r = m.evaluate({5, 1}, {});
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(*r, (std::vector<int64_t>{12}));
}

TEST_F(SymbolicMapTest, EvaluateReportsZeroDivisorOverflowAndArity) {
    SymbolicMap m = map(1, 1, {"d0 floordiv s0"});
    Result<std::vector<int64_t>> r = m.evaluate({5}, {0});
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, Error::Kind::DivisionByZero);
    SymbolicMap big = map(1, 0, {"d0 * 4"});
    r = big.evaluate({INT64_MAX / 2}, {});
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, Error::Kind::Overflow);
    r = m.evaluate({5}, {});
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, Error::Kind::Invalid);
}

TEST_F(SymbolicMapTest, EqualityComparesCountsAndResults) {
    EXPECT_EQ(map(2, 1, {"d0 + s0"}), map(2, 1, {"s0 + d0"}));
    EXPECT_NE(map(2, 1, {"d0 + s0"}), map(2, 2, {"d0 + s0"}));
    EXPECT_NE(map(2, 1, {"d0 + s0"}), map(3, 0, {"d0 + d2"}));
    EXPECT_NE(map(2, 1, {"d0 + s0"}), map(2, 1, {"d0 + s0", "d1"}));
}

}  // namespace
}  // namespace provix
