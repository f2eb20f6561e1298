#pragma once
/// \file
/// Rewrites of whole expressions that no rule pattern can state (a sub-sum
/// appearing twice, values at points), each the instance of one lemma of
/// rules/rewriter.lemmas.

#include "provix/expr.h"

namespace provix::engine {

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

}  // namespace provix::engine
