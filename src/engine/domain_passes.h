#pragma once
/// \file
/// Domain passes of the map simplifier: they reason about the domain as a
/// whole (several constraints and bounds at once), which a single rewrite
/// rule cannot express. Each keeps the set of domain points exactly, as the
/// lemma it names in the log (rules/domain.lemmas) states.

#include "enumerated_bounds.h"
#include "nonzero_divisors.h"
#include "provix/indexing_map.h"
#include "rewrite_log.h"

namespace provix::engine {

class RangeAnalysis;

/// Tightens variable bounds from constraints: for `a*v + rest in [lo, hi]`,
/// `a*v in [lo - ub(rest), hi - lb(rest)]` (tighten_lower_pos, ...), where
/// the range of a non-linear term of the rest comes from the range analysis.
/// `6 * d0 + 3 * s0 + s1 in [0, 598]` with s0 in [0, 1], s1 in [0, 2] bounds
/// d0 to [0, 99]; `d1 * 1600 + rt0 floordiv 5 in [447, 1049]` with
/// rt0 in [1, 999] bounds d1 to [1, 0] (empty). Returns true if a bound
/// changed.
bool tighten_bounds_from_linear_constraints(IndexingMap& map, RewriteLog log = {});

/// Merges congruences `e mod a in [r, r]` and `e mod b in [q, q]` on the
/// same `e` into one modulo lcm(a, b) (crt_merge); known empty when no
/// integer satisfies both (crt_conflict). Congruences whose combined modulus
/// does not fit int64 stay apart. Returns true if anything changed.
bool merge_congruences(IndexingMap& map, RewriteLog log = {});
/// Joins a constraint on the negation of another's expression to that one:
/// `-x in [c, d]` holds exactly where `x in [-d, -c]` (negated_intersect),
/// so `d0 - d1 in [0, 100], d1 - d0 in [0, 100]` becomes `d0 - d1 in [0, 0]`,
/// and the map is known empty when the ranges do not meet. A pair with a
/// finite end -2^63 (whose negation is no int64) stays apart. Returns true
/// on change.
bool merge_negated_constraints(IndexingMap& map, RewriteLog log = {});

/// Aligns the bounds of a variable `v` with `v mod c in [r, r]` to the
/// residue: the smallest lo' >= lo and largest hi' <= hi with lo' ≡ hi' ≡ r
/// (residue_lower, residue_upper; floor semantics, so negative bounds are
/// handled alike). Likewise for a range of residues `v mod c in [a, b]`
/// (0 <= a < b < c) when it is the variable's only residue constraint: an
/// end whose residue lies outside [a, b] moves to the nearest value whose
/// residue is in it (residue_range_lower, residue_range_upper);
/// `d0 mod 10 in [2, 4]` with d0 in [0, 99] gives d0 in [2, 94]. Known
/// empty when no value is left (residue_gap, residue_range_gap). And an
/// equality on a sum `x + y in [k, k]` (or `-x + y`) whose other terms y are
/// congruent to s modulo m >= 2 (DivisibilityAnalysis) gives the variable x
/// the residue (k - s) mod m (equality_residue, equality_residue_negated):
/// where x's bounds hold one value of it, x becomes that value, where they
/// hold none the map is known empty (residue_lower, residue_upper,
/// residue_gap); where they hold more, they stay, so that no other pass
/// and this one move them in turns. `d0 + (s0 mod 2) * 8 in [8, 8]` with
/// d0 in [0, 7] makes d0 0. And a congruence on a sum gives its variable
/// terms the residues the divisibility analysis derives from the other
/// terms' (div_sum_term), to which their bounds are aligned as above:
/// `(d0 * 5 + d1) mod 2 in [0, 0]` with `d0 mod 4 in [1, 1]` makes d1 odd,
/// and d1 in [0, 100] becomes d1 in [1, 99]. Returns true on change.
bool align_bounds_to_residues(IndexingMap& map, RewriteLog log = {});

/// Moves the bounds of a variable `v` with at most 32 values inwards past
/// the values where a non-linear constraint over `v` alone is false or
/// undefined, evaluating it at each end (eval_excluded_lower,
/// eval_excluded_upper); known empty when no value satisfies it.
/// `(-d0) mod 2 in [1, 1]` with d0 in [0, 6] bounds d0 to [1, 5]. Returns
/// true on change.
bool tighten_by_probing(IndexingMap& map, RewriteLog log = {});

/// Rescales a range variable `s` with `s mod c in [r, r]` (c > 1) to
/// `s = c * s' + r`, substituting it in results and constraints and dividing
/// its (aligned) bounds (rescale_forward, rescale_backward). Runtime
/// variables are inputs and are never rescaled. Returns true on change.
bool rescale_symbols(IndexingMap& map, RewriteLog log = {});

/// Drops constraints that hold wherever they are defined when they are
/// defined on the whole domain (decided_holds), and marks the map known
/// empty when one can never hold (decided_empty, residue_gap). Returns true
/// on change.
bool drop_decided_constraints(IndexingMap& map, RewriteLog log = {});

/// drop_decided_constraints with `bounds_ranges`, a range analysis over the
/// current variable bounds of `map` alone (RangeAnalysis(map,
/// RangeAnalysis::Domain::Bounds)), which the caller may share with other
/// steps over the same bounds: every range it gives is a function of the
/// bounds only.
///
///     RangeAnalysis ranges(map, RangeAnalysis::Domain::Bounds);
///     drop_decided_constraints(map, ranges, log);
bool drop_decided_constraints(IndexingMap& map, RangeAnalysis& bounds_ranges, RewriteLog log);

/// A domain pass: true if it changed `map`.
using DomainPass = bool (*)(IndexingMap&, RewriteLog);

/// The domain passes each round of `simplify` runs after the constraint
/// rules and drop_decided_constraints, in this order.
///
///     for (DomainPass pass : kDomainPasses) changed |= pass(map, log);
// clang-format off
inline constexpr DomainPass kDomainPasses[] = {
    exclude_zero_divisors_at_bounds,
    merge_congruences,
    merge_negated_constraints,
    tighten_bounds_from_linear_constraints,
    align_bounds_to_residues,
    tighten_by_probing,
    tighten_bounds_by_enumeration,
    rescale_symbols,
};
// clang-format on

}  // namespace provix::engine
