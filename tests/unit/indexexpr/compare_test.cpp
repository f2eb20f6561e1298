/// \file
/// Comparisons, logic, select, clamp and min/max, folded by ranges in both
/// modes.

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "provix/indexexpr/evaluator.h"
#include "provix/indexexpr/index_expr.h"
#include "provix/indexexpr/scope.h"

namespace provix {
namespace {

/// i = 5 (dim in [0, 9]), n = 12 (symbol in [1, 100]), x = -3 (symbol, unbounded).
class CompareTest : public ::testing::Test {
protected:
    Context ctx;
    EvaluatorBuilder eval{{{"i", 5}, {"n", 12}, {"x", -3}}};
    IndexExprScope scope{ctx, eval};
    IndexExpr i = scope.input_dim("i", {0, 9});
    IndexExpr n = scope.input_symbol("n", {1, 100});
    IndexExpr x = scope.input_symbol("x");

    int64_t run(const IndexExpr& e) {
        Result<int64_t> r = eval.evaluate(e);
        EXPECT_TRUE(r.ok()) << e.to_string() << ": " << r.error().message;
        return r ? *r : -999;
    }
};

TEST_F(CompareTest, RangesDecideComparisonsWithLiterals) {
    EXPECT_EQ((i < 10).to_string(), "true");
    EXPECT_EQ((i >= 0).to_string(), "true");
    EXPECT_EQ((i < 0).to_string(), "false");
    EXPECT_EQ((i == 10).to_string(), "false");
    EXPECT_EQ((i != -1).to_string(), "true");
    EXPECT_EQ((i > 9).to_string(), "false");
    EXPECT_EQ((i <= 9).to_string(), "true");
    EXPECT_EQ((IndexExpr(3) < 4).to_string(), "true");
    EXPECT_EQ((IndexExpr(3) == 4).to_string(), "false");
}

TEST_F(CompareTest, UndecidedComparisonsArePredicatesComputedAtRunTime) {
    IndexExpr c = i < n;
    EXPECT_EQ(c.kind(), IndexExprKind::Predicate);
    EXPECT_EQ(run(c), 1);
    EXPECT_EQ(run(i == 5), 1);
    EXPECT_EQ(run(x >= 0), 0);
    EXPECT_EQ(run(n != 12), 0);
}

TEST_F(CompareTest, AffineDifferencesDecideComparisonsOfCorrelatedValues) {
    EXPECT_EQ((i < i + 1).to_string(), "true");
    EXPECT_EQ((i * 2 <= i + 9).to_string(), "true");  // i - 9 <= 0 on [0, 9]
    EXPECT_EQ((n + i >= n).to_string(), "true");
    EXPECT_EQ((n + i > n).kind(), IndexExprKind::Predicate);  // i may be 0
    EXPECT_EQ((x == x).to_string(), "true");
    EXPECT_EQ((x - 1 < x).to_string(), "true");
}

TEST_F(CompareTest, LogicFoldsLiteralOperands) {
    IndexExpr c = i < n;
    EXPECT_TRUE((c & IndexExpr::boolean(true)).is_identical(c));
    EXPECT_EQ((c & IndexExpr::boolean(false)).to_string(), "false");
    EXPECT_EQ((c | IndexExpr::boolean(true)).to_string(), "true");
    EXPECT_TRUE((IndexExpr::boolean(false) | c).is_identical(c));
    EXPECT_TRUE((c & c).is_identical(c));
    EXPECT_EQ((!(i < 10)).to_string(), "false");
}

TEST_F(CompareTest, LogicOfRunTimePredicates) {
    EXPECT_EQ(run((x < 0) & (n > 50)), 0);
    EXPECT_EQ(run((x < 0) | (n > 50)), 1);
    EXPECT_EQ(run(!(x < 0)), 0);
    EXPECT_EQ(run(!(n > 50)), 1);
}

TEST_F(CompareTest, LogicAndComparisonRejectWrongOperandTypes) {
    EXPECT_EQ((i & (x < 0)).error()->kind, Error::Kind::Invalid);
    EXPECT_EQ((!n).error()->kind, Error::Kind::Invalid);
    EXPECT_EQ(((x < 0) < 1).error()->kind, Error::Kind::Invalid);
    EXPECT_EQ(IndexExpr::select(x, 1, 2).error()->kind, Error::Kind::Invalid);
    EXPECT_EQ(IndexExpr::select(x < 0, x < 1, 2).error()->kind, Error::Kind::Invalid);
}

TEST_F(CompareTest, SelectFoldsALiteralConditionAndIdenticalBranches) {
    EXPECT_TRUE(IndexExpr::select(i < 10, i, n).is_identical(i));
    EXPECT_TRUE(IndexExpr::select(i > 10, i, n).is_identical(n));
    EXPECT_TRUE(IndexExpr::select(x < 0, n, n).is_identical(n));
    IndexExpr c = x < n;
    EXPECT_TRUE(
        IndexExpr::select(c, IndexExpr::boolean(true), IndexExpr::boolean(false)).is_identical(c));
    EXPECT_EQ(run(IndexExpr::select(c, IndexExpr::boolean(false), IndexExpr::boolean(true))), 0);
}

TEST_F(CompareTest, SelectOnARunTimeConditionIsNonAffineWithTheHullRange) {
    IndexExpr s = IndexExpr::select(x < 0, i, n);
    EXPECT_EQ(s.kind(), IndexExprKind::NonAffine);
    EXPECT_EQ(s.range(), (Interval{0, 100}));
    EXPECT_EQ(run(s), 5);
    EXPECT_EQ(run(IndexExpr::select(x > 0, i, n)), 12);
    EXPECT_EQ(run(x.select_or_self(x < 0, 0)), 0);
    EXPECT_EQ(run(n.select_or_self(x > 0, 0)), 12);
}

TEST_F(CompareTest, SelectOnlyPropagatesTheErrorOfTheChosenBranch) {
    IndexExpr overflow = IndexExpr(kInt64Max) + 1;  // an error value
    EXPECT_EQ(run(IndexExpr::select(x > 0, overflow, i)), 5);
    Result<int64_t> r = eval.evaluate(IndexExpr::select(x < 0, overflow, i));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, Error::Kind::Overflow);
    Result<int64_t> d = eval.evaluate(IndexExpr::select(x < 0, n.floor_div(x + 3), i));
    ASSERT_FALSE(d.ok());
    EXPECT_EQ(d.error().kind, Error::Kind::DivisionByZero);
    EXPECT_EQ(run(IndexExpr::select(x > 0, n.floor_div(x + 3), i)), 5);
}

TEST_F(CompareTest, ClampIsTheSeedsSelectChain) {
    EXPECT_EQ(run(x.clamp(0, 9)), 0);
    EXPECT_EQ(run(n.clamp(0, 9)), 9);
    EXPECT_EQ(run(i.clamp(0, n)), 5);
    EXPECT_TRUE(i.clamp(0, 9).is_identical(i));  // the ranges decide both tests
    EXPECT_EQ(IndexExpr(12).clamp(0, 9).to_string(), "9");
    EXPECT_EQ(IndexExpr(-2).clamp(0, 9).to_string(), "0");
    // With lo > hi the select chain gives hi for values >= lo.
    EXPECT_EQ(IndexExpr(5).clamp(0, -1).to_string(), "-1");
}

TEST_F(CompareTest, MinAndMaxFoldWhenRangesDecide) {
    EXPECT_EQ(IndexExpr::min(3, 4).to_string(), "3");
    EXPECT_EQ(IndexExpr::max(3, 4).to_string(), "4");
    EXPECT_TRUE(IndexExpr::min(i, 20).is_identical(i));
    EXPECT_TRUE(IndexExpr::max(i, -1).is_identical(i));
    EXPECT_TRUE(IndexExpr::max(i, 0).is_identical(i));
    EXPECT_TRUE(IndexExpr::min(i, i + 1).is_identical(i));
    EXPECT_TRUE(IndexExpr::max(x, x - 2).is_identical(x));
    IndexExpr m = IndexExpr::min(i, n);
    EXPECT_EQ(m.kind(), IndexExprKind::NonAffine);
    EXPECT_EQ(m.range(), (Interval{0, 9}));
    EXPECT_EQ(run(m), 5);
    EXPECT_EQ(run(IndexExpr::max(x, i)), 5);
}

TEST_F(CompareTest, MinAndMaxOfLists) {
    EXPECT_EQ(IndexExpr::min(IndexExprList{7, 3, 5}).to_string(), "3");
    EXPECT_EQ(IndexExpr::max(IndexExprList{7, 3, 5}).to_string(), "7");
    EXPECT_EQ(run(IndexExpr::min(IndexExprList{i, 20, n, x})), -3);
    EXPECT_EQ(run(IndexExpr::max(IndexExprList{i, 20, n, x})), 20);
    EXPECT_TRUE(IndexExpr::min(IndexExprList{}).is_undefined());
    EXPECT_EQ(IndexExpr::max(IndexExprList{}).error()->kind, Error::Kind::Invalid);
}

TEST(AnalysisCompare, QuestionMarksGiveQuestionMarkPredicatesUnlessRangesDecide) {
    Context ctx;
    AnalysisBuilder analysis;
    IndexExprScope scope(ctx, analysis);
    IndexExpr n = scope.input_dim("n");  // [0, inf]
    IndexExpr k = scope.input_symbol("k");
    EXPECT_EQ((n >= 0).to_string(), "true");
    EXPECT_EQ((n < 0).to_string(), "false");
    IndexExpr c = n < k;
    EXPECT_TRUE(c.is_question_mark());
    EXPECT_TRUE(c.is_predicate());
    EXPECT_TRUE(IndexExpr::max(n, 0).same_question_mark(n));
    IndexExpr s = IndexExpr::select(c, 4, 9);
    EXPECT_TRUE(s.is_question_mark());
    EXPECT_EQ(s.range(), (Interval{4, 9}));
    EXPECT_EQ(IndexExpr::select(c, 4, 9).floor_div(10).to_string(), "0");
    EXPECT_TRUE((!c).is_question_mark());
    EXPECT_TRUE((c & (k > 3)).is_question_mark());
    EXPECT_TRUE(IndexExpr::min(n, k).is_question_mark());
}

}  // namespace
}  // namespace provix
