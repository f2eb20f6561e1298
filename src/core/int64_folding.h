#pragma once
/// \file
/// Whether folding an expression's constants in int64, as MLIR's
/// AffineExpr builder does, keeps its value: canonical form folds constant
/// arithmetic and combines like terms only where the result fits int64, and
/// keeps them apart where it does not; MLIR would fold those too, and wrap.
///
///     detail::folds_in_int64(d0 * 4 + d1)                        // true
///     detail::folds_in_int64(d0 * 9223372036854775807 + d0)      // false: d0 * 2^63
///     detail::folds_in_int64(d0 * 4611686018427387904 * 4)       // false: d0 * 2^64

#include "provix/expr.h"

namespace provix::detail {

/// True if no node of `e` (nor of its canonical form) holds constant
/// arithmetic that leaves int64 when folded: constants that did not fold
/// (has_unfolded_constants), a sum with two terms over the same monomial
/// whose coefficients' sum leaves int64, or (canonical form) a sum scaled by
/// a constant that did not distribute over it.
bool folds_in_int64(Expr e);

}  // namespace provix::detail
