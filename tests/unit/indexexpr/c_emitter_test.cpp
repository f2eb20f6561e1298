/// \file
/// The C emitter: the emitted function is compiled with the
/// system C compiler and run; it implements floor division and modulo
/// explicitly, guards overflow, and reports errors like the evaluator.

#include "provix/indexexpr/c_emitter.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "indexexpr/c_harness.h"
#include "indexexpr/random_program.h"
#include "indexexpr/rc_budget.h"
#include "provix/indexexpr/evaluator.h"
#include "provix/indexexpr/index_expr.h"
#include "provix/indexexpr/scope.h"
#include "provix/semantics.h"

namespace provix {
namespace {

using test::CompiledC;

std::shared_ptr<CompiledC> compile_or_fail(const std::string& source, const std::string& fn) {
    Result<std::shared_ptr<CompiledC>> c = CompiledC::compile(source, fn);
    EXPECT_TRUE(c.ok()) << (c ? "" : c.error().message);
    return c ? *c : nullptr;
}

TEST(CEmitter, TheCompilerIsConfigured) {
    // A missing C compiler fails this test (it is not skipped).
    std::string cc = PROVIX_C_COMPILER;
    EXPECT_FALSE(cc.empty());
    EXPECT_EQ(cc.find("NOTFOUND"), std::string::npos) << cc;
}

TEST(CEmitter, FloorDivisionAndModAreExactForEverySignCombination) {
    Context ctx;
    CEmitterBuilder c;
    IndexExprScope scope(ctx, c);
    IndexExpr a = scope.input_symbol("a"), b = scope.input_symbol("b");
    Result<std::string> src = c.emit_function("divs", {a.floor_div(b), a.ceil_div(b), a % b});
    ASSERT_TRUE(src.ok()) << src.error().message;
    EXPECT_EQ(c.input_names(), (std::vector<std::string>{"a", "b"}));
    auto fn = compile_or_fail(*src, "divs");
    ASSERT_TRUE(fn);
    std::vector<int64_t> values = {-9, -7, -2, -1, 0, 1, 2, 7, 9, kInt64Min, kInt64Max};
    for (int64_t x : values) {
        for (int64_t y : values) {
            std::vector<int64_t> out;
            std::vector<int> err;
            fn->call({x, y}, 3, out, err);
            std::optional<int64_t> want[3] = {floor_div(x, y), ceil_div(x, y), floor_mod(x, y)};
            for (int k = 0; k < 3; ++k) {
                if (y == 0) {
                    EXPECT_EQ(err[k], 1) << x << ", " << y;
                } else if (!want[k]) {
                    EXPECT_EQ(err[k], 2) << x << ", " << y;  // kInt64Min / -1
                } else {
                    EXPECT_EQ(err[k], 0) << x << ", " << y << " result " << k;
                    EXPECT_EQ(out[k], *want[k]) << x << ", " << y << " result " << k;
                }
            }
        }
    }
}

TEST(CEmitter, OverflowIsAnErrorCodeNeverAWrappedValue) {
    Context ctx;
    CEmitterBuilder c;
    IndexExprScope scope(ctx, c);
    IndexExpr a = scope.input_symbol("a"), b = scope.input_symbol("b");
    Result<std::string> src = c.emit_function("ovf", {a * b, a + b, a - b, -a});
    ASSERT_TRUE(src.ok()) << src.error().message;
    auto fn = compile_or_fail(*src, "ovf");
    ASSERT_TRUE(fn);
    std::vector<int64_t> out;
    std::vector<int> err;
    EXPECT_EQ(fn->call({kInt64Max / 2 + 1, 2}, 4, out, err), 2);
    EXPECT_EQ(err, (std::vector<int>{2, 0, 0, 0}));
    EXPECT_EQ(out[1], kInt64Max / 2 + 3);
    fn->call({kInt64Max, 1}, 4, out, err);
    EXPECT_EQ(err, (std::vector<int>{0, 2, 0, 0}));
    fn->call({kInt64Min, 1}, 4, out, err);
    EXPECT_EQ(err, (std::vector<int>{0, 0, 2, 2}));
    EXPECT_EQ(fn->call({6, -7}, 4, out, err), 0);
    EXPECT_EQ(out, (std::vector<int64_t>{-42, -1, 13, -6}));
}

TEST(CEmitter, ErrorsPropagateAndSelectOnlyTakesTheChosenBranch) {
    Context ctx;
    CEmitterBuilder c;
    IndexExprScope scope(ctx, c);
    IndexExpr a = scope.input_symbol("a"), b = scope.input_symbol("b");
    IndexExpr q = a.floor_div(b);
    IndexExpr safe = IndexExpr::select(b == 0, 0, q);
    IndexExpr folded_error = IndexExpr::select(a > 0, IndexExpr(kInt64Max) + 1, a);
    Result<std::string> src = c.emit_function("sel", {q + 1, safe, folded_error});
    ASSERT_TRUE(src.ok()) << src.error().message;
    auto fn = compile_or_fail(*src, "sel");
    ASSERT_TRUE(fn);
    std::vector<int64_t> out;
    std::vector<int> err;
    EXPECT_EQ(fn->call({-5, 0}, 3, out, err), 1);
    EXPECT_EQ(err, (std::vector<int>{1, 0, 0}));
    EXPECT_EQ(out[1], 0);
    EXPECT_EQ(out[2], -5);
    EXPECT_EQ(fn->call({7, 2}, 3, out, err), 2);
    EXPECT_EQ(err, (std::vector<int>{0, 0, 2}));
    EXPECT_EQ(out[0], 4);
    EXPECT_EQ(out[1], 3);
}

TEST(CEmitter, AConvertedValueKeepsItsErrorWhereTheAlgebraWouldDropIt) {
    // a floordiv b as a symbol of an inner scope: times 0 it is still
    // computed, so b = 0 is an error there too.
    Context ctx;
    CEmitterBuilder c;
    IndexExprScope scope(ctx, c);
    IndexExpr q = scope.input_symbol("a", {0, 9}).floor_div(scope.input_symbol("b", {0, 9}));
    IndexExprScope inner(&scope);
    IndexExpr s = inner.as_symbol(q);
    Result<std::string> src = c.emit_function("kept", {q * 0, s * 0, s - s});
    ASSERT_TRUE(src.ok()) << src.error().message;
    auto fn = compile_or_fail(*src, "kept");
    ASSERT_TRUE(fn);
    std::vector<int64_t> out;
    std::vector<int> err;
    EXPECT_EQ(fn->call({7, 0}, 3, out, err), 1);
    EXPECT_EQ(err, (std::vector<int>{1, 1, 1}));
    EXPECT_EQ(fn->call({7, 2}, 3, out, err), 0);
    EXPECT_EQ(out, (std::vector<int64_t>{0, 0, 0}));
}

TEST(CEmitter, InputsAreCheckedAgainstTheirDeclaredBounds) {
    Context ctx;
    CEmitterBuilder c;
    IndexExprScope scope(ctx, c);
    IndexExpr n = scope.input_dim("n", {0, 9});
    Result<std::string> src = c.emit_function("bounded", {n + 1});
    ASSERT_TRUE(src.ok());
    auto fn = compile_or_fail(*src, "bounded");
    ASSERT_TRUE(fn);
    std::vector<int64_t> out;
    std::vector<int> err;
    EXPECT_EQ(fn->call({9}, 1, out, err), 0);
    EXPECT_EQ(out[0], 10);
    EXPECT_EQ(fn->call({10}, 1, out, err), 3);
    EXPECT_EQ(fn->call({-1}, 1, out, err), 3);
}

TEST(CEmitter, TheDocumentedExampleRuns) {
    Context ctx;
    CEmitterBuilder c;
    IndexExprScope scope(ctx, c);
    IndexExpr n = scope.input_dim("n");
    Result<std::string> src = c.emit_function("half", {n.ceil_div(2), 5, n * 4 + 1});
    ASSERT_TRUE(src.ok());
    EXPECT_NE(src->find("int half(const int64_t* in, int64_t* out, int* err)"), std::string::npos);
    EXPECT_NE(src->find(" * in[0]: n\n"), std::string::npos);
    auto fn = compile_or_fail(*src, "half");
    ASSERT_TRUE(fn);
    std::vector<int64_t> out;
    std::vector<int> err;
    EXPECT_EQ(fn->call({7}, 3, out, err), 0);
    EXPECT_EQ(out, (std::vector<int64_t>{4, 5, 29}));
}

TEST(CEmitter, OnlyTheOperationsTheResultsNeedAreWritten) {
    Context ctx;
    CEmitterBuilder c;
    IndexExprScope scope(ctx, c);
    IndexExpr a = scope.input_symbol("a"), b = scope.input_symbol("b");
    IndexExpr unused = a * b;
    (void)unused;
    Result<std::string> src = c.emit_function("lean", {a + 1});
    ASSERT_TRUE(src.ok());
    EXPECT_EQ(src->find("px_mul(v"), std::string::npos) << *src;
    EXPECT_NE(src->find("px_add(v"), std::string::npos) << *src;
}

TEST(CEmitter, RejectsWhatCannotBeEmitted) {
    Context ctx;
    CEmitterBuilder c;
    IndexExprScope scope(ctx, c);
    IndexExpr a = scope.input_symbol("a");
    EXPECT_FALSE(c.emit_function("not an identifier", {a}).ok());
    EXPECT_FALSE(c.emit_function("1abc", {a}).ok());
    EXPECT_FALSE(c.emit_function("int", {a}).ok());
    EXPECT_FALSE(c.emit_function("px_add", {a}).ok());
    EXPECT_TRUE(c.emit_function("f_1", {a}).ok());
    EXPECT_FALSE(c.emit_function("f", {IndexExpr::question_mark("q")}).ok());
    IndexExprScope other_root(ctx, c);
    EXPECT_FALSE(c.emit_function("f", {a + other_root.input_symbol("b")}).ok());
    EvaluatorBuilder eval({{"a", 1}});
    IndexExprScope foreign(ctx, eval);
    EXPECT_FALSE(c.emit_function("f", {foreign.input_symbol("a")}).ok());
}

/// One case: a random program with a random choice of literal / dim / symbol
/// inputs is emitted, compiled and run on several inputs.
void emitted_program_matches() {
    test::Program p = test::gen_program();
    RC_LOG() << test::to_string(p);
    size_t n = p.input_bounds.size();
    std::vector<int> how(n);
    std::vector<int64_t> known = test::gen_inputs(p);
    for (size_t i = 0; i < n; ++i)
        how[i] = *rc::gen::inRange(0, 3);  // literal, dim, symbol
    auto inputs_of = [&](IndexExprScope& scope) {
        IndexExprList in;
        for (size_t i = 0; i < n; ++i) {
            std::string name = "x" + std::to_string(i);
            if (how[i] == 0) in.push_back(known[i]);
            if (how[i] == 1) in.push_back(scope.input_dim(name, p.input_bounds[i]));
            if (how[i] == 2) in.push_back(scope.input_symbol(name, p.input_bounds[i]));
        }
        return in;
    };
    Context ctx;
    CEmitterBuilder c;
    IndexExprScope cscope(ctx, c);
    IndexExprList results = test::build(p, inputs_of(cscope));
    Result<std::string> src = c.emit_function("prog", results);
    RC_ASSERT(src.ok());
    Result<std::shared_ptr<CompiledC>> fn = CompiledC::compile(*src, "prog");
    if (!fn) RC_LOG() << fn.error().message;
    RC_ASSERT(fn.ok());
    for (int round = 0; round < 6; ++round) {
        std::vector<int64_t> in = round == 0 ? known : test::gen_inputs(p);
        for (size_t i = 0; i < n; ++i) {
            if (how[i] == 0) in[i] = known[i];
        }
        std::vector<Result<int64_t>> ref = test::reference(p, in);
        EvaluatorBuilder eval;
        for (size_t i = 0; i < n; ++i)
            eval.set_input("x" + std::to_string(i), in[i]);
        IndexExprScope escope(ctx, eval);
        IndexExprList eresults = test::build(p, inputs_of(escope));
        std::vector<int64_t> args;
        for (const std::string& name : c.input_names())
            args.push_back(in[std::stoul(name.substr(1))]);
        std::vector<int64_t> out;
        std::vector<int> err;
        (*fn)->call(args, results.size(), out, err);
        for (size_t k = 0; k < results.size(); ++k) {
            Result<int64_t> e = eval.evaluate(eresults[k]);
            RC_LOG() << "round " << round << " result %" << k << ": C " << out[k] << " (err "
                     << err[k] << "), evaluator "
                     << (e ? std::to_string(*e) : "error " + e.error().message);
            RC_ASSERT(err[k] == test::error_code_of(e));
            if (e) RC_ASSERT(out[k] == *e);
            if (ref[k] && test::small_values(ref)) {
                RC_ASSERT(err[k] == 0);
                RC_ASSERT(out[k] == *ref[k]);
            }
        }
    }
}

TEST(CEmitterProperty, EmittedCodeMatchesTheEvaluatorAndTheReference) {
    test::check_property(emitted_program_matches, 30);  // one C compilation per case
}

}  // namespace
}  // namespace provix
