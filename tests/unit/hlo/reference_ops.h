#pragma once
// Reference semantics of HLO operations for the property tests: random
// small instances of each operation (drawn with RapidCheck, so only inside a
// property) together with the elements each output element reads, computed
// by straightforward loops over the tensors (mostly from the inputs'
// side: where does input element x land), independently of the maps.

#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace provix::hlo::testing {

using Index = std::vector<int64_t>;
using Dims = std::vector<int64_t>;
/// For each output element, the operand elements it reads (missing key: none).
using Reads = std::map<Index, std::set<Index>>;

/// Every index of a box of sizes `dims`, in row-major order.
std::vector<Index> all_indices(const Dims& dims);
/// `f32[2,3]`, with `{layout}` if given.
std::string shape_text(const Dims& dims, const Dims& layout = {});
/// `{1,2,3}`.
std::string list_text(const std::vector<int64_t>& values);

/// One random instance of an operation.
struct OpInstance {
    /// HLO instructions: parameters `p<i>` for the operands, then the
    /// operation (last, the root).
    std::string hlo;
    std::vector<Dims> operand_dims;
    Dims out_dims;
    /// Reference reads per operand.
    std::vector<Reads> reads;
    /// Per operand: false where the analysis' map is a documented
    /// over-approximation (checked as a superset instead).
    std::vector<bool> exact;
    /// Values of the runtime variables of operand j's output-to-input map
    /// at output index `dims` (given the range variables' values), and of
    /// its input-to-output map at operand index `dims`; empty when the maps
    /// have none.
    std::function<Index(int64_t j, const Index& dims, const Index& range)> rt_out_to_in;
    std::function<Index(int64_t j, const Index& dims, const Index& range)> rt_in_to_out;
};

/// A step applied to one operand named `operand`, defining `name`; extra
/// operands are constants defined in the same lines. `reads` is for operand
/// 0 (the chained one), and is exact.
struct UnaryStep {
    std::string lines;
    Dims out_dims;
    /// The layout written on the result (empty: default).
    Dims out_layout;
    Reads reads;
};

/// A random integer in [lo, hi], and a random bool (inside a property only).
int64_t pick(int64_t lo, int64_t hi);
bool coin();

/// Random dims: rank in [min_rank, max_rank], sizes in [1, max_size].
Dims random_dims(int min_rank, int max_rank, int max_size);

/// The dimensions of a reduction: the reduced ones (their numbers, in order)
/// and the sizes of the kept ones.
struct ReducedDims {
    std::vector<int64_t> reduced;
    Dims kept;
};
/// A random choice of the dimensions of `in` to reduce.
ReducedDims random_reduced_dims(const Dims& in);
/// What a reduction of `in` over `reduced` reads: each output element, every
/// input element with the same kept coordinates.
Reads reduce_reads(const Dims& in, const std::vector<int64_t>& reduced);

/// A generator of one random unary step: random parameters for input `in`,
/// whose layout is `in_layout` (empty for the default; only bitcast depends
/// on layouts), applied to `operand` and defining `name`.
using UnaryStepGenerator = UnaryStep(const Dims& in, const Dims& in_layout,
                                     const std::string& operand, const std::string& name);

// The unary steps.
UnaryStepGenerator random_transpose;
UnaryStepGenerator random_reverse;
UnaryStepGenerator random_broadcast;
UnaryStepGenerator random_slice;
UnaryStepGenerator random_reshape;
UnaryStepGenerator random_bitcast;
UnaryStepGenerator random_pad;
UnaryStepGenerator random_reduce;
UnaryStepGenerator random_reduce_window;
/// Any of the above.
UnaryStepGenerator random_unary_step;

/// A chain of one to `max_steps` random unary steps on parameter `p0` of
/// dims `in` (layout `in_layout`), named v0, v1, ...: the HLO lines, the
/// last step's dims and layout, and the composed reads (output -> p0
/// elements).
struct UnaryChain {
    std::string hlo;
    Dims out_dims, out_layout;
    Reads reads;
};
UnaryChain random_unary_chain(const Dims& in, const Dims& in_layout, int64_t max_steps);

// Whole operations with all their operands as parameters.
OpInstance random_elementwise();
OpInstance random_concatenate();
OpInstance random_dot();
OpInstance random_dynamic_slice();
OpInstance random_dynamic_update_slice();
OpInstance random_gather();
OpInstance random_variadic_reduce();
/// pad with its padding value as a parameter (operand 1 over-approximated).
OpInstance random_pad_with_value();
/// A convolution: the position of each role in the input (batch, feature,
/// spatial...), kernel (input feature, output feature, spatial...) and
/// output (batch, feature, spatial...), the groups, the kernel's feature
/// counts, the output batch, and per spatial dimension the input size,
/// window size, stride, padding and dilations.
struct ConvSpec {
    std::vector<int64_t> in_pos, kernel_pos, out_pos;
    int64_t feature_group_count = 1, batch_group_count = 1;
    int64_t in_features = 1, out_features = 1, out_batch = 1;
    Dims in_spatial, size, stride, low, high, base_dilation, window_dilation;
};
/// The instance of convolution `spec` with its reference reads.
OpInstance convolution_instance(const ConvSpec& spec);
/// convolution with random dim_labels, window (padding, strides, both
/// dilations) and feature or batch groups (reference_ops_conv.cpp).
OpInstance random_convolution();
/// map over one to three operands.
OpInstance random_map();
/// scaled-dot of rank-2 operands (either orientation) with block scales.
OpInstance random_scaled_dot();
/// A unary step as an operation on parameter p0 (of layout `in_layout`).
OpInstance unary_instance(const Dims& in, const Dims& in_layout, const UnaryStep& step);
/// A random permutation of 0..n-1.
std::vector<int64_t> random_permutation(int64_t n);

}  // namespace provix::hlo::testing
