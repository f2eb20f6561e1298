// Counting the elements an operand's maps read (operand utilization).

#include "provix/hlo/utilization.h"

#include <chrono>
#include <string>
#include <unordered_set>

#include "domain_points.h"
#include "provix/interval_eval.h"
#include "provix/semantics.h"
#include "provix/simplify.h"

namespace provix::hlo {

namespace {

/// A time in whole milliseconds as seconds: "10", "0.5", "0.001".
std::string seconds_text(std::chrono::milliseconds t) {
    std::string text = std::to_string(t.count() / 1000);
    std::string fraction = std::to_string(1000 + t.count() % 1000).substr(1);  // three digits
    while (!fraction.empty() && fraction.back() == '0')
        fraction.pop_back();
    return fraction.empty() ? text : text + "." + fraction;
}

/// The product of the bounds' sizes of the variables the results use, if
/// `m` is a bijection onto a box: every result a constant or `c * v + k`
/// with distinct variables `v`, no constraint. The results must also stay
/// inside the operand.
std::optional<int64_t> box_count(const IndexingMap& m, const std::vector<int64_t>& dims) {
    if (m.state() != IndexingMap::State::Normal || !m.constraints().empty() ||
        m.num_results() != static_cast<int64_t>(dims.size())) {
        return std::nullopt;
    }
    std::vector<Interval> bounds = m.variable_bounds();
    std::vector<bool> used(bounds.size(), false);
    int64_t product = 1;
    for (size_t i = 0; i < dims.size(); ++i) {
        Expr r = m.results()[i];
        bool may_fail = false;
        Interval range = interval_of(r, bounds, &may_fail);
        if (may_fail || range.is_empty() || !range.is_bounded() || range.lo() < 0 ||
            range.hi() >= dims[i]) {
            return std::nullopt;
        }
        if (r.is_constant()) continue;
        // c * v + k: one variable, linear.
        std::vector<bool> vars(bounds.size(), false);
        collect_variables(r, vars);
        int64_t v = -1;
        for (size_t k = 0; k < vars.size(); ++k) {
            if (!vars[k]) continue;
            if (v >= 0) return std::nullopt;
            v = static_cast<int64_t>(k);
        }
        if (v < 0 || used[static_cast<size_t>(v)]) return std::nullopt;
        used[static_cast<size_t>(v)] = true;
        // Linear in v with a non-zero coefficient: r(v+1) - r(v) is a
        // non-zero constant.
        std::vector<Expr> shift;
        for (size_t k = 0; k < bounds.size(); ++k) {
            Expr var = m.context()->variable(static_cast<int64_t>(k));
            shift.push_back(static_cast<int64_t>(k) == v ? var + 1 : var);
        }
        Expr step = canonicalize(substitute(r, shift) - r);
        if (!step.is_constant() || step.constant_value() == 0) return std::nullopt;
        const Interval& b = bounds[static_cast<size_t>(v)];
        auto size = checked_sub(b.hi(), b.lo());
        size = size ? checked_add(*size, 1) : std::nullopt;
        auto p = size ? checked_mul(product, *size) : std::nullopt;
        if (!p) return std::nullopt;
        product = *p;
    }
    return product;
}

/// True if the product of the positive dimensions of `dims` fits in int64:
/// then so does every row-major offset of an in-bounds point.
bool offsets_fit(const std::vector<int64_t>& dims) {
    int64_t elements = 1;
    for (int64_t d : dims) {
        auto next = d > 0 ? checked_mul(elements, d) : std::optional<int64_t>(elements);
        if (!next) return false;
        elements = *next;
    }
    return true;
}

/// The row-major offset of `point` in `dims`, or nullopt when it is out of
/// bounds (computed only while in bounds, so below the product of the
/// dimensions: see offsets_fit).
std::optional<int64_t> row_major_offset(const std::vector<int64_t>& point,
                                        const std::vector<int64_t>& dims) {
    int64_t linear = 0;
    for (size_t i = 0; i < dims.size(); ++i) {
        const int64_t x = point[i];
        if (x < 0 || x >= dims[i]) return std::nullopt;
        linear = linear * dims[i] + x;
    }
    return linear;
}

/// Enumerates the domains of `maps` and counts distinct in-bounds results.
ElementCount enumerate(const IndexingMapSet& maps, const std::vector<int64_t>& dims,
                       const CountLimits& limits) {
    ElementCount out;
    if (!offsets_fit(dims)) {
        out.reason = "size beyond int64";
        return out;
    }
    auto deadline = std::chrono::steady_clock::now() + limits.timeout;
    std::unordered_set<int64_t> seen;
    int64_t points = 0;
    for (const IndexingMap& m : maps) {
        if (m.is_known_empty()) continue;
        std::vector<Interval> box = m.variable_bounds();
        auto total = detail::box_points(box, limits.max_points);
        if (!total) {
            out.reason =
                "more than " + std::to_string(limits.max_points) + " domain points to enumerate";
            return out;
        }
        if (*total == 0) continue;
        std::vector<int64_t> values = detail::first_point(box);
        do {
            if ((++points & 4095) == 0 && std::chrono::steady_clock::now() > deadline) {
                out.reason = "timeout after " + seconds_text(limits.timeout) + " s";
                return out;
            }
            const Membership in = m.membership(values);
            if (in == Membership::Undecided) {
                out.reason = "a constraint's evaluation leaves 128 bits at a point";
                return out;
            }
            if (in == Membership::Inside) {
                // A result that divides by zero reads nothing there; one that
                // leaves int64 lies beyond every element.
                auto r = m.evaluate(values);
                if (r) {
                    if (auto linear = row_major_offset(*r, dims)) seen.insert(*linear);
                }
            }
        } while (detail::next_point(values, box));
    }
    out.count = static_cast<int64_t>(seen.size());
    out.method = "enumeration";
    return out;
}

}  // namespace

ElementCount count_read_elements(const IndexingMapSet& maps,
                                 const std::vector<int64_t>& operand_dims,
                                 const ImageCounter& counter, const CountLimits& limits) {
    ElementCount out;
    if (maps.is_unknown()) {
        out.reason = "UNKNOWN maps";
        return out;
    }
    bool any = false;
    for (const IndexingMap& m : maps) {
        if (m.is_undefined()) {
            out.reason = "UNDEFINED map";
            return out;
        }
        if (m.is_known_empty()) continue;
        if (m.num_rt_vars() > 0) {
            out.reason = "depends on runtime values";
            return out;
        }
        if (m.num_results() != static_cast<int64_t>(operand_dims.size())) {
            out.reason = "map and operand ranks differ";
            return out;
        }
        any = true;
    }
    if (!any) {
        out.count = 0;
        out.method = "box";
        return out;
    }
    if (maps.size() == 1) {
        IndexingMap m = maps.front();
        simplify(m);
        if (auto n = box_count(m, operand_dims)) {
            out.count = n;
            out.method = "box";
            return out;
        }
    }
    if (counter) {
        ElementCount c = counter(maps);
        if (c.count) return c;
    }
    return enumerate(maps, operand_dims, limits);
}

}  // namespace provix::hlo
