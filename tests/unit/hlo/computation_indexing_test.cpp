// Maps through computations: composition, de-duplication, nested fusions,
// tuples, input-to-output composition; and the enumeration equivalence.

#include "provix/hlo/computation_indexing.h"

#include <gtest/gtest.h>

#include "hlo_test_util.h"
#include "provix/hlo/enumerated_equivalence.h"

namespace provix::hlo {
namespace {

using testing::map_set_is;
using testing::parse_hlo;
using testing::parse_map;

std::vector<IndexingMapSet> out_to_in(Context& ctx, const HloModule& m, int64_t output = 0) {
    auto sets = computation_output_to_input(ctx, m, m.entry_computation(), output);
    EXPECT_TRUE(sets) << (sets ? "" : sets.error().message);
    return sets ? *sets : std::vector<IndexingMapSet>{};
}

std::vector<IndexingMapSet> in_to_out(Context& ctx, const HloModule& m, int64_t output = 0) {
    auto sets = computation_input_to_output(ctx, m, m.entry_computation(), output);
    EXPECT_TRUE(sets) << (sets ? "" : sets.error().message);
    return sets ? *sets : std::vector<IndexingMapSet>{};
}

TEST(ComputationIndexing, SliceOfPadComposesWithConstraints) {
    Context ctx;
    HloModule m = parse_hlo(R"(
p0 = f32[4] parameter(0)
v = f32[] constant(0)
pad = f32[9] pad(p0, v), padding=1_1_1
s = f32[4] slice(pad), slice={[1:9:2]}
)");
    // Output i reads pad[2i + 1] = p0[i].
    auto sets = out_to_in(ctx, m);
    ASSERT_EQ(sets.size(), 1u);
    EXPECT_TRUE(map_set_is(sets[0], {"(d0) -> (d0), domain: d0 in [0, 3]"}, true, true));
}

TEST(ComputationIndexing, UnusedParameterHasNoMaps) {
    Context ctx;
    HloModule m = parse_hlo(R"(
p0 = f32[4] parameter(0)
p1 = f32[4] parameter(1)
n = f32[4] negate(p0)
)");
    auto sets = out_to_in(ctx, m);
    ASSERT_EQ(sets.size(), 2u);
    EXPECT_EQ(sets[0].size(), 1u);
    EXPECT_TRUE(sets[1].empty());
}

TEST(ComputationIndexing, SameOperandTwiceGivesOneMap) {
    Context ctx;
    HloModule m = parse_hlo("p0 = f32[4] parameter(0)\nm = f32[4] multiply(p0, p0)\n");
    auto sets = out_to_in(ctx, m);
    EXPECT_TRUE(map_set_is(sets[0], {"(d0) -> (d0), domain: d0 in [0, 3]"}, true, true));
}

TEST(ComputationIndexing, NestedFusionUsesItsComputation) {
    Context ctx;
    HloModule ok = parse_hlo(R"(
inner {
  a = f32[4, 5] parameter(0)
  ROOT t = f32[5, 4] transpose(a), dimensions={1, 0}
}
outer {
  b = f32[4, 5] parameter(0)
  c = f32[] constant(0)
  f = f32[5, 4] fusion(b), kind=kLoop, calls=inner
  ROOT r = f32[4] reduce(f, c), dimensions={0}, to_apply=add
}
ENTRY main {
  x = f32[4, 5] parameter(0)
  ROOT o = f32[4] fusion(x), kind=kLoop, calls=outer
}
)");
    auto sets = out_to_in(ctx, ok);
    ASSERT_EQ(sets.size(), 1u);
    EXPECT_TRUE(map_set_is(sets[0], {"(d0)[s0] -> (d0, s0), domain: d0 in [0, 3], s0 in [0, 4]"},
                           true, true));
}

TEST(ComputationIndexing, MutuallyRecursiveFusionsAreAnError) {
    Context ctx;
    HloModule m = parse_hlo(R"(
f {
  a = f32[2] parameter(0)
  ROOT x = f32[2] fusion(a), calls=g
}
g {
  b = f32[2] parameter(0)
  ROOT y = f32[2] fusion(b), calls=f
}
)");
    auto sets = computation_output_to_input(ctx, m, m.entry_computation());
    ASSERT_FALSE(sets);
    EXPECT_NE(sets.error().message.find("fusions nested too deeply"), std::string::npos);
}

TEST(ComputationIndexing, GetTupleElementOfVariadicReduce) {
    Context ctx;
    HloModule m = parse_hlo(R"(
p0 = f32[8, 3] parameter(0)
p1 = s32[8, 3] parameter(1)
c0 = f32[] constant(0)
c1 = s32[] constant(0)
r = (f32[3], s32[3]) reduce(p0, p1, c0, c1), dimensions={0}, to_apply=argmax
i = s32[3] get-tuple-element(r), index=1
b = s32[3, 2] broadcast(i), dimensions={0}
)");
    auto sets = out_to_in(ctx, m);
    ASSERT_EQ(sets.size(), 2u);
    const char* expected =
        "(d0, d1)[s0] -> (s0, d0), domain: d0 in [0, 2], d1 in [0, 1], s0 in [0, 7]";
    EXPECT_TRUE(map_set_is(sets[0], {expected}, true, true));
    EXPECT_TRUE(map_set_is(sets[1], {expected}, true, true));
    auto back = in_to_out(ctx, m);
    ASSERT_EQ(back.size(), 2u);
    EXPECT_TRUE(map_set_is(back[1],
                           {"(d0, d1)[s0] -> (d1, s0), domain: d0 in [0, 7], d1 in [0, 2], "
                            "s0 in [0, 1]"},
                           true, true));
}

TEST(ComputationIndexing, TupleRootSelectsAnOutput) {
    Context ctx;
    HloModule m = parse_hlo(R"(
p0 = f32[4, 6] parameter(0)
t = f32[6, 4] transpose(p0), dimensions={1, 0}
n = f32[4, 6] negate(p0)
ROOT r = (f32[4, 6], f32[6, 4]) tuple(n, t)
)");
    EXPECT_TRUE(map_set_is(out_to_in(ctx, m, 1)[0],
                           {"(d0, d1) -> (d1, d0), domain: d0 in [0, 5], d1 in [0, 3]"}, true,
                           true));
    EXPECT_TRUE(map_set_is(in_to_out(ctx, m, 0)[0],
                           {"(d0, d1) -> (d0, d1), domain: d0 in [0, 3], d1 in [0, 5]"}, true,
                           true));
    auto bad = computation_output_to_input(ctx, m, m.entry_computation(), 2);
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("the root 'r' has 2 output(s); there is no output 2"),
              std::string::npos);
}

TEST(ComputationIndexing, InputToOutputThroughBroadcastAndReduce) {
    Context ctx;
    HloModule m = parse_hlo(R"(
p0 = f32[4] parameter(0)
b = f32[4, 5] broadcast(p0), dimensions={0}
c = f32[] constant(0)
r = f32[5] reduce(b, c), dimensions={0}, to_apply=add
)");
    // Every element of p0 reaches every output element.
    EXPECT_TRUE(map_set_is(in_to_out(ctx, m)[0],
                           {"(d0)[s0] -> (s0), domain: d0 in [0, 3], s0 in [0, 4]"}, true, true));
}

/// The error of the input-to-output maps of `hlo`'s entry computation.
std::string in_to_out_error(std::string_view hlo) {
    Context ctx;
    HloModule m = parse_hlo(hlo);
    auto sets = computation_input_to_output(ctx, m, m.entry_computation());
    EXPECT_FALSE(sets) << "expected an error";
    return sets ? "" : sets.error().message;
}

// Input to output, a get-tuple-element only passes its element's maps on:
// it is still checked as the other direction checks it, operand, index and
// shape (no operand at all read an empty operand list before).
TEST(ComputationIndexing, InputToOutputChecksGetTupleElement) {
    EXPECT_NE(in_to_out_error("p = f32[4] parameter(0)\n"
                              "g = f32[4] get-tuple-element(), index=0\n"
                              "ROOT a = f32[4] add(p, g)\n")
                  .find("test.hlo:2:12: error: get-tuple-element: expects one tuple operand"),
              std::string::npos);
    EXPECT_NE(in_to_out_error("p = f32[4] parameter(0)\n"
                              "ROOT g = f32[7] get-tuple-element(p), index=0\n")
                  .find("get-tuple-element: expects one tuple operand"),
              std::string::npos);
    EXPECT_NE(in_to_out_error("p = f32[4] parameter(0)\n"
                              "t = (f32[4]) tuple(p)\n"
                              "ROOT g = f32[4] get-tuple-element(t), index=5\n")
                  .find("get-tuple-element: index=5 is out of range for (f32[4])"),
              std::string::npos);
    EXPECT_NE(in_to_out_error("p = f32[4] parameter(0)\n"
                              "t = (f32[4]) tuple(p)\n"
                              "ROOT g = f32[9] get-tuple-element(t), index=0\n")
                  .find("get-tuple-element: shape f32[9] is not element 0 f32[4] of the operand"),
              std::string::npos);
}

// An instruction no parameter flows into is part of the module too: input to
// output checks it as output to input does.
TEST(ComputationIndexing, InputToOutputChecksInstructionsNoParameterReaches) {
    const char* hlo = R"(p = f32[4] parameter(0)
c = f32[10] iota(), iota_dimension=0
s = f32[4] slice(c), slice={[-5:99:0]}
ROOT a = f32[4] add(p, s)
)";
    const std::string expected = "test.hlo:3:12: error: slice: slice dimension 0 [-5:99:0]";
    EXPECT_NE(in_to_out_error(hlo).find(expected), std::string::npos) << in_to_out_error(hlo);
    Context ctx;
    HloModule m = parse_hlo(hlo);
    auto sets = computation_output_to_input(ctx, m, m.entry_computation());
    ASSERT_FALSE(sets);
    EXPECT_NE(sets.error().message.find(expected), std::string::npos) << sets.error().message;
}

TEST(AddDistinct, EquivalentMapsInDifferentFormsAreKeptOnce) {
    Context ctx;
    IndexingMapSet set;
    EXPECT_TRUE(add_distinct(set, parse_map(ctx,
                                            "(d0) -> (d0 floordiv 8, d0 mod 8), "
                                            "domain: d0 in [0, 31]")));
    EXPECT_FALSE(add_distinct(set, parse_map(ctx,
                                             "(d0) -> ((d0 mod 32) floordiv 8, d0 mod 8), "
                                             "domain: d0 in [0, 31]")));
    EXPECT_TRUE(add_distinct(set, parse_map(ctx,
                                            "(d0) -> (d0 floordiv 8, d0 mod 4), "
                                            "domain: d0 in [0, 31]")));
    EXPECT_EQ(set.size(), 2u);
}

/// Whether the maps of texts `a` and `b` are equivalent, by enumeration
/// (`KNOWN EMPTY` is the known-empty map).
std::optional<bool> enumerated_equivalence(const std::string& a, const std::string& b) {
    Context ctx;
    return equivalent_by_enumeration(parse_map(ctx, a), parse_map(ctx, b));
}

TEST(EnumeratedEquivalence, DecidesRelationsWithRangeVariables) {
    const std::string a = "(d0)[s0] -> (d0 + s0), domain: d0 in [0, 3], s0 in [0, 1]";
    EXPECT_EQ(
        enumerated_equivalence(a, "(d0)[s0] -> (d0 + 1 - s0), domain: d0 in [0, 3], s0 in [0, 1]"),
        std::optional<bool>(true));
    EXPECT_EQ(
        enumerated_equivalence(a, "(d0)[s0] -> (d0 + 2 * s0), domain: d0 in [0, 3], s0 in [0, 1]"),
        std::optional<bool>(false));
}

TEST(EnumeratedEquivalence, ComparesDomainsNotOnlyResults) {
    EXPECT_EQ(enumerated_equivalence("(d0) -> (d0), domain: d0 in [0, 9], d0 mod 2 in [0, 0]",
                                     "(d0) -> (d0), domain: d0 in [0, 9]"),
              std::optional<bool>(false));
    EXPECT_EQ(enumerated_equivalence("(d0) -> (d0), domain: d0 in [0, 9], d0 mod 2 in [3, 3]",
                                     "KNOWN EMPTY"),
              std::optional<bool>(true));
}

TEST(EnumeratedEquivalence, RuntimeVariablesAreInputsNotQuantified) {
    // Over all rt0 both maps read every d0; for a given rt0 they read
    // different halves: not the same map (a base of dynamic-update-slice
    // on each side of an empty window, which deduplication had merged).
    const std::string below =
        "(d0){rt0} -> (d0), domain: d0 in [0, 5], rt0 in [0, 6], "
        "d0 - rt0 in [-inf, -1]";
    const std::string above =
        "(d0){rt0} -> (d0), domain: d0 in [0, 5], rt0 in [0, 6], "
        "d0 - rt0 in [0, inf]";
    EXPECT_EQ(enumerated_equivalence(below, above), std::optional<bool>(false));
    EXPECT_EQ(enumerated_equivalence(below, below), std::optional<bool>(true));
    EXPECT_EQ(enumerated_equivalence(below, "(d0) -> (d0), domain: d0 in [0, 5]"),
              std::optional<bool>(false));
    // A computation keeps both.
    HloModule module = testing::parse_hlo(R"(
ENTRY e {
  src = f32[6] parameter(0)
  upd = f32[0] parameter(1)
  of0 = s32[] parameter(2)
  ROOT d = f32[6] dynamic-update-slice(src, upd, of0)
})");
    Context ctx;
    auto sets = computation_output_to_input(ctx, module, module.entry_computation());
    ASSERT_TRUE(sets) << sets.error().message;
    EXPECT_EQ((*sets)[0].size(), 2u);
}

TEST(EnumeratedEquivalence, RuntimeVariablesAfterDifferentNumbersOfRangeVariables) {
    // rt0 is variable 3 of the first map and variable 1 of the second.
    const std::string two_range_vars =
        "(d0)[s0, s1]{rt0} -> (d0 + rt0 + s0 - s1), domain: d0 in [0, 3], s0 in [0, 1], "
        "s1 in [0, 1], rt0 in [0, 2], s0 - s1 in [0, 0]";
    EXPECT_EQ(enumerated_equivalence(
                  two_range_vars, "(d0){rt0} -> (d0 + rt0), domain: d0 in [0, 3], rt0 in [0, 2]"),
              std::optional<bool>(true));
    EXPECT_EQ(enumerated_equivalence(
                  two_range_vars, "(d0){rt0} -> (d0 + rt0), domain: d0 in [0, 3], rt0 in [0, 1]"),
              std::optional<bool>(false));
    EXPECT_EQ(enumerated_equivalence("(d0){rt0} -> (d0 + rt0), domain: d0 in [0, 3], rt0 in [0, 2]",
                                     two_range_vars),
              std::optional<bool>(true));
}

TEST(EnumeratedEquivalence, GivesUpAboveTheBudget) {
    Context ctx;
    auto a = parse_map(ctx, "(d0, d1) -> (d0), domain: d0 in [0, 999], d1 in [0, 999]");
    EXPECT_EQ(equivalent_by_enumeration(a, a, 1000), std::nullopt);
    auto unbounded = parse_map(ctx, "(d0) -> (d0), domain: d0 in [0, inf]");
    EXPECT_EQ(equivalent_by_enumeration(unbounded, unbounded), std::nullopt);
}

}  // namespace
}  // namespace provix::hlo
