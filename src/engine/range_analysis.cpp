/// \file
/// Memoized interval analysis.

#include "range_analysis.h"

#include "expr_node.h"
#include "nonzero_divisors.h"

namespace provix::engine {

RangeAnalysis::RangeAnalysis(std::vector<Interval> bounds,
                             const std::vector<Constraint>& constraints)
    : bounds_(std::move(bounds)),
      constraints_(constraints),
      divisors_(engine::constraint_divisors(constraints)) {
    // At every domain point a constraint holds: its expression's range meets
    // the constraint's (bounds_intersect).
    for (const Constraint& c : constraints) {
        if (Interval* r = known_.find(c.expr.id()))
            *r = r->intersect(c.range);
        else
            known_.set(c.expr.id(), c.range);
    }
    // A constraint excludes the points where it divides by zero.
    for (Expr d : divisors_)
        nonzero_.set(d.id(), 1);
}

Interval RangeAnalysis::range(Expr e) {
    const detail::ExprNode* n = detail::node_of(e);  // inline field reads
    if (n->kind == ExprKind::Constant) return Interval::point(n->value);
    if (const Interval* m = memo_.find(n->id)) return *m;
    Interval r = compute(e);
    if (!known_.empty()) {
        if (const Interval* k = known_.find(n->id)) r = r.intersect(*k);
    }
    memo_.set(n->id, r);
    return r;
}

Interval RangeAnalysis::compute(Expr e) {
    const detail::ExprNode* n = detail::node_of(e);
    if (n->kind == ExprKind::Variable) {
        auto id = static_cast<size_t>(n->value);
        return id < bounds_.size() ? bounds_[id] : Interval::all();
    }
    Interval acc = range(Expr(n->operands[0]));
    for (size_t i = 1; i < n->num_operands; ++i) {
        Interval next = range(Expr(n->operands[i]));
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
    return !nonzero_.empty() && nonzero_.find(detail::id_of(d)) != nullptr;
}

}  // namespace provix::engine
