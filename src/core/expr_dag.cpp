// DAG walks over expressions (see detail/expr_dag.h).

#include "expr_dag.h"

#include <algorithm>

namespace provix::detail {

void collect_variables_dag(Expr e, std::vector<bool>& used) {
    for_each_node(e, [&](Expr n) {
        if (!n.is_variable()) return;
        const size_t id = static_cast<size_t>(n.variable_id());
        if (id >= used.size()) used.resize(id + 1, false);
        used[id] = true;
    });
}

int64_t num_variables_used_dag(Expr e) {
    int64_t n = 0;
    for_each_node(e, [&](Expr node) {
        if (node.is_variable()) n = std::max(n, node.variable_id() + 1);
    });
    return n;
}

bool uses_variable_dag(Expr e, int64_t id) {
    bool found = false;
    for_each_node(e, [&](Expr n) { found = found || (n.is_variable() && n.variable_id() == id); });
    return found;
}

bool has_zero_divisor(Expr e) {
    bool found = false;
    for_each_node(e, [&](Expr n) {
        const ExprKind k = n.kind();
        if ((k == ExprKind::FloorDiv || k == ExprKind::CeilDiv || k == ExprKind::Mod) &&
            n.rhs().is_constant(0)) {
            found = true;
        }
    });
    return found;
}

}  // namespace provix::detail
