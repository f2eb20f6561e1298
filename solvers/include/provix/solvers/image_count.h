#pragma once
/// \file
/// Exact counting of the distinct points an indexing map reaches: the image
/// of its domain under its results (range and runtime variables included),
/// for quasi-affine maps, with isl.
///
///     // (d0)[s0] -> (d0 + s0), d0 in [0, 9], s0 in [0, 2]: the image is [0, 11]
///     count_image_points({m}).count == 12

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "provix/indexing_map.h"
#include "provix/solvers/oracle.h"

namespace provix::solvers {

/// The outcome of a count: `count` when exact, else `reason` says why not
/// (outside isl's fragment, operation budget or enumeration limit exceeded,
/// a count beyond int64).
struct ImageCount {
    std::optional<int64_t> count;
    /// How the count was obtained: `"isl box"` (the image equals its
    /// bounding box) or `"isl points"` (its points enumerated).
    std::string method;
    std::string reason;
};

/// The number of distinct result tuples of the union of `maps` over their
/// domains (all maps with the same number of results; KNOWN EMPTY maps add
/// nothing). Enumerates at most `max_points` points when the image is not a
/// box. With `limits.isolate` and a timeout, counts in a child process that
/// is killed once the timeout has passed (reason "timeout").
ImageCount count_image_points(const std::vector<IndexingMap>& maps, const Limits& limits = {},
                              int64_t max_points = int64_t{1} << 22);

}  // namespace provix::solvers
