#pragma once
/// \file
/// Private entry points of canonical construction (not installed): a build
/// without a vector for the engine's hot paths, and the general path of sums
/// alone for the tests that compare it with construction's short paths.

#include <cstddef>
#include <vector>

#include "provix/expr.h"

namespace provix::detail {

/// `provix::build(kind, operands)` for the `n` operands at `operands`,
/// without a vector (same preconditions):
///
///     const Expr ops[2] = {d0, d1};
///     build(ExprKind::Max, ops, 2)  // max(d0, d1)
Expr build(ExprKind kind, const Expr* operands, size_t n);

/// The canonical sum of `operands` (at least one) built by the general path
/// alone: flatten, split into terms, sort, merge like terms, redistribute
/// scaled sums, rebuild the terms; `build(ExprKind::Add, ...)` tries short
/// paths first and must give the same node.
///
///     build_add_general({d1, d0 * 2, 3}) == d0 * 2 + d1 + 3
Expr build_add_general(const std::vector<Expr>& operands);

}  // namespace provix::detail
