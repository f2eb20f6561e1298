// DAG queries over expressions (see core/expr_dag.h). Most answer from the
// facts each node caches when it is created (core/expr_node.h); only
// variables with ids >= 64 need a walk.

#include "expr_dag.h"

#include <algorithm>

#include "expr_node.h"

namespace provix::detail {

void collect_variables_dag(Expr e, std::vector<bool>& used) {
    const ExprNode* node = node_of(e);
    if (node->var_end == 0) return;
    if (node->has_high_var) {
        for_each_node(e, [&](Expr n) {
            if (!n.is_variable()) return;
            const size_t id = static_cast<size_t>(n.variable_id());
            if (id >= used.size()) used.resize(id + 1, false);
            used[id] = true;
        });
        return;
    }
    // All ids are below 64: var_end - 1 is the largest.
    const size_t end = static_cast<size_t>(node->var_end);
    if (end > used.size()) used.resize(end, false);
    for (uint64_t m = node->var_mask; m; m &= m - 1)
        used[static_cast<size_t>(__builtin_ctzll(m))] = true;
}

int64_t num_variables_used_dag(Expr e) { return node_of(e)->var_end; }

bool uses_variable_dag(Expr e, int64_t id) {
    const ExprNode* node = node_of(e);
    if (id < 0 || id >= node->var_end) return false;
    if (id < 64) return (node->var_mask >> id) & 1;
    if (!node->has_high_var) return false;
    bool found = false;
    for_each_node(e, [&](Expr n) { found = found || (n.is_variable() && n.variable_id() == id); });
    return found;
}

std::string map_expr_problem(const Context* ctx, Expr e, int64_t num_vars) {
    if (!e) return "null expression";
    if (ctx && &e.context() != ctx)
        return "expression " + provix::to_string(e) + " belongs to another context";
    if (num_variables_used_dag(e) > num_vars) {
        return "expression " + provix::to_string(e) + " uses a variable beyond the map's " +
               std::to_string(num_vars) + " variables";
    }
    return std::string();
}

bool has_zero_divisor(Expr e) { return node_of(e)->zero_divisor; }

}  // namespace provix::detail
