#pragma once
/// \file
/// Whether MLIR, computing a map at 64 bits, may give another value than
/// the exact one. MLIR lowers a map's `+`, `*`, `floordiv`, `ceildiv` and
/// `mod` to `index` operations that wrap, while provix's rules hold over the
/// integers: a simplified map is written for MLIR only if its lowering is
/// exact wherever the map is defined.
///
///     // d0 in [-2^63 + 8, -2^63 + 11]
///     (d0 mod 6 + d0) ceildiv 5  ->  (d0 * 2) ceildiv 5 + 1844674407370955160
///     // d0 * 2 wraps: the simplified map is not written

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

}  // namespace provix::cli
