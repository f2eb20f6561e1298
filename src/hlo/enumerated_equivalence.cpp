// Exact equivalence of indexing maps by enumerating bounded domains.

#include "provix/hlo/enumerated_equivalence.h"

#include <algorithm>
#include <set>
#include <vector>

#include "domain_points.h"
#include "provix/semantics.h"

namespace provix::hlo {

namespace {

std::vector<Interval> symbol_box(const IndexingMap& m) {
    std::vector<Interval> all = m.variable_bounds();
    return std::vector<Interval>(all.begin() + m.num_dims(), all.end());
}

/// The results of `m` at dimension point `dims`, over all its symbols that
/// satisfy the domain; nullopt when some point's membership or results
/// cannot be evaluated (a value leaves int64, a result divides by zero).
std::optional<std::set<std::vector<int64_t>>> images(const IndexingMap& m,
                                                     const std::vector<int64_t>& dims) {
    std::set<std::vector<int64_t>> out;
    if (m.state() != IndexingMap::State::Normal) return out;
    // The box of m's variables with each dimension fixed at its coordinate.
    std::vector<Interval> box = m.variable_bounds();
    for (size_t i = 0; i < dims.size(); ++i) {
        if (!box[i].contains(dims[i])) return out;
        box[i] = Interval::point(dims[i]);
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
        (a.num_dims() != b.num_dims() || a.num_results() != b.num_results())) {
        return false;
    }
    // The dimension box to walk: the hull of both maps' dimension bounds.
    std::vector<Interval> dims_box;
    for (int64_t i = 0; i < normal.num_dims(); ++i) {
        Interval box = normal.dims()[static_cast<size_t>(i)].bounds;
        const IndexingMap& other = &normal == &a ? b : a;
        if (other.state() == IndexingMap::State::Normal) {
            box = box.hull(other.dims()[static_cast<size_t>(i)].bounds);
        }
        dims_box.push_back(box);
    }
    auto dim_points = detail::box_points(dims_box, max_points);
    if (!dim_points) return std::nullopt;
    int64_t sym_points = 0;
    for (const IndexingMap* m : {&a, &b}) {
        if (m->state() != IndexingMap::State::Normal) continue;
        auto n = detail::box_points(symbol_box(*m), max_points);
        if (!n) return std::nullopt;
        sym_points += *n;
    }
    auto total = checked_mul(*dim_points, std::max<int64_t>(sym_points, 1));
    if (!total || *total > max_points) return std::nullopt;
    if (*dim_points == 0) return true;  // both relations are empty

    std::vector<int64_t> point = detail::first_point(dims_box);
    do {
        auto in_a = images(a, point), in_b = images(b, point);
        if (!in_a || !in_b) return std::nullopt;
        if (*in_a != *in_b) return false;
    } while (detail::next_point(point, dims_box));
    return true;
}

}  // namespace provix::hlo
