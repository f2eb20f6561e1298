#pragma once
/// \file
/// Indexing maps of single HLO operations (SPEC §6, seed 000).
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
///    collapsed dims): runtime variables; the offset and index operands are
///    read whole per output element;
///  - fusion: the fused computation's maps (`provix/hlo/computation_indexing.h`);
///  - tuple: output k reads operand k (identity).
///
/// Input-to-output maps are exact except for dynamic-update-slice's base
/// operand and pad's padding value, which over-approximate (every output
/// element; excluding the updated / non-padding ones needs inequalities the
/// maps cannot state).
///
/// Each map is returned in the form the analysis builds it (canonical
/// expressions, no redundant constraint); nothing is simplified here.

#include <cstdint>
#include <vector>

#include "provix/hlo/hlo_module.h"
#include "provix/indexing_map.h"
#include "provix/result.h"

namespace provix::hlo {

/// A set of distinct indexing maps (in a deterministic order).
using IndexingMapSet = std::vector<IndexingMap>;

/// The output-to-input maps of every operand of `instr` (an instruction of
/// `module`): element i is the set for operand i. `output_id` selects the
/// output of a tuple-shaped instruction (variadic reduce, tuple, fusion with
/// a tuple root); it must be 0 otherwise. Errors (diagnostics at the
/// operation) for unsupported forms and inconsistent shapes or attributes.
///
///     reduce(p0, p1, c0, c1), dimensions={0}   // p0, p1: f32[256,10]
///     output 0, operand 0: (d0)[s0] -> (s0, d0), d0 in [0, 9], s0 in [0, 255]
///     output 0, operand 2: (d0) -> (), d0 in [0, 9]
Result<std::vector<IndexingMapSet>> output_to_input_indexing(Context& ctx, const HloModule& module,
                                                             const HloInstruction& instr,
                                                             int64_t output_id = 0);

/// The input-to-output maps from operand `operand_id` of `instr` to its
/// output `output_id`.
///
///     slice(p0), slice={[5:10:1], [3:20:7], [0:50:2]}   // p0: f32[10,20,50]
///     (d0, d1, d2) -> (d0 - 5, (d1 - 3) floordiv 7, d2 floordiv 2),
///     domain: d0 in [5, 9], d1 in [3, 17], d2 in [0, 48],
///     (d1 - 3) mod 7 in [0, 0], d2 mod 2 in [0, 0]
Result<IndexingMapSet> input_to_output_indexing(Context& ctx, const HloModule& module,
                                                const HloInstruction& instr, int64_t operand_id,
                                                int64_t output_id = 0);

/// The maps of an operation without operands (iota, constant) as seed 000
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
