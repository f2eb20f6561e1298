#pragma once
/// \file
/// Where MLIR's 64-bit lowering of an affine expression can wrap. Private to
/// mlir/lib.
///
/// provix's rules hold over the integers, while `--lower-affine` computes
/// each `+`, `*`, `floordiv`, `ceildiv` and `mod` of a map with `index`
/// operations that wrap at 64 bits. A rewritten map equals its input in the
/// lowered program wherever neither wraps, so the pass keeps a rewrite only
/// if the rewritten map cannot wrap at any point where the input does not:
///
///     // d0 in [-2^63 + 8, -2^63 + 11]: the input cannot wrap, the
///     // rewrite to (d0 * 2) ceildiv 5 + C could: not applied
///     affine_map<(d0) -> ((d0 mod 6 + d0) ceildiv 5)>

#include <mlir/IR/AffineMap.h>

#include <vector>

#include "provix/interval.h"

namespace provix::mlir_bridge {

/// The values an MLIR `index` can hold: `box` (one interval per dim, then
/// per symbol) with every interval cut to int64.
std::vector<Interval> index_box(std::vector<Interval> box);

/// True if computing some result of `map` as `--lower-affine` does may
/// leave int64 for some operands in `box` (dims, then symbols): an
/// intermediate whose interval leaves int64, or a ceildiv of a dividend
/// that may be INT64_MIN (its lowering negates it). `box` comes from
/// index_box.
///
///     // d0 in [0, 2^62]
///     may_wrap((d0) -> (d0 * 2), box) == false;  may_wrap((d0) -> (d0 * 4), box) == true
bool may_wrap(mlir::AffineMap map, const std::vector<Interval>& box);

/// True if the lowered `map` may give another value than the exact one at
/// some operands in `box` where no operation of `input` wraps. Where the
/// input does not wrap, none of its sub-expressions does (an output
/// expression the input holds too is trusted), and no product `v * c` of
/// it does, which bounds v (where_products_fit). Sums and products at 64
/// bits are exact modulo 2^64, and each result's exact value is the
/// input's: only the operands of floordiv, ceildiv and mod must not wrap,
/// unless the results are `compared` (affine.min/max), which needs every
/// intermediate exact.
///
///     // d0 unbounded: (d0 * 16 + d1) floordiv 8 -> d0 * 2 cannot wrap
///     // where the input does not (d0 in [-2^59, 2^59 - 1] there)
bool may_wrap_where_input_does_not(mlir::AffineMap map, mlir::AffineMap input,
                                   const std::vector<Interval>& box, bool compared);

/// `box` cut to the points where no product `v * c` of a variable by a
/// constant in `map` wraps (where the lowered map does not wrap, none of
/// them does; the other intermediates are not used, so the cut box holds
/// every such point, and more). For `(d0 * 16 + d1) floordiv 8` with d0
/// unbounded: d0 in [-2^59, 2^59 - 1].
std::vector<Interval> where_products_fit(mlir::AffineMap map, std::vector<Interval> box);

/// True if `map` holds the constant INT64_MIN (a result or a coefficient):
/// MLIR 14 prints it as `-9223372036854775808`, which its parser refuses.
bool holds_int64_min(mlir::AffineMap map);

}  // namespace provix::mlir_bridge
