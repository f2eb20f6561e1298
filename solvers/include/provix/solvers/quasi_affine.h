#pragma once
/// \file
/// The quasi-affine fragment that isl decides exactly: sums, products in
/// which at most one factor has variables, floordiv / ceildiv / mod by
/// variable-free divisors, min and max.
///
///     is_quasi_affine(d0 floordiv 4 + min(d1, 3) * 2)   // true
///     is_quasi_affine(d0 floordiv d1)                   // false
///     is_quasi_affine(d0 * d1)                          // false

#include "provix/expr.h"
#include "provix/indexing_map.h"

namespace provix::solvers {

/// True if `e` is quasi-affine (see the file comment).
bool is_quasi_affine(Expr e);

/// True if every result and constraint of `map` is quasi-affine. `KNOWN
/// EMPTY` is; `UNDEFINED` is not.
bool is_quasi_affine(const IndexingMap& map);

}  // namespace provix::solvers
