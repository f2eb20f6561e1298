/// \file
/// Memoized interval analysis.

#include "range_analysis.h"

#include "expr_node.h"

namespace provix::engine {

RangeAnalysis::RangeAnalysis(std::vector<Interval> bounds,
                             const std::vector<Constraint>& constraints)
    : bounds_(std::move(bounds)) {
    for (const Constraint& c : constraints) {
        if (Interval* r = known_.find(c.expr.id())) *r = r->intersect(c.range);
        else known_.set(c.expr.id(), c.range);
    }
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
            case ExprKind::Add: acc = acc + next; break;
            case ExprKind::Mul:
                // x * x is a square: never negative.
                if (n->operands[i] == n->operands[i - 1] && n->num_operands == 2) {
                    acc = acc * next;
                    acc = acc.intersect({0, kInt64Max});
                } else {
                    acc = acc * next;
                }
                break;
            case ExprKind::FloorDiv: acc = floor_div(acc, next); break;
            case ExprKind::CeilDiv: acc = ceil_div(acc, next); break;
            case ExprKind::Mod: acc = mod(acc, next); break;
            case ExprKind::Min: acc = min(acc, next); break;
            case ExprKind::Max: acc = max(acc, next); break;
            default: break;
        }
    }
    return acc;
}

}  // namespace provix::engine
