/// \file
/// Debug printing of values of every kind, of lists and of
/// scopes, in both modes.

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <sstream>
#include <utility>

#include "provix/indexexpr/c_emitter.h"
#include "provix/indexexpr/evaluator.h"
#include "provix/indexexpr/index_expr.h"
#include "provix/indexexpr/scope.h"

namespace provix {
namespace {

TEST(DebugPrint, EveryKindPrintsOnOneLine) {
    Context ctx;
    EvaluatorBuilder eval({{"i", 4}, {"n", 10}});
    IndexExprScope scope(ctx, eval);
    IndexExpr i = scope.input_dim("i", {0, 9});      // %0
    IndexExpr n = scope.input_symbol("n", {1, 64});  // %1
    EXPECT_EQ(IndexExpr(7).to_string(), "7");
    EXPECT_EQ(IndexExpr(-7).to_string(), "-7");
    EXPECT_EQ(IndexExpr::boolean(false).to_string(), "false");
    EXPECT_EQ(IndexExpr::question_mark("q", {0, 3}).to_string(), "?q in [0, 3]");
    EXPECT_EQ(i.to_string(), "dim d0 in [0, 9]");
    EXPECT_EQ(n.to_string(), "symbol s0 in [1, 64]");
    EXPECT_EQ((i * 2 - n).to_string(), "affine d0 * 2 - s0 in [-64, 17]");
    EXPECT_EQ((i * n).to_string(), "nonaffine %2=40 in [0, 576]");
    EXPECT_EQ((i < n).to_string(), "predicate %3=1");
    EXPECT_EQ(IndexExpr(1).floor_div(0).to_string(), "undefined: division by zero: floordiv(1, 0)");
    EXPECT_EQ((IndexExpr(kInt64Max) + 1).to_string(),
              "undefined: overflow: add(9223372036854775807, 1)");
    EXPECT_EQ(i.floor_div(0).to_string(),
              "undefined: division by zero: floordiv: literal zero divisor (dim d0 in [0, 9])");
}

TEST(DebugPrint, TheEmitterNamesValuesByTheirCVariable) {
    Context ctx;
    CEmitterBuilder c;
    IndexExprScope scope(ctx, c);
    IndexExpr a = scope.input_symbol("a"), b = scope.input_symbol("b");
    EXPECT_EQ((a * b).to_string(), "nonaffine v2 in [-inf, inf]");
}

TEST(DebugPrint, ValuesListsAndScopesGoToAStream) {
    Context ctx;
    AnalysisBuilder analysis;
    IndexExprScope scope(ctx, analysis);
    IndexExpr n = scope.input_dim("n");
    std::ostringstream os;
    n.debug_print(os, "n");
    debug_print(os, "dims", {n, 3, n + 1});
    scope.debug_print(os, "shape scope");
    EXPECT_EQ(os.str(),
              "n: ?n in [0, inf]\n"
              "dims: [?n in [0, inf], 3, ? in [1, inf]]\n"
              "shape scope: scope #0 (analysis): 0 dims, 0 symbols\n");
}

TEST(DebugPrint, KindNames) {
    const std::pair<IndexExprKind, const char*> names[] = {
        {IndexExprKind::Undefined, "undefined"},
        {IndexExprKind::Literal, "literal"},
        {IndexExprKind::QuestionMark, "questionmark"},
        {IndexExprKind::Affine, "affine"},
        {IndexExprKind::Dim, "dim"},
        {IndexExprKind::Symbol, "symbol"},
        {IndexExprKind::NonAffine, "nonaffine"},
        {IndexExprKind::Predicate, "predicate"}};
    for (const auto& [kind, name] : names)
        EXPECT_STREQ(kind_name(kind), name);
    EXPECT_STREQ(rt_op_name(RtOp::CeilDiv), "ceildiv");
}

TEST(IndexExprPrint, RunTimeOperationNamesAndSpellings) {
    EXPECT_STREQ(rt_op_spelling(RtOp::Sub), "-");
    EXPECT_STREQ(rt_op_spelling(RtOp::Ge), ">=");
    EXPECT_STREQ(rt_op_spelling(RtOp::And), "&");
    EXPECT_STREQ(rt_op_name(RtOp::Or), "or");
    EXPECT_EQ(rt_op_named("mod"), RtOp::Mod);
    EXPECT_EQ(rt_op_named("le"), RtOp::Le);
    EXPECT_FALSE(rt_op_named("<="));
    // Every operator of index expressions lowers to the operation of its name.
    const std::pair<ExprKind, RtOp> lowered[] = {{ExprKind::Add, RtOp::Add},
                                                 {ExprKind::Mul, RtOp::Mul},
                                                 {ExprKind::FloorDiv, RtOp::FloorDiv},
                                                 {ExprKind::CeilDiv, RtOp::CeilDiv},
                                                 {ExprKind::Mod, RtOp::Mod},
                                                 {ExprKind::Min, RtOp::Min},
                                                 {ExprKind::Max, RtOp::Max}};
    for (auto [kind, op] : lowered)
        EXPECT_EQ(rt_op_named(operator_info(kind).name), op) << operator_info(kind).name;
}

}  // namespace
}  // namespace provix
