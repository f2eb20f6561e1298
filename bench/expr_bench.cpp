// Node construction and uniquing in a Context.

#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "provix/expr.h"

namespace {

using provix::Context;
using provix::Expr;

// Builds the same expression again and again: after the first iteration
// every node is found in the uniquing table (the common case in a compiler).
void BM_BuildUniquedHit(benchmark::State& state) {
    Context ctx;
    Expr d0 = ctx.variable(0);
    Expr d1 = ctx.variable(1);
    for (auto _ : state) {
        Expr e = provix::floor_div(d0 * 4 + d1, 8) + provix::mod(d1, 8) * 2;
        benchmark::DoNotOptimize(e);
    }
}
BENCHMARK(BM_BuildUniquedHit);

// Creates a fresh constant node per iteration (table insertion and arena
// growth).
void BM_BuildNewConstant(benchmark::State& state) {
    Context ctx;
    int64_t value = 0;
    for (auto _ : state) {
        Expr e = ctx.constant(value++);
        benchmark::DoNotOptimize(e);
    }
    state.counters["nodes"] = static_cast<double>(ctx.num_nodes());
}
BENCHMARK(BM_BuildNewConstant);

// Builds the sum of N distinct terms d_i * (i + 1) as one n-ary Add, listed
// in reverse canonical order (the canonical Add sorts and merges them).
void BM_BuildCanonicalSum(benchmark::State& state) {
    const int64_t n = state.range(0);
    Context ctx;
    std::vector<Expr> terms;
    for (int64_t i = n - 1; i >= 0; --i)
        terms.push_back(ctx.variable(i) * (i + 1));
    terms.push_back(ctx.constant(7));
    for (auto _ : state) {
        Expr sum = provix::build(provix::ExprKind::Add, terms);
        benchmark::DoNotOptimize(sum);
    }
    state.SetComplexityN(n);
}
BENCHMARK(BM_BuildCanonicalSum)->RangeMultiplier(4)->Range(4, 1024)->Complexity();

// Adds N terms one at a time (sum = sum + term), as a front end building an
// expression term by term does; quadratic by nature (each step rebuilds).
void BM_BuildSumIncrementally(benchmark::State& state) {
    const int64_t n = state.range(0);
    Context ctx;
    for (auto _ : state) {
        Expr sum = ctx.constant(0);
        for (int64_t i = 0; i < n; ++i)
            sum = sum + ctx.variable(i) * (i + 1);
        benchmark::DoNotOptimize(sum);
    }
    state.SetComplexityN(n);
}
BENCHMARK(BM_BuildSumIncrementally)->RangeMultiplier(4)->Range(4, 256)->Complexity();

// Canonicalizes a non-canonical tree built with Context::make:
// ((d0 + 1) + (d1 * 1)) - 1 style nesting.
void BM_CanonicalizeMadeTree(benchmark::State& state) {
    Context ctx;
    Expr e = ctx.variable(0);
    for (int64_t i = 1; i <= 16; ++i) {
        Expr term = *ctx.make(provix::ExprKind::Mul, {ctx.variable(i % 4), ctx.constant(1)});
        e = *ctx.make(provix::ExprKind::Add, {e, term});
        e = *ctx.make(provix::ExprKind::Add, {e, ctx.constant(i % 3 - 1)});
    }
    for (auto _ : state) {
        Expr c = provix::canonicalize(e);
        benchmark::DoNotOptimize(c);
    }
}
BENCHMARK(BM_CanonicalizeMadeTree);

}  // namespace
