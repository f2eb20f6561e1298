// Walking the integer points of a bounded box.

#include "domain_points.h"

#include "provix/semantics.h"

namespace provix::hlo::detail {

std::optional<int64_t> box_points(const std::vector<Interval>& box, int64_t limit) {
    for (const Interval& side : box) {
        if (side.is_empty()) return 0;
    }
    int64_t points = 1;
    for (const Interval& side : box) {
        if (!side.is_bounded()) return std::nullopt;
        auto span = checked_sub(side.hi(), side.lo());
        auto size = span ? checked_add(*span, 1) : std::nullopt;
        auto next = size ? checked_mul(points, *size) : std::nullopt;
        if (!next || *next > limit) return std::nullopt;
        points = *next;
    }
    return points;
}

std::vector<int64_t> first_point(const std::vector<Interval>& box) {
    std::vector<int64_t> point;
    point.reserve(box.size());
    for (const Interval& side : box)
        point.push_back(side.lo());
    return point;
}

bool next_point(std::vector<int64_t>& point, const std::vector<Interval>& box) {
    for (size_t i = box.size(); i-- > 0;) {
        if (point[i] < box[i].hi()) {
            ++point[i];
            return true;
        }
        point[i] = box[i].lo();
    }
    return false;
}

}  // namespace provix::hlo::detail
