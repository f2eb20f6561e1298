#pragma once
/// \file
/// Tile propagation: a tile of the output (concrete sizes, symbolic
/// offsets) carried through an output-to-input map to the operand, as
/// XLA's symbolic tile analysis does. The output is cut into tiles of
/// `sizes`; tile `(t0, t1, ...)` covers `[t_i * sizes[i], t_i * sizes[i] +
/// sizes[i] - 1]` along dimension i. The operand footprint of a tile is the
/// set of elements the map names for the tile's elements (and every value
/// of the range variables). It is a tile when it is a box of strided
/// intervals `offset_j + stride_j * [0, size_j - 1]`, with offsets
/// expressions in the tile indices `t_i`, possibly only under constraints
/// on them:
///
///     (d0) -> (d0 floordiv 8, d0 mod 8), tile sizes {32}:
///     offsets (t0 * 4, 0), sizes (4, 8), strides (1, 1)
///
///     (d0, d1) -> (d0 * 8 + d1), tile sizes {2, 4}: not a tile (the
///     footprint {0..3, 8..11} has a gap)

#include <cstdint>
#include <string>
#include <vector>

#include "provix/indexing_map.h"

namespace provix::hlo {

/// The operand tile of one map.
struct OperandTile {
    bool is_tile = false;
    /// Per operand dimension: offset (over the tile indices t_i, variable
    /// ids 0..rank-1), size and stride.
    std::vector<Expr> offsets;
    std::vector<int64_t> sizes;
    std::vector<int64_t> strides;
    /// Conditions on the tile indices under which the footprint is exactly
    /// this tile (expressions over the t_i).
    std::vector<Constraint> constraints;
    /// Why the footprint is not a tile.
    std::string reason;
};

/// The footprint of tiles of `sizes` of an output of dimensions
/// `output_dims` under `map` (dims: the output). Where the map is defined on
/// part of the output only (a concatenate's or pad's operand) or has
/// constraints affine in the output dims, the answer is for the tiles that
/// lie wholly where it is defined, with those conditions on the t_i
/// (other tiles read the operand partly or not at all). Runtime variables,
/// constraints on range variables and non-affine constraints give `is_tile`
/// false, with the reason.
OperandTile propagate_tile(const IndexingMap& map, const std::vector<int64_t>& output_dims,
                           const std::vector<int64_t>& sizes);

/// `offsets (t0 * 4, 0) sizes (4, 8) strides (1, 1)` and the constraints,
/// or `not a tile: REASON`.
std::string to_string(const OperandTile& tile);

}  // namespace provix::hlo
