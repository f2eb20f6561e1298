#pragma once
/// \file
/// Whether a simplified map, written for MLIR, can wrap at 64 bits where its
/// input does not. MLIR lowers a map's `+`, `*`, `floordiv`, `ceildiv` and
/// `mod` to `index` operations that wrap, while provix's rules hold over the
/// integers: the two agree wherever neither map wraps.
///
///     // d0 in [-2^63 + 8, -2^63 + 11]
///     (d0 mod 6 + d0) ceildiv 5  ->  (d0 * 2) ceildiv 5 + 1844674407370955160
///     // the rewrite doubles d0 past -2^63: it may wrap where the input cannot

#include "provix/indexing_map.h"

namespace provix::cli {

/// True if some result of `simplified`, computed by MLIR at a point of
/// `input`'s bounds where no operation of `input`'s results wraps, may give
/// another value than the exact one. Sums and products at 64 bits are exact
/// modulo 2^64 and the result's exact value is the input's, so only the
/// operands of floordiv, ceildiv and mod must not wrap. Sound, not exact:
/// they are bounded by intervals over the bounds, cut to where `input`'s
/// products `v * c` fit; a sum or product is checked in any order of its
/// operands (MLIR may reorder them); an expression `input` computes too
/// cannot wrap there; a ceildiv whose dividend may be -2^63 may (its
/// lowering negates it).
bool may_wrap_where_input_does_not(const IndexingMap& simplified, const IndexingMap& input);

}  // namespace provix::cli
