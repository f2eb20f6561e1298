#pragma once
/// \file
/// Mixed-radix recombination: the digits of one linearised index, spread
/// over a sum's terms and over several variables, merged back into the
/// index (lemmas `radix_*` of rules/rewriter.lemmas).

#include "provix/expr.h"
#include "rewrite_log.h"

namespace provix::engine {

class RangeAnalysis;

/// A sum whose terms are digits of one affine index L (`(L floordiv a) mod
/// b`, `L floordiv a`, `L mod b`, each written over its own affine dividend)
/// with weights that line up, rewritten with the adjacent digits merged.
/// Each digit term is first lifted to a floordiv of an affine dividend
/// (`d1 * 2 + d0 floordiv 64` is `(d1 * 128 + d0) floordiv 64`, lemma
/// `radix_lift`; one inner floordiv only), then rebased onto L when L is
/// `k * u + r` with 0 <= r < k on the domain, up to a multiple of the
/// digit's top for a digit with a mod (`radix_rebase_quotient`,
/// `radix_rebase_digit`), then merged (`radix_merge_quotient`,
/// `radix_merge_digits`). With d0 in [0, 127], d1 in [0, 3071]:
///
///     ((d1 * 2 + d0 floordiv 64) mod 3) * 256 + (d0 mod 64) * 4
///       + ((d1 * 128 + d0) floordiv 192) * 768      becomes   d0 * 4 + d1 * 512
///
/// The result has fewer div/mod nodes than `sum` (so rewriting terminates:
/// the rules never add one) and every divisor a positive constant; the
/// supporting lemmas are reported to `log`, the merge lemma (the step's own
/// name) is stored in `lemma_name`. Null Expr when it does not apply.
Expr recombine_radix_digits(Expr sum, RangeAnalysis& ranges, const RewriteLog& log,
                            const char** lemma_name);

}  // namespace provix::engine
