// The IndexExpr MLIR builder: conversions to and from mlir::AffineExpr /
// AffineMap, and the Slice, Broadcast and MatMul shape computations
// emitted as MLIR, verified by mlir-opt, lowered to LLVM and run by
// mlir-cpu-runner on random shapes, compared with provix's evaluator.

#include "provix/indexexpr/mlir_builder.h"

#include <gtest/gtest.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdio>
#include <fstream>
#include <functional>
#include <limits>
#include <random>
#include <sstream>
#include <tuple>

#include "provix/indexexpr/evaluator.h"
#include "provix/indexexpr/shape_helpers.h"
#include "provix/parser.h"

namespace provix {
namespace {

std::string text_of(mlir::AffineMap map) {
    std::string s;
    llvm::raw_string_ostream os(s);
    map.print(os);
    return os.str();
}

TEST(MlirAffine, ExpressionsConvertBothWays) {
    Context ctx;
    mlir::MLIRContext mctx;
    std::vector<std::string> names = {"d0", "d1", "s0"};
    for (const char* text :
         {"d0 * 4 + s0 floordiv 2", "(d0 + d1) mod 8 - 3", "d1 ceildiv 3", "s0 * 7 - d0", "5"}) {
        auto e = parse_expr(ctx, text, names);
        ASSERT_TRUE(e) << e.error().message;
        auto a = to_affine_expr(*e, 2, mctx);
        ASSERT_TRUE(a) << a.error().message;
        EXPECT_EQ(canonicalize(from_affine_expr(*a, ctx, 2)), canonicalize(*e)) << text;
        // The two agree at every point of a small grid.
        for (int64_t d0 = -5; d0 <= 5; ++d0) {
            for (int64_t s0 = -3; s0 <= 3; ++s0) {
                auto want = evaluate(*e, {d0, 2, s0});
                auto map = mlir::AffineMap::get(2, 1, *a);
                llvm::SmallVector<int64_t, 1> got;
                auto folded = map.partialConstantFold(
                    {mlir::IntegerAttr::get(mlir::IndexType::get(&mctx), d0),
                     mlir::IntegerAttr::get(mlir::IndexType::get(&mctx), 2),
                     mlir::IntegerAttr::get(mlir::IndexType::get(&mctx), s0)},
                    &got);
                ASSERT_TRUE(want);
                ASSERT_EQ(got.size(), 1u) << text;
                EXPECT_EQ(got[0], *want) << text << " at d0 = " << d0 << ", s0 = " << s0;
                (void)folded;
            }
        }
    }
}

TEST(MlirAffine, NonAffineExpressionsAreRejected) {
    Context ctx;
    mlir::MLIRContext mctx;
    std::vector<std::string> names = {"d0", "d1"};
    for (const char* text : {"d0 * d1", "d0 floordiv d1", "min(d0, d1)", "d0 mod -2"}) {
        auto e = parse_expr(ctx, text, names);
        ASSERT_TRUE(e) << e.error().message;
        EXPECT_FALSE(to_affine_expr(*e, 2, mctx)) << text;
    }
}

TEST(MlirAffine, ConstantsMlirWouldWrapAreRefused) {
    // MLIR folds constants and combines like terms in int64 as it builds
    // an AffineExpr: these would come out wrapped (`d0 * 4611686018427387904
    // * 4` as 0, `d0 * 9223372036854775807 + d0` as `d0 * -2^63`).
    Context ctx;
    mlir::MLIRContext mctx;
    std::vector<std::string> names = {"d0", "d1"};
    for (const char* text :
         {"(d0 * 4611686018427387904 * 4) floordiv 3", "d0 * 6148914691236517205 * 3",
          "d0 * 9223372036854775807 + d0", "d0 + 9223372036854775807 + 1",
          "(d0 + d1 * 4611686018427387904) * 4"}) {
        auto e = parse_expr(ctx, text, names);
        ASSERT_TRUE(e) << e.error().message;
        auto a = to_affine_expr(*e, 2, mctx);
        ASSERT_FALSE(a) << text;
        EXPECT_NE(a.error().message.find("int64"), std::string::npos) << text;
    }
    // Constants at the limits that fold exactly convert.
    auto e = parse_expr(ctx, "d0 * 9223372036854775807 + d1 * -9223372036854775807", names);
    ASSERT_TRUE(e);
    EXPECT_TRUE(to_affine_expr(*e, 2, mctx));
}

TEST(MlirAffine, MapsConvertBothWays) {
    Context ctx;
    mlir::MLIRContext mctx;
    std::vector<std::string> names = {"d0", "d1", "s0"};
    std::vector<Expr> results;
    for (const char* text : {"d0 floordiv 8", "d1 * 2 + s0", "3"}) {
        auto e = parse_expr(ctx, text, names);
        ASSERT_TRUE(e) << e.error().message;
        results.push_back(*e);
    }
    SymbolicMap m = *SymbolicMap::get(ctx, 2, 1, results);
    auto a = to_affine_map(m, mctx);
    ASSERT_TRUE(a) << a.error().message;
    EXPECT_EQ(text_of(*a), "(d0, d1)[s0] -> (d0 floordiv 8, d1 * 2 + s0, 3)");
    EXPECT_EQ(from_affine_map(*a, ctx), m);
}

TEST(MlirAffine, IndexExprsOfAScopeBecomeOneMapOverTheirVariables) {
    Context ctx;
    mlir::MLIRContext mctx;
    MlirBuilder builder(mctx);
    IndexExprScope scope(ctx, builder);
    IndexExpr n = scope.input_dim("n", {0, 100});
    IndexExpr k = scope.input_symbol("k", {1, 8});
    IndexExpr unused = scope.input_dim("m", {0, 100});
    std::vector<int64_t> operands;
    auto map = to_affine_map({n * 2 + k, n.floor_div(4)}, scope, mctx, &operands);
    ASSERT_TRUE(map) << map.error().message;
    EXPECT_EQ(text_of(*map), "(d0)[s0] -> (d0 * 2 + s0, d0 floordiv 4)");
    EXPECT_EQ(operands, (std::vector<int64_t>{0, 1}));
    // And back: the IndexExpr the map computes from the same values.
    IndexExpr again = from_affine_expr(map->getResult(0), {n}, {k});
    EXPECT_TRUE(again.is_identical(n * 2 + k)) << again.to_string();
    (void)unused;
}

// ---- End to end: emitted functions run by MLIR's own lowering ----------------

/// Runs `module_text` (with a `@main` printing i64 values) through
/// mlir-opt (verification, lowering to LLVM) and mlir-cpu-runner; returns
/// the printed values.
Result<std::vector<int64_t>> run_mlir(const std::string& module_text, const std::string& tag) {
    std::string dir = std::string(PROVIX_BINARY_DIR) + "/tests";
    std::string in = dir + "/mlir_" + tag + ".mlir", lowered = dir + "/mlir_" + tag + ".ll.mlir";
    std::ofstream(in) << module_text;
    std::string opt = std::string(PROVIX_MLIR_OPT) +
                      " --lower-affine --arith-expand --convert-std-to-llvm "
                      "--convert-arith-to-llvm --reconcile-unrealized-casts " +
                      in + " -o " + lowered + " 2>&1";
    std::string run =
        std::string(PROVIX_MLIR_CPU_RUNNER) +
        " -e main -entry-point-result=void -shared-libs=" + PROVIX_MLIR_C_RUNNER_UTILS + " " +
        lowered + " 2>&1";
    auto exec = [](const std::string& cmd, std::string& out) {
        FILE* p = popen(cmd.c_str(), "r");
        if (!p) return -1;
        char buf[4096];
        size_t n;
        while ((n = fread(buf, 1, sizeof buf, p)) > 0)
            out.append(buf, n);
        return pclose(p);
    };
    std::string out;
    if (exec(opt, out) != 0) return Error::invalid("mlir-opt failed:\n" + out);
    out.clear();
    if (exec(run, out) != 0) return Error::invalid("mlir-cpu-runner failed:\n" + out);
    std::vector<int64_t> values;
    std::istringstream lines(out);
    int64_t v;
    while (lines >> v)
        values.push_back(v);
    return values;
}

/// Declared bounds of the harness' inputs (wide enough for ONNX's sentinels).
const Interval kInputBounds{-(int64_t{1} << 40), int64_t{1} << 40};

/// One random computation: built twice, by `build`, once over an evaluator
/// (the expected values) and once over an MlirBuilder (emitted as
/// `@case<k>`), with the same inputs.
struct Case {
    std::map<std::string, int64_t> inputs;
    /// The inputs' declared bounds.
    Interval bounds = kInputBounds;
    std::function<IndexExprList(IndexExprScope&,
                                const std::function<IndexExpr(const std::string&, int64_t)>& input)>
        build;
};

class MlirEndToEnd : public ::testing::Test {
protected:
    void SetUp() override {
        if (std::string(PROVIX_MLIR_OPT).empty() || std::string(PROVIX_MLIR_CPU_RUNNER).empty() ||
            std::string(PROVIX_MLIR_C_RUNNER_UTILS).empty()) {
            GTEST_SKIP() << "mlir-opt, mlir-cpu-runner or libmlir_c_runner_utils not found "
                            "(Debian: mlir-14-tools)";
        }
    }

    /// Emits every case, runs the module once, compares each case's values.
    void check(const std::vector<Case>& cases, const std::string& tag) {
        Context ctx;
        mlir::MLIRContext mctx;
        std::vector<std::unique_ptr<MlirBuilder>> builders;
        mlir::ModuleOp module = mlir::ModuleOp::create(mlir::UnknownLoc::get(&mctx));
        std::vector<std::vector<int64_t>> expected;
        std::string main =
            "  func private @printI64(i64)\n  func private @printNewline()\n"
            "  func @main() {\n";
        for (size_t k = 0; k < cases.size(); ++k) {
            const Case& c = cases[k];
            EvaluatorBuilder eval(c.inputs);
            IndexExprScope escope(ctx, eval);
            auto einput = [&](const std::string& name, int64_t) {
                return escope.input_symbol(name, c.bounds);
            };
            auto want = eval.evaluate(c.build(escope, einput));
            ASSERT_TRUE(want) << "case " << k << ": " << want.error().message;
            expected.push_back(*want);
            builders.push_back(std::make_unique<MlirBuilder>(mctx));
            MlirBuilder& mb = *builders.back();
            IndexExprScope mscope(ctx, mb);
            auto minput = [&](const std::string& name, int64_t) {
                return mscope.input_symbol(name, c.bounds);
            };
            std::string fname = "case" + std::to_string(k);
            auto fn = mb.emit_function(module, fname, c.build(mscope, minput), mscope);
            ASSERT_TRUE(fn) << "case " << k << ": " << fn.error().message;
            // main: call with the inputs as constants, print every result.
            std::string args, types;
            for (size_t i = 0; i < mb.input_names().size(); ++i) {
                std::string a = "%c" + std::to_string(k) + "_" + std::to_string(i);
                main += "    " + a + " = arith.constant " +
                        std::to_string(c.inputs.at(mb.input_names()[i])) + " : index\n";
                args += (i ? ", " : "") + a;
                types += std::string(i ? ", " : "") + "index";
            }
            size_t n = want->size();
            std::string results;
            for (size_t i = 0; i < n; ++i)
                results += std::string(i ? ", " : "") + "index";
            std::string r = "%r" + std::to_string(k);
            main += "    " + r + (n > 1 ? ":" + std::to_string(n) : "") + " = call @" + fname +
                    "(" + args + ") : (" + types + ") -> (" + results + ")\n";
            for (size_t i = 0; i < n; ++i) {
                std::string x = "%x" + std::to_string(k) + "_" + std::to_string(i);
                main += "    " + x + " = arith.index_cast " + r +
                        (n > 1 ? "#" + std::to_string(i) : "") + " : index to i64\n";
                main += "    call @printI64(" + x + ") : (i64) -> ()\n";
                main += "    call @printNewline() : () -> ()\n";
            }
        }
        main += "    return\n  }\n";
        std::string text;
        llvm::raw_string_ostream os(text);
        module.print(os);
        os.flush();
        size_t close = text.rfind('}');
        ASSERT_NE(close, std::string::npos);
        text = text.substr(0, close) + main + "}\n";
        auto got = run_mlir(text, tag);
        ASSERT_TRUE(got) << got.error().message;
        size_t pos = 0;
        for (size_t k = 0; k < cases.size(); ++k) {
            for (size_t i = 0; i < expected[k].size(); ++i, ++pos) {
                ASSERT_LT(pos, got->size()) << "missing output";
                EXPECT_EQ((*got)[pos], expected[k][i]) << "case " << k << " result " << i;
            }
        }
        EXPECT_EQ(pos, got->size());
        module.erase();
    }
};

TEST_F(MlirEndToEnd, SliceShapesOnRandomInputs) {
    std::mt19937_64 rng(20240601);
    auto pick = [&](int64_t lo, int64_t hi) {
        return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
    };
    std::vector<Case> cases;
    for (int k = 0; k < 40; ++k) {
        Case c;
        int64_t step = pick(0, 1) ? pick(1, 4) : -pick(1, 4);
        c.inputs = {
            {"dim", pick(0, 20)},
            {"start", pick(-25, 25)},
            {"end", pick(0, 5) == 0 ? (step > 0 ? 2147483647 : -2147483648LL) : pick(-25, 25)},
            {"step", step}};
        bool literal_dim = pick(0, 1) == 1;
        int64_t dim = c.inputs["dim"];
        c.build = [literal_dim, dim](IndexExprScope&, const auto& input) {
            IndexExpr d = literal_dim ? IndexExpr(dim) : input("dim", 0);
            SliceAxis a = slice_axis(d, input("start", 0), input("end", 0), input("step", 0));
            return IndexExprList{a.start, a.end, a.size};
        };
        cases.push_back(std::move(c));
    }
    check(cases, "slice");
}

TEST_F(MlirEndToEnd, BroadcastShapesAndAccessIndicesOnRandomInputs) {
    std::mt19937_64 rng(7);
    auto pick = [&](int64_t lo, int64_t hi) {
        return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
    };
    std::vector<Case> cases;
    for (int k = 0; k < 30; ++k) {
        Case c;
        int64_t n = pick(2, 9);
        // Two operands of rank 2 whose dims are n or 1 (compatible).
        for (const char* name : {"a0", "a1", "b0", "b1"})
            c.inputs[name] = pick(0, 1) ? n : 1;
        c.inputs["i"] = pick(0, n - 1);
        c.inputs["j"] = pick(0, n - 1);
        c.build = [](IndexExprScope& scope, const auto& input) {
            IndexExprList a = {input("a0", 0), input("a1", 0)};
            IndexExprList b = {input("b0", 0), input("b1", 0)};
            IndexExprList out = *broadcast_output_dims({a, b});
            IndexExprList idx = *broadcast_access_indices(scope, a, {input("i", 0), input("j", 0)});
            out.insert(out.end(), idx.begin(), idx.end());
            return out;
        };
        cases.push_back(std::move(c));
    }
    check(cases, "broadcast");
}

TEST_F(MlirEndToEnd, EveryOperationAgreesWithTheEvaluatorOnSignedInputs) {
    // Floor division and modulo of negative values, comparisons, logic and
    // select: each run-time operation of the builder interface.
    std::mt19937_64 rng(3);
    auto pick = [&](int64_t lo, int64_t hi) {
        return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
    };
    std::vector<Case> cases;
    for (int k = 0; k < 40; ++k) {
        Case c;
        int64_t b = pick(1, 9) * (pick(0, 1) ? 1 : -1);
        c.inputs = {{"a", pick(-50, 50)}, {"b", b}};
        c.build = [](IndexExprScope&, const auto& input) {
            IndexExpr a = input("a", 0), b = input("b", 0);
            // Affine results (affine.apply, lowered by MLIR): floor
            // division, modulo and ceiling division by constants.
            return IndexExprList{a.floor_div(IndexExpr(4)) + b * 3,
                                 a % IndexExpr(5),
                                 (a - b).ceil_div(IndexExpr(7)),
                                 a.floor_div(b),
                                 a.ceil_div(b),
                                 a % b,
                                 IndexExpr::min({a, b}),
                                 IndexExpr::max({a, b}),
                                 IndexExpr::select(a < b, a * 3, b - a),
                                 IndexExpr::select((a == b) | !(a < b * 2), IndexExpr(1), a),
                                 IndexExpr::select((a != b) & (a <= b), a, b)};
        };
        cases.push_back(std::move(c));
    }
    check(cases, "ops");
}

TEST_F(MlirEndToEnd, DivisionsAreExactAtTheInt64Limits) {
    // Where the true value fits int64, the lowered code computes it: MLIR
    // 14 expands ceildiv (arith's and affine's) through -x, which wraps at
    // -2^63, and arith.remsi of -2^63 by -1 is undefined; the builder emits
    // neither there.
    const int64_t lo = std::numeric_limits<int64_t>::min(),
                  hi = std::numeric_limits<int64_t>::max();
    std::vector<Case> cases;
    for (int64_t a : {lo, lo + 1, int64_t{-7}, int64_t{-1}, int64_t{0}, int64_t{5}, hi - 1, hi}) {
        for (int64_t b : {int64_t{-3}, int64_t{-1}, int64_t{1}, int64_t{2}, int64_t{7}, lo, hi}) {
            Case c;
            c.inputs = {{"a", a}, {"b", b}};
            c.bounds = Interval::all();
            const bool quotient_fits = !(a == lo && b == -1);
            c.build = [quotient_fits](IndexExprScope&, const auto& input) {
                IndexExpr a = input("a", 0), b = input("b", 0);
                IndexExprList out{a.ceil_div(IndexExpr(2)), a.ceil_div(IndexExpr(3)),
                                  a.floor_div(IndexExpr(2)), a % IndexExpr(5), a % b};
                if (quotient_fits) {
                    out.push_back(a.floor_div(b));
                    out.push_back(a.ceil_div(b));
                }
                return out;
            };
            cases.push_back(std::move(c));
        }
    }
    check(cases, "limits");
}

TEST_F(MlirEndToEnd, MatMulShapesOnRandomInputs) {
    std::mt19937_64 rng(11);
    auto pick = [&](int64_t lo, int64_t hi) {
        return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
    };
    std::vector<Case> cases;
    for (int k = 0; k < 30; ++k) {
        Case c;
        int64_t batch = pick(2, 5);
        c.inputs = {{"ba", pick(0, 1) ? batch : 1},
                    {"bb", pick(0, 1) ? batch : 1},
                    {"m", pick(1, 9)},
                    {"k", pick(1, 9)},
                    {"n", pick(1, 9)}};
        c.build = [](IndexExprScope&, const auto& input) {
            IndexExprList a = {input("ba", 0), input("m", 0), input("k", 0)};
            IndexExprList b = {input("bb", 0), input("k", 0), input("n", 0)};
            return matmul_shape(a, b)->output_dims;
        };
        cases.push_back(std::move(c));
    }
    check(cases, "matmul");
}

TEST_F(MlirEndToEnd, InputsOutsideTheirBoundsAndZeroDivisorsAbort) {
    // The code was simplified with n's bounds [0, 100]: running it with 200
    // must stop (MLIR 14 lowers `assert` to abort, without its message), as
    // must a zero divisor; the same code with valid inputs runs to the end.
    for (const auto& [n, k, completes] : std::vector<std::tuple<int64_t, int64_t, bool>>{
             {200, 3, false}, {10, 0, false}, {10, 3, true}}) {
        Context ctx;
        mlir::MLIRContext mctx;
        MlirBuilder b(mctx);
        IndexExprScope scope(ctx, b);
        IndexExpr nn = scope.input_dim("n", {0, 100});
        IndexExpr kk = scope.input_symbol("k", {-10, 10});
        mlir::ModuleOp module = b.create_module();
        auto fn = b.emit_function(module, "f", {nn.floor_div(kk)}, scope);
        ASSERT_TRUE(fn) << fn.error().message;
        std::string text;
        llvm::raw_string_ostream os(text);
        module.print(os);
        os.flush();
        text = text.substr(0, text.rfind('}')) +
               "  func private @printI64(i64)\n  func @main() {\n"
               "    %n = arith.constant " +
               std::to_string(n) +
               " : index\n"
               "    %k = arith.constant " +
               std::to_string(k) +
               " : index\n"
               "    %r = call @f(%n, %k) : (index, index) -> index\n"
               "    %x = arith.index_cast %r : index to i64\n"
               "    call @printI64(%x) : (i64) -> ()\n    return\n  }\n}\n";
        auto got = run_mlir(text, "abort");
        if (completes) {
            ASSERT_TRUE(got) << got.error().message;
            EXPECT_EQ(*got, std::vector<int64_t>{3});
        } else {
            ASSERT_FALSE(got) << "n = " << n << ", k = " << k << " ran to the end";
            EXPECT_NE(got.error().message.find("abort"), std::string::npos) << got.error().message;
        }
        module.erase();
    }
}

TEST(MlirBuilderEmission, AffineResultsBecomeAffineApplyAndOthersArith) {
    Context ctx;
    mlir::MLIRContext mctx;
    MlirBuilder b(mctx);
    IndexExprScope scope(ctx, b);
    IndexExpr n = scope.input_dim("n", {0, 100});
    IndexExpr s = scope.input_symbol("s", {1, 8});
    mlir::ModuleOp module = b.create_module();
    auto fn = b.emit_function(module, "f", {n.ceil_div(2) + s, n.floor_div(s), n % s}, scope);
    ASSERT_TRUE(fn) << fn.error().message;
    std::string text;
    llvm::raw_string_ostream os(text);
    module.print(os);
    os.flush();
    EXPECT_NE(text.find("affine.apply"), std::string::npos) << text;
    EXPECT_NE(text.find("arith.floordivsi"), std::string::npos) << text;
    EXPECT_NE(text.find("arith.remsi"), std::string::npos) << text;
    EXPECT_NE(text.find("func @f(%arg0: index, %arg1: index) -> (index, index, index)"),
              std::string::npos)
        << text;
    module.erase();
}

}  // namespace
}  // namespace provix
