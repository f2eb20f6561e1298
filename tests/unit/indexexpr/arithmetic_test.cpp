/// \file
/// IndexExpr arithmetic: onnx-mlir's affinity table, literal
/// folding with floor semantics and checked overflow, the run-time fallback,
/// analysis-mode question marks, and simplification with the scope's ranges.

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "provix/indexexpr/evaluator.h"
#include "provix/indexexpr/index_expr.h"
#include "provix/indexexpr/scope.h"
#include "provix/parser.h"
#include "provix/simplify.h"

namespace provix {
namespace {

/// A code-generation scope over an evaluator with i = 5 (a dim in [0, 9]) and
/// n = 12 (a symbol in [1, 100]).
class AffineTest : public ::testing::Test {
protected:
    Context ctx;
    EvaluatorBuilder eval{{{"i", 5}, {"n", 12}, {"j", 3}, {"k", 7}}};
    IndexExprScope scope{ctx, eval};
    IndexExpr i = scope.input_dim("i", {0, 9});
    IndexExpr n = scope.input_symbol("n", {1, 100});

    Expr parse(const std::string& text) { return *parse_expr(ctx, text, scope.variable_names()); }
    int64_t run(const IndexExpr& e) {
        Result<int64_t> r = eval.evaluate(e);
        EXPECT_TRUE(r.ok()) << e.to_string() << ": " << r.error().message;
        return r ? *r : 0;
    }
};

TEST_F(AffineTest, SumOfAffineValuesIsAffine) {
    IndexExpr e = i * 4 + n + 3;
    EXPECT_EQ(e.kind(), IndexExprKind::Affine);
    EXPECT_EQ(e.affine_expr(), parse("d0 * 4 + s0 + 3"));
    EXPECT_EQ(e.to_string(), "affine d0 * 4 + s0 + 3 in [4, 139]");
    EXPECT_EQ(run(e), 35);
}

TEST_F(AffineTest, DifferenceOfAffineValuesIsAffine) {
    IndexExpr e = n - i - 1;
    EXPECT_EQ(e.kind(), IndexExprKind::Affine);
    EXPECT_EQ(e.affine_expr(), parse("s0 - d0 - 1"));
    EXPECT_EQ(run(e), 6);
}

TEST_F(AffineTest, IntegersWorkOnEitherSide) {
    EXPECT_EQ((3 + i).affine_expr(), parse("d0 + 3"));
    EXPECT_EQ((10 - i).affine_expr(), parse("10 - d0"));
    EXPECT_EQ((2 * i).affine_expr(), parse("d0 * 2"));
    EXPECT_EQ((-i).affine_expr(), parse("-d0"));
    EXPECT_EQ(run(10 - i), 5);
}

TEST_F(AffineTest, ProductWithALiteralIsAffine) {
    IndexExpr e = (i + n) * 3;
    EXPECT_EQ(e.kind(), IndexExprKind::Affine);
    EXPECT_EQ(e.affine_expr(), parse("d0 * 3 + s0 * 3"));
    EXPECT_EQ(run(e), 51);
}

TEST_F(AffineTest, ProductOfTwoRunTimeValuesIsNonAffine) {
    IndexExpr e = i * n;
    EXPECT_EQ(e.kind(), IndexExprKind::NonAffine);
    EXPECT_EQ(e.range(), (Interval{0, 900}));
    EXPECT_EQ(run(e), 60);
}

TEST_F(AffineTest, DivisionAndModByAPositiveLiteralAreAffine) {
    IndexExpr fd = (i + n).floor_div(4), cd = (i + n).ceil_div(4), md = (i + n) % 4;
    EXPECT_EQ(fd.kind(), IndexExprKind::Affine);
    EXPECT_EQ(cd.kind(), IndexExprKind::Affine);
    EXPECT_EQ(md.kind(), IndexExprKind::Affine);
    EXPECT_EQ(fd.affine_expr(), parse("(d0 + s0) floordiv 4"));
    EXPECT_EQ(cd.affine_expr(), parse("(d0 + s0) ceildiv 4"));
    EXPECT_EQ(md.affine_expr(), parse("(d0 + s0) mod 4"));
    EXPECT_EQ(run(fd), 4);
    EXPECT_EQ(run(cd), 5);
    EXPECT_EQ(run(md), 1);
}

TEST_F(AffineTest, DivisionByANegativeLiteralOrARunTimeValueIsNonAffine) {
    IndexExpr neg = (i - 7).floor_div(-2);
    EXPECT_EQ(neg.kind(), IndexExprKind::NonAffine);
    EXPECT_EQ(run(neg), 1);  // floor(-2 / -2)
    IndexExpr by_n = (i + 20).floor_div(n);
    EXPECT_EQ(by_n.kind(), IndexExprKind::NonAffine);
    EXPECT_EQ(run(by_n), 2);
    IndexExpr mod_neg = (i - 7) % -3;
    EXPECT_EQ(mod_neg.kind(), IndexExprKind::NonAffine);
    EXPECT_EQ(run(mod_neg), -2);  // sign of the divisor
}

TEST_F(AffineTest, ALiteralZeroDivisorIsAnError) {
    for (IndexExpr e : {i.floor_div(0), i.ceil_div(0), i % 0}) {
        ASSERT_TRUE(e.is_undefined());
        EXPECT_EQ(e.error()->kind, Error::Kind::DivisionByZero);
    }
}

TEST_F(AffineTest, CancellingTermsGiveBackTheDim) {
    IndexExpr e = (i + 1) - 1;
    EXPECT_EQ(e.kind(), IndexExprKind::Dim);
    EXPECT_TRUE(e.is_identical(i));
    EXPECT_EQ((i - i).to_string(), "0");
    EXPECT_TRUE((i + 0).is_identical(i));
    EXPECT_TRUE((i * 1).is_identical(i));
    EXPECT_EQ((i * 0).to_string(), "0");
}

TEST_F(AffineTest, RangesDecideValuesThatAreConstantOnTheScope) {
    // i in [0, 9]: i floordiv 10 is 0 and i + 10 * ... stays affine.
    IndexExpr q = i.floor_div(10);
    EXPECT_TRUE(q.is_literal_and_identical_to(0));
    IndexExpr c = (i % 10 + 10).floor_div(10);
    EXPECT_TRUE(c.is_literal_and_identical_to(1));
}

TEST_F(AffineTest, AffineResultsAreThoseOfTheSimplifierWithTheScopeBounds) {
    // The decimal-digit example (examples/simplify_basics.map) through provix::simplify on an
    // IndexingMap with the scope's bounds: whatever the rule engine does, IndexExpr agrees.
    IndexExpr j = scope.input_dim("j", {0, 9});
    IndexExpr k = scope.input_dim("k", {0, 9});
    IndexExpr e = (i * 100 + j * 10 + k).floor_div(100);
    IndexingMap m = *parse_indexing_map(ctx,
                                        "(d0, d1, d2) -> ((d0 * 100 + d1 * 10 + d2) floordiv 100), "
                                        "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]");
    simplify(m);
    ASSERT_EQ(m.num_results(), 1);
    // Scope ids: i = 0, n = 1, j = 2, k = 3; map ids: d0, d1, d2.
    Expr expected = substitute(m.results()[0], {ctx.variable(0), ctx.variable(2), ctx.variable(3)});
    EXPECT_EQ(e.affine_expr(), expected) << e.to_string() << " vs " << to_string(expected);
    EXPECT_EQ(run(e), 5);  // 537 floordiv 100
}

TEST(LiteralArithmetic, FoldsWithFloorSemantics) {
    EXPECT_EQ((IndexExpr(3) + 4).literal(), 7);
    EXPECT_EQ((IndexExpr(3) - 4).literal(), -1);
    EXPECT_EQ((IndexExpr(-3) * 4).literal(), -12);
    EXPECT_EQ(IndexExpr(-7).floor_div(2).literal(), -4);
    EXPECT_EQ(IndexExpr(7).floor_div(-2).literal(), -4);
    EXPECT_EQ(IndexExpr(-7).ceil_div(2).literal(), -3);
    EXPECT_EQ(IndexExpr(7).ceil_div(2).literal(), 4);
    EXPECT_EQ((IndexExpr(-7) % 2).literal(), 1);
    EXPECT_EQ((IndexExpr(7) % -2).literal(), -1);
    EXPECT_EQ((-IndexExpr(5)).literal(), -5);
}

TEST(LiteralArithmetic, OverflowIsAnErrorValueNeverAWrappedValue) {
    for (IndexExpr e :
         {IndexExpr(kInt64Max) + 1, IndexExpr(kInt64Min) - 1, IndexExpr(kInt64Min) * -1,
          IndexExpr(kInt64Min).floor_div(-1), -IndexExpr(kInt64Min)}) {
        ASSERT_TRUE(e.is_undefined()) << e.to_string();
        EXPECT_EQ(e.error()->kind, Error::Kind::Overflow);
    }
    EXPECT_EQ((IndexExpr(kInt64Min) % -1).literal(), 0);
}

TEST(LiteralArithmetic, ZeroDivisorIsAnErrorValue) {
    IndexExpr e = IndexExpr(5) % 0;
    ASSERT_TRUE(e.is_undefined());
    EXPECT_EQ(e.error()->kind, Error::Kind::DivisionByZero);
}

TEST(AnalysisArithmetic, UnknownOperandsGiveQuestionMarksWithRanges) {
    Context ctx;
    AnalysisBuilder analysis;
    IndexExprScope scope(ctx, analysis);
    IndexExpr n = scope.input_dim("n");  // [0, inf]
    IndexExpr e = n * 2 + 1;
    EXPECT_TRUE(e.is_question_mark());
    EXPECT_EQ(e.range(), Interval::at_least(1));
    EXPECT_EQ((n % 4).range(), (Interval{0, 3}));
    EXPECT_EQ(((n % 4).floor_div(4)).to_string(), "0");
    EXPECT_TRUE((n + 0).same_question_mark(n));
    EXPECT_TRUE((n * 1).same_question_mark(n));
    EXPECT_EQ((n * 0).to_string(), "0");
    EXPECT_EQ((n - n).to_string(), "0");
    EXPECT_FALSE((n + 1).same_question_mark(n + 1));  // two fresh question marks
}

TEST(ArithmeticErrors, PredicatesAreNotIntegers) {
    Context ctx;
    EvaluatorBuilder eval({{"n", 3}});
    IndexExprScope scope(ctx, eval);
    IndexExpr n = scope.input_symbol("n");
    for (IndexExpr e : {(n < 4) + 1, IndexExpr::boolean(true) * n, n.floor_div(n > 1)}) {
        ASSERT_TRUE(e.is_undefined()) << e.to_string();
        EXPECT_EQ(e.error()->kind, Error::Kind::Invalid);
        EXPECT_NE(e.error()->message.find("predicate"), std::string::npos) << e.to_string();
    }
}

TEST(ArithmeticErrors, RunTimeDivisionByZeroIsAnErrorValue) {
    Context ctx;
    EvaluatorBuilder eval({{"a", 10}, {"b", 0}});
    IndexExprScope scope(ctx, eval);
    IndexExpr a = scope.input_symbol("a"), b = scope.input_symbol("b");
    Result<int64_t> r = eval.evaluate(a.floor_div(b) + 1);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, Error::Kind::DivisionByZero);
    Result<int64_t> m = eval.evaluate(a % b);
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().kind, Error::Kind::DivisionByZero);
}

TEST(ArithmeticErrors, RunTimeOverflowIsAnErrorValue) {
    Context ctx;
    EvaluatorBuilder eval({{"a", kInt64Max / 2 + 1}, {"b", 2}});
    IndexExprScope scope(ctx, eval);
    IndexExpr a = scope.input_symbol("a"), b = scope.input_symbol("b");
    Result<int64_t> r = eval.evaluate(a * b);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, Error::Kind::Overflow);
}

TEST(ArithmeticErrors, DifferencesThatFitAreValuesEvenAtTheInt64Limits) {
    // `x1 - x0` is the canonical `-x0 + x1`: negating x0 = INT64_MIN first
    // would overflow, the difference itself fits.
    Context ctx;
    EvaluatorBuilder eval({{"x0", kInt64Min}, {"x1", -3}, {"x2", kInt64Max}});
    IndexExprScope scope(ctx, eval);
    const Interval all = Interval::all();
    IndexExpr x0 = scope.input_symbol("x0", all), x1 = scope.input_symbol("x1", all),
              x2 = scope.input_symbol("x2", all);
    EXPECT_EQ(*eval.evaluate(x1 - x0), kInt64Max - 2);
    EXPECT_EQ(*eval.evaluate(x1 * 3 - x0), kInt64Max - 8);
    EXPECT_EQ(*eval.evaluate(x1 - x0 - x2), -2);
    EXPECT_EQ(*eval.evaluate(x1 - x2 + x2 - x0), kInt64Max - 2);
    // Where the exact value does not fit, an overflow error.
    for (const IndexExpr& e : {x1 - x0 + 5, -x0 - x1, x1 - x0 * 2}) {
        Result<int64_t> r = eval.evaluate(e);
        ASSERT_FALSE(r.ok()) << e.to_string();
        EXPECT_EQ(r.error().kind, Error::Kind::Overflow);
    }
}

}  // namespace
}  // namespace provix
