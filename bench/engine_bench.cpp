// The engine against isl, in the same run: the rule engine's speed next to the
// exact decision it replaces.
//
//   engine/<i>      simplify map i of bench/corpus/maps.map (parse excluded)
//   isl_equiv/<i>   isl deciding that map i is equivalent to its simplified form
//   reshape_chain/N compose N reshapes/transposes, simplifying after each step
//
// At the end a summary prints the median engine time per map, the median
// isl time, and the ratios (per map: isl / engine), so the figures quoted in
// notes are ratios measured on one machine in one run. The summary uses CPU
// time (the machines are shared; wall time includes waiting for a core).
// Maps outside isl's fragment (products of variables) have no isl figure.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "provix/parser.h"
#include "provix/simplify.h"
#include "provix/solvers/oracle.h"

namespace {

using namespace provix;

struct Corpus {
    Context ctx;
    std::vector<IndexingMap> inputs;
    std::vector<IndexingMap> outputs;
};

Corpus& corpus() {
    static Corpus* c = [] {
        auto* c = new Corpus;
        std::ifstream in(std::string(PROVIX_SOURCE_DIR) + "/bench/corpus/maps.map");
        std::stringstream ss;
        ss << in.rdbuf();
        auto maps = parse_indexing_maps(c->ctx, ss.str(), "bench/corpus/maps.map");
        if (!maps) {
            std::cerr << maps.error().message;
            std::exit(2);
        }
        for (auto& m : *maps) {
            c->inputs.push_back(m.map);
            IndexingMap out = m.map;
            simplify(out);
            c->outputs.push_back(out);
        }
        return c;
    }();
    return *c;
}

void engine(benchmark::State& state, size_t i) {
    const IndexingMap& input = corpus().inputs[i];
    for (auto _ : state) {
        IndexingMap m = input;
        simplify(m);
        benchmark::DoNotOptimize(m);
    }
}

void isl_equiv(benchmark::State& state, size_t i) {
    auto oracle = solvers::make_isl_oracle();
    const IndexingMap& a = corpus().inputs[i];
    const IndexingMap& b = corpus().outputs[i];
    if (!oracle->supports(a) || !oracle->supports(b)) {
        state.SkipWithError("not quasi-affine: outside isl's fragment");
        for (auto _ : state) {
        }
        return;
    }
    for (auto _ : state) {
        auto d = oracle->equivalent(a, b);
        if (d.verdict != solvers::Verdict::Proven) {
            state.SkipWithError("isl did not prove the simplification");
            break;
        }
        benchmark::DoNotOptimize(d);
    }
}

// The reshapes f32[10,10,10] -> f32[50,20] -> f32[10,10,10] -> ... and a
// transpose pair, as output-to-input maps.
const char* kExpand =
    "(d0, d1, d2) -> ((d0 * 100 + d1 * 10 + d2) floordiv 20, (d0 * 100 + d1 * 10 + d2) mod 20), "
    "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]";
const char* kCollapse =
    "(d0, d1) -> ((d0 * 20 + d1) floordiv 100, ((d0 * 20 + d1) mod 100) floordiv 10, "
    "(d0 * 20 + d1) mod 10), domain: d0 in [0, 49], d1 in [0, 19]";
const char* kTranspose =
    "(d0, d1, d2) -> (d2, d0, d1), domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]";

void reshape_chain(benchmark::State& state) {
    Context ctx;
    IndexingMap expand = *parse_indexing_map(ctx, kExpand);
    IndexingMap collapse = *parse_indexing_map(ctx, kCollapse);
    IndexingMap transpose = *parse_indexing_map(ctx, kTranspose);
    int64_t n = state.range(0);
    for (auto _ : state) {
        IndexingMap chain = transpose;
        for (int64_t i = 0; i < n; ++i) {
            chain = *compose_indexing_maps(chain, i % 3 == 2 ? transpose : expand);
            if (i % 3 != 2) chain = *compose_indexing_maps(chain, collapse);
            simplify(chain);
        }
        benchmark::DoNotOptimize(chain);
        if (chain.num_results() != 3) state.SkipWithError("chain did not simplify");
    }
    state.SetComplexityN(n);
}

/// Collects real times and prints the engine-vs-isl summary at the end.
class SummaryReporter : public benchmark::ConsoleReporter {
public:
    void ReportRuns(const std::vector<Run>& runs) override {
        for (const Run& r : runs) {
            if (r.error_occurred || r.run_type != Run::RT_Iteration) continue;
            times_[r.benchmark_name()] = r.GetAdjustedCPUTime();  // in the run's time unit
            units_[r.benchmark_name()] = r.time_unit;
        }
        ConsoleReporter::ReportRuns(runs);
    }
    void Finalize() override {
        ConsoleReporter::Finalize();
        std::vector<double> engine_us, isl_us, ratios;
        for (size_t i = 0; i < corpus().inputs.size(); ++i) {
            auto e = times_.find("engine/" + std::to_string(i));
            auto s = times_.find("isl_equiv/" + std::to_string(i));
            if (e == times_.end()) continue;
            double eu = to_us(e->second, units_[e->first]);
            engine_us.push_back(eu);
            if (s == times_.end()) continue;
            double su = to_us(s->second, units_[s->first]);
            isl_us.push_back(su);
            ratios.push_back(su / eu);
        }
        if (engine_us.empty()) return;
        std::cout << "\nsummary over " << engine_us.size() << " corpus maps:\n"
                  << "  engine median " << median(engine_us) << " us per map (max "
                  << *std::max_element(engine_us.begin(), engine_us.end()) << " us)\n";
        if (!ratios.empty()) {
            std::cout << "  isl equivalence median " << median(isl_us) << " us per map\n"
                      << "  isl / engine: median " << median(ratios) << "x, min "
                      << *std::min_element(ratios.begin(), ratios.end()) << "x\n";
        }
    }

private:
    static double to_us(double t, benchmark::TimeUnit u) {
        switch (u) {
            case benchmark::kNanosecond:
                return t / 1000.0;
            case benchmark::kMicrosecond:
                return t;
            case benchmark::kMillisecond:
                return t * 1000.0;
            default:
                return t * 1e6;
        }
    }
    static double median(std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
    }
    std::map<std::string, double> times_;
    std::map<std::string, benchmark::TimeUnit> units_;
};

}  // namespace

int main(int argc, char** argv) {
    for (size_t i = 0; i < corpus().inputs.size(); ++i) {
        benchmark::RegisterBenchmark(("engine/" + std::to_string(i)).c_str(),
                                     [i](benchmark::State& s) { engine(s, i); })
            ->Unit(benchmark::kMicrosecond);
        benchmark::RegisterBenchmark(("isl_equiv/" + std::to_string(i)).c_str(),
                                     [i](benchmark::State& s) { isl_equiv(s, i); })
            ->Unit(benchmark::kMicrosecond);
    }
    benchmark::RegisterBenchmark("reshape_chain", reshape_chain)
        ->Arg(10)
        ->Arg(100)
        ->Arg(1000)
        ->Unit(benchmark::kMillisecond)
        ->Complexity();
    benchmark::Initialize(&argc, argv);
    SummaryReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    benchmark::Shutdown();
    return 0;
}
