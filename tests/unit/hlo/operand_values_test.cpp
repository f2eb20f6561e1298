// Offsets known at compile time: constants, iotas and integer arithmetic
// folded into the maps of the dynamic operations, clamped exactly; and the
// numbering of runtime variables by operand.

#include "provix/hlo/operand_values.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "hlo_test_util.h"
#include "integer_literal.h"
#include "provix/hlo/computation_indexing.h"
#include "provix/hlo/op_indexing.h"

namespace provix::hlo {
namespace {

using testing::map_set_is;
using testing::parse_hlo;

/// The maps of the entry computation's root to its parameter `param`.
IndexingMapSet maps_to_parameter(Context& ctx, std::string_view hlo, int64_t param) {
    HloModule module = parse_hlo(hlo);
    auto sets = computation_output_to_input(ctx, module, module.entry_computation());
    EXPECT_TRUE(sets) << (sets ? "" : sets.error().message);
    return sets ? (*sets)[static_cast<size_t>(param)] : IndexingMapSet{};
}

/// Whether the maps of the entry computation's root to parameter 0 are
/// `expected` (as `map_set_is` compares them, by their own text).
::testing::AssertionResult maps_to_p0_are(std::string_view hlo,
                                          const std::vector<std::string>& expected) {
    Context ctx;
    return map_set_is(maps_to_parameter(ctx, hlo, 0), expected, false, false);
}

/// `text` with every `%NAME` replaced by `values`' entry for NAME:
/// `filled("c(%v)", {{"v", "7"}}) == "c(7)"`.
std::string filled(std::string text, const std::map<std::string, std::string>& values) {
    for (const auto& [name, value] : values) {
        const std::string key = "%" + name;
        for (size_t at; (at = text.find(key)) != std::string::npos;)
            text.replace(at, key.size(), value);
    }
    return text;
}

TEST(OperandValues, AffineFunctionOfAnIotaBecomesTheOffsetExpression) {
    // Row d0 gathers from start 2 * d0 + 1 (at most 2 * 7 + 1 = 15 <= 16 - 1).
    EXPECT_TRUE(maps_to_p0_are(R"(
p0 = f32[16,4] parameter(0)
iota = s32[8,1] iota(), iota_dimension=0
two = s32[] constant(2)
one = s32[] constant(1)
b2 = s32[8,1] broadcast(two), dimensions={}
b1 = s32[8,1] broadcast(one), dimensions={}
m = s32[8,1] multiply(iota, b2)
starts = s32[8,1] add(m, b1)
ROOT g = f32[8,1,4] gather(p0, starts), offset_dims={1,2}, collapsed_slice_dims={},
  start_index_map={0}, index_vector_dim=1, slice_sizes={1,4}
)",
                               {"(d0, d1, d2) -> (d0 * 2 + 1, d2), domain: d0 in [0, 7], "
                                "d1 in [0, 0], d2 in [0, 3]"}));
}

TEST(OperandValues, ClampOfAKnownOffsetIsExactOnBothSides) {
    // start = iota - 2 in [-2, 5] on a dimension allowing [0, 3].
    EXPECT_TRUE(maps_to_p0_are(R"(
p0 = f32[6] parameter(0)
iota = s32[8,1] iota(), iota_dimension=0
two = s32[] constant(2)
b = s32[8,1] broadcast(two), dimensions={}
starts = s32[8,1] subtract(iota, b)
ROOT g = f32[8,3] gather(p0, starts), offset_dims={1}, collapsed_slice_dims={},
  start_index_map={0}, index_vector_dim=1, slice_sizes={3}
)",
                               {"(d0, d1) -> (d1 + min(max(d0 - 2, 0), 3)), domain: d0 in [0, 7], "
                                "d1 in [0, 2]"}));
}

TEST(OperandValues, WrappingArithmeticIsNotFolded) {
    Context ctx;
    // s8 arithmetic: 100 + 100 wraps, so the offset stays a runtime variable.
    auto maps = maps_to_parameter(ctx, R"(
p0 = f32[300] parameter(0)
c = s8[] constant(100)
s = s8[] add(c, c)
ROOT ds = f32[10] dynamic-slice(p0, s), dynamic_slice_sizes={10}
)",
                                  0);
    ASSERT_EQ(maps.size(), 1u);
    EXPECT_EQ(maps[0].num_rt_vars(), 1);
}

TEST(OperandValues, ConstantsCrossFusionBoundaries) {
    EXPECT_TRUE(maps_to_p0_are(R"(
f {
  p0 = f32[50] parameter(0)
  off = s32[] parameter(1)
  ROOT ds = f32[5] dynamic-slice(p0, off), dynamic_slice_sizes={5}
}
ENTRY e {
  p0 = f32[50] parameter(0)
  c = s32[] constant(7)
  ROOT fusion = f32[5] fusion(p0, c), kind=kLoop, calls=f
}
)",
                               {"(d0) -> (d0 + 7), domain: d0 in [0, 4]"}));
}

// A literal whose element count is not its shape's gives no value: the
// offset stays a runtime variable (the first element used to be read).
TEST(OperandValues, ConstantWhoseLiteralDoesNotFitItsShapeIsNoValue) {
    const char* hlo = R"(
p0 = f32[50] parameter(0)
c = s32[] constant(%literal)
ROOT ds = f32[5] dynamic-slice(p0, c), dynamic_slice_sizes={5}
)";
    auto with_literal = [&](const char* literal) { return filled(hlo, {{"literal", literal}}); };
    EXPECT_TRUE(maps_to_p0_are(with_literal("7"), {"(d0) -> (d0 + 7), domain: d0 in [0, 4]"}));
    EXPECT_TRUE(maps_to_p0_are(with_literal("{7, 9}"),
                               {"(d0){rt0} -> (d0 + rt0), domain: d0 in [0, 4], rt0 in [0, 45]"}));
}

// Gather indices from a rank-2 constant: one row is its position; rows that
// step evenly are an expression of the row; other rows stay runtime variables.
TEST(OperandValues, RankTwoConstantIndicesAreFolded) {
    const char* hlo = R"(
p0 = f32[100,4] parameter(0)
idx = s32[%rows,1] constant(%literal)
ROOT g = f32[%rows,1,4] gather(p0, idx), offset_dims={1,2}, collapsed_slice_dims={},
  start_index_map={0}, index_vector_dim=1, slice_sizes={1,4}
)";
    auto with = [&](const char* rows, const char* literal) {
        return filled(hlo, {{"rows", rows}, {"literal", literal}});
    };
    EXPECT_TRUE(maps_to_p0_are(with("1", "{ {42} }"),
                               {"(d0, d1, d2) -> (42, d2), domain: d0 in [0, 0], d1 in [0, 0], "
                                "d2 in [0, 3]"}));
    EXPECT_TRUE(maps_to_p0_are(with("4", "{{5}, {7}, {9}, {11}}"),
                               {"(d0, d1, d2) -> (d0 * 2 + 5, d2), domain: d0 in [0, 3], "
                                "d1 in [0, 0], d2 in [0, 3]"}));
    EXPECT_TRUE(maps_to_p0_are(with("3", "{{6}, {6}, {6}}"),
                               {"(d0, d1, d2) -> (6, d2), domain: d0 in [0, 2], d1 in [0, 0], "
                                "d2 in [0, 3]"}));
    // 1, 2, 4 do not step evenly: the start is a runtime variable.
    EXPECT_TRUE(maps_to_p0_are(with("3", "{{1}, {2}, {4}}"),
                               {"(d0, d1, d2){rt0} -> (rt0, d2), domain: d0 in [0, 2], "
                                "d1 in [0, 0], d2 in [0, 3], rt0 in [0, 99]"}));
    // A literal of another shape, an elided or a float one, is no value.
    for (const char* literal : {"{{1, 2}, {3}}", "{1, 2}", "{...}", "{{1.5}, {2}}"}) {
        Context ctx;
        IndexingMapSet maps = maps_to_parameter(ctx, with("2", literal), 0);
        ASSERT_EQ(maps.size(), 1u) << literal;
        EXPECT_EQ(maps[0].num_rt_vars(), 1) << literal;
    }
}

// Through a reshape the constant is read at d0 * 2 + 1 (column 1 of a
// [3, 2] view): the elements there, 7, 10, 13, step by 3.
TEST(OperandValues, ReshapedConstantIndicesAreFoldedWhereTheyStepEvenly) {
    const char* hlo = R"(
p0 = f32[100,4] parameter(0)
flat = s32[6] constant(%literal)
pairs = s32[3,2] reshape(flat)
col = s32[3,1] slice(pairs), slice={[0:3], [1:2]}
ROOT g = f32[3,1,4] gather(p0, col), offset_dims={1,2}, collapsed_slice_dims={},
  start_index_map={0}, index_vector_dim=1, slice_sizes={1,4}
)";
    auto with = [&](const char* literal) { return filled(hlo, {{"literal", literal}}); };
    EXPECT_TRUE(maps_to_p0_are(with("{0, 7, 99, 10, -5, 13}"),
                               {"(d0, d1, d2) -> (d0 * 3 + 7, d2), domain: d0 in [0, 2], "
                                "d1 in [0, 0], d2 in [0, 3]"}));
    EXPECT_TRUE(maps_to_p0_are(with("{0, 7, 99, 7, -5, 7}"),
                               {"(d0, d1, d2) -> (7, d2), domain: d0 in [0, 2], d1 in [0, 0], "
                                "d2 in [0, 3]"}));
    EXPECT_TRUE(maps_to_p0_are(with("{0, 7, 99, 10, -5, 14}"),
                               {"(d0, d1, d2){rt0} -> (rt0, d2), domain: d0 in [0, 2], "
                                "d1 in [0, 0], d2 in [0, 3], rt0 in [0, 99]"}));
}

// The literal parser itself: nests of the constant's shape only.
TEST(OperandValues, IntegerLiteralsFollowTheShape) {
    using detail::parse_integer_literal;
    using V = std::vector<int64_t>;
    EXPECT_EQ(parse_integer_literal("7", {}), V{7});
    EXPECT_EQ(parse_integer_literal("{7}", {}), V{7});
    EXPECT_EQ(parse_integer_literal(" -9223372036854775808 ", {}), V{INT64_MIN});
    EXPECT_EQ(parse_integer_literal("{true, false}", {2}), (V{1, 0}));
    EXPECT_EQ(parse_integer_literal("{ { 1, 2 }, { 3, 4 }, {5,6} }", {3, 2}),
              (V{1, 2, 3, 4, 5, 6}));
    EXPECT_EQ(parse_integer_literal("{}", {0}), V{});
    for (const char* bad : {"9223372036854775808", "-9223372036854775809", "1.5", "1e3", "{7, 9}",
                            "7 8", "truex", "--1", ""}) {
        EXPECT_EQ(parse_integer_literal(bad, {}), std::nullopt) << bad;
    }
    EXPECT_EQ(parse_integer_literal("{{1, 2}, {3, 4}}", {4}), std::nullopt);
    EXPECT_EQ(parse_integer_literal("{1, 2, 3, 4}", {2, 2}), std::nullopt);
    EXPECT_EQ(parse_integer_literal("{{1, 2}, {3, 4}", {2, 2}), std::nullopt);
    EXPECT_EQ(parse_integer_literal("{{1, 2}, {3, 4}} }", {2, 2}), std::nullopt);
    EXPECT_EQ(parse_integer_literal("{1}", {4294967296}), std::nullopt);
}

TEST(OperandValues, GatherRuntimeVariablesFollowTheIndexColumns) {
    // start_index_map={1,0}: column 0 offsets dimension 1, so rt0 (column 0)
    // appears in result 1 and rt1 in result 0.
    HloModule module = parse_hlo(R"(
operand = f32[10,20] parameter(0)
indices = s32[5,2] parameter(1)
ROOT g = f32[5,2,3] gather(operand, indices), offset_dims={1,2}, collapsed_slice_dims={},
  start_index_map={1,0}, index_vector_dim=1, slice_sizes={2,3}
)");
    Context ctx;
    auto sets =
        output_to_input_indexing(ctx, module, module.entry_computation().root_instruction());
    ASSERT_TRUE(sets) << sets.error().message;
    const IndexingMap& m = (*sets)[0].front();
    ASSERT_EQ(m.num_rt_vars(), 2);
    EXPECT_EQ(m.to_string(),
              "(d0, d1, d2){rt0, rt1} -> (d1 + rt1, d2 + rt0),\ndomain:\nd0 in [0, 4],\n"
              "d1 in [0, 1],\nd2 in [0, 2],\nrt0 in [0, 17],\nrt1 in [0, 8]");
}

}  // namespace
}  // namespace provix::hlo
