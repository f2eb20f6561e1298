#pragma once
/// \file
/// Range variables that no result and no constraint mentions. At an input
/// point a map means the set of its result tuples over the values of its
/// range variables where the domain holds; a range variable nothing
/// mentions, with non-empty bounds, changes neither that set nor where the
/// map divides by zero. Dropping such variables from both maps lines up the
/// ones left, so that the cheap pointwise check (range variables paired by
/// position) can prove an equivalence the relational one would decide only
/// slowly: the engine drops unused range variables and renumbers the rest.
/// Written here rather than with `IndexingMap::remove_unused_range_variables`,
/// which the engine's results go through: the oracle that checks them must
/// not share a defect of it (that function also drops constraints it finds
/// always true, which this one never does).
///
///     // (d0)[s0, s1] -> (d0 + s1), s0 in [0, 7], s1 in [0, 3]
///     // becomes (d0)[s0] -> (d0 + s0), s0 in [0, 3]

#include "provix/indexing_map.h"

namespace provix::solvers::detail {

/// `map` without the range variables that no result and no constraint uses,
/// the others renumbered in order; `map` itself when there is none, or when
/// `map` is not a Normal map. Runtime variables and dims stay.
IndexingMap without_unused_range_variables(const IndexingMap& map);

}  // namespace provix::solvers::detail
