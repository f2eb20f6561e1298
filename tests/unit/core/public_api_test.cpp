// The public API's conventions: printing with operator<<, the umbrella
// header, the version, Result's checked access, and the two compositions.

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "provix/provix.h"

namespace provix {
namespace {

template <class T>
std::string streamed(const T& value) {
    std::ostringstream os;
    os << value;
    return os.str();
}

TEST(PublicApi, StreamOperatorsPrintExprsAndMaps) {
    Context ctx;
    Expr d0 = ctx.variable(0), d1 = ctx.variable(1);
    EXPECT_EQ(streamed(floor_div(d0 * 4 + d1, 8)), "(v0 * 4 + v1) floordiv 8");
    EXPECT_EQ(streamed(Expr()), "<null>");
    SymbolicMap sm = *SymbolicMap::get(ctx, 2, 1, {d0 + ctx.variable(2), d1 * 2});
    EXPECT_EQ(streamed(sm), "(d0, d1)[s0] -> (d0 + s0, d1 * 2)");
    auto m = parse_indexing_map(ctx, "(d0) -> (d0 mod 4), domain: d0 in [0, 9]");
    ASSERT_TRUE(m.ok());
    EXPECT_EQ(streamed(*m), m->to_string());
    EXPECT_EQ(streamed(IndexingMap::known_empty(ctx)), "KNOWN EMPTY");
}

TEST(PublicApi, VersionOfTheLibraryIsTheHeadersVersion) {
    EXPECT_STREQ(version(), PROVIX_VERSION_STRING);
    EXPECT_EQ(std::string(version()), std::to_string(PROVIX_VERSION_MAJOR) + "." +
                                          std::to_string(PROVIX_VERSION_MINOR) + "." +
                                          std::to_string(PROVIX_VERSION_PATCH));
}

TEST(PublicApi, ResultValueOfAnErrorStopsWithItsMessage) {
    Result<int> e = Error::invalid("the reason");
    EXPECT_EQ(e.value_or(7), 7);
    EXPECT_EQ(Result<int>(3).value_or(7), 3);
    EXPECT_DEATH((void)*e,
                 "precondition violated: Result::value: the Result holds an error: "
                 "the reason");
    Result<int> v = 3;
    EXPECT_DEATH((void)v.error(), "precondition violated: Result::error: the Result holds a value");
}

TEST(PublicApi, BuildWithAWrongArityIsABrokenPrecondition) {
    Context ctx;
    Expr d0 = ctx.variable(0);
    EXPECT_EQ(build(ExprKind::Add, {d0, ctx.constant(1), ctx.constant(2)}), d0 + 3);
    EXPECT_DEATH((void)build(ExprKind::FloorDiv, {d0}),
                 "precondition violated: provix::build: floordiv takes two operands");
    EXPECT_DEATH((void)build(ExprKind::Constant, {d0}), "constant is not an operator kind");
    EXPECT_DEATH((void)ctx.variable(-1), "Context::variable: negative variable id");
    // The checked way for operands from user input.
    EXPECT_FALSE(ctx.make(ExprKind::FloorDiv, {d0}).ok());
}

TEST(PublicApi, ComposeIndexingMapsIsXlasOrderAndSymbolicComposeIsMlirs) {
    // The example of provix/indexing_map.h: a transpose, then a reshape.
    Context ctx;
    IndexingMap transpose =
        *parse_indexing_map(ctx, "(d0, d1) -> (d1, d0), domain: d0 in [0, 9], d1 in [0, 19]");
    IndexingMap reshape =
        *parse_indexing_map(ctx, "(d0, d1) -> (d0 * 10 + d1), domain: d0 in [0, 19], d1 in [0, 9]");
    Result<IndexingMap> c = compose_indexing_maps(transpose, reshape);
    ASSERT_TRUE(c.ok());
    EXPECT_EQ(c->to_string(), "(d0, d1) -> (d0 + d1 * 10),\ndomain:\nd0 in [0, 9],\nd1 in [0, 19]");
    // The other order does not even fit: the reshape has 1 result, the
    // transpose 2 dims.
    EXPECT_FALSE(compose_indexing_maps(reshape, transpose).ok());
    // SymbolicMap::compose: a.compose(b) is a after b (b's results feed a).
    SymbolicMap a = reshape.symbolic_map(), b = transpose.symbolic_map();
    Result<SymbolicMap> ab = a.compose(b);
    ASSERT_TRUE(ab.ok());
    EXPECT_EQ(ab->to_string(), "(d0, d1) -> (d0 + d1 * 10)");
    EXPECT_EQ(*ab, c->symbolic_map());
}

}  // namespace
}  // namespace provix
