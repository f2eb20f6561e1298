#pragma once
/// \file
/// Rewrites of whole expressions that no rule pattern can state (a sub-sum
/// appearing twice, values at points), each the instance of one lemma of
/// rules/rewriter.lemmas.

#include <array>

#include "provix/expr.h"

namespace provix::engine {

/// True if a whole-expression step (recognise_mod_in_sum,
/// recombine_radix_digits, constant_by_floor_relaxation,
/// decide_min_max_by_difference, two_point_affine, enumerated_affine) may
/// act on `e`: `e` is a floordiv, ceildiv, mod, min or max, or a sum with a
/// term of such a kind (alone or as the first factor of a product). Each
/// step needs one of these to act, so a false answer skips them all
/// exactly: `d0 * 4 + d1` has none, `d0 * 4 + (d1 floordiv 2) * 3` has one.
bool may_rewrite_whole(Expr e);

/// Recognises `x mod c` in a sum whose `x` is itself a sum: for a term
/// `(x floordiv c) * k` with `k == -c * m`, the sum `S` equals
/// `(S - (x floordiv c) * k - m * x) + m * (x mod c)` (lemma
/// `mod_recognise_sum`); that form is returned when it is smaller than `S`
/// (the terms of `m * x` cancel), else a null Expr.
///
///     d0 + s0 - ((s0 + 1) floordiv 3) * 3 + 1   becomes   d0 + (s0 + 1) mod 3
///
/// A term pattern of the rules (`add_mod_recognise`) covers a single-term
/// `x`; this step only looks at floordivs of sums.
Expr recognise_mod_in_sum(Expr sum);

}  // namespace provix::engine

namespace provix::engine {

class RangeAnalysis;

/// A floordiv, ceildiv, mod, min or max node `e` whose only variable `v`
/// takes two values a and a + 1 on the domain (its range) is the affine
/// `p + (q - p) * (v - a)`, where p and q are e's values at a and a + 1
/// (lemma `two_point_affine`): `(d2 + 13) mod 2` with d2 in [0, 1] is
/// `1 - d2`. Null Expr when it does not apply (another variable, a wider
/// range, e undefined at one of the two values, an int64 overflow).
Expr two_point_affine(Expr e, RangeAnalysis& ranges);

/// The lemmas that narrowed a difference's range in
/// decide_min_max_by_difference, null where none did:
/// `{range_by_max_operand, range_by_min_operand, range_by_either_operand,
/// floor_relaxation_range, range_by_constraint_lower or _upper}`.
using RangeLemmas = std::array<const char*, 5>;

/// A min or max whose operands' difference has a known sign on the domain
/// is one of its operands: with y - x >= 0, min(x, y) is x and max(x, y) is
/// y, and the other way with y - x <= 0 (lemmas `min_by_difference`,
/// `max_by_difference`). The difference is built canonically, so like terms
/// cancel before its range is taken: `max(d3 - 19, d0 * 3 + d3)` with d0 in
/// [0, 6] is `d0 * 3 + d3`. When the bounds leave the sign open, the
/// difference's own min/max terms narrow its range (each replaced by an
/// operand: `min(s0, d1 + max(d2, s0))` with d1 >= 0 is s0; the lemmas named
/// in `range_lemmas[0..2]`), then its quotients' dividends
/// (range_by_floor_relaxation; `range_lemmas[3]`): `min(s0, s0 ceildiv 8)`
/// with s0 <= 1 is s0; then the domain's constraints (range_by_constraints;
/// `range_lemmas[4]`): `max(d1 * 16 + rt0 * 32, 3)` with
/// `d1 * 7 + rt0 in [1, 8]` is `d1 * 16 + rt0 * 32`. The dropped operand
/// must be defined everywhere. Null Expr when the sign is unknown.
Expr decide_min_max_by_difference(Expr e, RangeAnalysis& ranges, RangeLemmas& range_lemmas);

}  // namespace provix::engine
