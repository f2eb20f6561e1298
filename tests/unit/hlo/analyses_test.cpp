// Operand utilization, coalescing and tile propagation, checked against
// brute-force evaluation of the HLO on small shapes (the reference reads of
// reference_ops.h): the number of distinct elements read, the strides
// between consecutive threads' reads, and the footprint of every tile.

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "hlo_test_util.h"
#include "provix/hlo/analyze.h"
#include "provix/hlo/coalescing.h"
#include "provix/hlo/computation_indexing.h"
#include "provix/hlo/hlo_parser.h"
#include "provix/hlo/tiling.h"
#include "provix/hlo/utilization.h"
#include "reference_check.h"
#include "reference_ops.h"

#ifdef PROVIX_HLO_TESTS_HAVE_SOLVERS
#include "provix/solvers/image_count.h"
#endif

namespace provix::hlo::testing {
namespace {

/// A chain of random unary steps on parameter p0 (a fusion's body when it
/// has several steps), with its reference reads (output -> p0 elements).
struct Chain {
    std::string hlo;
    Dims in, in_layout, out, out_layout;
    Reads reads;
};

Chain random_chain(int max_steps) {
    Chain c;
    c.in = random_dims(0, 3, 4);
    if (*rc::gen::arbitrary<bool>()) {
        c.in_layout = random_permutation(static_cast<int64_t>(c.in.size()));
    }
    UnaryChain chain = random_unary_chain(c.in, c.in_layout, max_steps);
    c.hlo = std::move(chain.hlo);
    c.reads = std::move(chain.reads);
    c.out = chain.out_dims;
    c.out_layout = chain.out_layout;
    return c;
}

IndexingMapSet chain_maps(Context& ctx, const Chain& c, HloModule& module) {
    auto m = parse_hlo_module(c.hlo, "chain.hlo");
    RC_ASSERT(static_cast<bool>(m));
    module = std::move(*m);
    auto sets = computation_output_to_input(ctx, module, module.entry_computation());
    RC_ASSERT(static_cast<bool>(sets));
    return (*sets)[0];
}

int64_t reference_count(const Reads& reads) {
    std::set<Index> all;
    for (const auto& [o, xs] : reads)
        all.insert(xs.begin(), xs.end());
    return static_cast<int64_t>(all.size());
}

#ifdef PROVIX_HLO_TESTS_HAVE_SOLVERS
ElementCount isl_count(const IndexingMapSet& maps) {
    solvers::ImageCount c = solvers::count_image_points({maps.begin(), maps.end()});
    return ElementCount{c.count, c.method, c.reason};
}
#endif

RC_GTEST_PROP(Utilization, CountsMatchBruteForceOnRandomChains, ()) {
    Chain c = random_chain(3);
    Context ctx;
    HloModule module;
    IndexingMapSet maps = chain_maps(ctx, c, module);
    const int64_t want = reference_count(c.reads);
    ElementCount engine = count_read_elements(maps, c.in);
    RC_LOG() << c.hlo << maps.size() << " maps, reference " << want << "\n";
    RC_ASSERT(engine.count.has_value());
    RC_ASSERT(*engine.count == want);
#ifdef PROVIX_HLO_TESTS_HAVE_SOLVERS
    ElementCount isl = isl_count(maps);
    RC_LOG() << "isl: " << isl.method << " " << isl.reason << "\n";
    RC_ASSERT(isl.count.has_value());
    RC_ASSERT(*isl.count == want);
#endif
}

RC_GTEST_PROP(Utilization, CountsMatchBruteForceOnOperations, ()) {
    // Operations with several operands (dot, concatenate, pad with its
    // value, convolution, variadic reduce) and each of their operands.
    int which = *rc::gen::inRange(0, 5);
    OpInstance op = which == 0   ? random_dot()
                    : which == 1 ? random_concatenate()
                    : which == 2 ? random_pad_with_value()
                    : which == 3 ? random_convolution()
                                 : random_variadic_reduce();
    Context ctx;
    auto module = parse_hlo_module(op.hlo, "op.hlo");
    RC_ASSERT(static_cast<bool>(module));
    auto sets = computation_output_to_input(ctx, *module, module->entry_computation());
    RC_ASSERT(static_cast<bool>(sets));
    for (size_t j = 0; j < op.reads.size(); ++j) {
        if (!op.exact[j]) continue;  // documented over-approximations
        ElementCount n = count_read_elements((*sets)[j], op.operand_dims[j]);
        RC_LOG() << op.hlo << "operand " << j << ": " << n.reason << "\n";
        RC_ASSERT(n.count.has_value());
        RC_ASSERT(*n.count == reference_count(op.reads[j]));
    }
}

/// The report of `analyze_hlo_text` on `hlo` (read as `file`) with
/// `options`; a failed analysis fails the test and gives "".
std::string report_of(const char* hlo, const char* file, const AnalyzeOptions& options) {
    Context ctx;
    auto r = analyze_hlo_text(ctx, hlo, file, options);
    EXPECT_TRUE(r) << (r ? "" : r.error().message);
    return r ? r->text : "";
}

/// The utilization report of `hlo`.
std::string utilization_of(const char* hlo) {
    AnalyzeOptions o;
    o.utilization = true;
    return report_of(hlo, "g.hlo", o);
}

TEST(Utilization, GatherWithIotaIndicesIsExactAndRuntimeIndicesAreUnknown) {
    // Rows 0..7 start at min(2 * i, 5) in a dimension of 8 with slices of 3:
    // rows 0, 2, 4 start at 0, 2, 4 and the rest at 5: elements 0..7 of
    // every column read -> 8 * 4 = 32 of 32.
    EXPECT_EQ(utilization_of(R"(
p0 = f32[8,4] parameter(0)
iota = s32[8,1] iota(), iota_dimension=0
two = s32[] constant(2)
b = s32[8,1] broadcast(two), dimensions={}
starts = s32[8,1] multiply(iota, b)
ROOT g = f32[8,3,4] gather(p0, starts), offset_dims={1,2}, collapsed_slice_dims={},
  start_index_map={0}, index_vector_dim=1, slice_sizes={3,4}
)"),
              "// operand 0: p0 utilization 32/32\n// iota: iota utilization 8/8\n"
              "// constant: two utilization 1/1\n");
    EXPECT_EQ(utilization_of(R"(
p0 = f32[8,4] parameter(0)
i = s32[2,1] parameter(1)
ROOT g = f32[2,3,4] gather(p0, i), offset_dims={1,2}, collapsed_slice_dims={},
  start_index_map={0}, index_vector_dim=1, slice_sizes={3,4}
)"),
              "// operand 0: p0 utilization unknown (depends on runtime values)\n"
              "// operand 1: i utilization 2/2\n");
}

// Reads the analysis must enumerate (the indices are iota * iota) of an
// operand whose offsets exceed int64: unknown, without computing them.
TEST(Utilization, EnumerationOfAnOperandBeyondInt64IsUnknown) {
    EXPECT_EQ(utilization_of(R"(operand = f32[4,4611686018427387904] parameter(0)
io = s32[3,1] iota(), iota_dimension=0
idx = s32[3,1] multiply(io, io)
ROOT g = f32[3,1,1] gather(operand, idx), offset_dims={1,2}, collapsed_slice_dims={}, start_index_map={0}, index_vector_dim=1, slice_sizes={1,1}
)"),
              "// operand 0: operand utilization unknown (size beyond int64)\n"
              "// iota: io utilization 3/3\n");
}

TEST(Utilization, EnumerationStopsAtItsBudgetWithAnHonestUnknown) {
    Context ctx;
    IndexingMap m = parse_map(ctx,
                              "(d0, d1) -> (d0 floordiv 3, d1), domain: d0 in [0, 999], "
                              "d1 in [0, 999], d0 + d1 in [0, 1500]");
    CountLimits limits;
    limits.max_points = 1000;
    ElementCount c = count_read_elements(IndexingMapSet{m}, {334, 1000}, nullptr, limits);
    EXPECT_FALSE(c.count.has_value());
    EXPECT_EQ(c.reason, "more than 1000 domain points to enumerate");
}

/// The strides between consecutive threads' reads, by brute force: the
/// output's elements in layout order, blocks of `threads`, each read's
/// physical offset in the operand.
std::set<int64_t> reference_strides(const Chain& c, int64_t threads) {
    auto physical = [](const Index& x, const Dims& dims, const Dims& layout_in) {
        Dims layout = layout_in;
        if (layout.empty()) {
            for (size_t k = dims.size(); k-- > 0;)
                layout.push_back(static_cast<int64_t>(k));
        }
        int64_t offset = 0, stride = 1;
        for (int64_t d : layout) {
            offset += x[static_cast<size_t>(d)] * stride;
            stride *= dims[static_cast<size_t>(d)];
        }
        return offset;
    };
    std::map<int64_t, Index> order;
    for (const Index& o : all_indices(c.out))
        order[physical(o, c.out, c.out_layout)] = o;
    std::set<int64_t> strides;
    for (const auto& [l, o] : order) {
        if (l % threads == threads - 1) continue;
        auto next = order.find(l + 1);
        if (next == order.end()) continue;
        auto a = c.reads.find(o), b = c.reads.find(next->second);
        if (a == c.reads.end() || b == c.reads.end()) continue;
        // One element per thread for these operations.
        strides.insert(physical(*b->second.begin(), c.in, c.in_layout) -
                       physical(*a->second.begin(), c.in, c.in_layout));
    }
    return strides;
}

RC_GTEST_PROP(Coalescing, StridesMatchBruteForce, ()) {
    // Operations where each output element reads one element: transpose
    // (with and without layout change), broadcast, reverse, strided slice,
    // bitcast, reshape, and pad (read on part of the output only: a pair of
    // threads counts only where both read).
    Dims in = random_dims(1, 3, 4);
    Dims layout;
    if (*rc::gen::arbitrary<bool>()) layout = random_permutation(static_cast<int64_t>(in.size()));
    int which = *rc::gen::inRange(0, 7);
    UnaryStep step = which == 6   ? random_pad(in, layout, "p0", "r")
                     : which == 0 ? random_transpose(in, layout, "p0", "r")
                     : which == 1 ? random_broadcast(in, layout, "p0", "r")
                     : which == 2 ? random_reverse(in, layout, "p0", "r")
                     : which == 3 ? random_slice(in, layout, "p0", "r")
                     : which == 4 ? random_bitcast(in, layout, "p0", "r")
                                  : random_reshape(in, layout, "p0", "r");
    Chain c;
    c.hlo = "p0 = " + shape_text(in, layout) + " parameter(0)\n" + step.lines;
    c.in = in;
    c.in_layout = layout;
    c.out = step.out_dims;
    c.out_layout = step.out_layout;
    c.reads = step.reads;
    Context ctx;
    HloModule module;
    IndexingMapSet maps = chain_maps(ctx, c, module);
    int64_t threads = *rc::gen::inRange<int64_t>(2, 9);
    const HloComputation& comp = module.entry_computation();
    Coalescing got = analyze_coalescing(maps, comp.root_instruction().shape,
                                        comp.instruction(comp.parameters[0]).shape, threads);
    std::set<int64_t> want = reference_strides(c, threads);
    RC_LOG() << c.hlo << "threads " << threads << ": " << to_string(got) << "\n";
    RC_ASSERT(got.known);
    RC_ASSERT(std::set<int64_t>(got.strides.begin(), got.strides.end()) == want);
}

std::string coalescing_of(const char* hlo, int64_t threads) {
    AnalyzeOptions o;
    o.threads = threads;
    return report_of(hlo, "c.hlo", o);
}

// The operand's strides are products of its dimensions: beyond int64 the
// answer is unknown, not a wrapped stride (2^64 read as 0 said "coalesced").
TEST(Coalescing, OperandStridesBeyondInt64AreUnknown) {
    EXPECT_EQ(coalescing_of("p = f32[2,4611686018427387904,4] parameter(0)\n"
                            "ROOT s = f32[2,1,1] slice(p), slice={[0:2],[0:1],[0:1]}\n",
                            2),
              "// operand 0: p coalesced unknown (the strides of "
              "f32[2,4611686018427387904,4] exceed int64)\n");
}

TEST(Coalescing, TransposeReadsAcrossRowsUnlessTheLayoutFollows) {
    EXPECT_EQ(coalescing_of("p0 = f32[64,32] parameter(0)\n"
                            "ROOT t = f32[32,64] transpose(p0), dimensions={1,0}\n",
                            128),
              "// operand 0: p0 coalesced no, strides -2015, 32\n");
    // The output's layout {0,1} makes the transpose a copy in memory order.
    EXPECT_EQ(coalescing_of("p0 = f32[64,32] parameter(0)\n"
                            "ROOT t = f32[32,64]{0,1} transpose(p0), dimensions={1,0}\n",
                            128),
              "// operand 0: p0 coalesced yes, stride 1\n");
}

// A concatenate's operands and a pad's are read on part of the output:
// only pairs of consecutive threads that both read them count (the pair
// across the seam, (0, 5) and (1, 0), reads p1 then p0).
TEST(Coalescing, OperandsReadOnPartOfTheOutputCountOnlyTheirPairs) {
    EXPECT_EQ(coalescing_of("p0 = f32[2,3] parameter(0)\n"
                            "p1 = f32[2,3] parameter(1)\n"
                            "ROOT c = f32[2,6] concatenate(p0, p1), dimensions={1}\n",
                            32),
              "// operand 0: p0 coalesced yes, stride 1\n"
              "// operand 1: p1 coalesced yes, stride 1\n");
    EXPECT_EQ(coalescing_of("p0 = f32[2,2] parameter(0)\n"
                            "v = f32[] parameter(1)\n"
                            "ROOT p = f32[2,4] pad(p0, v), padding=0_0x1_1\n",
                            8),
              "// operand 0: p0 coalesced yes, stride 1\n"
              "// operand 1: v coalesced yes, stride 0\n");
    // One element read: no pair of threads reads it both.
    EXPECT_EQ(coalescing_of("p0 = f32[1,1] parameter(0)\n"
                            "v = f32[] parameter(1)\n"
                            "ROOT p = f32[3,3] pad(p0, v), padding=1_1x1_1\n",
                            8),
              "// operand 0: p0 coalesced yes, no reads\n"
              "// operand 1: v coalesced yes, stride 0\n");
}

// The pad values of a pad of a pad, concatenated and flattened, are read by
// outputs 26, 29, 32, 59, 62, 65, 92, 95 and 98 alone: no two consecutive
// threads read them. The stride map's result is a constant, but its
// constraints hold nowhere: no stride (a constant one was reported).
TEST(Coalescing, AConstantStrideCountsOnlyWhereSomePairOfThreadsReads) {
    const char* hlo =
        "p0 = f32[1,1] parameter(0)\n"
        "p2 = f32[] parameter(1)\n"
        "pad.5 = f32[5,4] pad(p0, p2), padding=1_3_0x3_0_2\n"
        "pv.8 = f32[] constant(0)\n"
        "pad.7 = f32[10,8] pad(pad.5, pv.8), padding=-1_-2_2x1_-3_2\n"
        "p3 = f32[10,3] parameter(2)\n"
        "c = f32[10,11] concatenate(p3, pad.7), dimensions={1}\n"
        "ROOT r = f32[110] reshape(c)\n";
    for (int64_t threads : {2, 3, 8, 110}) {
        EXPECT_EQ(coalescing_of(hlo, threads),
                  "// operand 0: p0 coalesced yes, no reads\n"
                  "// operand 1: p2 coalesced yes, no reads\n"
                  "// operand 2: p3 coalesced yes, stride 1\n"
                  "// constant: pv.8 coalesced yes, stride 0\n")
            << threads;
    }
}

// A stride that is constant under constraints counts only where some pair
// of threads meets them; when the pairs are too many to enumerate the answer
// is unknown and says so.
TEST(Coalescing, AConstantStrideUnderConstraintsPastTheBudgetIsUnknown) {
    Context ctx;
    IndexingMapSet maps;
    maps.push_back(parse_map(ctx, "(d0) -> (d0), domain: d0 in [0, 99], d0 mod 3 in [0, 1]"));
    HloShape shape;
    shape.element_type = "f32";
    shape.dims = {100};
    const Coalescing enumerated = analyze_coalescing(maps, shape, shape, 8);
    EXPECT_EQ(to_string(enumerated), "coalesced yes, stride 1");
    const Coalescing past_budget = analyze_coalescing(maps, shape, shape, 8, 4);
    EXPECT_EQ(to_string(past_budget),
              "coalesced unknown (a constant stride under constraints, not decided whether any "
              "pair of consecutive threads meets them (more than 4 points))");
}

// Consecutive threads reading one operand through two of its maps: the
// pairs across them count too.
TEST(Coalescing, PairsAcrossTwoMapsOfAnOperandCount) {
    // (0, 2) reads p0 offset 2 and (0, 3) offset 0; (0, 5) offset 5 and
    // (1, 0) offset 3.
    EXPECT_EQ(coalescing_of("p0 = f32[2,3] parameter(0)\n"
                            "ROOT c = f32[2,6] concatenate(p0, p0), dimensions={1}\n",
                            32),
              "// operand 0: p0 coalesced no, strides -2, 1\n");
    EXPECT_EQ(coalescing_of("p0 = f32[1] parameter(0)\n"
                            "ROOT c = f32[3] concatenate(p0, p0, p0), dimensions={0}\n",
                            4),
              "// operand 0: p0 coalesced yes, stride 0\n");
}

TEST(Coalescing, BroadcastReverseStridedSliceAndGather) {
    EXPECT_EQ(coalescing_of("p0 = f32[16] parameter(0)\n"
                            "ROOT b = f32[16,16] broadcast(p0), dimensions={0}\n",
                            32),
              "// operand 0: p0 coalesced yes, strides 0, 1\n");
    EXPECT_EQ(coalescing_of("p0 = f32[16] parameter(0)\n"
                            "ROOT r = f32[16] reverse(p0), dimensions={0}\n",
                            8),
              "// operand 0: p0 coalesced no, stride -1\n");
    EXPECT_EQ(coalescing_of("p0 = f32[64] parameter(0)\n"
                            "ROOT s = f32[32] slice(p0), slice={[0:64:2]}\n",
                            8),
              "// operand 0: p0 coalesced no, stride 2\n");
    EXPECT_EQ(coalescing_of("p0 = f32[8,4] parameter(0)\n"
                            "i = s32[2,1] parameter(1)\n"
                            "ROOT g = f32[2,3,4] gather(p0, i), offset_dims={1,2}, "
                            "collapsed_slice_dims={}, start_index_map={0}, index_vector_dim=1, "
                            "slice_sizes={3,4}\n",
                            8),
              "// operand 0: p0 coalesced unknown (depends on runtime values)\n"
              "// operand 1: i coalesced yes, strides 0, 1\n");
}

/// Every full tile's footprint (brute force) is the stated tile wherever
/// the stated constraints hold.
void check_tile(const Chain& c, const IndexingMapSet& maps, const std::vector<int64_t>& sizes) {
    RC_PRE(maps.size() == 1u);
    OperandTile tile = propagate_tile(maps.front(), c.out, sizes);
    RC_LOG() << c.hlo << "tile " << list_text(sizes) << ": " << to_string(tile) << "\n";
    RC_TAG(tile.is_tile ? "tile" : "not a tile");
    if (!tile.is_tile) return;
    Dims grid;
    for (size_t i = 0; i < sizes.size(); ++i)
        grid.push_back(c.out[i] / sizes[i]);
    for (const Index& t : all_indices(grid)) {
        bool holds = true;
        for (const Constraint& k : tile.constraints) {
            auto v = evaluate(k.expr, t);
            holds = holds && v && k.range.contains(*v);
        }
        if (!holds) continue;
        std::set<Index> footprint;
        Dims local(sizes.begin(), sizes.end());
        for (const Index& u : all_indices(local)) {
            Index o(t.size());
            for (size_t i = 0; i < t.size(); ++i)
                o[i] = t[i] * sizes[i] + u[i];
            auto it = c.reads.find(o);
            if (it != c.reads.end()) footprint.insert(it->second.begin(), it->second.end());
        }
        std::set<Index> box;
        Dims box_sizes(tile.sizes.begin(), tile.sizes.end());
        Index offsets;
        for (Expr e : tile.offsets)
            offsets.push_back(*evaluate(e, t));
        for (const Index& k : all_indices(box_sizes)) {
            Index x(k.size());
            for (size_t j = 0; j < k.size(); ++j)
                x[j] = offsets[j] + k[j] * tile.strides[j];
            box.insert(x);
        }
        RC_LOG() << "tile " << index_text(t) << "\n";
        RC_ASSERT(footprint == box);
    }
}

RC_GTEST_PROP(Tiling, FootprintsOfEveryTileMatchBruteForce, ()) {
    Chain c = random_chain(2);
    Context ctx;
    HloModule module;
    IndexingMapSet maps = chain_maps(ctx, c, module);
    std::vector<int64_t> sizes;
    for (int64_t d : c.out) {
        std::vector<int64_t> divisors;
        for (int64_t k = 1; k <= d; ++k) {
            if (d % k == 0) divisors.push_back(k);
        }
        RC_PRE(!divisors.empty());
        sizes.push_back(*rc::gen::elementOf(divisors));
    }
    check_tile(c, maps, sizes);
}

std::string tiles_of(const char* hlo, std::vector<int64_t> sizes) {
    AnalyzeOptions o;
    o.tile_sizes = std::move(sizes);
    return report_of(hlo, "t.hlo", o);
}

TEST(Tiling, ReshapeCollapseAndExpand) {
    // Collapse [4,8] -> [32]: a tile of 16 is two whole rows; of 4, half a row.
    const char* collapse = "p0 = f32[4,8] parameter(0)\nROOT r = f32[32] reshape(p0)\n";
    EXPECT_EQ(tiles_of(collapse, {16}),
              "// operand 0: p0 tile offsets (t0 * 2, 0) sizes (2, 8) strides (1, 1)\n");
    EXPECT_EQ(tiles_of(collapse, {4}),
              "// operand 0: p0 tile offsets (t0 floordiv 2, (t0 mod 2) * 4) sizes (1, 4) strides "
              "(1, 1)\n");
    EXPECT_EQ(tiles_of(collapse, {3}).rfind("// operand 0: p0 tile not a tile: result 0", 0), 0u);
    // Expand [32] -> [4,8]: a tile (2, 8) is contiguous, (2, 4) is not.
    const char* expand = "p0 = f32[32] parameter(0)\nROOT r = f32[4,8] reshape(p0)\n";
    EXPECT_EQ(tiles_of(expand, {2, 8}),
              "// operand 0: p0 tile offsets (t0 * 16) sizes (16) strides (1)\n");
    EXPECT_EQ(tiles_of(expand, {2, 4}),
              "// operand 0: p0 tile not a tile: result 0 (d0 * 8 + d1) takes values with gaps "
              "over a tile\n");
}

// Tile sizes come from the command line: a tile whose extent exceeds int64
// is no tile, never a wrapped size.
TEST(Tiling, TilesWhoseExtentExceedsInt64AreNoTiles) {
    EXPECT_EQ(tiles_of("p = f32[6] parameter(0)\nROOT r = f32[3,2] reshape(p)\n",
                       {2305843009213693953, 4611686018427387904}),
              "// operand 0: p tile not a tile: result 0 (d0 * 2 + d1) over a tile exceeds "
              "int64\n");
    EXPECT_EQ(tiles_of("p = f32[10] parameter(0)\nz = f32[] constant(0)\n"
                       "rw = f32[6] reduce-window(p, z), window={size=1 stride=2 pad=1_1}, "
                       "to_apply=add\nROOT r = f32[3,2] reshape(rw)\n",
                       {4611686018427387903, 8})
                  .rfind("// operand 0: p tile not a tile: the map's constraint (d0 * 2 + d1) "
                         "over a tile exceeds int64\n",
                         0),
              0u);
}

TEST(Tiling, OperandsDefinedOnPartOfTheOutputGiveTilesUnderConditions) {
    EXPECT_EQ(tiles_of("p0 = f32[8] parameter(0)\np1 = f32[8] parameter(1)\n"
                       "ROOT c = f32[16] concatenate(p0, p1), dimensions={0}\n",
                       {4}),
              "// operand 0: p0 tile offsets (t0 * 4) sizes (4) strides (1) if t0 * 4 in [0, 4]\n"
              "// operand 1: p1 tile offsets (t0 * 4 - 8) sizes (4) strides (1) if t0 * 4 in "
              "[8, 12]\n");
    // A reshape of a concatenation: rows 1..3 lie wholly in p1; no row of
    // 8 lies in p0's 2 elements.
    EXPECT_EQ(tiles_of("p0 = f32[2] parameter(0)\np1 = f32[30] parameter(1)\n"
                       "c = f32[32] concatenate(p0, p1), dimensions={0}\n"
                       "ROOT r = f32[4, 8] reshape(c)\n",
                       {1, 8}),
              "// operand 0: p0 tile not a tile: no tile of output dimension 1 lies where the map "
              "is defined\n"
              "// operand 1: p1 tile offsets (t0 * 8 - 2) sizes (8) strides (1) if t0 * 8 in "
              "[2, 24]\n");
}

TEST(Tiling, SoftmaxLikeFusionDotTransposeBroadcastSlice) {
    const char* softmax = R"(
HloModule m
max { a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT m = f32[] maximum(a, b) }
f {
  p0 = f32[8,16] parameter(0)
  c = f32[] constant(-inf)
  r = f32[8] reduce(p0, c), dimensions={1}, to_apply=max
  b = f32[8,16] broadcast(r), dimensions={0}
  ROOT s = f32[8,16] subtract(p0, b)
}
ENTRY e {
  p0 = f32[8,16] parameter(0)
  ROOT fusion = f32[8,16] fusion(p0), kind=kLoop, calls=f
})";
    EXPECT_EQ(tiles_of(softmax, {2, 16}),
              "// operand 0: p0 read 0 tile offsets (t0 * 2, 0) sizes (2, 16) strides (1, 1)\n"
              "// operand 0: p0 read 1 tile offsets (t0 * 2, 0) sizes (2, 16) strides (1, 1)\n");
    EXPECT_EQ(tiles_of("p0 = f32[8,4] parameter(0)\np1 = f32[4,6] parameter(1)\n"
                       "ROOT d = f32[8,6] dot(p0, p1), lhs_contracting_dims={1}, "
                       "rhs_contracting_dims={0}\n",
                       {2, 3}),
              "// operand 0: p0 tile offsets (t0 * 2, 0) sizes (2, 4) strides (1, 1)\n"
              "// operand 1: p1 tile offsets (0, t1 * 3) sizes (4, 3) strides (1, 1)\n");
    EXPECT_EQ(tiles_of("p0 = f32[8,4] parameter(0)\n"
                       "ROOT t = f32[4,8] transpose(p0), dimensions={1,0}\n",
                       {1, 4}),
              "// operand 0: p0 tile offsets (t1 * 4, t0) sizes (4, 1) strides (1, 1)\n");
    EXPECT_EQ(tiles_of("p0 = f32[8] parameter(0)\n"
                       "ROOT b = f32[4,8] broadcast(p0), dimensions={1}\n",
                       {2, 4}),
              "// operand 0: p0 tile offsets (t1 * 4) sizes (4) strides (1)\n");
    EXPECT_EQ(tiles_of("p0 = f32[20] parameter(0)\n"
                       "ROOT s = f32[6] slice(p0), slice={[2:20:3]}\n",
                       {3}),
              "// operand 0: p0 tile offsets (t0 * 9 + 2) sizes (3) strides (3)\n");
}

}  // namespace
}  // namespace provix::hlo::testing
