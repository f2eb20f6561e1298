#pragma once
/// \file
/// Whether MLIR, computing a map or deciding a set at 64 bits, may give
/// another answer than the exact one. MLIR lowers `+`, `*`, `floordiv`,
/// `ceildiv` and `mod` to `index` operations that wrap, while provix's rules
/// hold over the integers: a simplified map is written for MLIR only if its
/// lowering is exact wherever the map is defined, and a simplified set only
/// if its lowering is exact wherever its operands may be.
///
///     // d0 in [-2^63 + 8, -2^63 + 11]
///     (d0 mod 6 + d0) ceildiv 5  ->  (d0 * 2) ceildiv 5 + 1844674407370955160
///     // d0 * 2 wraps: the simplified map is not written

#include <vector>

#include "provix/indexing_map.h"

namespace provix::cli {

/// True if some result of `map`, computed by MLIR at a point of its bounds,
/// may give another value than the exact one. Sums and products at 64 bits
/// are exact modulo 2^64, so only the operands of floordiv, ceildiv and mod
/// must not wrap: bounded by intervals (a sum or product in any order of
/// its operands, as MLIR may reorder them; a ceildiv's dividend must not be
/// -2^63, its lowering negates it).
///
///     // d0 unbounded, d1 in [0, 7]
///     may_give_inexact_in_mlir((d0, d1) -> (d0 * 2 + d1 floordiv 8)) == false
///     may_give_inexact_in_mlir((d0, d1) -> ((d0 * 24 + d1) floordiv 16)) == true
bool may_give_inexact_in_mlir(const IndexingMap& map);

/// True if MLIR, deciding the affine set `to_mlir_affine_set` writes for
/// the domain of `set` at a point where variable i lies in `operands[i]`
/// (all of int64 past the end), may compute some constraint's expression
/// at 64 bits with a wrap. A comparison is not exact modulo 2^64, so no
/// operation may leave int64; where none does, MLIR decides the set
/// exactly. `d0 - 3 >= 0` wraps for d0 near -2^63:
///
///     // the set d0 in [3, 100]
///     set_may_decide_otherwise_in_mlir(set, {}) == true
///     set_may_decide_otherwise_in_mlir(set, {Interval(0, 1000)}) == false
bool set_may_decide_otherwise_in_mlir(const IndexingMap& set, std::vector<Interval> operands);

}  // namespace provix::cli
