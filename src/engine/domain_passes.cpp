/// \file
/// Domain passes: bound tightening, congruence merging, residue alignment,
/// symbol rescaling, removal of decided constraints.

#include "domain_passes.h"

#include <map>

#include "divisibility.h"
#include "range_analysis.h"
#include "rule_matcher.h"
#include "provix/semantics.h"

namespace provix::engine {
namespace {

/// `e mod c in [r, r]` with c > 0 and 0 <= r < c.
bool as_congruence(const Constraint& c, Expr* e, int64_t* modulus, int64_t* residue) {
    if (c.expr.kind() != ExprKind::Mod || !c.expr.rhs().is_constant() || !c.range.is_point())
        return false;
    int64_t m = c.expr.rhs().constant_value();
    if (m <= 0 || c.range.lo < 0 || c.range.lo >= m) return false;
    *e = c.expr.lhs();
    *modulus = m;
    *residue = c.range.lo;
    return true;
}

/// True unless the congruence `mr` rules out every value of `range`.
bool has_value_with_residue(ModRem mr, Interval range) {
    if (range.is_empty()) return false;
    if (mr.modulus == 0) return range.contains(mr.remainder);
    if (mr.modulus == 1 || range.lo_is_inf() || range.hi_is_inf()) return true;
    // Smallest value >= lo congruent to the remainder.
    auto shift = floor_mod(mr.remainder - floor_mod(range.lo, mr.modulus).value(), mr.modulus);
    auto first = shift ? checked_add(range.lo, *shift) : std::nullopt;
    return !first || *first <= range.hi;  // on overflow: cannot tell, keep it
}

/// One pass of bound tightening over every linear constraint.
bool tighten_once(IndexingMap& map) {
    bool changed = false;
    std::vector<Interval> bounds = map.variable_bounds();
    for (const Constraint& c : map.constraints()) {
        if (!c.range.is_bounded()) continue;
        std::vector<SumTerm> terms = sum_terms(c.expr);
        // Only sums of variable * coefficient (plus a constant).
        bool linear = true;
        for (const SumTerm& t : terms) linear = linear && (!t.monomial || t.monomial.is_variable());
        if (!linear) continue;
        for (size_t i = 0; i < terms.size(); ++i) {
            if (!terms[i].monomial) continue;
            Interval rest = Interval::point(0);
            for (size_t j = 0; j < terms.size(); ++j) {
                if (j == i) continue;
                rest = rest + (terms[j].monomial
                                   ? bounds[static_cast<size_t>(terms[j].monomial.variable_id())] *
                                         terms[j].coef
                                   : Interval::point(terms[j].coef));
            }
            // a*v in [lo - rest.hi, hi - rest.lo]
            Interval av = Interval{c.range.lo, c.range.hi} - rest;
            int64_t a = terms[i].coef;
            Interval v;
            if (a > 0) {
                v = Interval{av.lo_is_inf() ? kInt64Min : *ceil_div(av.lo, a),
                             av.hi_is_inf() ? kInt64Max : *floor_div(av.hi, a)};
            } else {
                if (a == kInt64Min) continue;
                v = Interval{av.hi_is_inf() ? kInt64Min : *ceil_div(av.hi, a),
                             av.lo_is_inf() ? kInt64Max : *floor_div(av.lo, a)};
            }
            auto id = static_cast<size_t>(terms[i].monomial.variable_id());
            Interval tightened = bounds[id].intersect(v);
            if (tightened != bounds[id]) {
                bounds[id] = tightened;
                map.set_variable_bounds(static_cast<int64_t>(id), tightened);
                changed = true;
                if (map.is_known_empty()) return true;
            }
        }
    }
    return changed;
}

/// Passes of tightening per call. Two constraints that bound each other
/// (`d0 + d2 in [0, 0]`, `d0 * 2 + d2 * 5 in [7, 10]`) shrink the bounds by a
/// constant factor per pass, so 64 passes bring any int64 range to its fixed
/// point; only ranges that shrink by a constant step per pass can stop short.
constexpr int kMaxTightenPasses = 64;

}  // namespace

bool tighten_bounds_from_linear_constraints(IndexingMap& map) {
    bool changed = false;
    for (int pass = 0; pass < kMaxTightenPasses && !map.is_known_empty(); ++pass) {
        if (!tighten_once(map)) break;
        changed = true;
    }
    return changed;
}

bool merge_congruences(IndexingMap& map) {
    std::map<uint32_t, std::vector<size_t>> by_expr;  // node id -> constraint indices
    const std::vector<Constraint>& cs = map.constraints();
    for (size_t i = 0; i < cs.size(); ++i) {
        Expr e;
        int64_t m, r;
        if (as_congruence(cs[i], &e, &m, &r)) by_expr[e.id()].push_back(i);
    }
    bool changed = false;
    std::vector<Constraint> out;
    std::vector<char> drop(cs.size(), 0);
    for (auto& [id, idx] : by_expr) {
        if (idx.size() < 2) continue;
        Expr e;
        int64_t m, r;
        as_congruence(cs[idx[0]], &e, &m, &r);
        ModRem acc{m, r};
        bool ok = true;
        for (size_t k = 1; k < idx.size() && ok; ++k) {
            Expr e2;
            int64_t m2, r2;
            as_congruence(cs[idx[k]], &e2, &m2, &r2);
            bool empty = false;
            ModRem merged = intersect(acc, ModRem{m2, r2}, &empty);
            if (empty) {
                map.mark_known_empty();
                return true;
            }
            if (merged.modulus == 0 || merged.modulus < acc.modulus) {
                ok = false;  // lcm overflowed: keep the constraints apart
                break;
            }
            acc = merged;
        }
        if (!ok) continue;
        for (size_t i : idx) drop[i] = 1;
        out.push_back(Constraint{mod(e, acc.modulus), Interval::point(acc.remainder)});
        changed = true;
    }
    if (!changed) return false;
    for (size_t i = 0; i < cs.size(); ++i)
        if (!drop[i]) out.push_back(cs[i]);
    map.set_constraints(std::move(out));
    return true;
}

bool align_bounds_to_residues(IndexingMap& map) {
    bool changed = false;
    std::vector<Constraint> cs = map.constraints();
    for (const Constraint& c : cs) {
        Expr e;
        int64_t m, r;
        if (!as_congruence(c, &e, &m, &r) || !e.is_variable()) continue;
        Interval b = map.variable(e.variable_id()).bounds;
        Interval nb = b;
        if (!b.lo_is_inf()) {
            auto shift = floor_mod(static_cast<int64_t>(r) - b.lo % m, m);  // (r - lo) mod m
            auto lo = shift ? checked_add(b.lo, *shift) : std::nullopt;
            nb.lo = lo ? *lo : kInt64Max;  // no aligned value above lo in int64
        }
        if (!b.hi_is_inf()) {
            auto shift = floor_mod(b.hi % m - static_cast<int64_t>(r), m);  // (hi - r) mod m
            auto hi = shift ? checked_sub(b.hi, *shift) : std::nullopt;
            nb.hi = hi ? *hi : kInt64Min;
        }
        if (nb != b) {
            map.set_variable_bounds(e.variable_id(), nb.is_empty() ? Interval::empty() : nb);
            changed = true;
            if (map.is_known_empty()) return true;
        }
    }
    return changed;
}

bool rescale_symbols(IndexingMap& map) {
    for (const Constraint& c : map.constraints()) {
        Expr e;
        int64_t m, r;
        if (!as_congruence(c, &e, &m, &r) || !e.is_variable() || m < 2) continue;
        int64_t id = e.variable_id();
        if (map.variable_kind(id) == VariableKind::Dimension) continue;
        Interval b = map.variable(id).bounds;
        if (!b.is_bounded()) continue;
        // Bounds are aligned to the residue first (align_bounds_to_residues).
        auto lo_off = checked_sub(b.lo, r), hi_off = checked_sub(b.hi, r);
        if (!lo_off || !hi_off) continue;
        auto lo = floor_div(*lo_off, m);
        auto hi = floor_div(*hi_off, m);
        auto lo_back = lo ? checked_mul(*lo, m) : std::nullopt;
        if (!lo || !hi || !lo_back || *lo_back != *lo_off) continue;
        // Substitute s := m * s + r everywhere.
        Context& ctx = *map.context();
        std::vector<Expr> repl(static_cast<size_t>(map.num_variables()));
        repl[static_cast<size_t>(id)] = ctx.variable(id) * m + r;
        std::vector<Expr> results;
        for (Expr res : map.results()) results.push_back(substitute(res, repl));
        std::vector<Constraint> cs;
        for (const Constraint& k : map.constraints())
            if (!(k == c)) cs.push_back(Constraint{substitute(k.expr, repl), k.range});
        map.set_results(std::move(results));
        map.set_variable_bounds(id, Interval{*lo, *hi});
        map.set_constraints(std::move(cs));
        return true;  // constraints changed under us: one at a time
    }
    return false;
}

bool drop_decided_constraints(IndexingMap& map) {
    RangeAnalysis ranges(map.variable_bounds());
    // Congruences known from the other constraints (`d2 mod 8 in [4, 4]`
    // makes `d0 * 2 + d2` even): a constraint whose range holds no value of
    // the right residue can never hold. Emptiness only; nothing is dropped
    // on this basis.
    DivisibilityAnalysis divisibility(map.constraints());
    std::vector<Constraint> keep;
    bool changed = false;
    for (const Constraint& c : map.constraints()) {
        Interval r = ranges.range(c.expr);
        if (r.intersect(c.range).is_empty() || !has_value_with_residue(divisibility.of(c.expr), c.range)) {
            map.mark_known_empty();
            return true;
        }
        if (c.range.contains(r)) {
            changed = true;
            continue;
        }
        keep.push_back(c);
    }
    if (changed) map.set_constraints(std::move(keep));
    return changed;
}

}  // namespace provix::engine
