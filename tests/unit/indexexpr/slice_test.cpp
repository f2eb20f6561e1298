/// \file
/// The Slice shape helper (ONNX Slice, after onnx-mlir): worked examples in both
/// modes, and properties against a direct reference implementation of ONNX
/// Slice (opset 13 operator text) in analysis mode, through the evaluator and
/// through emitted, compiled C.

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>

#include "indexexpr/c_harness.h"
#include "indexexpr/rc_budget.h"
#include "provix/indexexpr/c_emitter.h"
#include "provix/indexexpr/evaluator.h"
#include "provix/indexexpr/index_expr.h"
#include "provix/indexexpr/scope.h"
#include "provix/indexexpr/shape_helpers.h"
#include "provix/semantics.h"

namespace provix {
namespace {

// ---- Reference ----------------------------------------------------------------

/// ONNX Slice for one axis, from the operator's text: negative start / end
/// get `dim` added; start is clamped into [0, dim] for a positive step and
/// [0, dim - 1] for a negative one; end into [0, dim] and [-1, dim - 1]. The
/// output has max(0, ceil((end - start) / step)) elements; an empty dim gives
/// an empty output. `step != 0`, `0 <= dim < 2^31` (where ONNX's int32
/// sentinels and the text agree).
struct RefAxis {
    int64_t start, end, size;
};

int64_t clamp_to(int64_t v, int64_t lo, int64_t hi) { return std::min(std::max(v, lo), hi); }

RefAxis reference_slice(int64_t dim, int64_t start, int64_t end, int64_t step) {
    int64_t s = start < 0 ? start + dim : start;  // no overflow: start < 0 <= dim
    int64_t e = end < 0 ? end + dim : end;
    if (step > 0) {
        s = clamp_to(s, 0, dim);
        e = clamp_to(e, 0, dim);
    } else {
        s = clamp_to(s, 0, dim - 1);
        e = clamp_to(e, -1, dim - 1);
    }
    if (dim == 0) return {s, e, 0};
    int64_t size = std::max<int64_t>(0, *ceil_div(e - s, step));
    return {s, e, size};
}

// ---- Generators ---------------------------------------------------------------

rc::Gen<int64_t> gen_dim() {
    return rc::gen::weightedOneOf<int64_t>(
        {{8, rc::gen::inRange<int64_t>(0, 13)}, {1, rc::gen::inRange<int64_t>(0, INT32_MAX)}});
}

rc::Gen<int64_t> gen_index() {
    return rc::gen::weightedOneOf<int64_t>(
        {{8, rc::gen::inRange<int64_t>(-16, 17)},
         {2, rc::gen::elementOf(std::vector<int64_t>{INT32_MIN, INT32_MAX, int64_t{INT32_MIN} - 1,
                                                     int64_t{INT32_MAX} + 1, INT32_MIN + 1,
                                                     INT32_MAX - 1, kInt64Min, kInt64Max})},
         {1, rc::gen::arbitrary<int64_t>()}});
}

rc::Gen<int64_t> gen_step() {
    return rc::gen::suchThat(
        rc::gen::weightedOneOf<int64_t>({{8, rc::gen::inRange<int64_t>(-4, 5)},
                                         {1, rc::gen::elementOf(std::vector<int64_t>{
                                                 kInt64Min, kInt64Max, INT32_MIN, INT32_MAX})},
                                         {1, rc::gen::arbitrary<int64_t>()}}),
        [](int64_t s) { return s != 0; });
}

struct SliceCase {
    int64_t dim, start, end, step;
};

SliceCase gen_case() { return {*gen_dim(), *gen_index(), *gen_index(), *gen_step()}; }

std::string describe(const SliceCase& c) {
    return "dim " + std::to_string(c.dim) + ", start " + std::to_string(c.start) + ", end " +
           std::to_string(c.end) + ", step " + std::to_string(c.step);
}

/// Checks computed start/end/size against the reference (end only when the
/// output is non-empty: onnx-mlir clamps end into [-1, dim] for negative
/// steps, the text into [-1, dim - 1], which differ only for empty outputs).
void check_against_reference(const SliceCase& c, int64_t start, int64_t end, int64_t size) {
    RefAxis ref = reference_slice(c.dim, c.start, c.end, c.step);
    RC_ASSERT(size == ref.size);
    if (c.dim > 0) RC_ASSERT(start == ref.start);
    if (ref.size > 0) RC_ASSERT(end == ref.end);
}

// ---- Worked examples ----------------------------------------------------------

class SliceTest : public ::testing::Test {
protected:
    Context ctx;
    AnalysisBuilder analysis;
    IndexExprScope scope{ctx, analysis};

    static std::string axis(const SliceAxis& a) {
        return a.start.to_string() + " " + a.end.to_string() + " " + a.step.to_string() + " " +
               a.size.to_string();
    }
};

TEST_F(SliceTest, LiteralInputsGiveLiteralOutputs) {
    EXPECT_EQ(axis(slice_axis(10, 2, INT32_MAX, 3)), "2 10 3 3");  // 2, 5, 8
    EXPECT_EQ(axis(slice_axis(10, 0, 10, 1)), "0 10 1 10");
}

TEST_F(SliceTest, NegativeStartsAndEndsCountFromTheEnd) {
    EXPECT_EQ(axis(slice_axis(10, -3, INT32_MAX, 1)), "7 10 1 3");
    EXPECT_EQ(axis(slice_axis(10, 1, -1, 1)), "1 9 1 8");
    EXPECT_EQ(axis(slice_axis(10, -20, 5, 1)), "0 5 1 5");
}

TEST_F(SliceTest, ClampingDependsOnTheSignOfTheStep) {
    // Positive step: start and end in [0, dim]; negative: start in [0, dim - 1].
    EXPECT_EQ(axis(slice_axis(10, 20, 30, 1)), "10 10 1 0");
    EXPECT_EQ(axis(slice_axis(10, 20, 3, -1)), "9 3 -1 6");  // 9, 8, ..., 4
    EXPECT_EQ(axis(slice_axis(10, -20, -30, -1)), "0 -1 -1 1");
}

TEST_F(SliceTest, Int32SentinelsMeanMinusAndPlusInfinity) {
    EXPECT_EQ(axis(slice_axis(10, -1, INT32_MIN, -1)), "9 -1 -1 10");  // reversed
    EXPECT_EQ(axis(slice_axis(10, 0, INT32_MAX, 2)), "0 10 2 5");
    EXPECT_EQ(axis(slice_axis(10, 0, kInt64Max, 1)), "0 10 1 10");
    EXPECT_EQ(axis(slice_axis(10, 9, kInt64Min, -3)), "9 -1 -3 4");  // 9, 6, 3, 0
}

TEST_F(SliceTest, NegativeSizesAreClampedToZero) {
    EXPECT_EQ(slice_axis(10, 8, 2, 1).size.to_string(), "0");
    EXPECT_EQ(slice_axis(10, 2, 8, -1).size.to_string(), "0");
}

TEST_F(SliceTest, AnEmptyDimensionGivesAnEmptySliceForEveryStep) {
    // onnx-mlir's formula gives 1 here (start 0, end -1, step -1).
    EXPECT_EQ(slice_axis(0, -3, -10, -1).size.to_string(), "0");
    EXPECT_EQ(slice_axis(0, 0, INT32_MAX, 1).size.to_string(), "0");
}

TEST_F(SliceTest, ALiteralZeroStepIsAnError) {
    IndexExpr size = slice_axis(10, 0, 5, 0).size;
    ASSERT_TRUE(size.is_undefined());
    EXPECT_EQ(size.error()->kind, Error::Kind::DivisionByZero);
    EXPECT_FALSE(slice_shape({10}, {0}, {5}, {}, {0}).ok());
}

TEST_F(SliceTest, UnknownDimsGiveQuestionMarksOrKeepTheSameQuestionMark) {
    IndexExpr n = scope.input_dim("n");
    // data[0:INT32_MAX:1] is the whole dimension: the same question mark.
    SliceAxis whole = slice_axis(n, 0, INT32_MAX, 1);
    EXPECT_TRUE(whole.size.same_question_mark(n)) << whole.size.to_string();
    EXPECT_EQ(whole.start.to_string(), "0");
    // data[2:] is n - 2 clamped: unknown.
    SliceAxis tail = slice_axis(n, 2, INT32_MAX, 1);
    EXPECT_TRUE(tail.size.is_question_mark());
    EXPECT_TRUE(tail.end.same_question_mark(n));
}

TEST_F(SliceTest, SliceShapeNormalizesAxes) {
    IndexExpr q = scope.input_dim("dim(x, 0)");
    Result<SliceShape> s = slice_shape({q, 20, 7}, {5, 1}, {-5, INT32_MAX}, {1, -1}, {1, 2});
    ASSERT_TRUE(s.ok()) << s.error().message;
    EXPECT_EQ(to_string(s->output_dims), "[?dim(x, 0) in [0, inf], 10, 3]");
    EXPECT_EQ(to_string(s->starts), "[0, 5, 1]");
    EXPECT_EQ(to_string(s->steps), "[1, 1, 2]");
    EXPECT_TRUE(s->output_dims[0].same_question_mark(q));
    Result<SliceShape> defaults = slice_shape({20, 10}, {1}, {-1}, {}, {});
    ASSERT_TRUE(defaults.ok());
    EXPECT_EQ(to_string(defaults->output_dims), "[18, 10]");
}

TEST_F(SliceTest, SliceShapeRejectsBadAxes) {
    EXPECT_FALSE(slice_shape({4, 4}, {0}, {1}, {2}, {}).ok());
    EXPECT_FALSE(slice_shape({4, 4}, {0}, {1}, {-3}, {}).ok());
    EXPECT_FALSE(slice_shape({4, 4}, {0, 0}, {1, 1}, {1, -1}, {}).ok());
    EXPECT_FALSE(slice_shape({4, 4}, {0}, {1, 2}, {}, {}).ok());
    EXPECT_FALSE(slice_shape({4, 4}, {0}, {1}, {0, 1}, {}).ok());
}

TEST(SliceCodeGen, TheSameHelperComputesAtRunTime) {
    Context ctx;
    EvaluatorBuilder eval(
        {{"dim(x, 0)", 10}, {"starts[0]", -1}, {"ends[0]", INT32_MIN}, {"steps[0]", -2}});
    IndexExprScope scope(ctx, eval);
    IndexExpr dim = scope.shape_dim(TensorShape{"x", {-1}}, 0);
    IndexExpr start = scope.array_symbol(IntArray{"starts", {std::nullopt}}, 0);
    IndexExpr end = scope.array_symbol(IntArray{"ends", {std::nullopt}}, 0);
    IndexExpr step = scope.array_symbol(IntArray{"steps", {std::nullopt}}, 0);
    SliceAxis a = slice_axis(dim, start, end, step);
    EXPECT_EQ(a.size.kind(), IndexExprKind::NonAffine);
    EXPECT_EQ(*eval.evaluate(a.size), 5);  // 9, 7, 5, 3, 1
    EXPECT_EQ(*eval.evaluate(a.start), 9);
    EXPECT_EQ(*eval.evaluate(a.end), -1);
}

TEST(SliceCodeGen, ARunTimeZeroStepIsARunTimeError) {
    Context ctx;
    EvaluatorBuilder eval({{"step", 0}});
    IndexExprScope scope(ctx, eval);
    SliceAxis a = slice_axis(10, 0, 5, scope.input_symbol("step"));
    Result<int64_t> r = eval.evaluate(a.size);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, Error::Kind::DivisionByZero);
}

TEST(SliceCodeGen, KnownStepAndDimKeepPartsAffine) {
    Context ctx;
    EvaluatorBuilder eval({{"start", 3}});
    IndexExprScope scope(ctx, eval);
    IndexExpr start = scope.input_symbol("start", {0, 5});
    SliceAxis a = slice_axis(10, start, INT32_MAX, 1);
    // start in [0, 5] needs no normalization or clamping: 10 - start.
    EXPECT_TRUE(a.start.is_identical(start)) << a.start.to_string();
    EXPECT_EQ(a.size.to_string(), "affine -s0 + 10 in [5, 10]");
    EXPECT_EQ(*eval.evaluate(a.size), 7);
}

// ---- Properties ---------------------------------------------------------------

RC_GTEST_PROP(SliceProperty, AnalysisOfLiteralInputsGivesTheReferenceLiterals, ()) {
    SliceCase c = gen_case();
    RC_LOG() << describe(c);
    SliceAxis a = slice_axis(c.dim, c.start, c.end, c.step);
    RC_ASSERT(a.start.is_literal());
    RC_ASSERT(a.end.is_literal());
    RC_ASSERT(a.size.is_literal());
    RC_ASSERT(a.step.is_literal_and_identical_to(c.step));
    check_against_reference(c, a.start.literal(), a.end.literal(), a.size.literal());
}

RC_GTEST_PROP(SliceProperty, AnalysisWithUnknownInputsIsSound, ()) {
    SliceCase c = gen_case();
    RC_LOG() << describe(c);
    Context ctx;
    AnalysisBuilder analysis;
    IndexExprScope scope(ctx, analysis);
    auto maybe = [&](int64_t v, const char* name, Interval bounds) {
        return *rc::gen::arbitrary<bool>() ? IndexExpr(v) : scope.input_symbol(name, bounds);
    };
    IndexExpr dim = *rc::gen::arbitrary<bool>() ? IndexExpr(c.dim) : scope.input_dim("dim");
    SliceAxis a = slice_axis(
        dim, maybe(c.start, "start", Interval::all()), maybe(c.end, "end", Interval::all()),
        maybe(c.step, "step", c.step > 0 ? Interval::at_least(1) : Interval::at_most(-1)));
    RefAxis ref = reference_slice(c.dim, c.start, c.end, c.step);
    RC_LOG() << "size " << a.size.to_string();
    RC_ASSERT(a.size.range().contains(ref.size));
    if (a.size.is_literal()) RC_ASSERT(a.size.literal() == ref.size);
    if (c.dim > 0 && a.start.is_literal()) RC_ASSERT(a.start.literal() == ref.start);
}

/// Runs the helper in a code-generation scope over `builder`, each input a
/// literal or a run-time input as `known` says (dim, start, end, step).
SliceAxis slice_in(IndexExprScope& scope, const SliceCase& c, const std::vector<bool>& known) {
    IndexExpr dim = known[0] ? IndexExpr(c.dim) : scope.input_dim("dim");
    IndexExpr start = known[1] ? IndexExpr(c.start) : scope.input_symbol("start");
    IndexExpr end = known[2] ? IndexExpr(c.end) : scope.input_symbol("end");
    IndexExpr step = known[3] ? IndexExpr(c.step) : scope.input_symbol("step");
    return slice_axis(dim, start, end, step);
}

RC_GTEST_PROP(SliceProperty, EvaluatorMatchesTheReference, ()) {
    SliceCase c = gen_case();
    std::vector<bool> known = *rc::gen::container<std::vector<bool>>(4, rc::gen::arbitrary<bool>());
    RC_LOG() << describe(c);
    Context ctx;
    EvaluatorBuilder eval({{"dim", c.dim}, {"start", c.start}, {"end", c.end}, {"step", c.step}});
    IndexExprScope scope(ctx, eval);
    SliceAxis a = slice_in(scope, c, known);
    Result<int64_t> start = eval.evaluate(a.start), end = eval.evaluate(a.end);
    Result<int64_t> size = eval.evaluate(a.size);
    RC_ASSERT(start.ok());
    RC_ASSERT(end.ok());
    RC_ASSERT(size.ok());
    RC_ASSERT(a.size.range().contains(*size));
    check_against_reference(c, *start, *end, *size);
}

/// The all-run-time Slice function, emitted and compiled once.
std::shared_ptr<test::CompiledC> compiled_runtime_slice(std::vector<std::string>& inputs) {
    static std::shared_ptr<test::CompiledC> fn;
    static std::vector<std::string> names;
    if (!fn) {
        Context ctx;
        CEmitterBuilder c;
        IndexExprScope scope(ctx, c);
        SliceAxis a = slice_in(scope, SliceCase{0, 0, 0, 1}, {false, false, false, false});
        Result<std::string> src = c.emit_function("slice_axis", {a.start, a.end, a.size});
        if (!src) return nullptr;
        Result<std::shared_ptr<test::CompiledC>> compiled =
            test::CompiledC::compile(*src, "slice_axis");
        if (!compiled) {
            ADD_FAILURE() << compiled.error().message;
            return nullptr;
        }
        fn = *compiled;
        names = c.input_names();
    }
    inputs = names;
    return fn;
}

int64_t input_value(const SliceCase& c, const std::string& name) {
    if (name == "dim") return c.dim;
    if (name == "start") return c.start;
    if (name == "end") return c.end;
    return c.step;
}

RC_GTEST_PROP(SliceProperty, EmittedCMatchesTheReference, ()) {
    SliceCase c = gen_case();
    RC_LOG() << describe(c);
    std::vector<std::string> names;
    std::shared_ptr<test::CompiledC> fn = compiled_runtime_slice(names);
    RC_ASSERT(fn != nullptr);
    std::vector<int64_t> args;
    for (const std::string& n : names)
        args.push_back(input_value(c, n));
    std::vector<int64_t> out;
    std::vector<int> err;
    RC_ASSERT(fn->call(args, 3, out, err) == 0);
    check_against_reference(c, out[0], out[1], out[2]);
}

TEST(SliceProperty, EmittedCWithKnownInputsMatchesTheReference) {
    // Known inputs change the code (folding, affine parts): one compilation per case.
    test::check_property(
        [] {
            SliceCase c = gen_case();
            std::vector<bool> known =
                *rc::gen::container<std::vector<bool>>(4, rc::gen::arbitrary<bool>());
            RC_LOG() << describe(c);
            Context ctx;
            CEmitterBuilder emitter;
            IndexExprScope scope(ctx, emitter);
            SliceAxis a = slice_in(scope, c, known);
            Result<std::string> src =
                emitter.emit_function("slice_known", {a.start, a.end, a.size});
            RC_ASSERT(src.ok());
            auto fn = test::CompiledC::compile(*src, "slice_known");
            if (!fn) RC_LOG() << fn.error().message;
            RC_ASSERT(fn.ok());
            std::vector<int64_t> args;
            for (const std::string& n : emitter.input_names())
                args.push_back(input_value(c, n));
            std::vector<int64_t> out;
            std::vector<int> err;
            RC_ASSERT((*fn)->call(args, 3, out, err) == 0);
            check_against_reference(c, out[0], out[1], out[2]);
        },
        25);
}

RC_GTEST_PROP(SliceProperty, SliceShapeMatchesTheReferencePerAxis, ()) {
    size_t rank = *rc::gen::inRange<size_t>(1, 5);
    std::vector<int64_t> dims = *rc::gen::container<std::vector<int64_t>>(rank, gen_dim());
    std::vector<int64_t> order(rank);
    for (size_t i = 0; i < rank; ++i)
        order[i] = static_cast<int64_t>(i);
    for (size_t i = rank; i > 1; --i) {  // a random order of the axes
        std::swap(order[i - 1], order[*rc::gen::inRange<size_t>(0, i)]);
    }
    std::vector<int64_t> axes;
    for (int64_t a : order) {
        if (*rc::gen::arbitrary<bool>()) {
            bool negative = *rc::gen::arbitrary<bool>();
            axes.push_back(negative ? a - static_cast<int64_t>(rank) : a);
        }
    }
    std::vector<SliceCase> cases;
    IndexExprList starts, ends, steps;
    for (int64_t a : axes) {
        size_t axis = static_cast<size_t>(a < 0 ? a + static_cast<int64_t>(rank) : a);
        SliceCase c{dims[axis], *gen_index(), *gen_index(), *gen_step()};
        cases.push_back(c);
        starts.push_back(c.start);
        ends.push_back(c.end);
        steps.push_back(c.step);
    }
    Context ctx;
    EvaluatorBuilder eval;
    IndexExprScope scope(ctx, eval);
    IndexExprList data;
    for (size_t i = 0; i < rank; ++i) {
        std::string name = "d" + std::to_string(i);
        eval.set_input(name, dims[i]);
        data.push_back(*rc::gen::arbitrary<bool>() ? IndexExpr(dims[i]) : scope.input_dim(name));
    }
    Result<SliceShape> s = slice_shape(data, starts, ends, axes, steps);
    RC_ASSERT(s.ok());
    Result<std::vector<int64_t>> out = eval.evaluate(s->output_dims);
    RC_ASSERT(out.ok());
    std::vector<int64_t> expected = dims;
    for (size_t k = 0; k < axes.size(); ++k) {
        size_t axis =
            static_cast<size_t>(axes[k] < 0 ? axes[k] + static_cast<int64_t>(rank) : axes[k]);
        expected[axis] =
            reference_slice(cases[k].dim, cases[k].start, cases[k].end, cases[k].step).size;
    }
    RC_ASSERT(*out == expected);
}

}  // namespace
}  // namespace provix
