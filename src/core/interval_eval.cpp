// Interval evaluation of expressions (see provix/interval_eval.h). Iterative
// post-order walk with a memo keyed by node id, so deep or heavily shared
// trees neither overflow the stack nor take exponential time.

#include "provix/interval_eval.h"

#include <unordered_map>

#include "expr_dag.h"

namespace provix {

namespace {

bool has_infinite_end(const Interval& i) { return !i.is_empty() && !i.is_bounded(); }

}  // namespace

Interval interval_of(Expr e, const std::vector<Interval>& bounds, bool* may_fail) {
    bool fail = false;
    std::unordered_map<uint32_t, Interval> memo;
    auto known = [&](Expr node) { return memo.count(node.id()) > 0; };
    detail::for_each_post_order(e, known, [&](Expr node) {
        switch (node.kind()) {
            case ExprKind::Constant:
                memo.emplace(node.id(), Interval::point(node.constant_value()));
                return;
            case ExprKind::Variable: {
                const int64_t id = node.variable_id();
                Interval b = Interval::all();
                if (id >= 0 && static_cast<size_t>(id) < bounds.size()) {
                    b = bounds[static_cast<size_t>(id)];
                }
                memo.emplace(node.id(), b);
                return;
            }
            default:
                break;
        }
        const size_t n = node.num_operands();
        std::vector<Interval> ops;
        ops.reserve(n);
        for (size_t i = 0; i < n; ++i)
            ops.push_back(memo.at(node.operand(i).id()));
        Interval r;
        switch (node.kind()) {
            case ExprKind::Add:
                r = ops[0];
                for (size_t i = 1; i < n; ++i) {
                    r = r + ops[i];
                    if (has_infinite_end(r)) fail = true;
                }
                break;
            case ExprKind::Mul:
                r = ops[0];
                for (size_t i = 1; i < n; ++i) {
                    r = r * ops[i];
                    if (has_infinite_end(r)) fail = true;
                }
                break;
            case ExprKind::FloorDiv:
                if (ops[1].contains(0)) fail = true;
                r = floor_div(ops[0], ops[1]);
                if (has_infinite_end(r)) fail = true;
                break;
            case ExprKind::CeilDiv:
                if (ops[1].contains(0)) fail = true;
                r = ceil_div(ops[0], ops[1]);
                if (has_infinite_end(r)) fail = true;
                break;
            case ExprKind::Mod:
                if (ops[1].contains(0)) fail = true;
                r = mod(ops[0], ops[1]);
                break;
            case ExprKind::Min:
                r = min(ops[0], ops[1]);
                break;
            case ExprKind::Max:
                r = max(ops[0], ops[1]);
                break;
            default:
                r = Interval::all();
                fail = true;
                break;
        }
        memo.emplace(node.id(), r);
    });
    if (may_fail) *may_fail = fail;
    return memo.at(e.id());
}

}  // namespace provix
