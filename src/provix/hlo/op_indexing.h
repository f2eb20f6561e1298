#pragma once
/// \file
/// Indexing maps of single HLO operations (docs/hlo_analysis.md).
///
/// The output-to-input map of operand i sends an element of the output to
/// the elements of operand i it reads:
///
///     p0 = f32[20] parameter(0)
///     bc0 = f32[10, 20, 30] broadcast(p0), dimensions={1}
///
///     output_to_input_indexing(ctx, module, bc0)  // operand 0:
///     (d0, d1, d2) -> (d1),
///     domain:
///     d0 in [0, 9],
///     d1 in [0, 19],
///     d2 in [0, 29]
///
/// and the input-to-output map of operand i sends an element of operand i to
/// the output elements that read it:
///
///     (d0)[s0, s1] -> (s0, d0, s1),
///     domain:
///     d0 in [0, 19],
///     s0 in [0, 9],
///     s1 in [0, 29]
///
/// Range variables (`s`) stand for a range of elements (reduced dimensions,
/// a dot's contraction, a window), runtime variables (`rt`) for values known
/// only at run time (dynamic offsets, gather indices; bounded by assuming the
/// slice stays in bounds, as XLA clamps them). Constraints restrict the
/// domain (strided slices, interior padding, concatenation).
///
/// Operations and what their maps are:
///  - elementwise: identity (a scalar operand of `select`/`clamp`: `(d...) -> ()`);
///  - broadcast, transpose, reverse, slice (strided), concatenate, pad (low,
///    high, interior, negative), reduce (variadic), reduce-window (stride,
///    padding, base and window dilation), dot (batch and contracting dims);
///  - reshape: per group of dimensions with equal element counts, identity,
///    expand (a linear index), collapse (`floordiv`/`mod`) or both;
///  - bitcast: transpose (by the operand's layout), reshape of the physical
///    shapes, transpose (by the result's layout);
///  - dynamic-slice, dynamic-update-slice, gather (simplified form: indices
///    of rank 2, `index_vector_dim=1`, `offset_dims={1, ..., rank}`, no
///    collapsed or batching dims; other gathers are UNKNOWN): runtime variables; the offset and
///    index operands are read whole per output element. Runtime variable k stands for offset
///    operand k (dynamic-slice, dynamic-update-slice) or index column k
///    (gather), whatever dimension it offsets. When `values` knows an
///    offset at compile time (a constant, an iota, integer arithmetic on
///    them: `provix/hlo/operand_values.h`), the offset is that expression,
///    clamped as the operation clamps it: `min(max(v, 0), size - slice)`,
///    simplified where its range shows the clamp never acts;
///  - map: elementwise over its operands (the applied computation is not
///    looked into);
///  - convolution (`window`, `dim_labels`, `feature_group_count`,
///    `batch_group_count`): window positions and the input features of a
///    group are range variables; padding, strides and dilations as for
///    reduce-window; a batch group is chosen by the output feature;
///  - scaled-dot: the dot's maps for the two operands; a scale operand's
///    map divides each index by the block size (operand size over scale
///    size);
///  - fusion: the fused computation's maps (`provix/hlo/computation_indexing.h`);
///  - tuple: output k reads operand k (identity);
///  - any other operation: UNKNOWN for every operand (see `IndexingMapSet`).
///
/// Input-to-output maps are exact except for dynamic-update-slice's base
/// operand and pad's padding value, which over-approximate (every output
/// element; excluding the updated / non-padding ones needs inequalities the
/// maps cannot state).
///
/// Each map is returned in the form the analysis builds it (canonical
/// expressions, no redundant constraint); nothing is simplified here.

#include <cstdint>
#include <string>
#include <vector>

#include "provix/hlo/hlo_module.h"
#include "provix/hlo/operand_values.h"
#include "provix/indexing_map.h"
#include "provix/result.h"

namespace provix::hlo {

/// An operation without indexing maps (`triangular-solve`, `sort`, ...)
/// that an operand's elements reach.
struct UnknownOp {
    std::string opcode;
    /// The instruction's name.
    std::string name;
    SourceLocation location;
    /// Why its maps are unknown: `NoMaps` (the operation has none), or
    /// `TooLarge` (its maps composed with the ones before it grow past
    /// `kMaxComposedMapSize` nodes, see computation_indexing.h).
    enum class Reason { NoMaps, TooLarge } reason = Reason::NoMaps;
    bool operator==(const UnknownOp& o) const {
        return opcode == o.opcode && name == o.name && location.line == o.location.line &&
               location.column == o.location.column && reason == o.reason;
    }
};

/// The indexing maps of one operand: a set of distinct maps in a
/// deterministic order, with three special cases.
///  - empty: the operand is not read;
///  - a single `KNOWN EMPTY` map: every path to the operand has an empty
///    domain (e.g. a slice that only takes other operands of a concatenate);
///  - UNKNOWN (`is_unknown()`, no maps): some path goes through an operation
///    without indexing maps, or one whose maps composed along the path grow
///    too large (`unknown_ops` names them), so which elements are read is
///    not known at all. This is not `UNDEFINED` (a map that
///    could not be computed, e.g. a division by zero) and not `KNOWN EMPTY`
///    (nothing is read).
///
///     triangular-solve(p1, p2)   // output to input: operands 0 and 1 UNKNOWN
class IndexingMapSet : public std::vector<IndexingMap> {
public:
    using std::vector<IndexingMap>::vector;

    /// The operations that make this set UNKNOWN (none: it is not).
    std::vector<UnknownOp> unknown_ops;

    /// True if some path reaches an operation without maps.
    bool is_unknown() const { return !unknown_ops.empty(); }
    /// Makes the set UNKNOWN through `op` (drops its maps).
    void mark_unknown(const UnknownOp& op);
    /// Makes the set UNKNOWN through every operation `other` is UNKNOWN through.
    void absorb_unknown(const IndexingMapSet& other);
    /// True if the set is one `KNOWN EMPTY` map.
    bool is_known_empty() const { return size() == 1 && front().is_known_empty(); }
};

/// The output-to-input maps of every operand of `instr` (an instruction of
/// `module`): element i is the set for operand i. `output_id` selects the
/// output of a tuple-shaped instruction (variadic reduce, tuple, fusion with
/// a tuple root); it must be 0 otherwise. `values`, if given, tells the
/// compile-time values of the operands (offsets folded, see above). An
/// operation without maps gives UNKNOWN sets; errors (diagnostics at the
/// operation) for unsupported forms and inconsistent shapes or attributes.
///
///     reduce(p0, p1, c0, c1), dimensions={0}   // p0, p1: f32[256,10]
///     output 0, operand 0: (d0)[s0] -> (s0, d0), d0 in [0, 9], s0 in [0, 255]
///     output 0, operand 2: (d0) -> (), d0 in [0, 9]
Result<std::vector<IndexingMapSet>> output_to_input_indexing(Context& ctx, const HloModule& module,
                                                             const HloInstruction& instr,
                                                             int64_t output_id = 0,
                                                             const OperandValues* values = nullptr);

/// The input-to-output maps from operand `operand_id` of `instr` to its
/// output `output_id`.
///
///     slice(p0), slice={[5:10:1], [3:20:7], [0:50:2]}   // p0: f32[10,20,50]
///     (d0, d1, d2) -> (d0 - 5, (d1 - 3) floordiv 7, d2 floordiv 2),
///     domain: d0 in [5, 9], d1 in [3, 17], d2 in [0, 48],
///     (d1 - 3) mod 7 in [0, 0], d2 mod 2 in [0, 0]
Result<IndexingMapSet> input_to_output_indexing(Context& ctx, const HloModule& module,
                                                const HloInstruction& instr, int64_t operand_id,
                                                int64_t output_id = 0,
                                                const OperandValues* values = nullptr);

/// The maps of an operation without operands (iota, constant) as XLA's documentation
/// writes them: output to its (empty) input, `(d0, d1) -> ()`, and input to
/// output, `()[s0, s1] -> (s0, s1)`, over the output shape.
struct GeneratorIndexing {
    IndexingMap output_to_input;
    IndexingMap input_to_output;
};

/// The generator maps of `instr` (iota or constant; errors otherwise).
Result<GeneratorIndexing> generator_indexing(Context& ctx, const HloModule& module,
                                             const HloInstruction& instr);

/// The number of outputs of `instr`: the tuple size for a tuple shape, else 1.
int64_t num_outputs(const HloInstruction& instr);

/// The shape of output `output_id` of `instr`.
const HloShape& output_shape(const HloInstruction& instr, int64_t output_id);

}  // namespace provix::hlo
