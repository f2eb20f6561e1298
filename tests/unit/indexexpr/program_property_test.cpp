/// \file
/// Property tests: random straight-line IndexExpr programs (every arithmetic,
/// comparison, select, clamp, min and max operation) against a direct
/// reference evaluation, in analysis mode and through the evaluator, with a
/// random choice of which inputs are known at compile time.

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "indexexpr/random_program.h"
#include "provix/indexexpr/evaluator.h"
#include "provix/indexexpr/index_expr.h"
#include "provix/indexexpr/scope.h"

namespace provix {
namespace {

using test::Program;

std::string input_name(size_t i) { return "x" + std::to_string(i); }

/// A random program, inputs within its bounds, and its reference results.
struct Case {
    Program program;
    std::vector<int64_t> inputs;
    std::vector<Result<int64_t>> reference;
};

Case gen_case() {
    Case c;
    c.program = test::gen_program();
    c.inputs = test::gen_inputs(c.program);
    RC_LOG() << test::to_string(c.program);
    c.reference = test::reference(c.program, c.inputs);
    return c;
}

/// Every result with a reference value evaluates to it through `eval` (and,
/// with `check_range`, lies in its IndexExpr range).
void check_evaluated(EvaluatorBuilder& eval, const IndexExprList& out,
                     const std::vector<Result<int64_t>>& ref, bool check_range) {
    for (size_t k = 0; k < out.size(); ++k) {
        if (!ref[k]) continue;
        Result<int64_t> r = eval.evaluate(out[k]);
        RC_LOG() << "result %" << k << ": " << out[k].to_string() << " = "
                 << (r ? std::to_string(*r) : r.error().message) << " vs " << *ref[k];
        RC_ASSERT(r.ok());
        RC_ASSERT(*r == *ref[k]);
        if (check_range) RC_ASSERT(out[k].range().contains(*ref[k]));
    }
}

RC_GTEST_PROP(ProgramProperty, AnalysisWithLiteralInputsGivesTheReferenceLiterals, ()) {
    const auto [p, in, ref] = gen_case();
    Context ctx;
    AnalysisBuilder analysis;
    IndexExprScope scope(ctx, analysis);
    IndexExprList inputs(in.begin(), in.end());
    IndexExprList out = test::build(p, inputs);
    for (size_t k = 0; k < out.size(); ++k) {
        if (!ref[k]) {
            RC_ASSERT(!out[k].is_literal());  // an error is never a value when all is known
            continue;
        }
        RC_LOG() << "result %" << k << ": " << out[k].to_string() << " vs " << *ref[k];
        RC_ASSERT(out[k].is_literal());
        RC_ASSERT(out[k].literal() == *ref[k]);
    }
}

RC_GTEST_PROP(ProgramProperty, AnalysisWithUnknownInputsIsSound, ()) {
    const auto [p, in, ref] = gen_case();
    Context ctx;
    AnalysisBuilder analysis;
    IndexExprScope scope(ctx, analysis);
    IndexExprList inputs;
    for (size_t i = 0; i < in.size(); ++i) {
        bool known = *rc::gen::arbitrary<bool>();
        inputs.push_back(known ? IndexExpr(in[i])
                               : scope.input_symbol(input_name(i), p.input_bounds[i]));
    }
    IndexExprList out = test::build(p, inputs);
    for (size_t k = 0; k < out.size(); ++k) {
        if (!ref[k]) continue;
        RC_LOG() << "result %" << k << ": " << out[k].to_string() << " vs " << *ref[k];
        RC_ASSERT(out[k].is_defined());
        RC_ASSERT(out[k].range().contains(*ref[k]));
        if (out[k].is_literal()) RC_ASSERT(out[k].literal() == *ref[k]);
    }
}

RC_GTEST_PROP(ProgramProperty, EvaluatorMatchesTheReference, ()) {
    const auto [p, in, ref] = gen_case();
    if (!test::small_values(ref)) return;
    Context ctx;
    EvaluatorBuilder eval;
    IndexExprScope scope(ctx, eval);
    IndexExprList inputs;
    for (size_t i = 0; i < in.size(); ++i) {
        int how = *rc::gen::inRange(0, 3);  // literal, dim, symbol
        eval.set_input(input_name(i), in[i]);
        if (how == 0) inputs.push_back(in[i]);
        if (how == 1) inputs.push_back(scope.input_dim(input_name(i), p.input_bounds[i]));
        if (how == 2) inputs.push_back(scope.input_symbol(input_name(i), p.input_bounds[i]));
    }
    check_evaluated(eval, test::build(p, inputs), ref, /*check_range=*/true);
}

RC_GTEST_PROP(ProgramProperty, NestedScopeMatchesTheReference, ()) {
    // The inputs live in an outer scope; the program runs in a nested scope on
    // their conversions to symbols.
    const auto [p, in, ref] = gen_case();
    if (!test::small_values(ref)) return;
    Context ctx;
    EvaluatorBuilder eval;
    IndexExprScope outer(ctx, eval);
    IndexExprList outer_inputs;
    std::vector<int64_t> offsets;
    for (size_t i = 0; i < in.size(); ++i) {
        eval.set_input(input_name(i), in[i]);
        IndexExpr x = outer.input_dim(input_name(i), p.input_bounds[i]);
        // Inputs reach the inner scope as outer dims, outer affine values
        // (x + 3, undone inside) or outer run-time values (max(x, min(x, x * x))
        // is x, which the ranges cannot tell).
        int how = *rc::gen::inRange(0, 3);
        offsets.push_back(how == 1 ? 3 : 0);
        if (how == 1) x = x + 3;
        if (how == 2) x = IndexExpr::max(x, IndexExpr::min(x, x * x));
        outer_inputs.push_back(x);
    }
    IndexExprScope inner(&outer);
    IndexExprList inputs;
    for (size_t i = 0; i < in.size(); ++i) {
        inputs.push_back(inner.as_symbol(outer_inputs[i]) - offsets[i]);
    }
    check_evaluated(eval, test::build(p, inputs), ref, /*check_range=*/false);
}

}  // namespace
}  // namespace provix
