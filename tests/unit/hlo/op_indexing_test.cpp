// Per-operation maps beyond the examples of XLA's indexing-analysis documentation: bitcast by
// layouts, negative and interior padding, reduce-window with padding, stride and dilations,
// zero-sized operands, tuples, and the diagnostics for inconsistent HLO.

#include "provix/hlo/op_indexing.h"

#include <gtest/gtest.h>

#include "hlo_test_util.h"

namespace provix::hlo {
namespace {

using testing::instruction;
using testing::map_set_is;
using testing::parse_hlo;

IndexingMapSet out_to_in(Context& ctx, const HloModule& m, int64_t operand, int64_t output = 0) {
    auto sets = output_to_input_indexing(ctx, m, instruction(m), output);
    EXPECT_TRUE(sets) << (sets ? "" : sets.error().message);
    return sets ? (*sets)[static_cast<size_t>(operand)] : IndexingMapSet{};
}

IndexingMapSet in_to_out(Context& ctx, const HloModule& m, int64_t operand, int64_t output = 0) {
    auto maps = input_to_output_indexing(ctx, m, instruction(m), operand, output);
    EXPECT_TRUE(maps) << (maps ? "" : maps.error().message);
    return maps ? *maps : IndexingMapSet{};
}

std::string analysis_error(std::string_view hlo) {
    Context ctx;
    HloModule m = parse_hlo(hlo);
    auto sets = output_to_input_indexing(ctx, m, instruction(m));
    EXPECT_FALSE(sets) << "expected an analysis error";
    return sets ? "" : sets.error().message;
}

TEST(BitcastIndexing, LayoutChangeOnlyIsATranspose) {
    Context ctx;
    HloModule m = parse_hlo(R"(
p0 = f32[3, 6]{0, 1} parameter(0)
b = f32[6, 3] bitcast(p0)
)");
    EXPECT_TRUE(map_set_is(out_to_in(ctx, m, 0),
                           {"(d0, d1) -> (d1, d0), domain: d0 in [0, 5], d1 in [0, 2]"}, true,
                           true));
    EXPECT_TRUE(map_set_is(in_to_out(ctx, m, 0),
                           {"(d0, d1) -> (d1, d0), domain: d0 in [0, 2], d1 in [0, 5]"}, true,
                           true));
}

TEST(BitcastIndexing, IsTransposeReshapeTranspose) {
    // Physically f32[6,3] read as f32[3,6]: a reshape between transposes.
    Context ctx;
    HloModule m = parse_hlo(R"(
p0 = f32[3, 6]{0, 1} parameter(0)
b = f32[3, 6] bitcast(p0)
)");
    EXPECT_TRUE(testing::map_set_equivalent(
        out_to_in(ctx, m, 0),
        {"(d0, d1) -> (d1 mod 3, d0 * 2 + d1 floordiv 3), domain: d0 in [0, 2], d1 in [0, 5]"}));
}

TEST(BitcastIndexing, DifferentElementCountsAreAnError) {
    std::string e = analysis_error("p0 = f32[4] parameter(0)\nb = f32[5] bitcast(p0)\n");
    EXPECT_NE(e.find("test.hlo:2:12: error: bitcast: operand f32[4] has 4 elements"),
              std::string::npos)
        << e;
}

TEST(PadIndexing, NegativePaddingCrops) {
    Context ctx;
    HloModule m = parse_hlo(R"(
p0 = f32[8] parameter(0)
v = f32[] constant(0)
pad = f32[5] pad(p0, v), padding=-2_-1
)");
    EXPECT_TRUE(
        map_set_is(out_to_in(ctx, m, 0), {"(d0) -> (d0 + 2), domain: d0 in [0, 4]"}, true, true));
    EXPECT_TRUE(
        map_set_is(in_to_out(ctx, m, 0), {"(d0) -> (d0 - 2), domain: d0 in [2, 6]"}, true, true));
}

TEST(PadIndexing, NegativeLowWithInteriorPadding) {
    // Element j lands at -3 + 2j: elements 2 and 3 land at 1 and 3.
    Context ctx;
    HloModule m = parse_hlo(R"(
p0 = f32[4] parameter(0)
v = f32[] constant(0)
pad = f32[4] pad(p0, v), padding=-3_0_1
)");
    EXPECT_TRUE(map_set_is(
        out_to_in(ctx, m, 0),
        {"(d0) -> ((d0 + 3) floordiv 2), domain: d0 in [1, 3], (d0 + 3) mod 2 in [0, 0]"}, true,
        false));
    EXPECT_TRUE(map_set_is(in_to_out(ctx, m, 0), {"(d0) -> (d0 * 2 - 3), domain: d0 in [2, 3]"},
                           true, true));
}

TEST(PadIndexing, SizeMismatchIsAnError) {
    std::string e = analysis_error(R"(
p0 = f32[4] parameter(0)
v = f32[] constant(0)
pad = f32[9] pad(p0, v), padding=1_2_1
)");
    EXPECT_NE(e.find("pad: output dimension 0 has size 9, the padding gives 10"), std::string::npos)
        << e;
}

// The int64 minimum has no int64 magnitude: the range check must reject
// it, not take |low| as negative and pass it on.
TEST(PadIndexing, Int64MinimumPaddingIsOutOfRange) {
    for (const char* padding : {"-9223372036854775808_0", "0_-9223372036854775808"}) {
        std::string e = analysis_error(std::string(R"(
p0 = f32[4] parameter(0)
v = f32[] constant(0)
pad = f32[4] pad(p0, v), padding=)") + padding +
                                       "\n");
        EXPECT_NE(e.find("pad: padding of dimension 0 is out of range"), std::string::npos) << e;
    }
}

TEST(ReduceWindowIndexing, Int64MinimumPaddingIsOutOfRange) {
    for (const char* pad : {"-9223372036854775808_0", "0_-9223372036854775808"}) {
        std::string e = analysis_error(std::string(R"(
p0 = f32[10] parameter(0)
c = f32[] constant(0)
rw = f32[5] reduce-window(p0, c), window={size=3 stride=2 pad=)") +
                                       pad + "}, to_apply=add\n");
        EXPECT_NE(e.find("reduce-window: window dimension 0 is out of range"), std::string::npos)
            << e;
    }
}

TEST(ReduceWindowIndexing, PaddingAddsABoundsConstraint) {
    Context ctx;
    HloModule m = parse_hlo(R"(
p0 = f32[10] parameter(0)
c = f32[] constant(0)
rw = f32[5] reduce-window(p0, c), window={size=3 stride=2 pad=1_1}, to_apply=add
)");
    EXPECT_TRUE(map_set_is(out_to_in(ctx, m, 0),
                           {"(d0)[s0] -> (d0 * 2 + s0 - 1), domain: d0 in [0, 4], s0 in [0, 2], "
                            "d0 * 2 + s0 - 1 in [0, 9]"},
                           true, false));
    EXPECT_TRUE(map_set_is(in_to_out(ctx, m, 0),
                           {"(d0)[s0] -> ((d0 - s0 + 1) floordiv 2), domain: d0 in [0, 9], "
                            "s0 in [0, 2], (d0 - s0 + 1) mod 2 in [0, 0], d0 - s0 + 1 in [0, 8]"},
                           false, false));
}

TEST(ReduceWindowIndexing, BaseAndWindowDilation) {
    // Input 3 elements dilated by 2 (positions 0, 2, 4), window of 2 with
    // dilation 2: output 0 reads positions 0 and 2 (elements 0 and 1).
    Context ctx;
    HloModule m = parse_hlo(R"(
p0 = f32[3] parameter(0)
c = f32[] constant(0)
rw = f32[3] reduce-window(p0, c), window={size=2 lhs_dilate=2 rhs_dilate=2}, to_apply=add
)");
    EXPECT_TRUE(testing::map_set_equivalent(
        out_to_in(ctx, m, 0),
        {"(d0)[s0] -> ((d0 + s0 * 2) floordiv 2), domain: d0 in [0, 2], s0 in [0, 1], "
         "(d0 + s0 * 2) mod 2 in [0, 0], d0 + s0 * 2 in [0, 4]"}));
}

TEST(ConcatenateIndexing, ZeroSizedOperandIsKnownEmpty) {
    Context ctx;
    HloModule m = parse_hlo(R"(
p0 = f32[2, 0] parameter(0)
p1 = f32[2, 3] parameter(1)
c = f32[2, 3] concatenate(p0, p1), dimensions={1}
)");
    IndexingMapSet maps = out_to_in(ctx, m, 0);
    ASSERT_EQ(maps.size(), 1u);
    EXPECT_TRUE(maps[0].is_known_empty());
    EXPECT_TRUE(map_set_is(out_to_in(ctx, m, 1),
                           {"(d0, d1) -> (d0, d1), domain: d0 in [0, 1], d1 in [0, 2]"}, true,
                           true));
}

TEST(ReduceIndexing, SecondOutputOfVariadicReduce) {
    Context ctx;
    HloModule m = parse_hlo(R"(
p0 = f32[4, 6] parameter(0)
p1 = s32[4, 6] parameter(1)
c0 = f32[] constant(0)
c1 = s32[] constant(0)
r = (f32[6], s32[6]) reduce(p0, p1, c0, c1), dimensions={0}, to_apply=argmax
)");
    EXPECT_TRUE(map_set_is(out_to_in(ctx, m, 1, 1),
                           {"(d0)[s0] -> (s0, d0), domain: d0 in [0, 5], s0 in [0, 3]"}, true,
                           true));
    EXPECT_TRUE(
        map_set_is(in_to_out(ctx, m, 3, 1), {"()[s0] -> (s0), domain: s0 in [0, 5]"}, true, true));
    auto bad = output_to_input_indexing(ctx, m, instruction(m), 2);
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("reduce: has no output 2"), std::string::npos);
}

TEST(ElementwiseIndexing, ScalarOperandOfClampIsReadWhole) {
    Context ctx;
    HloModule m = parse_hlo(R"(
lo = f32[] parameter(0)
x = f32[3, 4] parameter(1)
hi = f32[] parameter(2)
c = f32[3, 4] clamp(lo, x, hi)
)");
    EXPECT_TRUE(map_set_is(out_to_in(ctx, m, 0),
                           {"(d0, d1) -> (), domain: d0 in [0, 2], d1 in [0, 3]"}, true, true));
    EXPECT_TRUE(map_set_is(in_to_out(ctx, m, 2),
                           {"()[s0, s1] -> (s0, s1), domain: s0 in [0, 2], s1 in [0, 3]"}, true,
                           true));
}

TEST(ElementwiseIndexing, MismatchedShapesAreAnErrorAtTheOperation) {
    std::string e = analysis_error(R"(p0 = f32[4] parameter(0)
p1 = f32[5] parameter(1)
a = f32[4] add(p0, p1)
)");
    EXPECT_EQ(e.rfind("test.hlo:3:12: error: add: operand 1 has shape f32[5], expected the "
                      "output's dimensions f32[4]",
                      0),
              0u)
        << e;
}

TEST(TransposeIndexing, NonPermutationIsAnError) {
    std::string e = analysis_error(
        "p0 = f32[4,5] parameter(0)\nt = f32[5,4] transpose(p0), "
        "dimensions={1,1}\n");
    EXPECT_NE(e.find("transpose: dimensions={1, 1} is not a permutation"), std::string::npos) << e;
}

TEST(GatherIndexing, OtherThanTheSimplifiedFormIsUnknown) {
    for (const char* attrs :
         {"offset_dims={1}, collapsed_slice_dims={0}, start_index_map={0}, index_vector_dim=1, "
          "slice_sizes={1,76}",
          "offset_dims={1}, collapsed_slice_dims={}, operand_batching_dims={0}, "
          "start_indices_batching_dims={0}, start_index_map={1}, index_vector_dim=1, "
          "slice_sizes={1,76}"}) {
        HloModule m = testing::parse_hlo(std::string(R"(
operand = f32[10,76] parameter(0)
indices = s32[10,1] parameter(1)
g = f32[10,76] gather(operand, indices), )") +
                                         attrs + "\n");
        Context ctx;
        const HloInstruction& g = testing::instruction(m);
        auto out = output_to_input_indexing(ctx, m, g);
        ASSERT_TRUE(out) << out.error().message;
        ASSERT_EQ(out->size(), 2u);
        EXPECT_TRUE((*out)[0].is_unknown()) << attrs;
        EXPECT_TRUE((*out)[1].is_unknown()) << attrs;
        auto in = input_to_output_indexing(ctx, m, g, 0);
        ASSERT_TRUE(in) << in.error().message;
        EXPECT_TRUE(in->is_unknown());
    }
}

// The slice sizes are checked against the operand's dimensions one by one:
// only after the ranks are found equal (a longer output read past them).
TEST(DynamicSliceIndexing, OutputOfAnotherRankIsAnError) {
    std::string e = analysis_error(R"(
src = f32[4] parameter(0)
o = s32[] parameter(1)
ds = f32[2,3,5,7] dynamic-slice(src, o), dynamic_slice_sizes={2,3,5,7}
)");
    EXPECT_NE(e.find("dynamic-slice: output f32[2,3,5,7] and operand f32[4] differ in rank"),
              std::string::npos)
        << e;
    e = analysis_error(R"(
src = f32[4,6] parameter(0)
o = s32[] parameter(1)
ds = f32[2] dynamic-slice(src, o, o), dynamic_slice_sizes={2}
)");
    EXPECT_NE(e.find("dynamic-slice: output f32[2] and operand f32[4,6] differ in rank"),
              std::string::npos)
        << e;
}

// 2^32 kernel input features times 2^32 + 1 groups is 2^64 + 2^32: the
// product wrapped to 2^32, the input's feature count, and the op passed.
TEST(ConvolutionIndexing, FeatureGroupProductBeyondInt64IsAnError) {
    std::string e = analysis_error(R"(
in = f32[1,4294967296] parameter(0)
k = f32[4294967296,4294967297] parameter(1)
c = f32[1,4294967297] convolution(in, k), dim_labels=bf_io->bf, feature_group_count=4294967297
)");
    EXPECT_NE(e.find("convolution: the input's 4294967296 features are not "
                     "feature_group_count=4294967297 times the kernel's 4294967296 input "
                     "features"),
              std::string::npos)
        << e;
}

TEST(DynamicSliceIndexing, SliceLargerThanOperandIsAnError) {
    std::string e = analysis_error(R"(
src = f32[4] parameter(0)
o = s32[] parameter(1)
ds = f32[5] dynamic-slice(src, o), dynamic_slice_sizes={5}
)");
    EXPECT_NE(e.find("slice size 5 of dimension 0 exceeds the operand's 4"), std::string::npos)
        << e;
}

TEST(DotIndexing, MissingContractionPairIsAnError) {
    std::string e = analysis_error(R"(
a = f32[4, 5] parameter(0)
b = f32[5, 6] parameter(1)
d = f32[4, 6] dot(a, b), lhs_contracting_dims={1}
)");
    EXPECT_NE(e.find("dot: batch and contracting dimensions must pair up"), std::string::npos) << e;
}

TEST(TupleIndexing, OutputKReadsOperandK) {
    Context ctx;
    HloModule m = parse_hlo(R"(
a = f32[2] parameter(0)
b = f32[3] parameter(1)
t = (f32[2], f32[3]) tuple(a, b)
)");
    EXPECT_TRUE(
        map_set_is(out_to_in(ctx, m, 1, 1), {"(d0) -> (d0), domain: d0 in [0, 2]"}, true, true));
    EXPECT_TRUE(out_to_in(ctx, m, 0, 1).empty());
}

TEST(GeneratorIndexing, ConstantReadsNothingAndFeedsEveryOutput) {
    Context ctx;
    HloModule m = parse_hlo("c = f32[2, 3] constant({{1, 2, 3}, {4, 5, 6}})\n");
    auto g = generator_indexing(ctx, m, instruction(m));
    ASSERT_TRUE(g);
    EXPECT_TRUE(map_set_is({g->output_to_input},
                           {"(d0, d1) -> (), domain: d0 in [0, 1], d1 in [0, 2]"}, true, true));
    EXPECT_TRUE(map_set_is({g->input_to_output},
                           {"()[s0, s1] -> (s0, s1), domain: s0 in [0, 1], s1 in [0, 2]"}, true,
                           true));
}

TEST(GeneratorIndexing, IotaNeedsAValidDimension) {
    Context ctx;
    HloModule m = parse_hlo("i = s32[4] iota(), iota_dimension=1\n");
    auto g = generator_indexing(ctx, m, instruction(m));
    ASSERT_FALSE(g);
    EXPECT_NE(g.error().message.find("iota: needs 'iota_dimension=N'"), std::string::npos);
}

}  // namespace
}  // namespace provix::hlo
