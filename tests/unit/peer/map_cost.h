#pragma once
// How simple a map is: the measure the simplification peer suite
// (tests/peer/xla_*.map) compares provix's results with XLA's expectations by.
// It is defined here and only here; tests/peer/README.md describes it.
//
//     (d0)[s0] -> (d0 + s0 mod 3), domain: d0 in [0, 1], s0 in [0, 3]
//     costs {divisions 1, occurrences 2, constraints 0, nodes 6, width 4}
//
// Costs compare lexicographically, field by field in declaration order:
// fewer floordiv/ceildiv/mod/min/max nodes first, then fewer variable
// occurrences, fewer constraints, fewer expression nodes, and last narrower
// bounds. `KNOWN EMPTY` costs nothing.

#include <cstdint>
#include <ostream>
#include <tuple>

#include "provix/indexing_map.h"

namespace provix::peer {

struct MapCost {
    /// floordiv, ceildiv, mod, min and max nodes of the results and the
    /// constraint expressions, counted as trees (a shared sub-expression
    /// counts at each occurrence).
    int64_t divisions = 0;
    /// Occurrences of variables in the results and the constraint expressions.
    int64_t occurrences = 0;
    /// Constraints besides the variables' bounds.
    int64_t constraints = 0;
    /// Nodes (operators, variables, constants) of the results and the
    /// constraint expressions, as trees in provix's canonical form.
    int64_t nodes = 0;
    /// The sum over the variables that some result or constraint uses of
    /// hi - lo of their bounds; an infinite bound counts as 2^62, so that a
    /// bounded variable is always narrower. Saturates at the largest int64.
    int64_t bound_width = 0;

    auto key() const { return std::tie(divisions, occurrences, constraints, nodes, bound_width); }
    bool operator<(const MapCost& o) const { return key() < o.key(); }
    bool operator<=(const MapCost& o) const { return key() <= o.key(); }
    bool operator==(const MapCost& o) const { return key() == o.key(); }
};

/// The cost of `map` (canonical form: callers pass parsed or simplified maps).
/// `UNDEFINED` has no cost and is a test error: it gets the largest cost.
MapCost map_cost(const IndexingMap& map);

std::ostream& operator<<(std::ostream& os, const MapCost& c);

}  // namespace provix::peer
