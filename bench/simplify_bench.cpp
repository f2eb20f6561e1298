// The engine on the documented examples: canonicalize and simplify per map,
// and composition + simplification of a chain of N transposes (which must grow
// close to linearly in N).

#include <benchmark/benchmark.h>

#include <string>

#include "bench_inputs.h"
#include "provix/parser.h"
#include "provix/simplify.h"

namespace {

using provix::bench::example_maps;

// Simplifies one example map (a fresh copy of the parsed map per iteration).
void BM_Simplify(benchmark::State& state, const char* text) {
    provix::Context ctx;
    auto parsed = provix::parse_indexing_map(ctx, text);
    if (!parsed) {
        state.SkipWithError(parsed.error().message.c_str());
        return;
    }
    for (auto _ : state) {
        provix::IndexingMap map = *parsed;
        provix::simplify(map);
        benchmark::DoNotOptimize(map);
    }
}

// Canonicalizes one example map parsed without canonicalization (the tree as
// written), so the canonical-form kernel alone is measured.
void BM_Canonicalize(benchmark::State& state, const char* text) {
    provix::Context ctx;
    provix::ParseOptions options;
    options.canonicalize = false;
    auto parsed = provix::parse_indexing_map(ctx, text, options);
    if (!parsed) {
        state.SkipWithError(parsed.error().message.c_str());
        return;
    }
    for (auto _ : state) {
        provix::IndexingMap map = *parsed;
        map.canonicalize();
        benchmark::DoNotOptimize(map);
    }
}

// Composes a chain of N transposes of a 3-d tensor [8, 8, 8] and simplifies
// the result; time should grow close to linearly in N.
void BM_ComposeTransposeChain(benchmark::State& state) {
    const int64_t n = state.range(0);
    provix::Context ctx;
    auto transpose = provix::parse_indexing_map(
        ctx, "(d0, d1, d2) -> (d1, d2, d0), domain: d0 in [0, 7], d1 in [0, 7], d2 in [0, 7]");
    if (!transpose) {
        state.SkipWithError(transpose.error().message.c_str());
        return;
    }
    for (auto _ : state) {
        provix::IndexingMap chain = *transpose;
        for (int64_t i = 1; i < n; ++i) {
            auto next = provix::compose_indexing_maps(chain, *transpose);
            if (!next) {
                state.SkipWithError(next.error().message.c_str());
                return;
            }
            chain = std::move(*next);
            provix::simplify(chain);
        }
        benchmark::DoNotOptimize(chain);
    }
    state.SetComplexityN(n);
}
BENCHMARK(BM_ComposeTransposeChain)->RangeMultiplier(10)->Range(10, 1000)->Complexity();

[[maybe_unused]] const bool kRegistered = [] {
    for (const auto& m : example_maps()) {
        benchmark::RegisterBenchmark((std::string("BM_Simplify/") + m.name).c_str(), BM_Simplify,
                                     m.text);
        benchmark::RegisterBenchmark((std::string("BM_Canonicalize/") + m.name).c_str(),
                                     BM_Canonicalize, m.text);
    }
    return true;
}();

}  // namespace
