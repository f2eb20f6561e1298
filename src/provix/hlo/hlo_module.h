#pragma once
/// \file
/// An HLO module as read from XLA's HLO text (the subset the indexing
/// analysis covers, see `provix/hlo/hlo_parser.h`): computations made of
/// instructions, each with a shape, an opcode, operands and the attributes
/// the analysis needs, already typed.
///
///     p0 = f32[10, 20, 50] parameter(0)
///     slice = f32[5, 3, 25] slice(p0), slice={[5:10:1], [3:20:7], [0:50:2]}
///
/// gives an instruction with `opcode == "slice"`, `operands == {0}` (the
/// index of `p0` in its computation) and `slice == {{5, 10, 1}, {3, 20, 7},
/// {0, 50, 2}}`.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "provix/hlo/hlo_shape.h"
#include "provix/parser.h"
#include "provix/result.h"

namespace provix::hlo {

/// One dimension of `slice={[start:limit:stride], ...}`: `[3:20:7]` is
/// {3, 20, 7}; the stride defaults to 1.
struct SliceDim {
    int64_t start = 0;
    int64_t limit = 0;
    int64_t stride = 1;
};

/// One dimension of `padding=low_high_interior x ...`: `1_4_1` is {1, 4, 1};
/// the interior defaults to 0. Low and high may be negative (cropping).
struct PadDim {
    int64_t low = 0;
    int64_t high = 0;
    int64_t interior = 0;
};

/// One dimension of `window={size=... stride=... pad=... lhs_dilate=...
/// rhs_dilate=...}` (`base_dilation` is XLA's lhs_dilate,
/// `window_dilation` its rhs_dilate).
struct WindowDim {
    int64_t size = 1;
    int64_t stride = 1;
    int64_t pad_low = 0;
    int64_t pad_high = 0;
    int64_t base_dilation = 1;
    int64_t window_dilation = 1;
};

/// The dimension numbers of `dot`: `lhs_batch_dims={0}` and so on.
struct DotDimensions {
    std::vector<int64_t> lhs_batch;
    std::vector<int64_t> rhs_batch;
    std::vector<int64_t> lhs_contracting;
    std::vector<int64_t> rhs_contracting;
};

/// The dimension numbers of `convolution`, from `dim_labels=b01f_i01o->b01f`:
/// for the input (lhs) its batch (`b`), feature (`f`) and spatial (`0`,
/// `1`, ...) dimensions, for the kernel (rhs) its input feature (`i`),
/// output feature (`o`) and spatial dimensions, and for the output its batch,
/// feature and spatial dimensions. `b01f_i01o->b01f` gives input {0, 3,
/// {1, 2}}, kernel {0, 3, {1, 2}} and output {0, 3, {1, 2}}.
struct ConvDimensions {
    int64_t input_batch = -1;
    int64_t input_feature = -1;
    std::vector<int64_t> input_spatial;
    int64_t kernel_input_feature = -1;
    int64_t kernel_output_feature = -1;
    std::vector<int64_t> kernel_spatial;
    int64_t output_batch = -1;
    int64_t output_feature = -1;
    std::vector<int64_t> output_spatial;
};

/// The dimension numbers of `gather` (only the simplified form has maps:
/// see `provix/hlo/op_indexing.h`).
struct GatherDimensions {
    std::vector<int64_t> offset_dims;
    std::vector<int64_t> collapsed_slice_dims;
    std::vector<int64_t> start_index_map;
    int64_t index_vector_dim = -1;
    std::vector<int64_t> slice_sizes;
    std::vector<int64_t> operand_batching_dims;
    std::vector<int64_t> start_indices_batching_dims;
};

/// One instruction. Attributes the analysis does not use (`metadata`,
/// `sharding`, `kind`, ...) are accepted and dropped.
struct HloInstruction {
    /// The name as written, without a leading `%`.
    std::string name;
    HloShape shape;
    /// The opcode as written: `add`, `dynamic-slice`, `reduce-window`, ...
    std::string opcode;
    /// Indices of the operands in the computation's instruction list.
    std::vector<int64_t> operands;
    /// The shapes of the operands (copied from their definitions).
    std::vector<HloShape> operand_shapes;
    /// `parameter(N)`: N; -1 otherwise.
    int64_t parameter_number = -1;
    /// The text between the parentheses of `constant(...)`.
    std::string literal;

    /// `dimensions={...}` (broadcast, transpose, reverse, reduce,
    /// concatenate, iota).
    std::optional<std::vector<int64_t>> dimensions;
    /// `iota_dimension=N` (XLA's spelling for iota; `dimensions={N}` works too).
    std::optional<int64_t> iota_dimension;
    /// `slice={[a:b:c], ...}`.
    std::optional<std::vector<SliceDim>> slice;
    /// `padding=l_h_i x ...`.
    std::optional<std::vector<PadDim>> padding;
    /// `window={...}`.
    std::optional<std::vector<WindowDim>> window;
    /// `lhs_batch_dims`, `rhs_batch_dims`, `lhs_contracting_dims`,
    /// `rhs_contracting_dims` (absent lists are empty).
    DotDimensions dot;
    /// `offset_dims`, `collapsed_slice_dims`, `start_index_map`,
    /// `index_vector_dim`, `slice_sizes`.
    GatherDimensions gather;
    /// `dynamic_slice_sizes={...}`.
    std::optional<std::vector<int64_t>> dynamic_slice_sizes;
    /// `dim_labels=...` of convolution.
    std::optional<ConvDimensions> conv;
    /// `feature_group_count=N` and `batch_group_count=N` of convolution.
    int64_t feature_group_count = 1;
    int64_t batch_group_count = 1;
    /// `index=N` of get-tuple-element.
    std::optional<int64_t> tuple_index;
    /// `to_apply=NAME` (reduce, reduce-window, map); only recorded.
    std::string to_apply;
    /// `calls=NAME` of a fusion.
    std::string calls;

    /// Where the instruction's name starts.
    SourceLocation location;
    /// Where the opcode starts (diagnostics about the operation point here).
    SourceLocation opcode_location;
};

/// A computation: instructions in the order written (operands always come
/// first), the root, and the parameters by number.
struct HloComputation {
    std::string name;
    std::vector<HloInstruction> instructions;
    /// Index of the root instruction (`ROOT`, else the last one).
    int64_t root = -1;
    /// `parameters[n]` is the index of `parameter(n)`; numbers are 0..N-1.
    std::vector<int64_t> parameters;
    bool is_entry = false;
    SourceLocation location;

    /// The root: `comp.root_instruction().opcode == "add"`.
    const HloInstruction& root_instruction() const {
        return instructions[static_cast<size_t>(root)];
    }
    /// Instruction `i` (an index from `operands`, `parameters` or `root`).
    const HloInstruction& instruction(int64_t i) const {
        return instructions[static_cast<size_t>(i)];
    }
    /// The instruction named `name`, or -1.
    int64_t find(std::string_view name) const;
};

/// A module: its computations, which one is the entry, and the source text
/// (kept for diagnostics).
struct HloModule {
    std::string name;
    std::vector<HloComputation> computations;
    /// Index of the entry computation: the one marked `ENTRY`, else the
    /// last one.
    int64_t entry = -1;
    /// The file name and text the module was read from.
    std::string filename;
    std::shared_ptr<const std::string> source;

    /// The computation `provix analyze` reads: `m.entry_computation().name`.
    const HloComputation& entry_computation() const {
        return computations[static_cast<size_t>(entry)];
    }
    /// The computation named `name`, or nullptr.
    const HloComputation* find_computation(std::string_view name) const;

    /// An error whose message is the diagnostic `file:line:col: error:
    /// MESSAGE`, the source line and a caret.
    Error error_at(SourceLocation location, std::string_view message) const;
};

}  // namespace provix::hlo
