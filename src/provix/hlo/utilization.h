#pragma once
/// \file
/// Operand utilization: how many distinct elements of an operand an
/// instruction (or fusion) reads when its whole output is computed, over the
/// operand's size. Computed exactly from the output-to-input maps' image:
/// by the engine when a map is a bijection onto a box, by a counter the
/// caller supplies (the command uses isl, `provix/solvers/image_count.h`),
/// or by enumerating the domain within a budget and a deadline; otherwise
/// the answer is unknown, with the reason.
///
///     p0 = f32[10, 20, 50] parameter(0)
///     s = f32[5, 3, 25] slice(p0), slice={[5:10:1], [3:20:7], [0:50:2]}
///     // operand 0: 375 of 10000 elements (5 * 3 * 25)

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "provix/hlo/op_indexing.h"

namespace provix::hlo {

/// An exact count of distinct elements, or why there is none.
struct ElementCount {
    std::optional<int64_t> count;
    /// How it was counted: `box` (a bijection onto a box), `enumeration`,
    /// or the supplied counter's own name (`isl box`, `isl points`).
    std::string method;
    /// Why `count` is missing.
    std::string reason;
};

/// Counts the distinct results of a set of maps (their union's image);
/// returns no count when it cannot decide.
using ImageCounter = std::function<ElementCount(const IndexingMapSet& maps)>;

/// Limits of the engine's own counting.
struct CountLimits {
    /// Domain points enumerated at most.
    int64_t max_points = int64_t{1} << 24;
    /// Wall-clock limit of one enumeration.
    std::chrono::milliseconds timeout{10000};
};

/// The number of distinct in-bounds elements of an operand of dimensions
/// `operand_dims` that `maps` name: 0 for no map or KNOWN EMPTY ones;
/// unknown for UNKNOWN sets and maps with runtime variables (the count
/// depends on the runtime values); exact when each result is `c * v + k`
/// over distinct variables and there is no constraint (a bijection onto a
/// box), else from `counter` if given, else by enumeration.
ElementCount count_read_elements(const IndexingMapSet& maps,
                                 const std::vector<int64_t>& operand_dims,
                                 const ImageCounter& counter = nullptr,
                                 const CountLimits& limits = {});

}  // namespace provix::hlo
