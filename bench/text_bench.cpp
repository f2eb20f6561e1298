// Parse and print throughput of the text syntax (docs/syntax.md).

#include <benchmark/benchmark.h>

#include <string>

#include "bench_inputs.h"
#include "provix/parser.h"

namespace {

using provix::bench::example_maps;

// Parses one map per iteration (all example maps in turn); bytes/s is reported.
void BM_ParseExampleMaps(benchmark::State& state) {
    provix::Context ctx;
    int64_t bytes = 0;
    for (auto _ : state) {
        for (const auto& m : example_maps()) {
            auto parsed = provix::parse_indexing_map(ctx, m.text);
            if (!parsed) {
                state.SkipWithError(parsed.error().message.c_str());
                return;
            }
            benchmark::DoNotOptimize(parsed);
            bytes += static_cast<int64_t>(std::string(m.text).size());
        }
    }
    state.SetBytesProcessed(bytes);
}
BENCHMARK(BM_ParseExampleMaps);

// Parses a file of N maps separated by `// -----`.
void BM_ParseManyMaps(benchmark::State& state) {
    std::string text;
    for (int64_t i = 0; i < state.range(0); ++i) {
        if (i > 0) text += "// -----\n";
        text += example_maps()[static_cast<size_t>(i) % example_maps().size()].text;
        text += "\n";
    }
    for (auto _ : state) {
        provix::Context ctx;
        auto parsed = provix::parse_indexing_maps(ctx, text, "bench.map");
        if (!parsed || static_cast<int64_t>(parsed->size()) != state.range(0)) {
            state.SkipWithError("parse failed");
            return;
        }
        benchmark::DoNotOptimize(parsed);
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) *
                            static_cast<int64_t>(text.size()));
}
BENCHMARK(BM_ParseManyMaps)->Arg(10)->Arg(100);

// Prints every example map (canonical text form).
void BM_PrintExampleMaps(benchmark::State& state) {
    provix::Context ctx;
    std::vector<provix::IndexingMap> maps;
    for (const auto& m : example_maps()) {
        auto parsed = provix::parse_indexing_map(ctx, m.text);
        if (!parsed) {
            state.SkipWithError(parsed.error().message.c_str());
            return;
        }
        maps.push_back(*parsed);
    }
    int64_t bytes = 0;
    for (auto _ : state) {
        for (const auto& map : maps) {
            std::string s = map.to_string();
            bytes += static_cast<int64_t>(s.size());
            benchmark::DoNotOptimize(s);
        }
    }
    state.SetBytesProcessed(bytes);
}
BENCHMARK(BM_PrintExampleMaps);

}  // namespace
