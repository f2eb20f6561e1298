// `provix prove`: proves every rewrite rule (SPEC §8) and checks that the
// rule set terminates. See kHelp.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "args.h"
#include "commands.h"
#include "io.h"
#include "provix/rules/rule.h"
#include "provix/solvers/prove_report.h"
#include "provix/solvers/prover.h"

namespace provix::cli {

namespace {

namespace fs = std::filesystem;

constexpr const char* kHelp =
    R"(usage: provix prove [RULE_FILES...] [--smtlib DIR] [--junit FILE] [--cvc5]
                    [--z3-rlimit N] [--grid-limit F] [--no-grid] [--jobs N]

Proves every rule of the given rule files (default: rules/*.rules in the
current directory, else in the provix source tree). Each rule is proven by Z3
for all integers, its constants symbolic and lb/ub universally quantified
bounds; where Z3 answers unknown, isl decides the rule exactly for every
assignment of its divisor/factor constants in [-F, F] (its other constants
and the bounds stay symbolic) and the rule is reported 'checked (grid)'. A
reduction order is checked for every rule so rewriting terminates. A refuted
rule is printed with a counterexample (constants, variables, both sides).

options:
  --smtlib DIR      write every obligation to DIR/<file>.<rule>.smt2
  --junit FILE      write a JUnit XML report (one testcase per rule)
  --cvc5            re-check every obligation with cvc5 (fails on a contradiction)
  --cvc5-tlimit MS  cvc5's time limit per obligation (default 20000)
  --z3-rlimit N     Z3's resource limit per obligation (default 1000000)
  --grid-limit F    enumerate factor constants in [-F, F] (default 16)
  --no-grid         no isl fallback: a rule Z3 cannot decide fails
  --jobs N          prove N rules at a time (default: the number of cores)
  -h, --help        print this help

exit status: 0 every rule proven or checked and terminating,
             1 a rule refuted, unknown or not terminating,
             2 usage error or bad input (a malformed rule file)
)";

/// The source tree this binary was built from, derived from this file's
/// path, for the default rule directory.
fs::path source_dir() {
#ifdef PROVIX_SOURCE_DIR
    return fs::path(PROVIX_SOURCE_DIR);
#else
    fs::path here(__FILE__);  // <src>/src/cli/solvers/prove_command.cpp
    return here.parent_path().parent_path().parent_path().parent_path();
#endif
}

std::vector<std::string> rule_files_in(const fs::path& dir) {
    std::vector<std::string> out;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return out;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if (entry.is_regular_file() && entry.path().extension() == ".rules")
            out.push_back(entry.path().string());
    std::sort(out.begin(), out.end());
    return out;
}

/// `rules/floordiv.rules` + `fd_nested` -> `floordiv.fd_nested.smt2`.
std::string obligation_file_name(const std::string& rule_file, const std::string& rule) {
    return fs::path(rule_file).stem().string() + "." + rule + ".smt2";
}

std::optional<long long> count_option(const Args& a, const std::string& name, long long fallback) {
    if (!a.has_value(name)) return fallback;
    auto v = parse_count(a.value(name), name);
    if (!v) {
        report_error("prove", v.error().message);
        return std::nullopt;
    }
    return *v;
}

}  // namespace

int run_prove(const std::vector<std::string>& argv) {
    ArgSpec spec{{"--cvc5", "--no-grid"},
                 {"--smtlib", "--junit", "--z3-rlimit", "--grid-limit", "--cvc5-tlimit", "--jobs"},
                 1000};
    auto parsed = parse_args(argv, spec);
    if (!parsed) {
        report_error("prove", parsed.error().message);
        std::cerr << "Run 'provix prove --help' for usage.\n";
        return kExitUsage;
    }
    const Args& a = *parsed;
    if (a.help) {
        std::cout << kHelp;
        return kExitSuccess;
    }
    solvers::ProverOptions options;
    auto rlimit = count_option(a, "--z3-rlimit", options.z3_rlimit);
    auto grid = count_option(a, "--grid-limit", options.factor_limit);
    auto tlimit = count_option(a, "--cvc5-tlimit", 20000);
    long long cores = std::max(1u, std::thread::hardware_concurrency());
    auto jobs = count_option(a, "--jobs", cores);
    if (!rlimit || !grid || !tlimit || !jobs) return kExitUsage;
    if (*jobs < 1 || *jobs > 256) {
        report_error("prove", "--jobs takes a value in [1, 256]");
        return kExitUsage;
    }
    if (*rlimit > 4'000'000'000LL || *grid > 1000 || *tlimit > 4'000'000'000LL) {
        report_error("prove", "option value too large");
        return kExitUsage;
    }
    options.z3_rlimit = static_cast<unsigned>(*rlimit);
    options.factor_limit = *grid;
    options.grid_fallback = !a.has("--no-grid");

    std::vector<std::string> files = a.positional;
    if (files.empty()) {
        files = rule_files_in(fs::path("rules"));
        if (files.empty()) files = rule_files_in(source_dir() / "rules");
        if (files.empty()) {
            report_error("prove", "no rule files given and no rules/*.rules found");
            return kExitUsage;
        }
    }
    std::vector<rules::Rule> all;
    for (const std::string& f : files) {
        auto in = read_input(f);
        if (!in) {
            report_error("prove", in.error().message);
            return kExitUsage;
        }
        auto parsed_rules = rules::parse_rules(in->text, in->name);
        if (!parsed_rules) {
            report_diagnostic(parsed_rules.error().message);
            return kExitUsage;
        }
        for (rules::Rule& r : *parsed_rules)
            all.push_back(std::move(r));
    }

    fs::path smt_dir;
    bool temporary_dir = false;
    if (a.has_value("--smtlib")) {
        smt_dir = a.value("--smtlib");
    } else if (a.has("--cvc5")) {
        smt_dir = fs::temp_directory_path() /
                  ("provix-prove-" +
                   std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
        temporary_dir = true;
    }
    if (!smt_dir.empty()) {
        std::error_code ec;
        fs::create_directories(smt_dir, ec);
        if (ec) {
            report_error("prove", "cannot create '" + smt_dir.string() + "': " + ec.message());
            return kExitUsage;
        }
    }

    auto start = std::chrono::steady_clock::now();
    // Rules are proven in parallel (one Z3 context and one isl context per
    // rule) and reported in file order as soon as their turn comes.
    size_t n = all.size();
    std::vector<solvers::RuleResult> results(n);
    std::vector<std::string> errors(n);
    std::vector<char> done(n, 0);
    std::mutex mutex;
    std::condition_variable ready;
    std::atomic<size_t> next{0};
    auto work = [&] {
        for (size_t i = next++; i < n; i = next++) {
            const rules::Rule& rule = all[i];
            solvers::RuleResult r = solvers::prove_and_check(rule, options);
            std::string error;
            if (!smt_dir.empty()) {
                fs::path file = smt_dir / obligation_file_name(rule.file, rule.name);
                auto written = write_output(file.string(), solvers::rule_obligation_smtlib(rule));
                if (!written)
                    error = written.error().message;
                else if (a.has("--cvc5"))
                    solvers::record_cvc5(
                        r, solvers::run_cvc5(file.string(), static_cast<unsigned>(*tlimit)));
            }
            std::lock_guard<std::mutex> lock(mutex);
            results[i] = std::move(r);
            errors[i] = std::move(error);
            done[i] = 1;
            ready.notify_all();
        }
    };
    size_t workers = std::min<size_t>(static_cast<size_t>(*jobs), n);
    std::vector<std::thread> threads;
    for (size_t t = 0; t < workers; ++t)
        threads.emplace_back(work);
    bool all_passed = true;
    std::string write_error;
    for (size_t i = 0; i < n; ++i) {
        std::unique_lock<std::mutex> lock(mutex);
        ready.wait(lock, [&] { return done[i] != 0; });
        if (!errors[i].empty() && write_error.empty()) write_error = errors[i];
        std::cout << solvers::format_rule_result(results[i]) << std::flush;
        all_passed = all_passed && results[i].passed();
    }
    for (std::thread& t : threads)
        t.join();
    if (!write_error.empty()) {
        report_error("prove", write_error);
        return kExitUsage;
    }
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    char timing[64];
    std::snprintf(timing, sizeof timing, " (%.2f s)", seconds);
    std::cout << solvers::summary_line(results) << timing << "\n";
    if (temporary_dir) {
        std::error_code ec;
        fs::remove_all(smt_dir, ec);
    }
    if (a.has_value("--junit")) {
        auto written = write_output(a.value("--junit"), solvers::junit_report(results, seconds));
        if (!written) {
            report_error("prove", written.error().message);
            return kExitUsage;
        }
    }
    return all_passed ? kExitSuccess : kExitCheckFailed;
}

}  // namespace provix::cli
