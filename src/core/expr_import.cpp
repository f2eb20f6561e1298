/// \file
/// Copying an expression into another context (provix/expr.h).

#include <unordered_map>
#include <utility>
#include <vector>

#include "expr_node.h"
#include "provix/expr.h"

namespace provix {

Expr import_expr(Context& to, Expr e) {
    if (&e.context() == &to) return e;
    std::unordered_map<uint32_t, Expr> copied;  // by node id in e's context
    auto leaf = [&](Expr x) {
        return x.is_constant() ? to.constant(x.constant_value()) : to.variable(x.variable_id());
    };
    if (e.num_operands() == 0) return leaf(e);
    // Post-order with an explicit stack: a node is built once all its
    // operands are.
    std::vector<std::pair<Expr, size_t>> stack{{e, 0}};
    std::vector<Expr> operands;
    while (!stack.empty()) {
        auto& [node, next] = stack.back();
        if (next < node.num_operands()) {
            Expr operand = node.operand(next++);
            if (copied.count(operand.id())) continue;
            if (operand.num_operands() == 0) {
                copied.emplace(operand.id(), leaf(operand));
            } else {
                stack.emplace_back(operand, 0);
            }
            continue;
        }
        operands.clear();
        for (size_t i = 0; i < node.num_operands(); ++i)
            operands.push_back(copied.at(node.operand(i).id()));
        // The node as it is (make); a canonical node, or one make refuses
        // (a literal zero divisor, built by the canonical operators),
        // through the canonical operators, which rebuild it as it was.
        Result<Expr> made = node.node()->canonical ? Result<Expr>(build(node.kind(), operands))
                                                   : to.make(node.kind(), operands);
        copied.emplace(node.id(), made ? *made : build(node.kind(), operands));
        stack.pop_back();
    }
    return copied.at(e.id());
}

}  // namespace provix
