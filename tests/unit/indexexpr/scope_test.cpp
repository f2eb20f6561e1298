/// \file
/// Scopes: ownership of dims and symbols, nested scopes in
/// which an outer dim becomes an inner symbol, clear errors for unconverted
/// cross-scope use, and free crossing of literals and run-time values.

#include "provix/indexexpr/scope.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <sstream>

#include "provix/indexexpr/evaluator.h"
#include "provix/indexexpr/index_expr.h"
#include "provix/parser.h"

namespace provix {
namespace {

/// An outer scope with n = 8 (dim in [1, 64]) and an inner scope (a loop
/// body) with i = 3 (dim in [0, 63]).
class NestedScopeTest : public ::testing::Test {
protected:
    Context ctx;
    EvaluatorBuilder eval{{{"n", 8}, {"i", 3}, {"k", 5}}};
    IndexExprScope outer{ctx, eval};
    IndexExpr n = outer.input_dim("n", {1, 64});
    IndexExprScope inner{&outer};

    int64_t run(const IndexExpr& e) {
        Result<int64_t> r = eval.evaluate(e);
        EXPECT_TRUE(r.ok()) << e.to_string() << ": " << r.error().message;
        return r ? *r : -999;
    }
    static bool mentions(const IndexExpr& e, const std::string& text) {
        return e.error() && e.error()->message.find(text) != std::string::npos;
    }
};

TEST_F(NestedScopeTest, ScopesAreNumberedAndNested) {
    EXPECT_EQ(outer.id(), 0);
    EXPECT_EQ(inner.id(), 1);
    EXPECT_EQ(outer.depth(), 0);
    EXPECT_EQ(inner.depth(), 1);
    EXPECT_TRUE(outer.encloses(inner));
    EXPECT_TRUE(inner.encloses(inner));
    EXPECT_FALSE(inner.encloses(outer));
    EXPECT_FALSE(inner.is_analysis());
}

TEST_F(NestedScopeTest, AnOuterDimBecomesAnInnerSymbol) {
    IndexExpr ns = inner.as_symbol(n);
    IndexExpr i = inner.input_dim("i", {0, 63});
    EXPECT_EQ(ns.kind(), IndexExprKind::Symbol);
    EXPECT_EQ(ns.range(), (Interval{1, 64}));
    EXPECT_TRUE(ns.belongs_to(inner));
    IndexExpr offset = i * 4 + ns;
    EXPECT_EQ(offset.kind(), IndexExprKind::Affine);
    EXPECT_EQ(inner.variable_names(), (std::vector<std::string>{"s0", "d0"}));
    EXPECT_EQ(offset.affine_expr(), *parse_expr(ctx, "d0 * 4 + s0", inner.variable_names()));
    EXPECT_EQ(run(offset), 20);
}

TEST_F(NestedScopeTest, ConvertingTheSameValueTwiceGivesTheSameSymbol) {
    IndexExpr a = inner.as_symbol(n), b = inner.as_symbol(n);
    EXPECT_TRUE(a.is_identical(b));
    EXPECT_EQ((a - b).to_string(), "0");
    EXPECT_EQ(inner.num_symbols(), 1);
    EXPECT_TRUE(inner.as_symbol(a).is_identical(a));  // already a symbol of inner
    EXPECT_EQ(inner.as_dim(n).kind(), IndexExprKind::Dim);
}

TEST_F(NestedScopeTest, AnOuterAffineExpressionBecomesASymbolBoundedByItsRange) {
    IndexExpr s = inner.as_symbol(n * 2 + 1);
    IndexExpr i = inner.input_dim("i", {0, 63});
    EXPECT_EQ(s.range(), (Interval{3, 129}));
    EXPECT_EQ(run(s + i), 20);
    EXPECT_EQ((s >= 3).to_string(), "true");
}

TEST_F(NestedScopeTest, UsingAnOuterDimInTheInnerScopeWithoutConversionIsAnError) {
    IndexExpr i = inner.input_dim("i", {0, 63});
    for (IndexExpr e :
         {n + i, i * 2 - n, IndexExpr::min(i, n), i < n, IndexExpr::select(i < 5, n, i)}) {
        ASSERT_TRUE(e.is_undefined()) << e.to_string();
        EXPECT_EQ(e.error()->kind, Error::Kind::Invalid);
        EXPECT_TRUE(mentions(e, "without conversion")) << e.error()->message;
    }
    // Not a silent miscompile: evaluating it is an error too.
    EXPECT_FALSE(eval.evaluate(n + i).ok());
}

TEST_F(NestedScopeTest, LiteralsAndRunTimeValuesCrossIntoNestedScopes) {
    IndexExpr lit = 42;
    IndexExpr nn = n * n;  // a run-time value of the outer scope
    ASSERT_EQ(nn.kind(), IndexExprKind::NonAffine);
    IndexExpr i = inner.input_dim("i", {0, 63});
    EXPECT_EQ(run(lit + i), 45);
    IndexExpr sum = nn + i;
    EXPECT_TRUE(sum.belongs_to(inner));
    EXPECT_EQ(run(sum), 67);
    // Converted to a symbol, the run-time value takes part in affine expressions.
    IndexExpr s = inner.as_symbol(nn);
    EXPECT_EQ((s + i).kind(), IndexExprKind::Affine);
    EXPECT_EQ(run(s + i * 2), 70);
}

TEST_F(NestedScopeTest, ValuesOfANestedScopeDoNotLeakOut) {
    IndexExpr i = inner.input_dim("i", {0, 63});
    IndexExpr inner_value = i * i;  // run-time value of the inner scope
    IndexExpr e = inner_value + n;  // n is an outer dim: not visible unconverted
    EXPECT_TRUE(mentions(e, "without conversion"));
    IndexExpr s = outer.as_symbol(i);
    EXPECT_TRUE(mentions(s, "not visible"));
    EXPECT_TRUE(mentions(outer.as_symbol(inner_value), "not visible"));
}

TEST_F(NestedScopeTest, SiblingScopesAreUnrelated) {
    IndexExprScope other(&outer);
    IndexExpr i = inner.input_dim("i", {0, 63});
    IndexExpr k = other.input_dim("k", {0, 9});
    IndexExpr e = i * i + k * k;
    EXPECT_TRUE(mentions(e, "unrelated scopes")) << e.to_string();
    IndexExprScope other_root(ctx, eval);
    IndexExpr m = other_root.input_symbol("k");
    EXPECT_TRUE(mentions(m * m + n * n, "unrelated scopes"));
}

TEST_F(NestedScopeTest, QuestionMarksDoNotMeetCodeGeneration) {
    IndexExpr e = n + IndexExpr::question_mark("q");
    EXPECT_TRUE(mentions(e, "question mark")) << e.to_string();
    Result<RtValue> r = materialize(IndexExpr::question_mark("q"), eval);
    EXPECT_FALSE(r.ok());
}

TEST_F(NestedScopeTest, ScopesPrintTheirVariables) {
    EXPECT_EQ(outer.to_string(),
              "scope #0 (code generation): 1 dim, 0 symbols\n"
              "  d0 = n in [1, 64]: %0=8\n");
    IndexExpr s = inner.as_symbol(n);
    IndexExpr i = inner.input_dim("i", {0, 63});
    EXPECT_EQ(inner.to_string(),
              "scope #1 (code generation, in #0): 1 dim, 1 symbol\n"
              "  s0 = #0 d0 in [1, 64]\n"
              "  d0 = i in [0, 63]: %1=3\n");
    std::ostringstream os;
    inner.debug_print(os, "loop body");
    EXPECT_EQ(os.str().rfind("loop body: scope #1", 0), 0u);
}

TEST(ScopeValues, RunTimeValuesBecomeDimsCheckedAgainstTheirBounds) {
    Context ctx;
    EvaluatorBuilder eval;
    IndexExprScope scope(ctx, eval);
    IndexExpr seven = scope.dim(eval.constant(7), {0, 9}, "seven");
    EXPECT_EQ(seven.kind(), IndexExprKind::Dim);
    EXPECT_EQ(*eval.evaluate(seven * 3), 21);
    IndexExpr bad = scope.symbol(eval.constant(12), {0, 9});
    Result<int64_t> r = eval.evaluate(bad + 1);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, Error::Kind::Invalid);
    EXPECT_TRUE(scope.dim(RtValue{}, {0, 9}).is_undefined());
    EXPECT_TRUE(scope.dim(eval.constant(1), Interval::empty()).is_undefined());
}

TEST(ScopeValues, InputsOutsideTheirDeclaredBoundsAreErrors) {
    Context ctx;
    EvaluatorBuilder eval({{"n", 100}});
    IndexExprScope scope(ctx, eval);
    IndexExpr n = scope.input_dim("n", {0, 9});
    Result<int64_t> r = eval.evaluate(n.floor_div(10));  // folded with the bounds: 0
    EXPECT_TRUE(r.ok());
    Result<int64_t> v = eval.evaluate(n + 1);
    ASSERT_FALSE(v.ok());
    EXPECT_EQ(v.error().kind, Error::Kind::Invalid);
    EXPECT_NE(v.error().message.find("outside its declared bounds"), std::string::npos);
    Result<int64_t> missing = eval.evaluate(scope.input_symbol("m"));
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().message.find("no value for input m"), std::string::npos);
}

TEST(ScopeValues, ErrorsOfAConvertedValueReachEveryValueComputedFromIt) {
    // q divides by y = 0. As a symbol of an inner scope (or a dim made of
    // its run-time value) it is still an error, and so is every value
    // computed from it, even where the algebra would drop it (s * 0, s - s,
    // s mod 1, s floordiv 10 with s in [0, 9]).
    Context ctx;
    EvaluatorBuilder eval({{"x", 7}, {"y", 0}});
    IndexExprScope outer(ctx, eval);
    IndexExpr x = outer.input_dim("x", {0, 9});
    IndexExpr q = x.floor_div(outer.input_dim("y", {0, 9}));
    IndexExprScope inner(&outer);
    Result<RtValue> q_value = materialize(q, eval);
    ASSERT_TRUE(q_value.ok());
    for (const IndexExpr& s :
         {inner.as_symbol(q), inner.as_dim(q), inner.symbol(*q_value, {0, 9})}) {
        for (const IndexExpr& e : {s, s * 0, s - s, s % 1, s.floor_div(10), s * 2 - s - s,
                                   (s + x.floor_div(1) * 0) * 0}) {
            Result<int64_t> r = eval.evaluate(e);
            ASSERT_FALSE(r.ok()) << e.to_string() << " = " << *r;
            EXPECT_EQ(r.error().kind, Error::Kind::DivisionByZero) << e.to_string();
        }
        EXPECT_FALSE((s * 0).is_literal());
    }
    // Values that cannot fail still fold: x as a symbol, and q's symbol where
    // the result keeps it.
    IndexExpr sx = inner.as_symbol(x);
    EXPECT_TRUE((sx * 0).is_literal_and_identical_to(0));
    EXPECT_TRUE((sx - sx).is_literal_and_identical_to(0));
    EXPECT_TRUE(sx.floor_div(10).is_literal_and_identical_to(0));
    IndexExpr s = inner.as_symbol(q);
    EXPECT_TRUE((s + 1).is_affine());
    EXPECT_TRUE((s * 2 + sx).is_affine());
    Result<int64_t> kept = eval.evaluate(s * 2 + sx);
    ASSERT_FALSE(kept.ok());
    EXPECT_EQ(kept.error().kind, Error::Kind::DivisionByZero);
    EXPECT_EQ(*eval.evaluate(sx * 3), 21);
}

TEST(ScopeValues, ComparisonsMinAndMaxKeepAnOperandsError) {
    // q = x floordiv y lies in [0, 9] wherever it is a value, so its ranges
    // decide q < 100, q >= 0, min(q, 100) and max(q, -1); but at y = 0 it is
    // a division by zero, and so is each of them. With y = 2 they are values.
    Context ctx;
    for (int64_t y_value : {0, 2}) {
        EvaluatorBuilder eval({{"x", 7}, {"y", y_value}});
        IndexExprScope outer(ctx, eval);
        IndexExpr x = outer.input_dim("x", {0, 9});
        IndexExpr q = x.floor_div(outer.input_dim("y", {0, 9}));
        IndexExprScope inner(&outer);
        for (const IndexExpr& v : {q, inner.as_symbol(q)}) {
            const std::pair<IndexExpr, int64_t> cases[] = {
                {v < 100, 1},
                {v >= 0, 1},
                {v == -1, 0},
                {IndexExpr::min(v, IndexExpr(100)), 3},
                {IndexExpr::max(IndexExpr(-1), v), 3},
                {IndexExpr::min(IndexExpr(-1), v), -1},
                {v.clamp(IndexExpr(0), IndexExpr(100)), 3}};
            for (const auto& [e, value] : cases) {
                Result<int64_t> r = eval.evaluate(e);
                if (y_value == 0) {
                    ASSERT_FALSE(r.ok()) << e.to_string() << " = " << *r;
                    EXPECT_EQ(r.error().kind, Error::Kind::DivisionByZero) << e.to_string();
                    EXPECT_FALSE(e.is_literal()) << e.to_string();
                } else {
                    ASSERT_TRUE(r.ok()) << e.to_string() << ": " << r.error().message;
                    EXPECT_EQ(*r, value) << e.to_string();
                }
            }
        }
        // Operands that cannot fail still fold.
        EXPECT_EQ((x < 100).to_string(), "true");
        EXPECT_TRUE(IndexExpr::min(x, IndexExpr(100)).is_identical(x));
    }
    // Analysis: a question mark that may fail is no literal either.
    AnalysisBuilder analysis;
    IndexExprScope scope(ctx, analysis);
    IndexExpr x = scope.input_dim("x", {0, 9});
    IndexExpr q = x.floor_div(scope.input_dim("y", {0, 9}));
    EXPECT_TRUE((q < 100).is_question_mark());
    EXPECT_TRUE(IndexExpr::min(q, IndexExpr(100)).is_question_mark());
    EXPECT_EQ((x < 100).to_string(), "true");
}

TEST(ScopeValues, AnalysisKeepsWhatCodeGenerationMayFindAnError) {
    // In analysis q = x floordiv y is a question mark that code generation
    // computes by a run-time division, which may divide by zero: q * 0 is
    // then no literal 0. An input, and what code generation keeps affine,
    // cannot fail.
    Context ctx;
    AnalysisBuilder analysis;
    IndexExprScope scope(ctx, analysis);
    IndexExpr x = scope.input_dim("x", {0, 9});
    IndexExpr y = scope.input_dim("y", {0, 9});
    IndexExpr q = x.floor_div(y);
    for (const IndexExpr& e : {q * 0, q - q, q % 1, (q + 1) * 0, IndexExpr::min(q, 3) * 0}) {
        EXPECT_TRUE(e.is_question_mark()) << e.to_string();
    }
    EXPECT_TRUE((x * 0).is_literal_and_identical_to(0));
    EXPECT_TRUE(((x * 4 + 3).floor_div(2) % 1).is_literal_and_identical_to(0));
    EXPECT_TRUE((IndexExpr::min(x, y) * 0).is_literal_and_identical_to(0));
}

TEST(ScopeValues, AnalysisScopesHaveNoRunTimeValues) {
    Context ctx;
    AnalysisBuilder analysis;
    IndexExprScope outer(ctx, analysis);
    IndexExprScope inner(&outer);
    IndexExpr n = outer.input_dim("n");
    EXPECT_TRUE(inner.as_symbol(n).same_question_mark(n));
    EXPECT_TRUE(inner.as_symbol(5).is_literal_and_identical_to(5));
    EXPECT_TRUE(inner.dim(RtValue{0}, {0, 9}).is_undefined());
    EXPECT_TRUE(inner.is_analysis());
    EXPECT_EQ(outer.to_string(), "scope #0 (analysis): 0 dims, 0 symbols\n");
    EXPECT_FALSE(materialize(IndexExpr(3), analysis).ok());
}

TEST(ScopeValues, MaterializingThroughAnotherBuilderIsAnError) {
    Context ctx;
    EvaluatorBuilder a({{"n", 1}}), b;
    IndexExprScope scope(ctx, a);
    IndexExpr n = scope.input_dim("n");
    EXPECT_TRUE(a.evaluate(n).ok());
    Result<int64_t> r = b.evaluate(n + 1);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("another builder"), std::string::npos);
    EXPECT_EQ(*b.evaluate(IndexExpr(6) * 7), 42);  // literals belong to no scope
}

}  // namespace
}  // namespace provix
