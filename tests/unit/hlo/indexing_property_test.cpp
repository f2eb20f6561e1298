// Property tests: for random small shapes and parameters of every operation,
// a reference evaluation (reference_ops.cpp) agrees with the indexing maps:
// every output element reads exactly the operand elements its
// output-to-input map names, and every operand element is read by exactly
// the output elements its input-to-output map names. A map "names" the
// results at every point of its domain, each of which must lie in the
// operand; runtime variables are bound to the values the reference used
// (clamped offsets, gathered indices). The one documented
// over-approximation (pad's padding value, read at every output element)
// is checked as a superset of its in-bounds results.
// Chains of operations check the fusion composition the same way.

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <sstream>

#include "provix/hlo/computation_indexing.h"
#include "provix/hlo/hlo_parser.h"
#include "provix/hlo/op_indexing.h"
#include "reference_check.h"
#include "reference_ops.h"

namespace provix::hlo::testing {
namespace {

/// Fails the property with `message` in its log (RapidCheck prints the log
/// of a failing case).
[[noreturn]] void fail(const std::string& message) {
    RC_LOG() << message << "\n";
    RC_FAIL("the maps disagree with the reference (see the log above)");
}

void check(const OpInstance& op) {
    std::string failure = check_instance(op);
    if (!failure.empty()) fail(failure);
}

using StepGen = UnaryStep (*)(const Dims&, const Dims&, const std::string&, const std::string&);

void check_unary(StepGen gen, int min_rank) {
    Dims in = random_dims(min_rank, 3, 4);
    Dims layout;
    if (*rc::gen::arbitrary<bool>()) layout = random_permutation(static_cast<int64_t>(in.size()));
    check(unary_instance(in, layout, gen(in, layout, "p0", "r")));
}

RC_GTEST_PROP(HloIndexingProperty, TransposeMapsMatchReference, ()) {
    check_unary(random_transpose, 0);
}
RC_GTEST_PROP(HloIndexingProperty, ReverseMapsMatchReference, ()) {
    check_unary(random_reverse, 0);
}
RC_GTEST_PROP(HloIndexingProperty, BroadcastMapsMatchReference, ()) {
    check_unary(random_broadcast, 0);
}
RC_GTEST_PROP(HloIndexingProperty, StridedSliceMapsMatchReference, ()) {
    check_unary(random_slice, 0);
}
RC_GTEST_PROP(HloIndexingProperty, ReshapeMapsMatchReference, ()) {
    check_unary(random_reshape, 0);
}
RC_GTEST_PROP(HloIndexingProperty, BitcastWithLayoutsMatchesReference, ()) {
    check_unary(random_bitcast, 0);
}
RC_GTEST_PROP(HloIndexingProperty, PadWithNegativeAndInteriorPaddingMatchesReference, ()) {
    check_unary(random_pad, 0);
}
RC_GTEST_PROP(HloIndexingProperty, ReduceMapsMatchReference, ()) { check_unary(random_reduce, 0); }
RC_GTEST_PROP(HloIndexingProperty, ReduceWindowWithPaddingStrideDilationMatchesReference, ()) {
    check_unary(random_reduce_window, 1);
}
RC_GTEST_PROP(HloIndexingProperty, ElementwiseMapsMatchReference, ()) {
    check(random_elementwise());
}
RC_GTEST_PROP(HloIndexingProperty, ConcatenateMapsMatchReference, ()) {
    check(random_concatenate());
}
RC_GTEST_PROP(HloIndexingProperty, DotMapsMatchReference, ()) { check(random_dot()); }
RC_GTEST_PROP(HloIndexingProperty, ConvolutionWithGroupsPaddingStridesDilationsMatchesReference,
              ()) {
    check(random_convolution());
}
RC_GTEST_PROP(HloIndexingProperty, MapMapsMatchReference, ()) { check(random_map()); }
RC_GTEST_PROP(HloIndexingProperty, ScaledDotMapsMatchReference, ()) { check(random_scaled_dot()); }
RC_GTEST_PROP(HloIndexingProperty, DynamicSliceMapsMatchReference, ()) {
    check(random_dynamic_slice());
}
RC_GTEST_PROP(HloIndexingProperty, DynamicUpdateSliceMapsMatchReference, ()) {
    check(random_dynamic_update_slice());
}
RC_GTEST_PROP(HloIndexingProperty, GatherMapsMatchReference, ()) { check(random_gather()); }
RC_GTEST_PROP(HloIndexingProperty, VariadicReduceMapsMatchReference, ()) {
    check(random_variadic_reduce());
}
RC_GTEST_PROP(HloIndexingProperty, PadValueMapCoversThePadding, ()) {
    check(random_pad_with_value());
}

/// A chain of one to three unary operations on p0, as one computation: its
/// composed maps agree with the composition of the reference reads.
RC_GTEST_PROP(HloIndexingProperty, ComposedChainMatchesReference, ()) {
    Dims in = random_dims(0, 3, 3);
    UnaryChain chain = random_unary_chain(in, {}, 3);
    const std::string& hlo = chain.hlo;
    const Dims& dims = chain.out_dims;
    Reads& total = chain.reads;
    Context ctx;
    auto module = parse_hlo_module(hlo, "chain.hlo");
    if (!module) fail(module.error().message + "\n" + hlo);
    const HloComputation& comp = module->entry_computation();
    auto out_to_in = computation_output_to_input(ctx, *module, comp);
    if (!out_to_in) fail(out_to_in.error().message + "\n" + hlo);
    std::string error;
    for (const Index& o : all_indices(dims)) {
        auto got = image((*out_to_in)[0], o, in, nullptr, 0, error);
        std::string diff = error.empty() ? compare_reads(got, total[o], true) : error;
        if (!diff.empty()) {
            fail(hlo + "output " + index_text(o) + ": " + diff + "\n" + maps_text((*out_to_in)[0]));
        }
    }
    auto in_to_out = computation_input_to_output(ctx, *module, comp);
    if (!in_to_out) fail(in_to_out.error().message + "\n" + hlo);
    std::map<Index, std::set<Index>> readers;
    for (const auto& [o, xs] : total) {
        for (const Index& x : xs)
            readers[x].insert(o);
    }
    for (const Index& x : all_indices(in)) {
        auto got = image((*in_to_out)[0], x, dims, nullptr, 0, error);
        std::string diff = error.empty() ? compare_reads(got, readers[x], true) : error;
        if (!diff.empty()) {
            fail(hlo + "input element " + index_text(x) + ": " + diff + "\n" +
                 maps_text((*in_to_out)[0]));
        }
    }
}

}  // namespace
}  // namespace provix::hlo::testing
