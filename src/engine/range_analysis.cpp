/// \file
/// Memoized interval analysis.

#include "range_analysis.h"

#include <algorithm>
#include <cassert>

#include "expr_node.h"
#include "nonzero_divisors.h"
#include "provix/semantics.h"
#include "sum_multiple.h"

namespace provix::engine {

RangeAnalysis::RangeAnalysis(const std::vector<Interval>& bounds,
                             const std::vector<Constraint>& constraints)
    : bounds_(bounds.begin(), bounds.end()),
      bound_(bounds_.data()),
      num_bounds_(bounds_.size()),
      owned_constraints_(constraints) {
    find_point_bounds();
    use_constraints(owned_constraints_);
}

RangeAnalysis::RangeAnalysis(const IndexingMap& map, Domain domain, Held held) {
    if (held == Held::Copy) {
        copy_bounds(map);
    } else {
        bound_ = map.bounds_by_id().data();
        num_bounds_ = map.bounds_by_id().size();
        find_point_bounds();
    }
    if (domain == Domain::BoundsAndConstraints) {
        map_constraints_ = &map.constraints();
        if (!map.constraints().empty()) use_constraints(map.constraints());
    }
}

void RangeAnalysis::use_bounds_of(const IndexingMap& map) {
    assert(constraints().empty() && "use_bounds_of on an analysis with constraints");
    memo_ = IdMap<Interval>();
    undefined_memo_ = IdMap<char>();
    bounds_.clear();
    copy_bounds(map);
}

void RangeAnalysis::copy_bounds(const IndexingMap& map) {
    // The map keeps them in one array by id: one copy, with one capacity
    // check and the size set once (bounds_ is empty here).
    const SmallVector<Interval, 8>& bounds = map.bounds_by_id();
    bounds_.append_generated(bounds.size(), [&](size_t i) { return bounds[i]; });
    bound_ = bounds_.data();
    num_bounds_ = bounds_.size();
    find_point_bounds();
}

void RangeAnalysis::find_point_bounds() {
    point_vars_ = 0;
    high_point_var_ = false;
    for (size_t i = 0; i < num_bounds_; ++i) {
        if (!bound_[i].is_point()) continue;
        if (i < 64)
            point_vars_ |= uint64_t{1} << i;
        else
            high_point_var_ = true;
    }
}

void RangeAnalysis::use_constraints(const std::vector<Constraint>& constraints) {
    // At every domain point a constraint holds: its expression's range meets
    // the constraint's (bounds_intersect).
    for (const Constraint& c : constraints) {
        if (Interval* r = known_.find(c.expr.id()))
            *r = r->intersect(c.range);
        else
            known_.set(c.expr.id(), c.range);
        const detail::ExprNode* n = detail::node_of(c.expr);
        constrained_vars_ |= n->var_mask;
        high_constrained_ = high_constrained_ || n->has_high_var;
        if (n->kind == ExprKind::Add && num_sum_constraints_ < kMaxSumConstraints &&
            std::find(sum_constraints_, sum_constraints_ + num_sum_constraints_, n) ==
                sum_constraints_ + num_sum_constraints_)
            sum_constraints_[num_sum_constraints_++] = n;
    }
    // The congruences of the constraints `e mod c in [r, r]` and of the
    // equalities on sums (DivisibilityAnalysis' facts).
    for (const Constraint& c : constraints) {
        if (gives_congruence(c)) {
            congruences_ = std::make_unique<DivisibilityAnalysis>(constraints);
            break;
        }
    }
}

void RangeAnalysis::find_divisors() {
    divisors_found_ = true;
    divisors_ = engine::constraint_divisors(constraints());
    // A constraint excludes the points where it divides by zero.
    for (Expr d : divisors_)
        nonzero_.set(d.id(), 1);
}

Interval RangeAnalysis::range(Expr e) {
    const detail::ExprNode* n = detail::node_of(e);  // inline field reads
    if (n->kind == ExprKind::Constant || n->kind == ExprKind::Variable) return leaf_range(n);
    if (const Interval* m = memo_.find(n->id)) return *m;
    return range_of_new(e);
}

bool RangeAnalysis::quotient_spans_two_points(const detail::ExprNode* n) const {
    assert(known_.empty() && !congruences_ && "a constraint may narrow the quotient");
    const detail::ExprNode* c = n->operands[1];
    if (c->kind != ExprKind::Constant || c->value == 0) return false;
    uint64_t need = magnitude(c->value);
    if (n->kind == ExprKind::Mod) {
        // x mod c spans two values when x does: two values of x inside one
        // block of c keep their distance, and across blocks the remainder
        // takes all of c's residues (`x mod 1` is always 0).
        if (need < 2) return false;
        need = 1;
    }
    // hi - lo of an interval, or true (`*wide`) when it is empty or has an
    // infinite end (the quotient's range is then empty or infinite too).
    bool wide = false;
    auto width = [&](const Interval& r) -> uint64_t {
        if (r.is_empty() || !r.is_bounded()) {
            wide = true;
            return 0;
        }
        return static_cast<uint64_t>(r.hi()) - static_cast<uint64_t>(r.lo());
    };
    // The terms first, the dividend's range (if found before) only when they
    // do not decide: with no constraint narrowing a node, that range is the
    // interval sum of its terms' ranges, at least as wide as the terms
    // counted below, so it says "spans" whenever they do.
    const detail::ExprNode* x = n->operands[0];
    const detail::ExprNode* const* terms = &x;
    size_t count = 1;
    if (x->kind == ExprKind::Add) terms = x->operands, count = x->num_operands;
    uint64_t total = 0;
    for (size_t i = 0; i < count; ++i) {
        const detail::ExprNode* t = terms[i];
        uint64_t scale = 1;
        if (t->kind == ExprKind::Mul && t->num_operands == 2 &&
            t->operands[1]->kind == ExprKind::Constant) {
            const int64_t a = t->operands[1]->value;
            scale = magnitude(a);
            t = t->operands[0];
        }
        uint64_t w = 0;
        if (t->kind == ExprKind::Variable) {
            const auto id = static_cast<size_t>(t->value);
            if (id >= num_bounds_) return true;  // any value
            w = width(bound_[id]);
        }
        if (wide) return true;
        if (w != 0 && scale != 0) {
            // The term's width times |a|, and the total, saturating (no
            // division: the product's overflow is tested directly).
            uint64_t scaled = 0;
            if (__builtin_mul_overflow(w, scale, &scaled)) return true;
            total = total > UINT64_MAX - scaled ? UINT64_MAX : total + scaled;
            if (total >= need) return true;
        }
    }
    if (const Interval* m = memo_.find(x->id)) return width(*m) >= need || wide;
    return false;
}

__attribute__((always_inline)) inline Interval RangeAnalysis::operand_range(
    const detail::ExprNode* n, size_t i) {
    const detail::ExprNode* op = n->operands[i];
    if (op->kind == ExprKind::Constant || op->kind == ExprKind::Variable) return leaf_range(op);
    return range(Expr(op));
}

Interval RangeAnalysis::range_of_new(Expr e) {
    const detail::ExprNode* n = detail::node_of(e);
    Interval r = compute(e);
    if (congruences_ && n->kind == ExprKind::Mod) r = by_residue(e, r);
    if (!known_.empty()) {  // some constraint narrows a node
        if (num_sum_constraints_ != 0 && n->kind == ExprKind::Add) r = by_regrouping(n, r);
        if (const Interval* k = known_.find(n->id)) r = r.intersect(*k);
    }
    // compute() reaches only nodes below `e` (the expression is acyclic), so
    // `e` itself is still absent from the memo.
    memo_.insert_new(n->id, r);
    return r;
}

namespace {

/// A sum of ranges with exact 128-bit ends (range_add_lower, range_add_upper
/// over the whole sum): a partial sum beyond int64 does not widen the total
/// (`d0 - s1 - 3` with s1 near -2^63 and d0 in [0, 1] stays finite). Only
/// the total is widened, as interval operations widen: a lower end below
/// int64 to -inf, above to kInt64Max; an upper end above int64 to +inf,
/// below to kInt64Min.
struct ExactSum {
    __int128 lo = 0, hi = 0;
    bool lo_inf = false, hi_inf = false, empty = false;

    void add(const Interval& t) {
        if (t.is_empty()) empty = true;
        if (empty) return;
        if (t.lo_is_inf())
            lo_inf = true;
        else
            lo += t.lo();
        if (t.hi_is_inf())
            hi_inf = true;
        else
            hi += t.hi();
    }

    Interval total() const {
        if (empty) return Interval::empty();
        std::optional<int64_t> l, h;
        if (!lo_inf && lo >= kInt64Min) l = lo > kInt64Max ? kInt64Max : static_cast<int64_t>(lo);
        if (!hi_inf && hi <= kInt64Max) h = hi < kInt64Min ? kInt64Min : static_cast<int64_t>(hi);
        return Interval::bounded_by(l, h);
    }
};

}  // namespace

Interval RangeAnalysis::compute(Expr e) {
    const detail::ExprNode* n = detail::node_of(e);
    if (n->kind == ExprKind::Add) return sum_range(n);
    Interval acc = operand_range(n, 0);
    for (size_t i = 1; i < n->num_operands; ++i) {
        Interval next = operand_range(n, i);
        switch (n->kind) {
            case ExprKind::Add:
                acc = acc + next;
                break;
            case ExprKind::Mul:
                // x * x is a square: never negative (range_square).
                if (n->operands[i] == n->operands[i - 1] && n->num_operands == 2) {
                    acc = acc * next;
                    acc = acc.intersect(Interval::at_least(0));
                } else {
                    acc = acc * next;
                }
                break;
            case ExprKind::FloorDiv:
                acc = floor_div(acc, next);
                break;
            case ExprKind::CeilDiv:
                acc = ceil_div(acc, next);
                break;
            case ExprKind::Mod:
                acc = mod(acc, next);
                break;
            case ExprKind::Min:
                acc = min(acc, next);
                break;
            case ExprKind::Max:
                acc = max(acc, next);
                break;
            default:
                break;
        }
    }
    return acc;
}

Interval RangeAnalysis::by_residue(Expr e, Interval r) {
    if (!r.is_bounded() || r.is_empty()) return r;
    // x mod c ≡ rem (mod m), with m dividing c (div_mod, div_mod_exact); m
    // == 0: the value itself. The ends move to the nearest values of that
    // residue (residue_lower, residue_upper).
    const ModRem mr = congruences_->of(e);
    if (mr.modulus == 1) return r;
    if (mr.modulus == 0) return r.intersect(Interval::point(mr.remainder));
    const __int128 m = mr.modulus;
    __int128 lo = r.lo(), hi = r.hi();
    lo += floor_remainder(static_cast<__int128>(mr.remainder) - lo, m);
    hi -= floor_remainder(hi - mr.remainder, m);
    if (lo > hi) return Interval::empty();
    return Interval(static_cast<int64_t>(lo), static_cast<int64_t>(hi));
}

Interval RangeAnalysis::sum_range(const detail::ExprNode* n) {
    Interval acc = operand_range(n, 0);
    size_t i = 1;
    for (; i < n->num_operands; ++i) {  // fast path: ends that stay in int64
        Interval next = operand_range(n, i);
        int64_t lo = 0, hi = 0;
        if (!acc.is_bounded() || !next.is_bounded() || acc.is_empty() || next.is_empty() ||
            __builtin_add_overflow(acc.lo(), next.lo(), &lo) ||
            __builtin_add_overflow(acc.hi(), next.hi(), &hi))
            break;
        acc = Interval(lo, hi);
    }
    if (i == n->num_operands) return acc;
    ExactSum sum;  // the rest with exact ends (each operand's range is computed first)
    sum.add(acc);
    for (; i < n->num_operands; ++i)
        sum.add(operand_range(n, i));
    return sum.total();
}

Interval RangeAnalysis::by_regrouping(const detail::ExprNode* n, Interval r) {
    for (uint8_t i = 0; i < num_sum_constraints_; ++i) {
        const detail::ExprNode* f = sum_constraints_[i];
        if (f == n) continue;  // its constraint is intersected in by range_of_new
        const std::optional<SumMultiple> m = as_multiple_of(n, f);
        if (!m) continue;
        // n == a * f + z: f's range is read from its constraints alone, not
        // through range(f), which may regroup f by n (n is not memoized yet).
        // z's operands are below n.
        ExactSum sum;
        sum.add(*known_.find(f->id) * m->a);
        sum.add(Interval::point(m->rest_constant));
        for (size_t j = 0; j < n->num_operands; ++j) {
            if ((m->used >> j & 1) || n->operands[j]->kind == ExprKind::Constant) continue;
            sum.add(operand_range(n, j));
        }
        r = r.intersect(sum.total());
    }
    return r;
}

bool RangeAnalysis::may_be_undefined(Expr e) {
    if (detail::is_total(e)) return false;
    const detail::ExprNode* n = detail::node_of(e);
    if (const char* m = undefined_memo_.find(n->id)) return *m != 0;
    bool r = compute_may_be_undefined(e);
    undefined_memo_.set(n->id, r ? 1 : 0);
    return r;
}

bool RangeAnalysis::compute_may_be_undefined(Expr e) {
    const detail::ExprNode* n = detail::node_of(e);
    for (size_t i = 0; i < n->num_operands; ++i)
        if (may_be_undefined(Expr(n->operands[i]))) return true;
    if (!detail::is_division(n->kind)) return false;
    return !is_nonzero(Expr(n->operands[1]));
}

bool RangeAnalysis::is_nonzero(Expr d) {
    // A divisor whose range excludes 0 is non-zero wherever it is defined
    // (divisor_nonzero_pos, divisor_nonzero_neg); a divisor of a domain
    // constraint is non-zero on the domain (constraint_fd_nonzero,
    // constraint_cd_nonzero, constraint_mod_nonzero).
    if (!range(d).contains(0)) return true;
    if (constraints().empty()) return false;
    if (!divisors_found_) find_divisors();
    return !nonzero_.empty() && nonzero_.find(detail::id_of(d)) != nullptr;
}

}  // namespace provix::engine
