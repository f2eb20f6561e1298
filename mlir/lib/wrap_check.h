#pragma once
/// \file
/// Where MLIR's 64-bit lowering of an affine map can give another value
/// than the exact one. Private to mlir/lib.
///
/// provix's rules hold over the integers, while `--lower-affine` computes
/// each `+`, `*`, `floordiv`, `ceildiv` and `mod` of a map with `index`
/// operations that wrap at 64 bits. The pass keeps a rewrite only if the
/// lowered input and the lowered new map both give the exact value at every
/// operand in the operands' ranges: then they give the same one.
///
///     // d0 in [-2^63 + 8, -2^63 + 11]: (d0 * 2) ceildiv 5 + C may wrap in
///     // d0 * 2, so (d0 mod 6 + d0) ceildiv 5 is not rewritten to it

#include <mlir/IR/AffineMap.h>

#include <vector>

#include "provix/interval.h"

namespace provix::mlir_bridge {

/// The values an MLIR `index` can hold: `box` (one interval per dim, then
/// per symbol) with every interval cut to int64.
std::vector<Interval> index_box(std::vector<Interval> box);

/// True if the lowered `map` may give another value than the exact one for
/// some operands in `box` (dims, then symbols; from index_box). Sums and
/// products at 64 bits are exact modulo 2^64, so a result is exact when no
/// operand of a floordiv, ceildiv or mod in it wraps (checked by intervals;
/// a ceildiv's dividend must not be -2^63 either, its lowering negates it).
/// When the results are `compared` (affine.min/max, or a value whose range
/// is used), every intermediate and the result itself must stay in int64.
/// False for a map dividing by a dim or symbol: MLIR 14 does not lower it.
///
///     // d0 unbounded, d1 in [0, 7]
///     may_give_inexact((d0, d1) -> (d0 * 2 + d1 floordiv 8), box, false) == false
///     may_give_inexact((d0, d1) -> ((d0 * 24 + d1) floordiv 16), box, false) == true
bool may_give_inexact(mlir::AffineMap map, const std::vector<Interval>& box, bool compared);

/// True if `map` holds the constant INT64_MIN (a result or a coefficient):
/// MLIR 14 prints it as `-9223372036854775808`, which its parser refuses.
bool holds_int64_min(mlir::AffineMap map);

}  // namespace provix::mlir_bridge
