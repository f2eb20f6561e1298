/// \file
/// onnx-mlir's Broadcast access indices and MatMul output shape, in analysis mode, through the
/// evaluator and through emitted C, and MatMul shapes against a direct numpy-matmul reference.

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <optional>

#include "indexexpr/c_harness.h"
#include "provix/indexexpr/c_emitter.h"
#include "provix/indexexpr/evaluator.h"
#include "provix/indexexpr/index_expr.h"
#include "provix/indexexpr/scope.h"
#include "provix/indexexpr/shape_helpers.h"

namespace provix {
namespace {

// ---- Broadcast ------------------------------------------------------------------

TEST(BroadcastAccess, ASizeOneDimensionReadsIndexZeroInAnalysis) {
    Context ctx;
    AnalysisBuilder analysis;
    IndexExprScope scope(ctx, analysis);
    IndexExpr i = scope.input_dim("i"), j = scope.input_dim("j"), k = scope.input_dim("k");
    Result<IndexExprList> idx = broadcast_access_indices(scope, {1, 5}, {i, j, k});
    ASSERT_TRUE(idx.ok());
    ASSERT_EQ(idx->size(), 2u);
    EXPECT_EQ((*idx)[0].to_string(), "0");
    EXPECT_TRUE((*idx)[1].same_question_mark(k));  // right-aligned: the last loop index
}

TEST(BroadcastAccess, LiteralDimsGiveZeroOrTheLoopIndexInCodeGeneration) {
    Context ctx;
    EvaluatorBuilder eval({{"i", 2}, {"j", 3}});
    IndexExprScope outer(ctx, eval);
    IndexExprScope loop(&outer);
    IndexExpr i = loop.input_dim("i", {0, 3}), j = loop.input_dim("j", {0, 4});
    Result<IndexExprList> idx = broadcast_access_indices(loop, {1, 5}, {i, j});
    ASSERT_TRUE(idx.ok());
    EXPECT_EQ((*idx)[0].to_string(), "0");
    EXPECT_TRUE((*idx)[1].is_identical(j));
    EXPECT_EQ(*eval.evaluate(*idx), (std::vector<int64_t>{0, 3}));
}

TEST(BroadcastAccess, RunTimeDimsMayBroadcastAtRunTime) {
    Context ctx;
    for (int64_t size : {1, 7}) {
        EvaluatorBuilder eval({{"dim(x, 0)", size}, {"dim(x, 1)", 3}, {"i", 5}, {"j", 2}});
        IndexExprScope outer(ctx, eval);
        IndexExprList dims = outer.shape_dims(TensorShape{"x", {-1, -1}});
        IndexExprScope loop(&outer);
        IndexExpr i = loop.input_dim("i", {0, 6}), j = loop.input_dim("j", {0, 2});
        Result<IndexExprList> idx = broadcast_access_indices(loop, dims, {i, j});
        ASSERT_TRUE(idx.ok());
        EXPECT_EQ((*idx)[0].kind(), IndexExprKind::NonAffine);
        EXPECT_EQ(*eval.evaluate(*idx), (std::vector<int64_t>{size == 1 ? 0 : 5, 2}));
    }
}

TEST(BroadcastAccess, ARangeExcludingOneReadsTheLoopIndex) {
    Context ctx;
    EvaluatorBuilder eval({{"n", 4}, {"i", 1}});
    IndexExprScope outer(ctx, eval);
    IndexExpr n = outer.input_dim("n", {2, 64});
    IndexExprScope loop(&outer);
    IndexExpr i = loop.input_dim("i", {0, 63});
    Result<IndexExprList> idx = broadcast_access_indices(loop, {n}, {i});
    ASSERT_TRUE(idx.ok());
    EXPECT_TRUE((*idx)[0].is_identical(i));
}

TEST(BroadcastAccess, EmittedCReadsIndexZeroForARunTimeSizeOne) {
    Context ctx;
    CEmitterBuilder c;
    IndexExprScope outer(ctx, c);
    IndexExprList dims = outer.shape_dims(TensorShape{"x", {-1, 1, 4}});
    IndexExprScope loop(&outer);
    IndexExprList ivs = {loop.input_dim("i"), loop.input_dim("j"), loop.input_dim("k")};
    Result<IndexExprList> idx = broadcast_access_indices(loop, dims, ivs);
    ASSERT_TRUE(idx.ok());
    Result<std::string> src = c.emit_function("access", *idx);
    ASSERT_TRUE(src.ok()) << src.error().message;
    auto fn = test::CompiledC::compile(*src, "access");
    ASSERT_TRUE(fn.ok()) << fn.error().message;
    std::vector<int64_t> args;
    std::vector<int64_t> out;
    std::vector<int> err;
    for (int64_t size : {1, 6}) {
        args.clear();
        for (const std::string& name : c.input_names()) {
            args.push_back(name == "dim(x, 0)" ? size : name == "i" ? 5 : name == "j" ? 3 : 2);
        }
        EXPECT_EQ((*fn)->call(args, 3, out, err), 0);
        EXPECT_EQ(out, (std::vector<int64_t>{size == 1 ? 0 : 5, 0, 2}));
    }
}

TEST(BroadcastAccess, AnOperandOfHigherRankIsAnError) {
    Context ctx;
    AnalysisBuilder analysis;
    IndexExprScope scope(ctx, analysis);
    EXPECT_FALSE(broadcast_access_indices(scope, {2, 3}, {scope.input_dim("i")}).ok());
}

TEST(BroadcastShape, OutputDimsFollowNumpyBroadcasting) {
    EXPECT_EQ(to_string(*broadcast_output_dims({{3, 1}, {4}})), "[3, 4]");
    EXPECT_EQ(to_string(*broadcast_output_dims({{2, 1, 5}, {7, 1}, {1}})), "[2, 7, 5]");
    EXPECT_FALSE(broadcast_output_dims({{2, 3}, {4, 3}}).ok());
    EXPECT_FALSE(broadcast_output_dims({}).ok());
    IndexExpr q = IndexExpr::question_mark("n");
    EXPECT_TRUE((*broadcast_output_dims({{1}, {q}}))[0].same_question_mark(q));
    EXPECT_TRUE((*broadcast_output_dims({{q}, {q}}))[0].same_question_mark(q));
}

TEST(BroadcastShape, RunTimeSizesBroadcastAtRunTime) {
    Context ctx;
    for (auto [a, b, want] : std::vector<std::tuple<int64_t, int64_t, int64_t>>{
             {1, 5, 5}, {5, 1, 5}, {5, 5, 5}, {0, 1, 0}, {1, 0, 0}, {1, 1, 1}}) {
        EvaluatorBuilder eval({{"a", a}, {"b", b}});
        IndexExprScope scope(ctx, eval);
        Result<IndexExprList> out =
            broadcast_output_dims({{scope.input_dim("a")}, {scope.input_dim("b")}});
        ASSERT_TRUE(out.ok());
        EXPECT_EQ(*eval.evaluate((*out)[0]), want) << a << ", " << b;
    }
}

// ---- MatMul ---------------------------------------------------------------------

std::string matmul(const IndexExprList& a, const IndexExprList& b) {
    Result<MatMulShape> s = matmul_shape(a, b);
    return s ? to_string(s->output_dims) : "error: " + s.error().message;
}

TEST(MatMulShape, LiteralShapesFollowNumpyMatmul) {
    EXPECT_EQ(matmul({2, 3, 4}, {4, 5}), "[2, 3, 5]");
    EXPECT_EQ(matmul({4}, {7, 4, 5}), "[7, 5]");
    EXPECT_EQ(matmul({3, 4}, {4}), "[3]");
    EXPECT_EQ(matmul({4}, {4}), "[]");
    EXPECT_EQ(matmul({2, 1, 3, 4}, {5, 4, 6}), "[2, 5, 3, 6]");
    EXPECT_EQ(matmul({1, 3, 4}, {6, 4, 2}), "[6, 3, 2]");
}

TEST(MatMulShape, RanksArePaddedWithLeadingOnes) {
    Result<MatMulShape> s = matmul_shape({4}, {3, 4, 5});
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(to_string(s->a_dims), "[1, 1, 4]");
    EXPECT_EQ(s->a_pad, (std::vector<bool>{true, true, false}));
    EXPECT_EQ(to_string(s->b_dims), "[3, 4, 5]");
    Result<MatMulShape> v = matmul_shape({2, 3, 4}, {4});
    ASSERT_TRUE(v.ok());
    EXPECT_EQ(to_string(v->b_dims), "[1, 4, 1]");
    EXPECT_EQ(v->b_pad, (std::vector<bool>{true, false, true}));
}

TEST(MatMulShape, IncompatibleLiteralShapesAreErrors) {
    EXPECT_EQ(matmul({2, 3}, {4, 5}).rfind("error: matmul: K dimensions differ", 0), 0u);
    EXPECT_EQ(matmul({2, 3, 4}, {3, 4, 5}).rfind("error: matmul: batch dimension 0", 0), 0u);
    EXPECT_EQ(matmul({}, {4}).rfind("error", 0), 0u);
}

TEST(MatMulShape, UnknownDimsStayTheSameQuestionMarksInAnalysis) {
    Context ctx;
    AnalysisBuilder analysis;
    IndexExprScope scope(ctx, analysis);
    IndexExprList a = scope.shape_dims(TensorShape{"A", {-1, -1, 4}});
    IndexExprList b = scope.shape_dims(TensorShape{"B", {4, 5}});
    Result<MatMulShape> s = matmul_shape(a, b);
    ASSERT_TRUE(s.ok());
    EXPECT_TRUE(s->output_dims[0].same_question_mark(a[0]));
    EXPECT_TRUE(s->output_dims[1].same_question_mark(a[1]));
    EXPECT_EQ(IndexExpr::shape(s->output_dims), (std::vector<int64_t>{-1, -1, 5}));
    // Unknown batch dims on both sides broadcast to an unknown size.
    IndexExprList c = scope.shape_dims(TensorShape{"C", {-1, 4, 5}});
    EXPECT_TRUE(matmul_shape(a, c)->output_dims[0].is_question_mark());
}

/// numpy.matmul's output shape, or nullopt if the shapes do not match.
std::optional<std::vector<int64_t>> matmul_reference(std::vector<int64_t> a,
                                                     std::vector<int64_t> b) {
    bool a_vec = a.size() == 1, b_vec = b.size() == 1;
    if (a_vec) a.insert(a.begin(), 1);
    if (b_vec) b.push_back(1);
    if (a[a.size() - 1] != b[b.size() - 2]) return std::nullopt;
    size_t batch = std::max(a.size(), b.size()) - 2;
    std::vector<int64_t> out;
    for (size_t i = 0; i < batch; ++i) {
        int64_t x = i + a.size() - 2 >= batch ? a[i + a.size() - 2 - batch] : 1;
        int64_t y = i + b.size() - 2 >= batch ? b[i + b.size() - 2 - batch] : 1;
        if (x != y && x != 1 && y != 1) return std::nullopt;
        out.push_back(x == 1 ? y : x);
    }
    if (!a_vec) out.push_back(a[a.size() - 2]);
    if (!b_vec) out.push_back(b[b.size() - 1]);
    return out;
}

RC_GTEST_PROP(MatMulProperty, EvaluatedShapesMatchNumpy, ()) {
    size_t a_rank = *rc::gen::inRange<size_t>(1, 5), b_rank = *rc::gen::inRange<size_t>(1, 5);
    auto gen_size = rc::gen::weightedOneOf<int64_t>(
        {{3, rc::gen::just<int64_t>(1)}, {5, rc::gen::inRange<int64_t>(0, 4)}});
    std::vector<int64_t> a = *rc::gen::container<std::vector<int64_t>>(a_rank, gen_size);
    std::vector<int64_t> b = *rc::gen::container<std::vector<int64_t>>(b_rank, gen_size);
    // Mostly matching K dims.
    if (*rc::gen::inRange(0, 4) != 0) b[b_rank == 1 ? 0 : b_rank - 2] = a.back();
    std::optional<std::vector<int64_t>> ref = matmul_reference(a, b);
    RC_LOG() << "A " << ::testing::PrintToString(a) << " B " << ::testing::PrintToString(b);

    Context ctx;
    EvaluatorBuilder eval;
    IndexExprScope scope(ctx, eval);
    auto dims = [&](const std::vector<int64_t>& shape, const std::string& name) {
        IndexExprList out;
        for (size_t i = 0; i < shape.size(); ++i) {
            std::string input = name + std::to_string(i);
            eval.set_input(input, shape[i]);
            out.push_back(*rc::gen::arbitrary<bool>() ? IndexExpr(shape[i])
                                                      : scope.input_dim(input));
        }
        return out;
    };
    IndexExprList ad = dims(a, "a"), bd = dims(b, "b");
    Result<MatMulShape> s = matmul_shape(ad, bd);
    if (!ref) {
        // Only run-time sizes can hide a mismatch at compile time.
        if (IndexExpr::all_literal(ad) && IndexExpr::all_literal(bd)) RC_ASSERT(!s.ok());
        return;
    }
    RC_ASSERT(s.ok());
    Result<std::vector<int64_t>> out = eval.evaluate(s->output_dims);
    RC_ASSERT(out.ok());
    RC_ASSERT(*out == *ref);
    // Analysis with the same literal shapes gives the same literals.
    Result<MatMulShape> lit =
        matmul_shape(IndexExprList(a.begin(), a.end()), IndexExprList(b.begin(), b.end()));
    RC_ASSERT(lit.ok());
    RC_ASSERT(*IndexExpr::literals(lit->output_dims) == *ref);
}

TEST(MatMulShape, EmittedCComputesRunTimeBatchBroadcasting) {
    Context ctx;
    CEmitterBuilder c;
    IndexExprScope scope(ctx, c);
    IndexExprList a = scope.shape_dims(TensorShape{"A", {-1, 3, 4}});
    IndexExprList b = scope.shape_dims(TensorShape{"B", {-1, 4, 5}});
    Result<MatMulShape> s = matmul_shape(a, b);
    ASSERT_TRUE(s.ok());
    Result<std::string> src = c.emit_function("matmul_shape", s->output_dims);
    ASSERT_TRUE(src.ok()) << src.error().message;
    auto fn = test::CompiledC::compile(*src, "matmul_shape");
    ASSERT_TRUE(fn.ok()) << fn.error().message;
    std::vector<int64_t> out;
    std::vector<int> err;
    for (auto [x, y, want] :
         std::vector<std::tuple<int64_t, int64_t, int64_t>>{{1, 6, 6}, {6, 1, 6}, {6, 6, 6}}) {
        std::vector<int64_t> args;
        for (const std::string& name : c.input_names())
            args.push_back(name == "dim(A, 0)" ? x : y);
        EXPECT_EQ((*fn)->call(args, 3, out, err), 0);
        EXPECT_EQ(out, (std::vector<int64_t>{want, 3, 5}));
    }
}

}  // namespace
}  // namespace provix
