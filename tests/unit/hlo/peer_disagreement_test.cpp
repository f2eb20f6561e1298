// The peer suite's documented disagreements with XLA's expectations
// (tests/peer/xla_analysis_*.hlo, `WHY:` lines), each checked by evaluating
// the case's HLO on its inputs: provix's maps name exactly what the
// operation reads, and XLA's stated map does not.

#include <gtest/gtest.h>

#include "hlo_test_util.h"
#include "provix/hlo/computation_indexing.h"
#include "provix/hlo/hlo_parser.h"
#include "provix/hlo/op_indexing.h"
#include "reference_check.h"
#include "reference_ops.h"

namespace provix::hlo::testing {
namespace {

/// The in-bounds image of one map at `dims` (runtime variables `rt`).
std::set<Index> image_of(const IndexingMap& m, const Index& dims, const Dims& target,
                         const Index& rt = {}) {
    std::string error;
    RtFn fn = [&](int64_t, const Index&, const Index&) { return rt; };
    auto out = image(IndexingMapSet{m}, dims, target, fn, 0, error);
    EXPECT_EQ(error, "");
    return out;
}

IndexingMapSet root_maps(Context& ctx, const HloModule& module, int64_t operand) {
    const HloComputation& entry = module.entry_computation();
    ComputationValues values(ctx, module, entry, entry.root, nullptr);
    auto sets = output_to_input_indexing(ctx, module, entry.root_instruction(), 0, &values);
    EXPECT_TRUE(sets) << (sets ? "" : sets.error().message);
    return sets ? (*sets)[static_cast<size_t>(operand)] : IndexingMapSet{};
}

TEST(PeerDisagreements, ConstantOffsetOutsideTheRangeIsClamped) {
    HloModule module = parse_hlo(R"(
fused_computation {
  p0 = s32[100] parameter(0)
  offset = s64[] constant(99)
  ROOT dynamic-slice = s32[10] dynamic-slice(p0, offset), dynamic_slice_sizes={10}
}
ENTRY main {
  p0 = s32[100] parameter(0)
  ROOT fusion = s32[10] fusion(p0), kind=kInput, calls=fused_computation
})");
    Context ctx;
    IndexingMapSet maps = root_maps(ctx, module, 0);
    ASSERT_EQ(maps.size(), 1u);
    IndexingMap xla =
        parse_map(ctx, "(d0){rt0} -> (d0 + rt0), domain: d0 in [0, 9], rt0 in [0, 90]");
    bool xla_differs = false;
    for (int64_t d0 = 0; d0 < 10; ++d0) {
        // dynamic-slice clamps the start 99 to 100 - 10 = 90.
        std::set<Index> reads{{90 + d0}};
        EXPECT_EQ(image_of(maps[0], {d0}, {100}), reads) << "d0 = " << d0;
        // XLA's rt0 stands for the constant's value, 99.
        xla_differs |= image_of(xla, {d0}, {100}, {99}) != reads;
    }
    EXPECT_TRUE(xla_differs);
}

TEST(PeerDisagreements, RuntimeVariablesNarrowedToAConditionAreKept) {
    // p1 is element 2 of the concatenate: the dynamic-slice reads it at
    // output 1 when the clamped offset is 1, and not at all when it is 0.
    // Simplification narrows rt0 to [1, 1] and the map no longer uses it:
    // dropping it, as XLA drops unused runtime variables, would read p1
    // whatever the offset.
    HloModule module = parse_hlo(R"(
p0 = f32[2] parameter(0)
p1 = f32[1] parameter(1)
off = s32[] parameter(2)
cat = f32[3] concatenate(p0, p1), dimensions={0}
ROOT ds = f32[2] dynamic-slice(cat, off), dynamic_slice_sizes={2}
)");
    Context ctx;
    auto sets = computation_output_to_input(ctx, module, module.entry_computation());
    ASSERT_TRUE(sets) << sets.error().message;
    const IndexingMapSet& p1 = (*sets)[1];
    ASSERT_EQ(p1.size(), 1u);
    ASSERT_EQ(p1[0].num_rt_vars(), 1) << p1[0].to_string();
    for (int64_t offset : {0, 1}) {
        for (int64_t d0 : {0, 1}) {
            std::set<Index> reads;
            if (offset == 1 && d0 == 1) reads = {{0}};
            EXPECT_EQ(image_of(p1[0], {d0}, {1}, {offset}), reads)
                << "offset " << offset << ", d0 = " << d0;
        }
    }
}

TEST(PeerDisagreements, IotaStartIndicesAreClamped) {
    HloModule module = parse_hlo(R"(
fused_computation {
  p0 = f32[33,76] parameter(0)
  iota = s64[42,1] iota(), iota_dimension=0
  ROOT gather = f32[42,1,1] gather(p0, iota), offset_dims={1,2}, collapsed_slice_dims={},
    start_index_map={0}, index_vector_dim=1, slice_sizes={1,1}
}
ENTRY main {
  p0 = f32[33,76] parameter(0)
  ROOT fusion = f32[42,1,1] fusion(p0), kind=kInput, calls=fused_computation
})");
    Context ctx;
    IndexingMapSet maps = root_maps(ctx, module, 0);
    ASSERT_EQ(maps.size(), 1u);
    IndexingMap xla = parse_map(
        ctx, "(d0, d1, d2) -> (d0, 0), domain: d0 in [0, 41], d1 in [0, 0], d2 in [0, 0]");
    bool xla_differs = false;
    for (int64_t d0 = 0; d0 < 42; ++d0) {
        // Row d0's start index is the iota's d0, clamped to [0, 33 - 1].
        std::set<Index> reads{{std::min<int64_t>(d0, 32), 0}};
        EXPECT_EQ(image_of(maps[0], {d0, 0, 0}, {33, 76}), reads) << "d0 = " << d0;
        xla_differs |= image_of(xla, {d0, 0, 0}, {33, 76}) != reads;
    }
    EXPECT_TRUE(xla_differs);
}

/// The peer cases' convolutions (dim_labels b01f_i01o->b01f, 2 spatial
/// dimensions) as reference instances.
ConvSpec peer_convolution(Dims in_spatial, Dims size, Dims stride, Dims low, Dims high,
                          Dims base_dilation) {
    ConvSpec c;
    c.in_pos = {0, 3, 1, 2};
    c.kernel_pos = {0, 3, 1, 2};
    c.out_pos = {0, 3, 1, 2};
    c.in_features = 4;
    c.out_features = 8;
    c.in_spatial = in_spatial;
    c.size = size;
    c.stride = stride;
    c.low = low;
    c.high = high;
    c.base_dilation = base_dilation;
    c.window_dilation = {1, 1};
    return c;
}

/// True if `xla_map` names, at some output element, a different set of
/// operand `operand` elements than the reference reads.
bool map_differs_from_reference(const OpInstance& op, int64_t operand, const IndexingMap& xla) {
    for (const Index& o : all_indices(op.out_dims)) {
        auto it = op.reads[static_cast<size_t>(operand)].find(o);
        std::set<Index> want =
            it == op.reads[static_cast<size_t>(operand)].end() ? std::set<Index>{} : it->second;
        if (image_of(xla, o, op.operand_dims[static_cast<size_t>(operand)]) != want) return true;
    }
    return false;
}

constexpr const char* kKernelMapPadding =
    "(d0, d1, d2, d3)[s0, s1, s2] -> (s2, s0, s1, d3), domain: d0 in [0, 0], d1 in [0, 5], "
    "d2 in [0, 4], d3 in [0, 7], s0 in [0, 2], s1 in [0, 4], s2 in [0, 3]";
constexpr const char* kKernelMapLhsDilation =
    "(d0, d1, d2, d3)[s0, s1, s2] -> (s2, s0, s1, d3), domain: d0 in [0, 0], d1 in [0, 20], "
    "d2 in [0, 14], d3 in [0, 7], s0 in [0, 2], s1 in [0, 4], s2 in [0, 3]";

TEST(PeerDisagreements, ConvolutionKernelIsNotReadOverPadding) {
    Context ctx;
    // ConvolutionOp_PaddingAndWindowStride.
    OpInstance padded =
        convolution_instance(peer_convolution({12, 10}, {3, 5}, {2, 2}, {1, 2}, {1, 2}, {1, 1}));
    EXPECT_EQ(padded.out_dims, (Dims{1, 6, 5, 8}));
    EXPECT_EQ(check_instance(padded), "");
    EXPECT_TRUE(map_differs_from_reference(padded, 1, parse_map(ctx, kKernelMapPadding)));
    // ConvolutionOp_LhsDilation.
    OpInstance dilated =
        convolution_instance(peer_convolution({12, 10}, {3, 5}, {1, 1}, {0, 0}, {0, 0}, {2, 2}));
    EXPECT_EQ(dilated.out_dims, (Dims{1, 21, 15, 8}));
    EXPECT_EQ(check_instance(dilated), "");
    EXPECT_TRUE(map_differs_from_reference(dilated, 1, parse_map(ctx, kKernelMapLhsDilation)));
}

TEST(PeerDisagreements, ConvolutionBatchGroupReadsOneGroup) {
    Context ctx;
    // ConvolutionOp_BatchGroups: f32[14,12,10,4] x f32[4,3,5,21], 7 groups.
    ConvSpec c = peer_convolution({12, 10}, {3, 5}, {1, 1}, {0, 0}, {0, 0}, {1, 1});
    c.batch_group_count = 7;
    c.out_features = 21;
    c.out_batch = 2;
    OpInstance op = convolution_instance(c);
    EXPECT_EQ(op.operand_dims[0], (Dims{14, 12, 10, 4}));
    EXPECT_EQ(check_instance(op), "");
    IndexingMap xla = parse_map(ctx,
                                "(d0, d1, d2, d3)[s0, s1, s2, s3] -> (d0 + s3 * 2, d1 + s0, d2 + "
                                "s1, s2), domain: d0 in [0, 1], d1 in [0, 9], d2 in [0, 5], d3 in "
                                "[0, 20], s0 in [0, 2], s1 in [0, 4], s2 in [0, 3], s3 in [0, 6]");
    EXPECT_TRUE(map_differs_from_reference(op, 0, xla));
}

TEST(PeerDisagreements, DynamicUpdateSliceReadsTheBaseOutsideTheWindowOnly) {
    // DynamicUpdateSliceOp: a 5x10 update written into 20x30 at (rt0, rt1).
    HloModule module = parse_hlo(R"(
ENTRY e {
  src = s32[20,30] parameter(0)
  upd = s32[5,10] parameter(1)
  of1 = s32[] parameter(2)
  of2 = s32[] parameter(3)
  ROOT dus = s32[20,30] dynamic-update-slice(src, upd, of1, of2)
})");
    Context ctx;
    const IndexingMapSet base = root_maps(ctx, module, 0), update = root_maps(ctx, module, 1);
    IndexingMap xla_base =
        parse_map(ctx, "(d0, d1) -> (d0, d1), domain: d0 in [0, 19], d1 in [0, 29]");
    IndexingMap xla_update = parse_map(ctx,
                                       "(d0, d1){rt0, rt1} -> (d0 - rt0, d1 - rt1), domain: d0 in "
                                       "[0, 19], d1 in [0, 29], rt0 in [0, 15], rt1 in [0, 20]");
    auto image_of_set = [&](const IndexingMapSet& maps, const Index& o, const Dims& target,
                            const Index& rt) {
        std::set<Index> out;
        for (const IndexingMap& m : maps) {
            std::set<Index> one = image_of(m, o, target, rt);
            out.insert(one.begin(), one.end());
        }
        return out;
    };
    bool xla_base_differs = false;
    for (const Index& start : {Index{0, 0}, Index{15, 20}, Index{7, 3}}) {
        for (const Index& o : all_indices({20, 30})) {
            const Index u{o[0] - start[0], o[1] - start[1]};
            const bool inside = u[0] >= 0 && u[0] < 5 && u[1] >= 0 && u[1] < 10;
            const std::set<Index> base_reads = inside ? std::set<Index>{} : std::set<Index>{o};
            const std::set<Index> update_reads = inside ? std::set<Index>{u} : std::set<Index>{};
            EXPECT_EQ(image_of_set(base, o, {20, 30}, start), base_reads) << index_text(o);
            EXPECT_EQ(image_of_set(update, o, {5, 10}, start), update_reads) << index_text(o);
            xla_base_differs |= image_of(xla_base, o, {20, 30}) != base_reads;
        }
    }
    EXPECT_TRUE(xla_base_differs);
    // XLA's update map names elements the update does not have: output
    // (19, 29) with the window at (0, 0) reads update element (19, 29).
    EXPECT_EQ(*xla_update.evaluate({19, 29, 0, 0}), (std::vector<int64_t>{19, 29}));
    EXPECT_EQ(xla_update.membership({19, 29, 0, 0}), Membership::Inside);
}

}  // namespace
}  // namespace provix::hlo::testing
