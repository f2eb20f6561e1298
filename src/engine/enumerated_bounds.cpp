/// \file
/// Exact bounds of few-valued variables (see enumerated_bounds.h).

#include "enumerated_bounds.h"

#include <algorithm>
#include <array>
#include <optional>

#include "bit_count.h"
#include "enumerated_affine.h"
#include "expr_node.h"
#include "lemma_ids.h"
#include "nonzero_divisors.h"
#include "provix/semantics.h"

namespace provix::engine {
namespace {

constexpr int kMaxVariables = 6;

/// The points of a box over some variables and the hull of the values each
/// variable takes at the points kept.
struct BoxScan {
    std::array<int64_t, kMaxVariables> ids{};
    std::array<Interval, kMaxVariables> box;
    /// The hull of variable i's values is [hull_lo[i], hull_hi[i]], empty
    /// while hull_lo[i] > hull_hi[i] (the values are finite: plain ends, no
    /// Interval steps per point).
    std::array<int64_t, kMaxVariables> hull_lo;
    std::array<int64_t, kMaxVariables> hull_hi;
    size_t k = 0;
    int64_t points = 1;

    /// The hull of variable i's values, as an Interval.
    Interval hull(size_t i) const {
        return hull_lo[i] > hull_hi[i] ? Interval::empty() : Interval(hull_lo[i], hull_hi[i]);
    }
};

/// The box of the variables of `mask` under the bounds of `map` into `s`
/// (a fresh BoxScan), when it is small; false otherwise. (Filled in place:
/// the scan is a few hundred bytes, and most boxes are small.)
bool small_box(uint64_t mask, const IndexingMap& map, BoxScan& s) {
    if (mask == 0 || popcount64(mask) > kMaxVariables) return false;
    for (uint64_t m = mask; m; m &= m - 1) {
        const auto id = static_cast<int64_t>(__builtin_ctzll(m));
        if (id >= map.num_variables()) return false;
        const Interval& b = map.bounds_by_id()[static_cast<size_t>(id)];
        if (!b.is_bounded() || b.is_empty()) return false;
        const __int128 width = static_cast<__int128>(b.hi()) - b.lo() + 1;
        if (width > kMaxEnumeratedPoints) return false;
        s.points *= static_cast<int64_t>(width);
        if (s.points > kMaxEnumeratedPoints) return false;
        s.ids[s.k] = id;
        s.box[s.k] = b;
        s.hull_lo[s.k] = kInt64Max;
        s.hull_hi[s.k] = kInt64Min;
        ++s.k;
    }
    return true;
}

/// True if every constraint over only the variables of `mask` may hold at
/// `at`, and no divisor of one of them is zero there.
bool may_hold(const std::vector<Constraint>& cs, const std::vector<Expr>& divisors, uint64_t mask,
              const int64_t* at) {
    for (const Constraint& c : cs) {
        const detail::ExprNode* n = detail::node_of(c.expr);
        if (n->has_high_var || (n->var_mask & ~mask) != 0) continue;
        if (excluded_at(c.expr, c.range, at)) return false;
    }
    for (Expr d : divisors) {
        const detail::ExprNode* n = detail::node_of(d);
        if (n->has_high_var || (n->var_mask & ~mask) != 0) continue;
        const std::optional<int64_t> v = evaluate_at(d, at);
        if (v && *v == 0) return false;
    }
    return true;
}

/// The `j`-th value of `b` (non-empty, bounded) in outside-in order: lo,
/// hi, lo + 1, hi - 1, ... (every value once for j in [0, width)): `[0, 3]`
/// gives 0, 3, 1, 2.
int64_t outside_in(const Interval& b, int64_t j) {
    return j % 2 == 0 ? b.lo() + j / 2 : b.hi() - j / 2;
}

/// Scans the box: the hull of each variable's values at the points kept.
/// The hull does not depend on the order of the points, and a point whose
/// every coordinate already lies in the hull cannot widen it, kept or not:
/// such points are not evaluated. The values of each variable are visited
/// outside-in, so the ends of the box come first: when the constraints hold
/// at the corners, the hull reaches the whole box after a few points and
/// the scan stops there.
void scan(BoxScan& s, const std::vector<Constraint>& cs, const std::vector<Expr>& divisors,
          uint64_t mask) {
    std::array<int64_t, 64> at;  // values by variable id; only the scanned ids are read
    std::array<int64_t, kMaxVariables> step{};  // outside-in position per variable
    for (size_t i = 0; i < s.k; ++i)
        at[static_cast<size_t>(s.ids[i])] = s.box[i].lo();
    for (int64_t p = 0; p < s.points; ++p) {
        if (p > 0) {  // next point, the first variable fastest
            for (size_t i = 0; i < s.k; ++i) {
                int64_t& v = at[static_cast<size_t>(s.ids[i])];
                // The box has at most kMaxEnumeratedPoints points per variable.
                if (++step[i] <= s.box[i].hi() - s.box[i].lo()) {
                    v = outside_in(s.box[i], step[i]);
                    break;
                }
                step[i] = 0;
                v = s.box[i].lo();
            }
        }
        bool widens = false;
        for (size_t i = 0; i < s.k && !widens; ++i) {
            const int64_t v = at[static_cast<size_t>(s.ids[i])];
            widens = v < s.hull_lo[i] || v > s.hull_hi[i];
        }
        if (!widens || !may_hold(cs, divisors, mask, at.data())) continue;
        bool whole_box = true;
        for (size_t i = 0; i < s.k; ++i) {
            const int64_t v = at[static_cast<size_t>(s.ids[i])];
            s.hull_lo[i] = std::min(s.hull_lo[i], v);
            s.hull_hi[i] = std::max(s.hull_hi[i], v);
            whole_box = whole_box && s.hull_lo[i] == s.box[i].lo() && s.hull_hi[i] == s.box[i].hi();
        }
        // Every point left lies in the hull: none can widen it.
        if (whole_box) return;
    }
}

}  // namespace

bool tighten_bounds_by_enumeration(IndexingMap& map, RewriteLog log) {
    bool changed = false;
    // Only bounds change below (to non-empty hulls), and the loop stops as
    // soon as the map becomes known empty: the constraints are read in place.
    const std::vector<Constraint>& cs = map.constraints();
    std::vector<Expr> divisors;
    bool have_divisors = false;
    // The variable sets scanned since the bounds last changed other than by
    // their own scan. A scan reads only the bounds of its variables and the
    // constraints (which stay), so scanning such a set again finds the same
    // hull: the bounds it set, or those it left (every point it kept lies in
    // that hull, and the points it drops lie outside it or fail as before).
    // (At most kRemembered of them, the first ones: a set past those is
    // scanned again.)
    constexpr size_t kRemembered = 8;
    std::array<uint64_t, kRemembered> scanned;
    size_t num_scanned = 0;
    for (const Constraint& c : cs) {
        const detail::ExprNode* n = detail::node_of(c.expr);
        if (n->has_high_var) continue;
        if (std::find(scanned.begin(), scanned.begin() + num_scanned, n->var_mask) !=
            scanned.begin() + num_scanned)
            continue;
        BoxScan s;
        if (!small_box(n->var_mask, map, s)) continue;
        if (!have_divisors) {  // only once a box is small
            divisors = constraint_divisors(cs);
            have_divisors = true;
        }
        scan(s, cs, divisors, n->var_mask);
        bool narrowed = false;
        for (size_t i = 0; i < s.k; ++i) {
            const Interval hull = s.hull(i);
            if (hull == s.box[i]) continue;
            if (hull.is_empty()) {
                log.fired(lemma::enumerated_empty);
                map.mark_known_empty();
                return true;
            }
            if (hull.lo() != s.box[i].lo()) log.fired(lemma::enumerated_lower);
            if (hull.hi() != s.box[i].hi()) log.fired(lemma::enumerated_upper);
            map.set_variable_bounds(s.ids[i], hull);
            changed = narrowed = true;
        }
        if (narrowed) num_scanned = 0;  // the other sets may read these bounds
        if (num_scanned < kRemembered) scanned[num_scanned++] = n->var_mask;
    }
    return changed;
}

}  // namespace provix::engine
