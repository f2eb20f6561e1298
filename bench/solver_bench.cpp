// The exact oracles' speed: time per `equivalent` decision with isl and with
// Z3 on the documented examples (each map against its simplified form;
// the syntax example against a copy with a reflected range variable). This is
// the baseline the engine's speed is quoted against.
//
//     ./build/bench/provix_bench_solver --benchmark_filter=Isl

#include <benchmark/benchmark.h>

#include <memory>

#include "bench_inputs.h"
#include "provix/parser.h"
#include "provix/solvers/oracle.h"

namespace {

using provix::solvers::Oracle;
using provix::solvers::Verdict;

/// Decides `a` equivalent to `b` once per iteration with a fresh Context
/// per benchmark and one oracle (isl context / Z3 context reused).
void BM_Equivalent(benchmark::State& state, std::unique_ptr<Oracle> (*make)(), const char* a_text,
                   const char* b_text) {
    provix::Context ctx;
    auto a = provix::parse_indexing_map(ctx, a_text);
    auto b = provix::parse_indexing_map(ctx, b_text);
    if (!a || !b) {
        state.SkipWithError("example map does not parse");
        return;
    }
    std::unique_ptr<Oracle> oracle = make();
    for (auto _ : state) {
        provix::solvers::Decision d = oracle->equivalent(*a, *b);
        if (d.verdict != Verdict::Proven) {
            state.SkipWithError(("not proven: " + d.reason).c_str());
            return;
        }
        benchmark::DoNotOptimize(d);
    }
}

std::unique_ptr<Oracle> isl() { return provix::solvers::make_isl_oracle(); }
std::unique_ptr<Oracle> z3() { return provix::solvers::make_z3_oracle(); }

// The simplification examples: input and simplified form.
const char* const kFusedIn = provix::bench::example_maps()[0].text;
const char* const kFusedOut = "(d0, d1) -> (d0, d1), domain: d0 in [0, 6], d1 in [0, 14]";
const char* const kDigitsIn = provix::bench::example_maps()[1].text;
const char* const kDigitsOut =
    "(d0, d1, d2) -> (d0, d1, d2), domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]";
const char* const kSplitIn = provix::bench::example_maps()[2].text;
const char* const kSplitOut =
    "(d0, d1, d2) -> (d0 * 2 + (d1 * 4 + d2) floordiv 8, (d1 * 4 + d2) mod 8), "
    "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]";
const char* const kNegatedIn = provix::bench::example_maps()[3].text;
const char* const kNegatedOut = "(d0, d1) -> (d0), domain: d0 in [0, 9], d1 in [0, 10]";
// The syntax example, with range and runtime variables: s0 reflected (s0 -> 1 - s0), so
// only the relational form (range variables projected out) proves it.
const char* const kSyntaxIn = provix::bench::example_maps()[4].text;
const char* const kSyntaxReflected =
    "(d0, d1)[s0]{rt0} -> (d0 + d1 floordiv 8 - rt0 * 64, 1 - s0), domain: d0 in [0, 3], "
    "d1 in [-4, 4], s0 in [0, 1], rt0 in [0, 100], d0 mod 4 in [0, 0]";

BENCHMARK_CAPTURE(BM_Equivalent, Isl_Doc_FloorDivModCancel, isl, kFusedIn, kFusedOut);
BENCHMARK_CAPTURE(BM_Equivalent, Z3_Doc_FloorDivModCancel, z3, kFusedIn, kFusedOut);
BENCHMARK_CAPTURE(BM_Equivalent, Isl_Doc_DecimalDigits, isl, kDigitsIn, kDigitsOut);
BENCHMARK_CAPTURE(BM_Equivalent, Z3_Doc_DecimalDigits, z3, kDigitsIn, kDigitsOut);
BENCHMARK_CAPTURE(BM_Equivalent, Isl_Doc_SplitSum, isl, kSplitIn, kSplitOut);
BENCHMARK_CAPTURE(BM_Equivalent, Z3_Doc_SplitSum, z3, kSplitIn, kSplitOut);
BENCHMARK_CAPTURE(BM_Equivalent, Isl_Doc_NegatedFloorDiv, isl, kNegatedIn, kNegatedOut);
BENCHMARK_CAPTURE(BM_Equivalent, Z3_Doc_NegatedFloorDiv, z3, kNegatedIn, kNegatedOut);
BENCHMARK_CAPTURE(BM_Equivalent, Isl_Syntax_SyntaxReflectedSymbol, isl, kSyntaxIn,
                  kSyntaxReflected);
BENCHMARK_CAPTURE(BM_Equivalent, Z3_Syntax_SyntaxReflectedSymbol, z3, kSyntaxIn, kSyntaxReflected);

}  // namespace
