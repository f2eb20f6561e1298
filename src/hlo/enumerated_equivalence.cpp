// Exact equivalence of indexing maps by enumerating bounded domains.

#include "provix/hlo/enumerated_equivalence.h"

#include <algorithm>
#include <set>
#include <vector>

#include "provix/semantics.h"

namespace provix::hlo {

namespace {

/// Number of points of `box`, or nullopt if unbounded or above `limit`.
std::optional<int64_t> box_points(const std::vector<Interval>& box, int64_t limit) {
    int64_t n = 1;
    for (const Interval& b : box) {
        if (b.is_empty()) return 0;
        if (!b.is_bounded()) return std::nullopt;
        auto span = checked_sub(b.hi(), b.lo());
        auto size = span ? checked_add(*span, 1) : std::nullopt;
        if (!size) return std::nullopt;
        auto next = checked_mul(n, *size);
        if (!next || *next > limit) return std::nullopt;
        n = *next;
    }
    return n;
}

/// Advances `point` through `box` (odometer order); false when done.
bool next_point(std::vector<int64_t>& point, const std::vector<Interval>& box, size_t from) {
    for (size_t i = box.size(); i-- > from;) {
        if (point[i] < box[i].hi()) {
            ++point[i];
            return true;
        }
        point[i] = box[i].lo();
    }
    return false;
}

std::vector<Interval> symbol_box(const IndexingMap& m) {
    std::vector<Interval> all = m.variable_bounds();
    return std::vector<Interval>(all.begin() + m.num_dims(), all.end());
}

/// The results of `m` at dimension point `dims`, over all its symbols that
/// satisfy the domain.
std::set<std::vector<int64_t>> images(const IndexingMap& m, const std::vector<int64_t>& dims) {
    std::set<std::vector<int64_t>> out;
    if (m.state() != IndexingMap::State::Normal) return out;
    for (int64_t i = 0; i < m.num_dims(); ++i) {
        if (!m.dims()[static_cast<size_t>(i)].bounds.contains(dims[static_cast<size_t>(i)])) {
            return out;
        }
    }
    std::vector<Interval> box = symbol_box(m);
    for (const Interval& b : box) {
        if (b.is_empty()) return out;
    }
    std::vector<int64_t> values = dims;
    for (const Interval& b : box)
        values.push_back(b.lo());
    const size_t d = dims.size();
    do {
        if (m.constraints_satisfied(values)) {
            auto r = m.evaluate(values);
            if (r) out.insert(*r);
        }
        std::vector<int64_t> sym(values.begin() + static_cast<std::ptrdiff_t>(d), values.end());
        bool more = next_point(sym, box, 0);
        std::copy(sym.begin(), sym.end(), values.begin() + static_cast<std::ptrdiff_t>(d));
        if (!more) break;
    } while (true);
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
    auto dim_points = box_points(dims_box, max_points);
    if (!dim_points) return std::nullopt;
    int64_t sym_points = 0;
    for (const IndexingMap* m : {&a, &b}) {
        if (m->state() != IndexingMap::State::Normal) continue;
        auto n = box_points(symbol_box(*m), max_points);
        if (!n) return std::nullopt;
        sym_points += *n;
    }
    auto total = checked_mul(*dim_points, std::max<int64_t>(sym_points, 1));
    if (!total || *total > max_points) return std::nullopt;
    if (*dim_points == 0) return true;  // both relations are empty

    std::vector<int64_t> point;
    for (const Interval& box : dims_box)
        point.push_back(box.lo());
    do {
        if (images(a, point) != images(b, point)) return false;
    } while (next_point(point, dims_box, 0));
    return true;
}

}  // namespace provix::hlo
