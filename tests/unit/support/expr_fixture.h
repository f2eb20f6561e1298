#pragma once
/// \file
/// The fixture of the expression tests: a context, the variables d0, d1, d2
/// (ids 0, 1, 2), constants, and nodes made as they are (no rewriting):
///
///     Expr e = make(ExprKind::Add, {d0, c(0)});  // stays `d0 + 0`

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "provix/expr.h"

namespace provix::testing_support {

class ExprFixture : public ::testing::Test {
protected:
    Context ctx;
    Expr d0 = ctx.variable(0);
    Expr d1 = ctx.variable(1);
    Expr d2 = ctx.variable(2);
    /// The constant `v`.
    Expr c(int64_t v) { return ctx.constant(v); }
    /// The node of kind `k` over `ops`, made without canonicalization.
    Expr make(ExprKind k, std::vector<Expr> ops) { return *ctx.make(k, ops); }
};

}  // namespace provix::testing_support
