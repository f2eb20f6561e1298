/// \file
/// IndexExpr kinds and queries: literals, question marks,
/// dims, symbols, predicates, Undefined, and the list helpers.

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <optional>

#include "provix/indexexpr/evaluator.h"
#include "provix/indexexpr/index_expr.h"
#include "provix/indexexpr/scope.h"
#include "provix/parser.h"

namespace provix {
namespace {

TEST(IndexExprKinds, DefaultConstructedIsUndefinedWithoutError) {
    IndexExpr e;
    EXPECT_EQ(e.kind(), IndexExprKind::Undefined);
    EXPECT_TRUE(e.is_undefined());
    EXPECT_FALSE(e.is_defined());
    EXPECT_EQ(e.error(), nullptr);
    EXPECT_EQ(e.to_string(), "undefined");
}

TEST(IndexExprKinds, IntegersConvertToLiterals) {
    IndexExpr e = 42;
    EXPECT_EQ(e.kind(), IndexExprKind::Literal);
    EXPECT_TRUE(e.is_literal());
    EXPECT_TRUE(e.is_affine());
    EXPECT_FALSE(e.is_predicate());
    EXPECT_EQ(e.literal(), 42);
    EXPECT_EQ(e.range(), Interval::point(42));
    EXPECT_EQ(e.to_string(), "42");
}

TEST(IndexExprKinds, LiteralValueOfANonLiteralIsNothing) {
    EXPECT_EQ(IndexExpr(42).literal_value(), std::optional<int64_t>(42));
    EXPECT_EQ(IndexExpr::question_mark("n").literal_value(), std::nullopt);
    EXPECT_EQ(IndexExpr().literal_value(), std::nullopt);
}

TEST(IndexExprKinds, LiteralOfANonLiteralIsABrokenPrecondition) {
    EXPECT_DEATH((void)IndexExpr::question_mark("n").literal(),
                 "precondition violated: IndexExpr::literal: not a literal");
    EXPECT_DEATH((void)IndexExpr().literal(), "precondition violated: IndexExpr::literal");
}

TEST(IndexExprKinds, IsLiteralAndIdenticalToComparesOnlyIntegerLiterals) {
    EXPECT_TRUE(IndexExpr(1).is_literal_and_identical_to(1));
    EXPECT_FALSE(IndexExpr(2).is_literal_and_identical_to(1));
    EXPECT_FALSE(IndexExpr::question_mark("n").is_literal_and_identical_to(1));
    EXPECT_FALSE(IndexExpr::boolean(true).is_literal_and_identical_to(1));
    EXPECT_FALSE(IndexExpr().is_literal_and_identical_to(0));
}

TEST(IndexExprKinds, BooleansArePredicateLiterals) {
    IndexExpr t = IndexExpr::boolean(true), f = IndexExpr::boolean(false);
    EXPECT_TRUE(t.is_literal());
    EXPECT_TRUE(t.is_predicate());
    EXPECT_FALSE(t.is_affine());
    EXPECT_EQ(t.literal(), 1);
    EXPECT_EQ(f.literal(), 0);
    EXPECT_EQ(t.to_string(), "true");
    EXPECT_EQ(f.to_string(), "false");
}

TEST(IndexExprKinds, QuestionMarksFromTheSameSourceAreTheSame) {
    IndexExpr a = IndexExpr::question_mark("dim(x, 0)", Interval::at_least(0));
    IndexExpr b = IndexExpr::question_mark("dim(x, 0)", Interval::at_least(0));
    IndexExpr c = IndexExpr::question_mark("dim(x, 1)");
    EXPECT_TRUE(a.is_question_mark());
    EXPECT_FALSE(a.is_affine());
    EXPECT_TRUE(a.same_question_mark(b));
    EXPECT_TRUE(a.is_identical(b));
    EXPECT_FALSE(a.same_question_mark(c));
    EXPECT_EQ((a == b).to_string(), "true");
    EXPECT_EQ((a - b).to_string(), "0");
    EXPECT_EQ((a != c).to_string(), "?");
    EXPECT_EQ(a.to_string(), "?dim(x, 0) in [0, inf]");
}

TEST(IndexExprKinds, FreshQuestionMarksAreOnlyEqualToThemselves) {
    IndexExpr a = IndexExpr::question_mark();
    IndexExpr b = IndexExpr::question_mark();
    EXPECT_TRUE(a.same_question_mark(a));
    EXPECT_FALSE(a.same_question_mark(b));
    EXPECT_EQ((a == a).to_string(), "true");
    EXPECT_TRUE((a == b).is_question_mark());
    EXPECT_TRUE((a == b).is_predicate());
    EXPECT_EQ(a.to_string(), "?");
}

TEST(IndexExprKinds, InputsOfACodeGenerationScopeAreDimsAndSymbols) {
    Context ctx;
    EvaluatorBuilder eval({{"n", 5}, {"k", 2}});
    IndexExprScope scope(ctx, eval);
    IndexExpr n = scope.input_dim("n", {0, 9});
    IndexExpr k = scope.input_symbol("k");
    EXPECT_EQ(n.kind(), IndexExprKind::Dim);
    EXPECT_TRUE(n.is_dim());
    EXPECT_TRUE(n.is_affine());
    EXPECT_EQ(k.kind(), IndexExprKind::Symbol);
    EXPECT_TRUE(k.is_symbol());
    EXPECT_EQ(n.range(), (Interval{0, 9}));
    EXPECT_EQ(n.affine_expr(), ctx.variable(0));
    EXPECT_EQ(k.affine_expr(), ctx.variable(1));
    EXPECT_EQ(scope.variable_names(), (std::vector<std::string>{"d0", "s0"}));
    EXPECT_TRUE(n.belongs_to(scope));
    EXPECT_FALSE(IndexExpr(3).belongs_to(scope));
    // Asking again for the same input gives the same value.
    EXPECT_TRUE(scope.input_dim("n", {0, 9}).is_identical(n));
}

TEST(IndexExprKinds, InputsOfAnAnalysisScopeAreQuestionMarks) {
    Context ctx;
    AnalysisBuilder analysis;
    IndexExprScope scope(ctx, analysis);
    IndexExpr n = scope.input_dim("n");
    EXPECT_TRUE(n.is_question_mark());
    EXPECT_TRUE(n.same_question_mark(scope.input_dim("n")));
    EXPECT_EQ(n.range(), Interval::at_least(0));
    EXPECT_EQ(scope.num_variables(), 0);
}

TEST(IndexExprKinds, NonAffineAndPredicateKindsComeFromRunTimeOperations) {
    Context ctx;
    EvaluatorBuilder eval({{"a", 6}, {"b", 7}});
    IndexExprScope scope(ctx, eval);
    IndexExpr a = scope.input_symbol("a"), b = scope.input_symbol("b");
    IndexExpr p = a * b;
    EXPECT_EQ(p.kind(), IndexExprKind::NonAffine);
    EXPECT_TRUE(p.is_non_affine());
    EXPECT_FALSE(p.is_affine());
    EXPECT_TRUE(p.value().has_value());
    EXPECT_EQ(*eval.evaluate(p), 42);
    IndexExpr c = a < b;
    EXPECT_EQ(c.kind(), IndexExprKind::Predicate);
    EXPECT_TRUE(c.is_predicate());
    EXPECT_EQ(*eval.evaluate(c), 1);
    EXPECT_FALSE(a.value().has_value());
}

TEST(IndexExprKinds, UndefinedCarriesItsError) {
    IndexExpr e = IndexExpr(kInt64Max) + 1;
    ASSERT_TRUE(e.is_undefined());
    ASSERT_NE(e.error(), nullptr);
    EXPECT_EQ(e.error()->kind, Error::Kind::Overflow);
    EXPECT_EQ(e.to_string().rfind("undefined: overflow: ", 0), 0u) << e.to_string();
    // Undefined operands propagate, the first one wins.
    IndexExpr z = IndexExpr(1).floor_div(0);
    EXPECT_EQ((e + z).error()->kind, Error::Kind::Overflow);
    EXPECT_EQ((z + e).error()->kind, Error::Kind::DivisionByZero);
}

TEST(IndexExprLists, AllLiteralAndNonNegative) {
    IndexExprList lits = {2, 0, 7};
    IndexExprList neg = {2, -1};
    IndexExprList mixed = {2, IndexExpr::question_mark("n")};
    EXPECT_TRUE(IndexExpr::all_literal(lits));
    EXPECT_TRUE(IndexExpr::all_non_negative_literal(lits));
    EXPECT_TRUE(IndexExpr::all_literal(neg));
    EXPECT_FALSE(IndexExpr::all_non_negative_literal(neg));
    EXPECT_FALSE(IndexExpr::all_literal(mixed));
    EXPECT_TRUE(IndexExpr::all_literal({}));
}

TEST(IndexExprLists, LiteralsAndShape) {
    IndexExprList lits = {2, 0, 7};
    IndexExprList mixed = {2, IndexExpr::question_mark("n"), 5};
    EXPECT_EQ(*IndexExpr::literals(lits), (std::vector<int64_t>{2, 0, 7}));
    EXPECT_FALSE(IndexExpr::literals(mixed).has_value());
    EXPECT_EQ(IndexExpr::shape(mixed), (std::vector<int64_t>{2, -1, 5}));
    EXPECT_EQ(to_string(mixed), "[2, ?n, 5]");
}

TEST(IndexExprLists, ShapeHelpersOfAScopeReadKnownSizesAsLiterals) {
    Context ctx;
    AnalysisBuilder analysis;
    IndexExprScope scope(ctx, analysis);
    TensorShape x{"x", {4, -1, 0}};
    IndexExprList dims = scope.shape_dims(x);
    EXPECT_EQ(to_string(dims), "[4, ?dim(x, 1) in [0, inf], 0]");
    EXPECT_EQ(IndexExpr::shape(dims), (std::vector<int64_t>{4, -1, 0}));
    EXPECT_TRUE(scope.shape_dim(x, 3).is_undefined());
    EXPECT_TRUE(scope.shape_dim(TensorShape{"y", {-2}}, 0).is_undefined());
    IntArray starts{"starts", {1, std::nullopt}};
    EXPECT_EQ(to_string(scope.array_symbols(starts)), "[1, ?starts[1]]");
}

}  // namespace
}  // namespace provix
