// provix against its peers on the same maps, in one process, with one
// timing method:
//
//   provix  copy + simplify of the parsed map (parsing excluded);
//   MLIR    mlir::simplifyAffineMap on an AffineMap holding the map's results
//           and constraint expressions, built once (MLIR has no domain);
//   isl     the isl oracle deciding that the map is equivalent to provix's
//           result (the cost of checking a simplification exactly), as the
//           oracle does it (integer linear programs over a lifted space for
//           maps with constant divisors) and with isl's piecewise functions
//           and set operations only (`isl sets`, the classical formulation).
//
// Maps MLIR cannot express (min/max, divisors with variables, negative
// divisors whose mod differs, products of variables) are counted and
// skipped for MLIR only; maps outside isl's fragment for isl only.
//
// Timing: each measurement repeats the call in a batch long enough for the
// thread's CPU clock (CLOCK_THREAD_CPUTIME_ID: the machines are shared, wall
// time counts waiting for a core) and keeps the median time per call of
// several batches. The batches are taken in passes over the whole corpus
// (one batch of every call per pass), not one map after the other, so a
// change of the machine's speed during the run (a shared VM) reaches every
// map alike and leaves the spread between maps (p99 / median) alone.
// Prints one line per map, then per peer the median, p90, p99 and worst
// per-map time and the ratios provix/MLIR and isl/provix (medians of the
// per-map ratios), isl/provix also split into the maps simplify changes and
// those it leaves as they are.
//
//     ./build/bench/provix_bench_peer                 # bench/corpus/maps.map,
//                                                     # large.map (+ tests/peer/xla_*.map)
//     ./build/bench/provix_bench_peer --quick FILE    # one short batch per map (smoke test)

#include <mlir/IR/AffineExpr.h>
#include <mlir/IR/AffineMap.h>
#include <mlir/IR/MLIRContext.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "map_files.h"
#include "provix/parser.h"
#include "provix/simplify.h"
#include "provix/solvers/oracle.h"

namespace {

using namespace provix;

double thread_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

/// Keeps a value alive so the call is not optimized away.
template <class T>
void sink(const T& v) {
    asm volatile("" : : "g"(&v) : "memory");
}

struct Timing {
    double batch_seconds = 2e-3;  ///< at least this much CPU time per batch
    int batches = 7;
};

/// A call to time: its batch size is calibrated when it is added, its
/// batches are taken by `run_passes`, and the median time per call is
/// written to `*out`.
struct Measurement {
    std::function<void()> call;
    double* out;
    int64_t reps = 1;
    std::vector<double> per_call;
};

/// The calls to time, calibrated one by one, then timed in passes (see the
/// file comment).
class Measurements {
public:
    explicit Measurements(const Timing& t) : timing_(t) {}

    /// Calibrates `call` (repetitions per batch) and queues it; `*out`
    /// receives its median CPU seconds per call after run_passes().
    void add(std::function<void()> call, double* out) {
        // One call first, not timed: the first call of the run builds the
        // engine's rule table, and timed in the calibration it would leave
        // the batch at one repetition, a cold call (the first map measured
        // 6 us in some runs, 0.17 us in others).
        call();
        int64_t reps = 1;
        for (;;) {
            const double spent = time_batch(call, reps);
            if (spent >= timing_.batch_seconds || reps >= (int64_t{1} << 24)) break;
            reps = spent <= 0
                       ? reps * 10
                       : std::max<int64_t>(
                             reps + 1, static_cast<int64_t>(double(reps) * timing_.batch_seconds /
                                                            spent * 1.2));
        }
        items_.push_back(Measurement{std::move(call), out, reps, {}});
    }

    /// `timing.batches` passes, each timing one batch of every call in the
    /// order added; then each call's median per call goes to its `out`.
    void run_passes() {
        for (int b = 0; b < timing_.batches; ++b)
            for (Measurement& m : items_)
                m.per_call.push_back(time_batch(m.call, m.reps) / double(m.reps));
        for (Measurement& m : items_) {
            std::sort(m.per_call.begin(), m.per_call.end());
            *m.out = m.per_call[m.per_call.size() / 2];
        }
    }

private:
    static double time_batch(const std::function<void()>& f, int64_t reps) {
        const double start = thread_cpu_seconds();
        for (int64_t i = 0; i < reps; ++i)
            f();
        return thread_cpu_seconds() - start;
    }

    Timing timing_;
    std::vector<Measurement> items_;
};

/// provix expressions as MLIR AffineExprs (dims are dims; range and runtime
/// variables are symbols), or why MLIR cannot express them.
class ToMlir {
public:
    ToMlir(mlir::MLIRContext& ctx, int64_t num_dims) : ctx_(ctx), num_dims_(num_dims) {}

    std::optional<mlir::AffineExpr> operator()(Expr e) {
        auto it = memo_.find(e.id());
        if (it != memo_.end()) return it->second;
        std::optional<mlir::AffineExpr> out = build(e);
        memo_.emplace(e.id(), out);
        return out;
    }
    const std::string& why_not() const { return why_; }

private:
    std::optional<mlir::AffineExpr> fail(const char* why) {
        if (why_.empty()) why_ = why;
        return std::nullopt;
    }

    std::optional<mlir::AffineExpr> build(Expr e) {
        switch (e.kind()) {
            case ExprKind::Constant:
                return mlir::getAffineConstantExpr(e.constant_value(), &ctx_);
            case ExprKind::Variable: {
                int64_t id = e.variable_id();
                if (id < num_dims_) return mlir::getAffineDimExpr(static_cast<unsigned>(id), &ctx_);
                return mlir::getAffineSymbolExpr(static_cast<unsigned>(id - num_dims_), &ctx_);
            }
            case ExprKind::Add: {
                std::optional<mlir::AffineExpr> acc;
                for (size_t i = 0; i < e.num_operands(); ++i) {
                    std::optional<mlir::AffineExpr> x = (*this)(e.operand(i));
                    if (!x) return std::nullopt;
                    acc = acc ? *acc + *x : *x;
                }
                return acc;
            }
            case ExprKind::Mul: {
                // One factor with variables times constant factors (MLIR's
                // operator* on two non-constant factors does not terminate).
                std::optional<mlir::AffineExpr> factor;
                mlir::AffineExpr scale = mlir::getAffineConstantExpr(1, &ctx_);
                for (size_t i = 0; i < e.num_operands(); ++i) {
                    Expr o = e.operand(i);
                    std::optional<mlir::AffineExpr> x = (*this)(o);
                    if (!x) return std::nullopt;
                    if (num_variables_used(o) == 0) {
                        scale = scale * *x;
                    } else if (factor) {
                        return fail("product of variables");
                    } else {
                        factor = *x;
                    }
                }
                return factor ? *factor * scale : scale;
            }
            case ExprKind::FloorDiv:
            case ExprKind::CeilDiv:
            case ExprKind::Mod: {
                if (!e.rhs().is_constant()) return fail("divisor with variables");
                if (e.rhs().constant_value() <= 0) return fail("negative divisor (mod differs)");
                std::optional<mlir::AffineExpr> a = (*this)(e.lhs());
                if (!a) return std::nullopt;
                auto c = static_cast<uint64_t>(e.rhs().constant_value());
                return e.kind() == ExprKind::FloorDiv  ? a->floorDiv(c)
                       : e.kind() == ExprKind::CeilDiv ? a->ceilDiv(c)
                                                       : *a % c;
            }
            case ExprKind::Min:
            case ExprKind::Max:
                return fail("min/max");
        }
        return fail("unknown node");
    }

    mlir::MLIRContext& ctx_;
    int64_t num_dims_;
    std::unordered_map<uint32_t, std::optional<mlir::AffineExpr>> memo_;
    std::string why_;
};

struct Row {
    std::string name;
    double provix = 0;
    std::optional<double> mlir, isl, isl_sets;
    std::string mlir_skip, isl_skip;
    /// `simplify` changed the map (else the oracle compares two equal maps).
    bool changed = false;
};

struct Stats {
    double median = 0, p90 = 0, p99 = 0, worst = 0;
    size_t count = 0;
};

Stats stats(std::vector<double> v) {
    Stats s;
    s.count = v.size();
    if (v.empty()) return s;
    std::sort(v.begin(), v.end());
    s.median = v[v.size() / 2];
    s.p90 = v[std::min(v.size() - 1, v.size() * 9 / 10)];
    s.p99 = v[std::min(v.size() - 1, v.size() * 99 / 100)];
    s.worst = v.back();
    return s;
}

std::string us(double seconds) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", seconds * 1e6);
    return buf;
}

std::string ratio(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, x < 100 ? "%.2f" : "%.0f", x);
    return buf;
}

std::vector<std::string> default_corpus() {
    const std::string root = PROVIX_SOURCE_DIR;
    std::vector<std::string> files = {root + "/bench/corpus/maps.map",
                                      root + "/bench/corpus/large.map"};
    std::vector<std::string> peer;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(root + "/tests/peer", ec)) {
        std::string name = e.path().filename().string();
        if (name.rfind("xla_", 0) == 0 && e.path().extension() == ".map") {
            peer.push_back(e.path().string());
        }
    }
    std::sort(peer.begin(), peer.end());
    files.insert(files.end(), peer.begin(), peer.end());
    return files;
}

}  // namespace

int main(int argc, char** argv) {
    Timing timing;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--quick") {
            timing.batch_seconds = 1e-4;
            timing.batches = 1;
        } else if (a == "-h" || a == "--help") {
            std::cout << "usage: provix_bench_peer [--quick] [MAP_FILES...]\n";
            return 0;
        } else {
            files.push_back(a);
        }
    }
    if (files.empty()) files = default_corpus();

    Context ctx;
    auto loaded = bench::load_map_files(ctx, files, "peer_bench");
    if (!loaded) return 2;
    const std::vector<std::pair<std::string, IndexingMap>>& maps = *loaded;

    mlir::MLIRContext mlir_ctx;
    mlir_ctx.disableMultithreading();
    auto isl = solvers::make_isl_oracle();
    solvers::Limits sets_only;
    sets_only.isl_integer_programs = false;
    auto isl_sets = solvers::make_isl_oracle(sets_only);
    // Every call is calibrated and queued first, then all are timed in
    // passes; `rows` does not grow after a pointer into it is queued.
    Measurements measurements(timing);
    std::vector<Row> rows;
    rows.reserve(maps.size());
    for (const auto& entry : maps) {
        const IndexingMap* input = &entry.second;
        Row& r = rows.emplace_back();
        r.name = entry.first;
        measurements.add(
            [input] {
                IndexingMap m = *input;
                simplify(m);
                sink(m);
            },
            &r.provix);
        if (input->state() != IndexingMap::State::Normal) {
            r.mlir_skip = r.isl_skip = "not a normal map";
            continue;
        }
        // MLIR: the results and the constraint expressions in one map.
        ToMlir to_mlir(mlir_ctx, input->num_dims());
        std::vector<mlir::AffineExpr> exprs;
        bool expressible = true;
        for (Expr e : input->results()) {
            auto x = to_mlir(e);
            expressible = expressible && x;
            if (x) exprs.push_back(*x);
        }
        for (const Constraint& c : input->constraints()) {
            auto x = to_mlir(c.expr);
            expressible = expressible && x;
            if (x) exprs.push_back(*x);
        }
        if (expressible) {
            mlir::AffineMap am =
                mlir::AffineMap::get(static_cast<unsigned>(input->num_dims()),
                                     static_cast<unsigned>(input->num_symbols()), exprs, &mlir_ctx);
            measurements.add(
                [am] {
                    mlir::AffineMap s = mlir::simplifyAffineMap(am);
                    sink(s);
                },
                &r.mlir.emplace());
        } else {
            r.mlir_skip = to_mlir.why_not();
        }
        // isl: deciding the simplification.
        IndexingMap output = *input;
        r.changed = simplify(output);
        if (!isl->supports(*input) || !isl->supports(output)) {
            r.isl_skip = "outside isl's fragment";
        } else {
            solvers::Decision d = isl->equivalent(*input, output);
            if (d.verdict != solvers::Verdict::Proven) {
                r.isl_skip = std::string("isl: ") + solvers::verdict_name(d.verdict);
            } else {
                solvers::Oracle* exact = isl.get();
                solvers::Oracle* sets = isl_sets.get();
                measurements.add(
                    [exact, input, output] { sink(exact->equivalent(*input, output)); },
                    &r.isl.emplace());
                measurements.add([sets, input, output] { sink(sets->equivalent(*input, output)); },
                                 &r.isl_sets.emplace());
            }
        }
    }
    measurements.run_passes();

    // Per map.
    std::printf("%-24s %12s %12s %12s %12s %10s %10s\n", "map", "provix us", "mlir us", "isl us",
                "isl sets us", "provix/mlir", "isl/provix");
    std::vector<double> t_provix, t_mlir, t_isl, t_isl_sets, provix_over_mlir, isl_over_provix,
        sets_over_provix, provix_on_mlir, isl_over_provix_changed, isl_over_provix_unchanged;
    std::map<std::string, int> mlir_skips, isl_skips;
    for (const Row& r : rows) {
        t_provix.push_back(r.provix);
        std::string m = r.mlir ? us(*r.mlir) : "-";
        std::string i = r.isl ? us(*r.isl) : "-";
        std::string is = r.isl_sets ? us(*r.isl_sets) : "-";
        std::string pm = r.mlir ? ratio(r.provix / *r.mlir) : "-";
        std::string ip = r.isl ? ratio(*r.isl / r.provix) : "-";
        std::printf("%-24s %12s %12s %12s %12s %10s %10s\n", r.name.c_str(), us(r.provix).c_str(),
                    m.c_str(), i.c_str(), is.c_str(), pm.c_str(), ip.c_str());
        if (r.mlir) {
            t_mlir.push_back(*r.mlir);
            provix_on_mlir.push_back(r.provix);
            provix_over_mlir.push_back(r.provix / *r.mlir);
        } else {
            ++mlir_skips[r.mlir_skip];
        }
        if (r.isl) {
            t_isl.push_back(*r.isl);
            isl_over_provix.push_back(*r.isl / r.provix);
            (r.changed ? isl_over_provix_changed : isl_over_provix_unchanged)
                .push_back(*r.isl / r.provix);
            t_isl_sets.push_back(*r.isl_sets);
            sets_over_provix.push_back(*r.isl_sets / r.provix);
        } else {
            ++isl_skips[r.isl_skip];
        }
    }
    auto line = [](const char* who, const Stats& s) {
        std::printf("%-9s %4zu maps: median %s us, p90 %s us, p99 %s us, worst %s us\n", who,
                    s.count, us(s.median).c_str(), us(s.p90).c_str(), us(s.p99).c_str(),
                    us(s.worst).c_str());
    };
    std::printf("\nper-map CPU time per call (median of %d batches):\n", timing.batches);
    line("provix", stats(t_provix));
    line("mlir", stats(t_mlir));
    line("isl", stats(t_isl));
    line("isl sets", stats(t_isl_sets));
    std::printf("provix on the maps MLIR expresses: median %s us\n",
                us(stats(provix_on_mlir).median).c_str());
    std::printf("skipped for MLIR:");
    for (const auto& [why, n] : mlir_skips)
        std::printf(" %s %d;", why.c_str(), n);
    std::printf("%s\nskipped for isl:", mlir_skips.empty() ? " none" : "");
    for (const auto& [why, n] : isl_skips)
        std::printf(" %s %d;", why.c_str(), n);
    std::printf("%s\n", isl_skips.empty() ? " none" : "");
    Stats pm = stats(provix_over_mlir), ip = stats(isl_over_provix), sp = stats(sets_over_provix);
    std::printf("ratio provix/MLIR (median of per-map ratios): %s (p90 %s, worst %s, %zu maps)\n",
                ratio(pm.median).c_str(), ratio(pm.p90).c_str(), ratio(pm.worst).c_str(), pm.count);
    Stats tp = stats(t_provix);
    std::printf("provix p99 / median per-map time: %s\n",
                ratio(tp.median > 0 ? tp.p99 / tp.median : 0).c_str());
    std::printf("ratio isl/provix  (median of per-map ratios): %s (%zu maps)\n",
                ratio(ip.median).c_str(), ip.count);
    std::printf("ratio isl sets/provix (median of per-map ratios): %s (%zu maps)\n",
                ratio(sp.median).c_str(), sp.count);
    // The split by outcome: on a map simplify leaves as it is, the oracle
    // compares a map with an equal one (mostly without an integer program:
    // every row and result is common), so the ratio there says how fast
    // provix finds that nothing applies rather than how hard the map is.
    Stats ic = stats(isl_over_provix_changed), iu = stats(isl_over_provix_unchanged);
    std::printf(
        "ratio isl/provix on the maps simplify changes: %s (%zu maps); on the maps it "
        "leaves as they are: %s (%zu maps)\n",
        ratio(ic.median).c_str(), ic.count, ratio(iu.median).c_str(), iu.count);
    return 0;
}
