#pragma once
/// \file
/// Enumeration of the integer points of a box, for tests that check a map
/// point by point, and whether a point meets a domain's constraints.
///
///     std::vector<int64_t> p = first_point(box);
///     do {
///         if (meets_constraints(constraints, p)) check(p);
///     } while (next_point(p, box));

#include <cstdint>
#include <vector>

#include "provix/expr.h"
#include "provix/indexing_map.h"
#include "provix/interval.h"

namespace provix::testing_support {

/// The lowest corner of `box` (every interval bounded and non-empty).
inline std::vector<int64_t> first_point(const std::vector<Interval>& box) {
    std::vector<int64_t> p;
    for (const Interval& b : box)
        p.push_back(b.lo());
    return p;
}

/// Steps `p` to the next point of `box`, the first coordinate fastest
/// (odometer order); false, with `p` back at the first point, after the last.
/// For box {[0, 1], [5, 6]}: (0, 5), (1, 5), (0, 6), (1, 6).
inline bool next_point(std::vector<int64_t>& p, const std::vector<Interval>& box) {
    for (size_t i = 0; i < box.size(); ++i) {
        if (p[i] < box[i].hi()) {
            ++p[i];
            return true;
        }
        p[i] = box[i].lo();
    }
    return false;
}

/// True if every constraint evaluates at `p` (values by variable id) to a
/// value inside its range: `d0 + d1 in [0, 3]` meets (1, 2), not (2, 2).
inline bool meets_constraints(const std::vector<Constraint>& constraints,
                              const std::vector<int64_t>& p) {
    for (const Constraint& c : constraints) {
        const Result<int64_t> v = evaluate(c.expr, p);
        if (!v.ok() || !c.range.contains(v.value())) return false;
    }
    return true;
}

}  // namespace provix::testing_support
