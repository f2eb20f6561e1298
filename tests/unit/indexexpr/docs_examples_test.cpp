/// \file
/// The examples of docs/indexexpr.md and README.md (one per mode), kept
/// compiling and correct.

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <optional>

#include "indexexpr/c_harness.h"
#include "provix/indexexpr/c_emitter.h"
#include "provix/indexexpr/evaluator.h"
#include "provix/indexexpr/scope.h"
#include "provix/indexexpr/shape_helpers.h"

namespace {

TEST(DocsExamples, AnalysisMode) {
    provix::Context ctx;
    provix::AnalysisBuilder analysis;
    provix::IndexExprScope scope(ctx, analysis);
    // data : tensor<?x20xf32>;  Slice(data, starts = [5], ends = [-5], axes = [1])
    provix::IndexExprList dims = scope.shape_dims({"data", {-1, 20}});
    provix::Result<provix::SliceShape> s = provix::slice_shape(dims, {5}, {-5}, {1}, {});
    EXPECT_EQ(provix::to_string(s->output_dims), "[?dim(data, 0) in [0, inf], 10]");
    EXPECT_EQ(provix::IndexExpr::shape(s->output_dims), (std::vector<int64_t>{-1, 10}));
}

TEST(DocsExamples, EvaluatorMode) {
    provix::Context ctx;
    provix::EvaluatorBuilder eval({{"dim(data, 0)", 8}, {"starts[0]", -3}});
    provix::IndexExprScope scope(ctx, eval);
    provix::IndexExpr n = scope.shape_dim({"data", {-1}}, 0);
    provix::IndexExpr start = scope.array_symbol({"starts", {std::nullopt}}, 0);
    provix::SliceAxis a = provix::slice_axis(n, start, INT32_MAX, 1);  // data[start:]
    EXPECT_EQ(*eval.evaluate(a.size), 3);
    EXPECT_EQ(*eval.evaluate(a.start), 5);
}

TEST(DocsExamples, CEmitterMode) {
    provix::Context ctx;
    provix::CEmitterBuilder c;
    provix::IndexExprScope scope(ctx, c);
    provix::IndexExpr n = scope.shape_dim({"data", {-1}}, 0);
    provix::IndexExpr start = scope.array_symbol({"starts", {std::nullopt}}, 0);
    provix::SliceAxis a = provix::slice_axis(n, start, INT32_MAX, 1);
    std::string src = *c.emit_function("slice_size", {a.size});
    EXPECT_EQ(c.input_names(), (std::vector<std::string>{"dim(data, 0)", "starts[0]"}));
    auto fn = provix::test::CompiledC::compile(src, "slice_size");
    ASSERT_TRUE(fn.ok()) << fn.error().message;
    std::vector<int64_t> out;
    std::vector<int> err;
    EXPECT_EQ((*fn)->call({8, -3}, 1, out, err), 0);
    EXPECT_EQ(out[0], 3);
    EXPECT_EQ((*fn)->call({-1, 0}, 1, out, err), 3);  // a negative size: input out of bounds
}

}  // namespace
