#pragma once
/// \file
/// Every node of an expression tree, for tests that try something on each:
///
///     std::vector<Expr> nodes;
///     testing_support::collect_nodes(e, nodes);  // e first, then its operands' nodes

#include <vector>

#include "provix/expr.h"

namespace provix::testing_support {

/// Appends `e` and every node below it to `out`, parents first (a node
/// shared by two operands is appended once per occurrence).
inline void collect_nodes(Expr e, std::vector<Expr>& out) {
    out.push_back(e);
    for (const Expr& op : e.operands())
        collect_nodes(op, out);
}

}  // namespace provix::testing_support
