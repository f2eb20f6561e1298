#pragma once
/// \file
/// Indexing maps through a whole computation (a fusion's body, or the
/// computation `provix analyze` reads): the maps of every producer/consumer
/// pair composed along every path between the root and each parameter,
/// simplified, with equivalent maps kept once (docs/hlo_analysis.md).
///
///     f {
///       p0 = f32[1000, 1000] parameter(0)
///       transpose_p0 = f32[1000, 1000]{0, 1} transpose(p0), dimensions={1, 0}
///       ROOT a0 = f32[1000, 1000] add(p0, transpose_p0)
///     }
///
/// gives for parameter 0 the two maps `(d0, d1) -> (d0, d1)` and
/// `(d0, d1) -> (d1, d0)`; reading one input through two chains of
/// transposes that cancel gives one map.
///
/// Composition is `provix::compose` followed by `provix::simplify` and the
/// removal of unused range variables. Runtime variables stay, used or not:
/// simplification turns a constraint on one into its bounds, and the map
/// then holds only for the values those bounds allow (a dynamic-slice of a
/// concatenate reads the second operand at one offset only). Two maps are the same map
/// when they are structurally equal after simplification, or when
/// `equivalent_by_enumeration` proves them equivalent on a domain small
/// enough to enumerate. Sets are ordered by printed text.
///
/// A parameter whose every path gives an empty composition gets one `KNOWN
/// EMPTY` map; one that a path through an operation without maps reaches, or
/// through one where the composed maps grow past `kMaxComposedMapSize`
/// nodes, is UNKNOWN (see `IndexingMapSet`), whatever the other paths give. Offsets
/// of the dynamic operations that the computation computes from constants
/// and iotas are folded (`provix/hlo/operand_values.h`).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "provix/hlo/hlo_module.h"
#include "provix/hlo/op_indexing.h"
#include "provix/indexing_map.h"
#include "provix/result.h"

namespace provix::hlo {

/// The output-to-input maps from output `output_id` of the root of `comp`
/// to each parameter: element n is the set for `parameter(n)` (empty if the
/// root does not read it).
/// `parameter_values`, if given, tells the compile-time values of the
/// parameters (the operands of the fusion that calls `comp`). `generators`,
/// if given, receives the maps to the constants and iotas of `comp` the
/// root reads (instruction index and set, in instruction order; the root
/// itself if it is one), not those inside the computations of fusions.
Result<std::vector<IndexingMapSet>> computation_output_to_input(
    Context& ctx, const HloModule& module, const HloComputation& comp, int64_t output_id = 0,
    const OperandValues* parameter_values = nullptr,
    std::vector<std::pair<int64_t, IndexingMapSet>>* generators = nullptr);

/// The input-to-output maps from each parameter of `comp` to output
/// `output_id` of its root: element n is the set for `parameter(n)`.
Result<std::vector<IndexingMapSet>> computation_input_to_output(
    Context& ctx, const HloModule& module, const HloComputation& comp, int64_t output_id = 0,
    const OperandValues* parameter_values = nullptr);

/// The most nodes a composed map may have before it is simplified (its
/// results and constraints counted as trees: a sub-expression shared by two
/// places counts twice, as printing and simplification meet it). Past it
/// the operation is UNKNOWN (`UnknownOp::Reason::TooLarge`) rather than the
/// analysis taking time and memory exponential in the length of a path: a
/// chain of transposes and reshapes that do not cancel, as
/// `f32[4,6] -> f32[6,4]` (transpose) `-> f32[4,6]` (reshape) repeated,
/// nests each step's quotients and remainders in the next step's, and its
/// maps double in size about every two steps. The compositions of XLA's own
/// indexing-analysis tests stay under 100 nodes.
inline constexpr size_t kMaxComposedMapSize = 100000;

/// `second ∘ first` as the fusion analysis composes: `first` is the map from
/// the root to a consumer's output, `second` the consumer's map of one
/// operand. Shortcuts the identity on either side (returning the other map
/// unchanged when that is exact); otherwise `provix::compose`, `simplify`,
/// unused range variables removed, variables renamed `d<i>`, `s<i>`,
/// `rt<i>`.
/// nullopt when the composition has more than `kMaxComposedMapSize` nodes.
Result<std::optional<IndexingMap>> compose_and_simplify(const IndexingMap& first,
                                                        const IndexingMap& second);

/// Adds `map` to `set` unless an equivalent map is there already (see the
/// file comment); keeps `set` ordered by printed text. Returns true if added.
/// A `KNOWN EMPTY` map is only kept in an otherwise empty set (and replaced
/// by the first map added later); an UNKNOWN set takes no maps.
bool add_distinct(IndexingMapSet& set, IndexingMap map);

}  // namespace provix::hlo
