#pragma once
/// \file
/// Runtime variables are inputs that the caller supplies, like dimensions:
/// relational equivalence keeps them (it projects out only range variables),
/// so both maps must have the same runtime variables in the same order.
/// `align_runtime_variables` makes them so, by this rule:
///
///  1. If the runtime variables of one map all occur, by name, among the
///     other's, they are matched by name. A runtime variable only one map
///     has is added to the other as an input that map does not use, ranging
///     over the values it takes on the domain of the map that has it (its
///     bounds when that domain is empty, or when no narrowing is given):
///     the maps are then equivalent only if the map that has it does not
///     depend on it there. So the engine may drop a runtime variable that
///     is unused or takes one value on the domain, never one the map
///     depends on.
///  2. Otherwise, with as many runtime variables on both sides, they are
///     matched by position (names are free, as for dimensions).
///  3. Otherwise the maps have different inputs: not equivalent.
///
///     // (d0){rt0, rt1} -> (d0 + rt1), rt0 in [3, 3]   and   (d0){rt1} -> (d0 + rt1)
///     // align: the second gets rt0 in [3, 3] (unused) before its rt1.

#include <functional>
#include <string>
#include <utility>

#include "provix/indexing_map.h"
#include "provix/result.h"

namespace provix::solvers::detail {

/// Two Normal maps with the same runtime variables, in the same order.
struct AlignedMaps {
    IndexingMap first;
    IndexingMap second;
};

/// The outcome of `align_runtime_variables`.
struct Alignment {
    enum class Status {
        Aligned,          ///< `maps` hold the aligned maps
        DifferentInputs,  ///< the maps cannot have the same inputs (a refutation)
        Unknown,          ///< a narrowing was not decided
    };
    Status status = Status::Aligned;
    AlignedMaps maps;
    /// Why not aligned.
    std::string reason;
};

/// The values runtime variable `id` of `map` takes on `map`'s domain, as an
/// interval (empty when the domain is); an error when undecided.
using RuntimeNarrowing = std::function<Result<Interval>(const IndexingMap& map, int64_t id)>;

/// Aligns the runtime variables of two Normal maps (see the file comment);
/// the maps are returned unchanged when they already match by position.
/// `narrow` (may be null) gives the values of a runtime variable that only
/// one map has.
Alignment align_runtime_variables(const IndexingMap& a, const IndexingMap& b,
                                  const RuntimeNarrowing& narrow = nullptr);

}  // namespace provix::solvers::detail
