// IndexExpr (provix::indexexpr): one shape computation, in analysis mode
// (unknown sizes are question marks) and evaluated with run-time values.
#include <provix/indexexpr/evaluator.h>
#include <provix/indexexpr/scope.h>
#include <provix/indexexpr/shape_helpers.h>

#include <cstdint>
#include <iostream>

int main() {
    provix::Context ctx;
    // Analysis: data is tensor<?x20xf32>, sliced as data[:, 5:-5].
    provix::AnalysisBuilder analysis;
    provix::IndexExprScope scope(ctx, analysis);
    provix::IndexExprList dims = scope.shape_dims({"data", {-1, 20}});
    auto shape = provix::slice_shape(dims, {5}, {-5}, {1}, {});
    std::cout << "analysis: " << provix::to_string(shape->output_dims) << "\n";

    // Evaluation: the same formula with the run-time size 8 and start -3.
    provix::EvaluatorBuilder eval({{"dim(data, 0)", 8}, {"starts[0]", -3}});
    provix::IndexExprScope run(ctx, eval);
    provix::IndexExpr n = run.shape_dim({"data", {-1}}, 0);
    provix::IndexExpr start = run.array_symbol({"starts", {std::nullopt}}, 0);
    auto size = eval.evaluate(provix::slice_axis(n, start, INT32_MAX, 1).size);
    std::cout << "evaluated: " << *size << "\n";  // data[-3:] of 8 elements: 3
    std::cout << "literal: " << provix::IndexExpr(5).literal_value().value_or(-1) << "\n";
    return 0;
}
