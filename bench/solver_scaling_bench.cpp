// The solver commands' scaling: `provix bounds` (exact_range), `provix
// empty` (is_empty) and `simplify --verify` (equivalent to the engine's
// result) on maps that grow along one axis: linear maps of 10 to 400
// variables, 8 to 64 nested floordivs, and nests whose values grow with the
// depth (bench/scaling_inputs.h). The exact oracle with the commands'
// 60-second timeout; an answer that runs out is reported as an error
// ("unknown (timeout)"), never a time. Figures: docs/solver_scaling.md.
//
//     ./build/bench/provix_bench_solver_scaling --benchmark_filter=Bounds

#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include "provix/parser.h"
#include "provix/simplify.h"
#include "provix/solvers/oracle.h"
#include "scaling_inputs.h"

namespace {

using provix::IndexingMap;
using provix::solvers::Verdict;

enum class Query { Bounds, Empty, Verify };

std::unique_ptr<provix::solvers::Oracle> oracle() {
    provix::solvers::Limits limits;
    limits.timeout_seconds = 60;  // as the commands
    return provix::solvers::make_exact_oracle(limits);
}

void run(benchmark::State& state, Query q, const std::string& text) {
    provix::Context ctx;
    auto map = provix::parse_indexing_map(ctx, text);
    if (!map) {
        state.SkipWithError("input does not parse");
        return;
    }
    IndexingMap simplified = *map;
    provix::simplify(simplified);
    auto o = oracle();
    for (auto _ : state) {
        std::string unknown;
        if (q == Query::Bounds) {
            provix::solvers::RangeDecision r = o->exact_range(*map, 0);
            if (r.verdict != Verdict::Proven) unknown = r.reason;
            benchmark::DoNotOptimize(r);
        } else {
            provix::solvers::Decision d =
                q == Query::Empty ? o->is_empty(*map) : o->equivalent(*map, simplified);
            if (d.verdict == Verdict::Unknown) unknown = d.reason;
            benchmark::DoNotOptimize(d);
        }
        if (!unknown.empty()) {
            state.SkipWithError(("unknown (" + unknown + ")").c_str());
            return;
        }
    }
}

void BM_Linear(benchmark::State& state, Query q) {
    run(state, q, provix::bench::linear_map(static_cast<int>(state.range(0))));
}
void BM_Nested(benchmark::State& state, Query q) {
    run(state, q, provix::bench::nested_floordiv_map(static_cast<int>(state.range(0))));
}
void BM_Growing(benchmark::State& state, Query q) {
    run(state, q, provix::bench::growing_nest_map(static_cast<int>(state.range(0))));
}

/// Benchmark arguments: each of `Sizes`, timed in milliseconds.
template <int... Sizes>
void sizes(benchmark::internal::Benchmark* b) {
    for (int n : {Sizes...})
        b->Arg(n);
    b->Unit(benchmark::kMillisecond);
}

// Variables 10 -> 400.
BENCHMARK_CAPTURE(BM_Linear, Bounds, Query::Bounds)->Apply(sizes<10, 25, 50, 100, 200, 400>);
BENCHMARK_CAPTURE(BM_Linear, Empty, Query::Empty)->Apply(sizes<10, 25, 50, 100, 200, 400>);
BENCHMARK_CAPTURE(BM_Linear, Verify, Query::Verify)->Apply(sizes<10, 25, 50, 100, 200, 400>);
// Nesting 8 -> 64.
BENCHMARK_CAPTURE(BM_Nested, Bounds, Query::Bounds)->Apply(sizes<8, 16, 32, 64>);
BENCHMARK_CAPTURE(BM_Nested, Empty, Query::Empty)->Apply(sizes<8, 16, 32, 64>);
BENCHMARK_CAPTURE(BM_Nested, Verify, Query::Verify)->Apply(sizes<8, 16, 32, 64>);
// (Growing/Verify/32 runs out of the 60-second timeout: docs/solver_scaling.md.)
BENCHMARK_CAPTURE(BM_Growing, Verify, Query::Verify)->Apply(sizes<8, 16>);
BENCHMARK_CAPTURE(BM_Growing, Bounds, Query::Bounds)->Apply(sizes<8, 16, 32, 48>);

}  // namespace
