#pragma once
/// \file
/// The range of a sum narrowed by a domain constraint that shares terms with
/// it: scaling the sum so that a shared term cancels against the constraint
/// (range_by_constraint_lower, range_by_constraint_upper of
/// rules/analysis.lemmas).

#include "provix/expr.h"
#include "provix/interval.h"
#include "range_analysis.h"

namespace provix::engine {

/// The range of `e` over the domain: `ranges.range(e)` intersected, for each
/// constraint `c in [lo, hi]` of the analysis and each term `t` that `e`
/// (coefficient a) and `c` (coefficient b) share, with the range that
/// `q * e == p * c + r` gives, where p / q = a / b (q > 0) cancels `t` and
/// `r` is the rest, ranged term by term. `d1 * 16 + rt0 * 32` with d1 in
/// [0, 1], rt0 in [0, 6] and `d1 * 7 + rt0 in [1, 8]` is at least 3 (with
/// p / q = 16 / 7: 7 * e == 16 * c + rt0 * 208). Sets `*narrowed_lo` /
/// `*narrowed_hi` when a constraint moved that end.
Interval range_by_constraints(Expr e, RangeAnalysis& ranges, bool* narrowed_lo, bool* narrowed_hi);

}  // namespace provix::engine
