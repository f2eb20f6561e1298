#pragma once
// Walking the integer points of a bounded box, shared by the analyses that
// answer by enumeration (private to src/hlo).

#include <cstdint>
#include <optional>
#include <vector>

#include "provix/interval.h"

namespace provix::hlo::detail {

/// The number of integer points of `box`, or nullopt when a side is
/// unbounded or the count exceeds `limit` (checked: never overflows). An
/// empty side makes the box empty: 0 points.
///
///     box_points({[0, 3], [1, 2]}, 100)  // 8
///     box_points({[0, 3], [1, 0]}, 100)  // 0
///     box_points({[0, 3], [1, 2]}, 7)    // nullopt
std::optional<int64_t> box_points(const std::vector<Interval>& box, int64_t limit);

/// The first point of a box none of whose sides is empty: every lower bound.
///
///     first_point({[0, 3], [1, 2]})  // {0, 1}
std::vector<int64_t> first_point(const std::vector<Interval>& box);

/// Advances `point` to the next point of `box` in row-major order (the last
/// coordinate fastest), wrapping coordinates to their lower bounds; false
/// after the last point (then `point` is back at the first).
///
///     point {0, 2} in {[0, 3], [1, 2]}  ->  {1, 1}, true
bool next_point(std::vector<int64_t>& point, const std::vector<Interval>& box);

}  // namespace provix::hlo::detail
