#pragma once
/// \file
/// Domain passes of the map simplifier: they reason about the domain as a
/// whole (several constraints and bounds at once), which a single rewrite
/// rule cannot express. Each is exact (the set of points is unchanged) and is
/// checked against isl by the solver tests and the fuzzer.

#include "provix/indexing_map.h"

namespace provix::engine {

/// Tightens variable bounds from linear constraints: for
/// `a*v + rest in [lo, hi]`, `a*v in [lo - ub(rest), hi - lb(rest)]`.
/// `6 * d0 + 3 * s0 + s1 in [0, 598]` with s0 in [0, 1], s1 in [0, 2] bounds
/// d0 to [0, 99]. Returns true if a bound changed.
bool tighten_bounds_from_linear_constraints(IndexingMap& map);

/// Merges congruences `e mod a in [r, r]` and `e mod b in [q, q]` on the
/// same `e` into one modulo lcm(a, b) (Chinese remainder theorem); known
/// empty when no integer satisfies both. Returns true if anything changed.
bool merge_congruences(IndexingMap& map);

/// Aligns the bounds of a variable `v` with `v mod c in [r, r]` to the
/// residue: the smallest lo' >= lo and largest hi' <= hi with lo' ≡ hi' ≡ r
/// (floor semantics, correct for negative bounds). Returns true on change.
bool align_bounds_to_residues(IndexingMap& map);

/// Rescales a range or runtime variable `s` with `s mod c in [r, r]` (c > 1)
/// to `s = c * s' + r`, substituting it in results and constraints and
/// dividing its (aligned) bounds. Returns true on change.
bool rescale_symbols(IndexingMap& map);

/// Drops constraints that hold everywhere on the variable bounds, and marks
/// the map known empty when one can never hold. Returns true on change.
bool drop_decided_constraints(IndexingMap& map);

}  // namespace provix::engine
