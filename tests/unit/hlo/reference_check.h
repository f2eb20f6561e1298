#pragma once
// Checks of indexing maps against reference reads (reference_ops.h): the
// in-bounds image of a map set at a point, and a whole operation instance
// checked in both directions.

#include <set>
#include <string>

#include "provix/hlo/op_indexing.h"
#include "reference_ops.h"

namespace provix::hlo::testing {

using RtFn = std::function<Index(int64_t, const Index&, const Index&)>;

/// The in-bounds results (inside `target`) of `maps` at dimension point
/// `dims`, over every range variable value satisfying the domain; runtime
/// variables bound by `rt` (operand `operand`). `error` is set when a map
/// cannot be evaluated this way, and with `in_bounds_only` when a result
/// lies outside `target` (an exact map names only elements that exist).
std::set<Index> image(const IndexingMapSet& maps, const Index& dims, const Dims& target,
                      const RtFn& rt, int64_t operand, std::string& error,
                      bool in_bounds_only = false);

/// `(1, 2)`.
std::string index_text(const Index& i);
/// The maps, each followed by `// -----`.
std::string maps_text(const IndexingMapSet& maps);
/// Compares the map images with the reference reads: equal if `exact`,
/// else a superset. Returns a description of the first difference.
std::string compare_reads(const std::set<Index>& got, const std::set<Index>& want, bool exact);

/// Checks both directions of every operand of `op` against its reference
/// reads; returns a description of the first difference ("" if none).
std::string check_instance(const OpInstance& op);

}  // namespace provix::hlo::testing
