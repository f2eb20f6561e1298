/// \file
/// Memoized interval analysis.

#include "range_analysis.h"

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
    if (e.is_constant()) return Interval::point(e.constant_value());
    if (const Interval* m = memo_.find(e.id())) return *m;
    Interval r = compute(e);
    if (!known_.empty()) {
        if (const Interval* k = known_.find(e.id())) r = r.intersect(*k);
    }
    memo_.set(e.id(), r);
    return r;
}

Interval RangeAnalysis::compute(Expr e) {
    if (e.is_variable()) {
        auto id = static_cast<size_t>(e.variable_id());
        return id < bounds_.size() ? bounds_[id] : Interval::all();
    }
    Interval acc = range(e.operand(0));
    for (size_t i = 1; i < e.num_operands(); ++i) {
        Interval next = range(e.operand(i));
        switch (e.kind()) {
            case ExprKind::Add: acc = acc + next; break;
            case ExprKind::Mul:
                // x * x is a square: never negative.
                if (e.operand(i) == e.operand(i - 1) && e.num_operands() == 2) {
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
