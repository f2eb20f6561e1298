// Exact equivalence of indexing maps by enumerating bounded domains.

#include "provix/hlo/enumerated_equivalence.h"

#include <algorithm>
#include <set>
#include <vector>

#include "domain_points.h"
#include "provix/semantics.h"

namespace provix::hlo {

namespace {

/// The bounds of m's range variables (the ones quantified away).
std::vector<Interval> range_box(const IndexingMap& m) {
    std::vector<Interval> all = m.variable_bounds();
    const auto first = all.begin() + m.num_dims();
    return std::vector<Interval>(first, first + m.num_range_vars());
}

/// The ids of m's inputs: its dimensions, then its runtime variables.
std::vector<int64_t> input_ids(const IndexingMap& m) {
    std::vector<int64_t> ids;
    for (int64_t i = 0; i < m.num_dims(); ++i)
        ids.push_back(i);
    for (int64_t i = 0; i < m.num_rt_vars(); ++i)
        ids.push_back(m.num_dims() + m.num_range_vars() + i);
    return ids;
}

/// The results of `m` at input point `inputs` (its dimensions, then its
/// runtime variables), over all its range variables that satisfy the
/// domain; nullopt when some point's membership or results cannot be
/// evaluated (a value leaves int64, a result divides by zero).
std::optional<std::set<std::vector<int64_t>>> images(const IndexingMap& m,
                                                     const std::vector<int64_t>& inputs) {
    std::set<std::vector<int64_t>> out;
    if (m.state() != IndexingMap::State::Normal) return out;
    // The box of m's variables with each input fixed at its coordinate.
    std::vector<Interval> box = m.variable_bounds();
    const std::vector<int64_t> ids = input_ids(m);
    for (size_t i = 0; i < ids.size(); ++i) {
        Interval& side = box[static_cast<size_t>(ids[i])];
        if (!side.contains(inputs[i])) return out;
        side = Interval::point(inputs[i]);
    }
    for (const Interval& side : box) {
        if (side.is_empty()) return out;
    }
    std::vector<int64_t> values = detail::first_point(box);
    do {
        const Membership in = m.membership(values);
        if (in == Membership::Undecided) return std::nullopt;
        if (in == Membership::Inside) {
            auto r = m.evaluate(values);
            if (!r) return std::nullopt;
            out.insert(*r);
        }
    } while (detail::next_point(values, box));
    return out;
}

}  // namespace

std::optional<bool> equivalent_by_enumeration(const IndexingMap& a, const IndexingMap& b,
                                              int64_t max_points) {
    if (a.is_undefined() || b.is_undefined()) return std::nullopt;
    if (a.is_known_empty() && b.is_known_empty()) return true;
    const IndexingMap& normal = a.is_known_empty() ? b : a;
    if (!a.is_known_empty() && !b.is_known_empty() &&
        (a.num_dims() != b.num_dims() || a.num_results() != b.num_results() ||
         a.num_rt_vars() != b.num_rt_vars())) {
        return false;  // other inputs (runtime variables are inputs too), or other results
    }
    // The input box to walk: the hull of both maps' bounds of each input
    // (dimensions, then runtime variables).
    // The maps may have different numbers of range variables, so an input
    // has its own id in each.
    const IndexingMap& other = &normal == &a ? b : a;
    const std::vector<int64_t> ids = input_ids(normal);
    const std::vector<int64_t> other_ids =
        other.state() == IndexingMap::State::Normal ? input_ids(other) : std::vector<int64_t>{};
    std::vector<Interval> inputs_box;
    for (size_t i = 0; i < ids.size(); ++i) {
        Interval box = normal.variable(ids[i]).bounds;
        if (!other_ids.empty()) box = box.hull(other.variable(other_ids[i]).bounds);
        inputs_box.push_back(box);
    }
    auto input_points = detail::box_points(inputs_box, max_points);
    if (!input_points) return std::nullopt;
    int64_t range_points = 0;
    for (const IndexingMap* m : {&a, &b}) {
        if (m->state() != IndexingMap::State::Normal) continue;
        auto n = detail::box_points(range_box(*m), max_points);
        if (!n) return std::nullopt;
        range_points += *n;
    }
    auto total = checked_mul(*input_points, std::max<int64_t>(range_points, 1));
    if (!total || *total > max_points) return std::nullopt;
    if (*input_points == 0) return true;  // both relations are empty

    std::vector<int64_t> point = detail::first_point(inputs_box);
    do {
        auto in_a = images(a, point), in_b = images(b, point);
        if (!in_a || !in_b) return std::nullopt;
        if (*in_a != *in_b) return false;
    } while (detail::next_point(point, inputs_box));
    return true;
}

}  // namespace provix::hlo
