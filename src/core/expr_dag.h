#pragma once
/// \file
/// Queries over an expression's DAG. The variable and zero-divisor queries
/// answer in O(1) from facts every node caches when it is created (see
/// ExprNode); `for_each_node`, `for_each_post_order` and the rare fallbacks
/// (variable ids >= 64) visit each distinct node once, so trees with heavy sharing (compositions
/// substitute one result into several places) cost time linear in the number
/// of nodes, not in the tree size, and deep trees cannot overflow the stack.
///
///     std::vector<bool> used;
///     detail::collect_variables_dag(e, used);

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "id_map.h"
#include "provix/expr.h"

namespace provix::detail {

/// Calls `visit(node)` once for every distinct node of `e` (in no particular
/// order), iteratively.
template <class Visit>
void for_each_node(Expr e, Visit visit) {
    if (e.num_operands() == 0) {
        visit(e);
        return;
    }
    engine::IdMap<char> seen;
    std::vector<Expr> stack{e};
    seen.set(e.id(), 1);
    while (!stack.empty()) {
        Expr node = stack.back();
        stack.pop_back();
        visit(node);
        for (size_t i = 0; i < node.num_operands(); ++i) {
            Expr op = node.operand(i);
            if (!seen.find(op.id())) {
                seen.set(op.id(), 1);
                stack.push_back(op);
            }
        }
    }
}

/// Calls `compute(node)` once for every distinct node of `e` for which
/// `known(node)` is false, each after all its operands (post order),
/// iteratively: the bottom-up evaluations over an expression (ranges,
/// heights, renamings) memoize their results and make `known(node)` true.
///
///     std::unordered_map<uint32_t, int> h;
///     for_each_post_order(e, [&](Expr n) { return h.count(n.id()) > 0; },
///                         [&](Expr n) { h[n.id()] = 1 + max over operands; });
template <class Known, class Compute>
void for_each_post_order(Expr e, Known known, Compute compute) {
    // (node, operands pushed?) pairs.
    std::vector<std::pair<Expr, bool>> stack{{e, false}};
    while (!stack.empty()) {
        auto [node, expanded] = stack.back();
        if (known(node)) {
            stack.pop_back();
            continue;
        }
        const size_t n = node.num_operands();
        if (!expanded && n > 0) {
            stack.back().second = true;
            for (size_t i = 0; i < n; ++i) {
                Expr op = node.operand(i);
                if (!known(op)) stack.emplace_back(op, false);
            }
            continue;
        }
        stack.pop_back();
        compute(node);
    }
}

/// Marks `used[id] = true` for every variable of `e` (resizing as needed).
void collect_variables_dag(Expr e, std::vector<bool>& used);

/// Largest variable id in `e` plus one (0 without variables).
int64_t num_variables_used_dag(Expr e);

/// What is wrong with `e` as an expression of a map over `num_vars`
/// variables of `ctx` (null, from another context when `ctx` is given, or a
/// variable id at or above `num_vars`); empty when nothing is. The wording
/// of the maps' setters: `expression v2 uses a variable beyond the map's 2
/// variables`.
std::string map_expr_problem(const Context* ctx, Expr e, int64_t num_vars);

/// True if variable `id` occurs in `e`.
bool uses_variable_dag(Expr e, int64_t id);

/// True if some floordiv / ceildiv / mod node of `e` divides by the constant
/// 0 (evaluating `e` then always fails): `d0 floordiv (d1 - d1)` built raw.
bool has_zero_divisor(Expr e);

}  // namespace provix::detail
