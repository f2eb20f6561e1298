// The campaign: generate, check, shrink, write regressions, sum figures.

#include "provix/fuzz/campaign.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <memory>
#include <ostream>
#include <sstream>

#include "provix/decimal.h"
#include "provix/fuzz/isolated_check.h"
#include "provix/fuzz/random.h"
#include "provix/fuzz/shrinker.h"
#include "provix/parser.h"

namespace provix::fuzz {

namespace {

// --- Crash reporting --------------------------------------------------------

/// The case being checked, preformatted so that a fatal signal can print it
/// (only async-signal-safe calls in the handler).
char g_crash_note[16384];

void on_fatal_signal(int sig) {
    ssize_t ignored = write(STDERR_FILENO, g_crash_note, std::strlen(g_crash_note));
    (void)ignored;
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

void install_crash_handlers() {
    for (int sig : {SIGSEGV, SIGABRT, SIGFPE, SIGILL, SIGBUS})
        std::signal(sig, on_fatal_signal);
}

void set_crash_note(uint64_t seed, int64_t index, const std::string& text) {
    std::snprintf(g_crash_note, sizeof g_crash_note,
                  "\nprovix fuzz: crashed in case %lld of seed %llu; reproduce with\n"
                  "  provix fuzz --seed %llu --case %lld\nthe case:\n%.12000s\n",
                  static_cast<long long>(index), static_cast<unsigned long long>(seed),
                  static_cast<unsigned long long>(seed), static_cast<long long>(index),
                  text.c_str());
}

// --- One case -----------------------------------------------------------------

/// A value of a variable with bounds `b` (near the finite side when unbounded).
int64_t draw_value(RandomSource& rng, const Interval& b) {
    if (b.is_bounded()) return rng.uniform(b.lo(), b.hi());
    if (!b.lo_is_inf())
        return rng.uniform(b.lo(), b.lo() > kInt64Max - 100 ? kInt64Max : b.lo() + 100);
    if (!b.hi_is_inf())
        return rng.uniform(b.hi() < kInt64Min + 100 ? kInt64Min : b.hi() - 100, b.hi());
    return rng.uniform(-100, 100);
}

/// The printed text, parsed as written, must evaluate like the map it was
/// printed from (where both evaluate without overflow).
void check_print_fidelity(const IndexingMap& built, const std::string& text, uint64_t seed,
                          CaseReport& r) {
    if (built.state() != IndexingMap::State::Normal) return;
    Context ctx;
    ParseOptions raw;
    raw.canonicalize = false;
    Result<IndexingMap> parsed = parse_indexing_map(ctx, text, raw);
    if (!parsed || parsed->num_variables() != built.num_variables() ||
        parsed->num_results() != built.num_results()) {
        return;  // check_text reports texts that do not parse
    }
    SplitMixSource rng(seed ^ 0x70726e74ULL);
    std::vector<Interval> bounds = built.variable_bounds();
    for (int k = 0; k < 8; ++k) {
        std::vector<int64_t> point;
        for (const Interval& b : bounds)
            point.push_back(draw_value(rng, b));
        Result<std::vector<int64_t>> a = built.evaluate(point);
        Result<std::vector<int64_t>> b = parsed->evaluate(point);
        if (a && b && *a != *b) {
            std::ostringstream os;
            os << "the printed text evaluates differently from the map it was printed from at (";
            for (size_t i = 0; i < point.size(); ++i)
                os << (i ? ", " : "") << point[i];
            os << ")\ntext:\n" << text << "\n";
            r.failures.push_back({"roundtrip", os.str()});
            return;
        }
    }
}

/// Builds, prints and checks one spec.
CaseReport run_spec(CaseChecker& checker, Context& ctx, const MapSpec& spec, uint64_t seed,
                    const CheckOptions& options) {
    Result<IndexingMap> built = build_map(ctx, spec);
    if (!built) {
        CaseReport r;
        r.unknowns.push_back("the generated map is invalid: " + built.error().message);
        return r;
    }
    std::string text = map_text(*built, spec);
    CaseReport r = checker.check_text(text, options);
    check_print_fidelity(*built, text, seed, r);
    return r;
}

std::string indent(const std::string& text, const std::string& prefix) {
    std::string out;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        out += prefix + text.substr(start, end - start) + "\n";
        start = end + 1;
    }
    return out;
}

std::string percent(int64_t part, int64_t whole) {
    if (whole == 0) return "n/a";
    std::ostringstream os;
    os << std::fixed << std::setprecision(2) << 100.0 * double(part) / double(whole) << "%";
    return os.str();
}

std::string ratio(double x) {
    std::ostringstream os;
    if (x < 1000) {
        os << std::fixed << std::setprecision(2) << x << "x";
    } else {
        os << std::scientific << std::setprecision(1) << x << "x";
    }
    return os.str();
}

/// Checks a spec with some options (in a child process or not).
using SpecCheck = std::function<CaseReport(const MapSpec&, const CheckOptions&)>;

/// Prints the failures of one case; shrinks the first and writes it.
void report_failure(const SpecCheck& check, Context& ctx, const CampaignOptions& o,
                    const MapSpec& spec, int64_t index, const CaseReport& r, CampaignStats& stats,
                    std::ostream& out, CaseOutcome& outcome) {
    out << "FAIL case " << index << " of seed " << o.seed << ":";
    for (const Finding& f : r.failures)
        out << " " << f.kind;
    out << "\n  reproduce: " << o.reproduce_command(index) << "\n";
    for (const Finding& f : r.failures)
        out << indent(f.detail, "  ");
    const std::string kind = r.failures.front().kind;
    std::string map_text = spec_text(ctx, spec);
    if (o.shrink) {
        // A crash may come from any check: none is turned off for it.
        CheckOptions co;
        co.completeness = kind == "probe" || kind == "crash";
        co.ranges = kind == "range" || kind == "crash";
        auto still_fails = [&](const MapSpec& s) { return check(s, co).has_failure(kind); };
        ShrinkResult s = shrink(ctx, spec, still_fails, o.max_shrink_checks);
        map_text = spec_text(ctx, s.spec);
        outcome.shrunk_map = map_text;
        out << "  shrunk in " << s.checks << " checks (" << s.steps << " edits); the minimal "
            << kind << " case:\n";
        CaseReport shrunk = check(s.spec, co);
        for (const Finding& f : shrunk.failures) {
            if (f.kind == kind) {
                out << indent(f.detail, "  ");
                break;
            }
        }
    }
    std::string file =
        regression_file_text(kind, o.seed, index, o.reproduce_command(index), map_text);
    out << "  ready-to-paste regression case:\n" << indent(file, "    | ");
    if (!o.regression_dir.empty()) {
        std::string path = regression_file_path(o.regression_dir, kind, o.seed, index);
        if (write_regression_file(path, file)) {
            out << "  written to " << path << "\n";
            stats.regression_files.push_back(path);
            outcome.regression_file = path;
        } else {
            out << "  could not write " << path << "\n";
        }
    }
}

}  // namespace

void CampaignStats::add(const CaseReport& r, const std::string& edge_template) {
    ++cases;
    if (r.enumerated) ++enumerated;
    if (!edge_template.empty()) {
        auto& t = edge_templates[edge_template];
        ++t.first;
        if (!r.failures.empty()) ++t.second;
    }
    if (!r.failures.empty()) {
        ++failed;
    } else if (!r.unknowns.empty()) {
        ++unknown;
    } else {
        ++passed;
    }
    for (const Finding& f : r.failures)
        ++failure_kinds[f.kind];
    for (const Finding& m : r.misses)
        ++miss_kinds[m.kind];
    if (r.completeness_unknowns.empty()) ++completeness_decided;
    if (r.fully_simplified()) ++fully_simplified;
    if (r.input_known_empty) {
        ++built_empty;
    } else if (r.exact_empty) {
        ++exact_empty;
        if (r.engine_empty) ++engine_detected_empty;
    }
    for (const RangeSample& s : r.ranges) {
        double e = static_cast<double>(s.engine.hi()) - static_cast<double>(s.engine.lo()) + 1.0;
        double x = static_cast<double>(s.exact.hi()) - static_cast<double>(s.exact.lo()) + 1.0;
        widening.push_back(e / x);
    }
    unbounded_ranges += r.unbounded_ranges;
}

std::string CampaignOptions::reproduce_command(int64_t index) const {
    std::string s =
        "provix fuzz --seed " + std::to_string(seed) + " --case " + std::to_string(index);
    if (!generator.near_limit_constants) s += " --no-near-limit";
    if (!generator.runtime_vars) s += " --no-runtime-vars";
    if (generator.edge_templates.empty()) s += " --no-edge-templates";
    if (generator.edge_percent != GeneratorOptions().edge_percent) {
        s += " --edge-percent " + std::to_string(generator.edge_percent);
    }
    if (!generator.only_template.empty()) s += " --only-template " + generator.only_template;
    return s;
}

std::string regression_file_text(const std::string& kind, uint64_t seed, int64_t case_index,
                                 const std::string& reproduce, const std::string& map_text) {
    std::ostringstream os;
    os << "// provix fuzz regression: " << kind << "\n"
       << "// Found as case " << case_index << " of seed " << seed << " (" << reproduce
       << "), then shrunk.\n"
       << "// Replayed by the fuzz tests: every check of `provix fuzz` must pass\n"
       << "// (simplify is equivalent to this map by isl, ranges contain the exact ones, ...).\n"
       << map_text << "\n";
    return os.str();
}

std::string regression_file_path(const std::string& dir, const std::string& kind, uint64_t seed,
                                 int64_t case_index) {
    return dir + "/" + kind + "-s" + std::to_string(seed) + "-c" + std::to_string(case_index) +
           ".map";
}

bool write_regression_file(const std::string& path, const std::string& text) {
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
    // Into a file beside it, renamed over `path` once every byte is written
    // and the file closed.
    const std::string temp = path + ".partial-" + std::to_string(::getpid());
    {
        std::ofstream f(temp, std::ios::binary | std::ios::trunc);
        f << text;
        f.close();
        if (!f) {
            std::remove(temp.c_str());
            return false;
        }
    }
    if (std::rename(temp.c_str(), path.c_str()) != 0) {
        std::remove(temp.c_str());
        return false;
    }
    return true;
}

std::vector<std::string> split_maps(const std::string& text) {
    auto texts = split_map_texts(text);
    if (!texts) return {text};  // the checker reports the lexer's diagnostic
    return std::vector<std::string>(texts->begin(), texts->end());
}

CampaignStats run_campaign(const CampaignOptions& o, std::ostream& out, std::ostream* progress) {
    CampaignStats stats;
    auto start = std::chrono::steady_clock::now();
    CaseChecker checker(o.limits, o.exact_oracle);
    install_crash_handlers();
    // The cases in a child process (a new one after a case that hangs or
    // crashes): the child generates case `index` as this process does and
    // sends its report back. This process calls no solver, so it has no
    // thread when it forks.
    std::unique_ptr<CaseWorker> worker;
    if (o.isolate_cases) {
        worker = std::make_unique<CaseWorker>(o.case_timeout_seconds, [&](const std::string& r) {
            const uint64_t index = static_cast<uint64_t>(parse_int64(r).value_or(0));
            const uint64_t cseed = case_seed(o.seed, index);
            Context cctx;
            SplitMixSource rng(cseed);
            const MapSpec spec = generate_map(cctx, rng, o.generator);
            return run_spec(checker, cctx, spec, cseed, {});
        });
    }
    std::map<std::string, int64_t> shown_misses;
    // The indices first, first + step, ... up to `last` (the one case asked
    // for, or the last of the campaign); the next index is only formed when
    // it is at most `last`, so none passes int64.
    const int64_t first = o.only_case >= 0 ? o.only_case : o.shard_index;
    const int64_t last = o.only_case >= 0 ? o.only_case : o.cases - 1;
    const int64_t step = std::max<int64_t>(1, o.shard_count);
    for (int64_t index = first; index <= last; index += step) {
        uint64_t cseed = case_seed(o.seed, static_cast<uint64_t>(index));
        Context ctx;
        SplitMixSource rng(cseed);
        MapSpec spec = generate_map(ctx, rng, o.generator);
        set_crash_note(o.seed, index, spec_text(ctx, spec));
        auto case_start = std::chrono::steady_clock::now();
        // Shrinking's checks each in a child process of their own (few cases fail).
        const SpecCheck check = [&](const MapSpec& s, const CheckOptions& co) {
            if (!o.isolate_cases) return run_spec(checker, ctx, s, cseed, co);
            return check_in_child(o.case_timeout_seconds, spec_text(ctx, s),
                                  [&] { return run_spec(checker, ctx, s, cseed, co); });
        };
        CaseReport r =
            worker ? worker->check(std::to_string(index), spec_text(ctx, spec)) : check(spec, {});
        stats.add(r, spec.edge_template);
        CaseOutcome outcome;
        if (!r.failures.empty()) report_failure(check, ctx, o, spec, index, r, stats, out, outcome);
        for (const Finding& m : r.misses) {
            if (o.verbose || shown_misses[m.kind]++ < 2) {
                out << "miss (" << m.kind << ") in case " << index << " of seed " << o.seed << ":\n"
                    << indent(m.detail, "  ");
            }
        }
        if (o.verbose) {
            for (const std::string& u : r.unknowns) {
                out << "unknown in case " << index << ": " << u << "\n";
            }
        }
        if (o.on_case) {
            outcome.index = index;
            outcome.report = &r;
            outcome.reproduce = o.reproduce_command(index);
            outcome.seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - case_start)
                    .count();
            o.on_case(outcome);
        }
        if (progress && o.progress_every > 0 && stats.cases % o.progress_every == 0) {
            *progress << "provix fuzz: " << stats.cases << " cases, " << stats.failed << " failed, "
                      << stats.unknown << " unknown" << std::endl;
        }
        if (last - index < step) break;  // index + step > last
    }
    g_crash_note[0] = '\0';
    stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return stats;
}

CampaignStats replay_files(const std::vector<ReplayFile>& files, const CampaignOptions& o,
                           std::ostream& out) {
    CampaignStats stats;
    auto start = std::chrono::steady_clock::now();
    CaseChecker checker(o.limits, o.exact_oracle);
    // The maps in a child process, as run_campaign's cases.
    std::unique_ptr<CaseWorker> worker;
    if (o.isolate_cases) {
        worker = std::make_unique<CaseWorker>(o.case_timeout_seconds, [&](const std::string& text) {
            return checker.check_text(text);
        });
    }
    for (const ReplayFile& file : files) {
        const std::string& path = file.name;
        std::vector<std::string> maps = split_maps(file.text);
        for (size_t i = 0; i < maps.size(); ++i) {
            auto case_start = std::chrono::steady_clock::now();
            CaseReport r = worker ? worker->check(maps[i], maps[i]) : checker.check_text(maps[i]);
            stats.add(r);
            if (!r.failures.empty()) {
                out << "FAIL " << path << " (map " << i + 1 << "):";
                for (const Finding& f : r.failures)
                    out << " " << f.kind;
                out << "\n";
                for (const Finding& f : r.failures)
                    out << indent(f.detail, "  ");
            } else if (!r.unknowns.empty()) {
                out << "UNKNOWN " << path << " (map " << i + 1 << "):\n";
                for (const std::string& u : r.unknowns)
                    out << "  " << u << "\n";
            }
            if (o.on_case) {
                CaseOutcome outcome;
                outcome.index = static_cast<int64_t>(i + 1);
                outcome.file = path;
                outcome.report = &r;
                outcome.seconds =
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - case_start)
                        .count();
                o.on_case(outcome);
            }
        }
    }
    stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return stats;
}

void print_summary(const CampaignStats& s, std::ostream& out) {
    out << "completeness (" << s.cases << " cases, " << std::fixed << std::setprecision(1)
        << s.seconds << " s):\n";
    out << "  fully simplified: " << percent(s.fully_simplified, s.completeness_decided) << " ("
        << s.fully_simplified << " of " << s.completeness_decided << " decided cases)\n";
    out << "  missed simplifications:";
    if (s.miss_kinds.empty()) out << " none";
    for (const auto& [kind, n] : s.miss_kinds)
        out << " " << kind << " " << n << ";";
    out << "\n";
    out << "  empty domains: " << s.engine_detected_empty << " of " << s.exact_empty
        << " detected by the engine (" << percent(s.engine_detected_empty, s.exact_empty) << "); "
        << s.built_empty << " known empty when built\n";
    std::vector<double> w = s.widening;
    std::sort(w.begin(), w.end());
    out << "  ranges: " << w.size() << " finite exact ranges";
    if (!w.empty()) {
        int64_t tight = std::count(w.begin(), w.end(), 1.0);
        out << ", " << percent(tight, static_cast<int64_t>(w.size())) << " exact, median widening "
            << ratio(w[w.size() / 2]) << ", p90 " << ratio(w[w.size() * 9 / 10]) << ", max "
            << ratio(w.back());
        if (tight < static_cast<int64_t>(w.size())) {
            // The widening among the ranges the engine did not get exactly.
            size_t first_wide = static_cast<size_t>(tight);
            out << " (median of the inexact: " << ratio(w[first_wide + (w.size() - first_wide) / 2])
                << ")";
        }
    }
    out << "; " << s.unbounded_ranges << " reported unbounded\n";
    out << "  exhaustive evaluation: " << s.enumerated << " of " << s.cases
        << " cases compared point by point\n";
    if (!s.edge_templates.empty()) {
        out << "  edge templates:";
        for (const auto& [name, n] : s.edge_templates)
            out << " " << name << " " << n.first << " (" << n.second << " failed);";
        out << "\n";
    }
    if (!s.failure_kinds.empty()) {
        out << "  failures:";
        for (const auto& [kind, n] : s.failure_kinds)
            out << " " << kind << " " << n << ";";
        out << "\n";
    }
    out << s.unknown << " unknown\n";
    out << s.passed << " passed, " << s.failed << " failed\n";
}

}  // namespace provix::fuzz
