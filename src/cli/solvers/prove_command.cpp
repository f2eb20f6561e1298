// `provix prove`: proves every rewrite rule and every lemma, and checks that
// the rule set terminates. See kProveHelp.

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <filesystem>
#include <iostream>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "args.h"
#include "campaign_report.h"
#include "commands.h"
#include "io.h"
#include "json_records.h"
#include "json_writer.h"
#include "progress.h"
#include "provix/rules/rule.h"
#include "provix/solvers/lemma_prover.h"
#include "provix/solvers/prove_report.h"
#include "provix/solvers/prover.h"
#include "provix/solvers/temp_dir.h"
#include "provix/version.h"
#include "solver_options.h"

namespace provix::cli {

namespace {

namespace fs = std::filesystem;

const CommandHelp kProveHelp = {
    "provix prove [RULE_OR_LEMMA_FILES...] [options]",
    "Proves every rule of the given rule files (*.rules) and every lemma of the\n"
    "given lemma files (*.lemmas); default: the rules and lemmas this provix was\n"
    "built with, installed in <prefix>/share/provix/rules, with their Coq proofs\n"
    "in rules/proofs. A rule's obligation quantifies its constants and every\n"
    "pattern variable over all integers (a variable may also be undefined: both\n"
    "sides must be defined at the same points and equal there), lb/ub are\n"
    "universally quantified bounds; a lemma's obligation is its formula over all\n"
    "integers. Each obligation is decided by Z3; where Z3 answers unknown, by\n"
    "cvc5 on the same SMT-LIB text; where both answer unknown, by a Coq proof\n"
    "script <coq-proofs>/NAME.v checked with coqc against the statement generated\n"
    "from that text (a script, when there is one, is checked first and must\n"
    "prove its statement). The verdict names the prover: 'proven [z3]',\n"
    "'proven [cvc5]', 'proven [coq]'. A rule no prover decides is then checked on\n"
    "the isl grid (its divisor/factor constants in [-F, F]): 'checked (grid)',\n"
    "which fails unless --allow-grid. Every obligation Z3 proves is re-checked by\n"
    "cvc5 (counted confirmed, contradicted, or not re-checked when cvc5 answers\n"
    "unknown). A rule or lemma that can never apply is 'vacuous' and fails. A\n"
    "reduction order is checked for every rule so rewriting terminates. A\n"
    "refutation is printed with a counterexample. Files that hold no rule and no\n"
    "lemma are bad input (exit 2): nothing proven is no pass. On a terminal, a\n"
    "progress line (rules done, elapsed time, time left) is shown on standard\n"
    "error.\n",
    "every rule and lemma proven (a rule checked on the grid with --allow-grid),\n"
    "every rule terminating",
    "a rule or lemma refuted, unknown or vacuous, or a rule not terminating",
};

ArgSpec prove_spec(long long cores) {
    ArgSpec spec;
    spec.options = {
        format_option(),
        {"--smtlib", "DIR", "write every obligation to DIR/<file>.<name>.smt2", "none"},
        {"--junit", "FILE", "write a JUnit XML report (one testcase per rule and lemma)", "none"},
        {"--coq", "DIR", "write every obligation's Coq statement to DIR/<name>.v", "none"},
        {"--coq-proofs", "DIR", "the Coq proof scripts DIR/<name>.v",
         "proofs/ beside the first rule file"},
        {"--cvc5", "", "re-check Z3's proofs with cvc5 (the default)", ""},
        {"--no-cvc5", "", "do not use cvc5, neither as a prover nor to re-check", ""},
        {"--cvc5-tlimit", "MS", "cvc5's time limit per obligation", "20000"},
        {"--z3-rlimit", "N", "Z3's resource limit per obligation", "1000000"},
        {"--timeout", "SECONDS",
         "wall-clock limit of each prover on one obligation: Z3 (its\n"
         "safeguard beside the rlimit), cvc5 (with --cvc5-tlimit, the\n"
         "smaller) and coqc; one that runs out answers unknown",
         "60 for Z3, 120 for coqc"},
        {"--allow-grid", "", "a rule only checked on the isl grid passes", ""},
        {"--grid-limit", "F", "enumerate factor constants in [-F, F] (at most 1000)", "16"},
        {"--no-grid", "", "no isl grid: a rule no prover decides is unknown", ""},
        {"--jobs", "N", "prove N rules at a time (1 to 256)",
         std::to_string(cores) + ", the number of cores"},
        {"--rule", "NAME", "prove only the rule or lemma named NAME", "all"},
        {"--shard", "I/N",
         "prove the rules and lemmas whose position (in file order) is I\n"
         "modulo N; N processes with I = 0..N-1 prove every one",
         "0/1"},
        {"--report", "FILE",
         "write a JSON line per rule or lemma of this shard to FILE (key,\n"
         "verdict, outcome, a digest of its text, the command proving it\n"
         "alone); 'provix report merge' sums the shards",
         "none"},
    };
    spec.max_positional = 1000;
    return spec;
}

/// The folder of the running executable (from /proc/self/exe), or empty.
fs::path executable_dir() {
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path() : exe.parent_path();
}

/// The rule files (`*.rules`) then the lemma files (`*.lemmas`) of `dir`,
/// each in name order.
std::vector<std::string> rule_files_in(const fs::path& dir) {
    std::vector<std::string> out;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return out;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        std::string ext = entry.path().extension().string();
        if (entry.is_regular_file() && (ext == ".rules" || ext == ".lemmas"))
            out.push_back(entry.path().string());
    }
    std::sort(out.begin(), out.end(), [](const std::string& a, const std::string& b) {
        bool la = fs::path(a).extension() == ".lemmas", lb = fs::path(b).extension() == ".lemmas";
        return la != lb ? lb : a < b;
    });
    return out;
}

/// A rule or a lemma to prove.
struct Item {
    std::optional<rules::Rule> rule;
    std::optional<rules::Lemma> lemma;
    const std::string& file() const { return rule ? rule->file : lemma->file; }
    const std::string& name() const { return rule ? rule->name : lemma->name; }
    const std::string& text() const { return rule ? rule->text : lemma->text; }
    int line() const { return rule ? rule->line : lemma->line; }
    std::string obligation() const {
        return rule ? solvers::rule_obligation_smtlib(*rule)
                    : solvers::lemma_obligation_smtlib(*lemma);
    }
    std::string coq_statement() const {
        return rule ? solvers::rule_coq_statement(*rule) : solvers::lemma_coq_statement(*lemma);
    }
    solvers::RuleResult prove(const solvers::ProverOptions& options) const {
        return rule ? solvers::prove_and_check(*rule, options)
                    : solvers::prove_and_check(*lemma, options);
    }
};

/// The rules this provix was built with: `<prefix>/share/provix/rules` next
/// to `<prefix>/bin/provix` in an installed tree, `<build>/share/provix/rules`
/// next to `<build>/provix` in a build tree. Empty if neither exists.
std::vector<std::string> default_rule_files(std::string* searched) {
    fs::path exe_dir = executable_dir();
    if (exe_dir.empty()) return {};
    for (const fs::path& dir : {exe_dir / "share" / "provix" / "rules",
                                exe_dir.parent_path() / "share" / "provix" / "rules"}) {
        *searched += (searched->empty() ? "" : ", ") + dir.string();
        std::vector<std::string> files = rule_files_in(dir);
        if (!files.empty()) return files;
    }
    return {};
}

/// `rules/floordiv.rules` + `fd_nested` -> `floordiv.fd_nested.smt2`.
std::string obligation_file_name(const std::string& rule_file, const std::string& rule) {
    return fs::path(rule_file).stem().string() + "." + rule + ".smt2";
}

/// `{"type":"summary",...}` for a run.
std::string summary_record(const std::vector<solvers::RuleResult>& results, double seconds) {
    solvers::ProveCounts c;
    int64_t lemmas = 0;
    for (const solvers::RuleResult& r : results) {
        lemmas += r.lemma ? 1 : 0;
        c.add(r);
    }
    JsonWriter w;
    w.begin_object()
        .field("type", "summary")
        .field("rules", static_cast<int64_t>(results.size()) - lemmas)
        .field("lemmas", lemmas)
        .field("passed", c.passed)
        .field("proven", c.proven)
        .field("checked_grid", c.grid)
        .field("refuted", c.refuted)
        .field("unknown", c.unknown)
        .field("vacuous", c.vacuous)
        .field("non_terminating", c.looping)
        .field("cvc5_contradictions", c.cvc5_contradictions)
        .field("all_passed", c.passed == c.total)
        .field("seconds", seconds)
        .end_object();
    return w.take() + "\n";
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

/// The prover's settings as given on the command line, in a fixed order.
std::string prover_settings(const Args& a) {
    std::string out;
    for (const char* name :
         {"--z3-rlimit", "--grid-limit", "--cvc5-tlimit", "--timeout", "--rule", "--coq-proofs"})
        if (a.has_value(name)) out += std::string(" ") + name + "=" + a.value(name);
    for (const char* name : {"--no-grid", "--allow-grid", "--no-cvc5"})
        if (a.has(name)) out += std::string(" ") + name;
    return out;
}

/// A rule's verdict as a campaign counts it: "passed", "unknown" when no
/// prover decided and nothing else failed, else "failed" (refuted, vacuous,
/// not terminating, contradicted by cvc5), as the summary counts it. Never
/// a pass when not passed.
const char* verdict_of(const solvers::RuleResult& r) {
    if (r.passed()) return "passed";
    const bool undecided =
        r.proof.verdict == solvers::RuleVerdict::Unknown && r.order.ok && !r.cvc5_disagrees;
    return undecided ? "unknown" : "failed";
}

/// The report line of the rule or lemma at `position`.
ReportRecord record_of(const Item& item, size_t position, const solvers::RuleResult& r,
                       const Args& a) {
    ReportRecord rec;
    rec.index = static_cast<int64_t>(position);
    rec.key = "prove/" + fs::path(item.file()).stem().string() + "/" + item.name();
    rec.digest = content_digest(item.text());
    rec.reproduce = "provix prove " + item.file() + " --rule " + item.name() + prover_settings(a);
    rec.verdict = verdict_of(r);
    // The outcome as `provix prove` prints it after `file:line: name: `.
    std::string text = solvers::format_rule_result(r);
    const std::string head = item.name() + ": ";
    size_t at = text.find(head);
    if (at != std::string::npos) {
        size_t end = text.find('\n', at);
        rec.kinds.push_back(text.substr(at + head.size(), end - at - head.size()));
    }
    if (!r.passed()) rec.detail = text;
    return rec;
}

/// The settings `provix prove` reads from its options.
struct ProveSettings {
    solvers::ProverOptions options;
    bool json = false;
    bool use_cvc5 = true;
    unsigned cvc5_tlimit_ms = 20000;
    size_t jobs = 1;
};

/// Reads the output format and the prover's options; reports a usage error
/// and returns nullopt on a bad value.
std::optional<ProveSettings> prove_settings(const Args& a, long long cores) {
    auto format = output_format(a);
    if (!format) {
        report_error("prove", format.error().message);
        return std::nullopt;
    }
    ProveSettings s;
    s.json = *format == OutputFormat::Json;
    auto rlimit = count_option(a, "--z3-rlimit", s.options.z3_rlimit);
    auto grid = count_option(a, "--grid-limit", s.options.factor_limit);
    auto tlimit = count_option(a, "--cvc5-tlimit", 20000);
    auto jobs = count_option(a, "--jobs", cores);
    if (!rlimit || !grid || !tlimit || !jobs) return std::nullopt;
    if (*jobs < 1 || *jobs > 256) {
        report_error("prove", "--jobs takes a value in [1, 256]");
        return std::nullopt;
    }
    for (const auto& [name, value, most] :
         {std::tuple<const char*, long long, long long>{"--z3-rlimit", *rlimit, 4'000'000'000LL},
          {"--grid-limit", *grid, 1000},
          {"--cvc5-tlimit", *tlimit, 4'000'000'000LL}}) {
        if (value > most) {
            report_error("prove", std::string(name) + " takes at most " + std::to_string(most) +
                                      ", got " + std::to_string(value));
            return std::nullopt;
        }
    }
    // 0 is "no limit" to both solvers: a proof obligation must stay bounded.
    if (*rlimit == 0 || *tlimit == 0) {
        report_error("prove", *rlimit == 0 ? "--z3-rlimit must be positive"
                                           : "--cvc5-tlimit must be positive");
        return std::nullopt;
    }
    if (a.has("--no-grid") && (a.has("--allow-grid") || a.has_value("--grid-limit"))) {
        report_error("prove", std::string("--no-grid contradicts ") +
                                  (a.has("--allow-grid") ? "--allow-grid" : "--grid-limit") +
                                  " (no grid: nothing to allow or to limit)");
        return std::nullopt;
    }
    // --timeout bounds each prover's wall-clock time on an obligation.
    if (a.has_value("--timeout")) {
        const std::optional<double> seconds = parse_timeout(a, "prove", 0, "--timeout");
        if (!seconds) return std::nullopt;
        const double ms = std::max(1.0, *seconds * 1000);
        // Each limit the smaller of its own and --timeout (fits: not above it).
        const auto capped = [ms](unsigned limit_ms) {
            return static_cast<unsigned>(std::min<double>(limit_ms, ms));
        };
        s.options.z3_timeout_ms = capped(s.options.z3_timeout_ms);
        *tlimit = static_cast<long long>(capped(static_cast<unsigned>(*tlimit)));
        s.options.coq_timeout_s = static_cast<unsigned>(
            std::min<double>(std::numeric_limits<unsigned>::max(), std::ceil(*seconds)));
    }
    s.options.z3_rlimit = static_cast<unsigned>(*rlimit);
    s.options.factor_limit = *grid;
    s.options.grid_fallback = !a.has("--no-grid");
    s.options.allow_grid = a.has("--allow-grid");
    s.options.cvc5_tlimit_ms = static_cast<unsigned>(*tlimit);
    s.cvc5_tlimit_ms = static_cast<unsigned>(*tlimit);
    s.use_cvc5 = !a.has("--no-cvc5");
    if (!s.use_cvc5) s.options.cvc5.clear();
    s.jobs = static_cast<size_t>(*jobs);
    return s;
}

/// The content of the Coq scripts in `dir` (every `*.v`, by name), as a
/// digest: the proofs a campaign ran with; "none" without a directory.
std::string coq_scripts_digest(const std::string& dir) {
    if (dir.empty()) return "none";
    std::error_code ec;
    std::vector<fs::path> scripts;
    for (const fs::directory_entry& e : fs::directory_iterator(dir, ec))
        if (e.path().extension() == ".v") scripts.push_back(e.path());
    std::sort(scripts.begin(), scripts.end());
    std::string all;
    for (const fs::path& p : scripts) {
        auto in = read_input(p.string());
        const std::string text = in ? in->text : std::string();  // unreadable: as empty
        all += p.filename().string() + ":" + std::to_string(text.size()) + ":" + text;
    }
    return content_digest(all);
}

/// The settings that decide a prove campaign's verdicts, as values.
std::string settings_fingerprint(const ProveSettings& s) {
    const solvers::ProverOptions& o = s.options;
    return " z3-rlimit=" + std::to_string(o.z3_rlimit) +
           " grid-limit=" + std::to_string(o.factor_limit) +
           " cvc5-tlimit=" + std::to_string(s.cvc5_tlimit_ms) + " grid=" +
           (o.allow_grid      ? "allowed"
            : o.grid_fallback ? "fallback"
                              : "none") +
           " cvc5=" + (s.use_cvc5 ? "on" : "off") + " coq=" + coq_scripts_digest(o.coq_proofs_dir);
}

/// The report header of a prove campaign over `all`: the rules' texts and
/// the prover's settings as values (a default given explicitly is the
/// default), with the Coq scripts' content.
ReportHeader report_header(const std::vector<Item>& all, const ProveSettings& s,
                           std::pair<int64_t, int64_t> shard) {
    std::string texts;
    for (const Item& r : all)
        texts += fs::path(r.file()).filename().string() + ":" + r.name() + ":" + r.text() + "\n";
    ReportHeader h;
    h.campaign = "prove";
    h.fingerprint = "rules=" + content_digest(texts) + settings_fingerprint(s);
    h.shard = shard.first;
    h.shards = shard.second;
    h.total = static_cast<int64_t>(all.size());
    h.version = version();
    return h;
}

/// The rule and lemma files given, else the installed ones; nullopt (after
/// reporting) when there are none.
std::optional<std::vector<std::string>> rule_files(const Args& a) {
    if (!a.positional.empty()) return a.positional;
    std::string searched;
    std::vector<std::string> files = default_rule_files(&searched);
    if (files.empty()) {
        report_error("prove", "no rule files given, and no *.rules or *.lemmas in " +
                                  (searched.empty() ? "the installed tree" : searched));
        return std::nullopt;
    }
    return files;
}

/// `--coq-proofs DIR`, else `proofs/` beside the first rule file if it exists.
std::string coq_proofs_dir(const Args& a, const std::string& first_file) {
    if (a.has_value("--coq-proofs")) return a.value("--coq-proofs");
    std::error_code ec;
    fs::path beside = fs::path(first_file).parent_path() / "proofs";
    return fs::is_directory(beside, ec) ? beside.string() : std::string();
}

/// Every rule and lemma of `files`, in order; nullopt (after reporting the
/// diagnostic) when a file cannot be read or parsed, or when the files hold
/// no rule and no lemma (passing on nothing proven would hide a wrong file
/// or glob).
std::optional<std::vector<Item>> read_items(const std::vector<std::string>& files) {
    std::vector<Item> all;
    std::string names;  // of the files read, as diagnostics name them
    for (const std::string& f : files) {
        auto in = read_input(f);
        if (!in) {
            report_error("prove", in.error().message);
            return std::nullopt;
        }
        names += (names.empty() ? "" : ", ") + in->name;
        if (fs::path(f).extension() == ".lemmas") {
            auto parsed_lemmas = rules::parse_lemmas(in->text, in->name);
            if (!parsed_lemmas) {
                report_diagnostic(parsed_lemmas.error().message);
                return std::nullopt;
            }
            for (rules::Lemma& l : *parsed_lemmas)
                all.push_back(Item{std::nullopt, std::move(l)});
            continue;
        }
        auto parsed_rules = rules::parse_rules(in->text, in->name);
        if (!parsed_rules) {
            report_diagnostic(parsed_rules.error().message);
            return std::nullopt;
        }
        for (rules::Rule& r : *parsed_rules)
            all.push_back(Item{std::move(r), std::nullopt});
    }
    if (all.empty()) {
        report_error("prove", "no rule or lemma in " + names);
        return std::nullopt;
    }
    // Rule and lemma names share one namespace across the files, as in the
    // engine's table: a trace, a proof script (NAME.v) and an obligation file
    // name one of them only.
    std::map<std::string, const Item*> first;
    for (const Item& item : all) {
        auto [at, fresh] = first.emplace(item.name(), &item);
        if (fresh) continue;
        report_diagnostic(item.file() + ":" + std::to_string(item.line()) +
                          ":1: error: duplicate name '" + item.name() + "' (first at " +
                          at->second->file() + ":" + std::to_string(at->second->line()) + ")\n" +
                          item.text() + "\n^");
        return std::nullopt;
    }
    return all;
}

/// Keeps only the item named by `--rule`, if given; false (after reporting)
/// when there is none of that name.
bool select_named(const Args& a, std::vector<Item>& all) {
    if (!a.has_value("--rule")) return true;
    std::vector<Item> named;
    for (Item& r : all)
        if (r.name() == a.value("--rule")) named.push_back(std::move(r));
    if (named.empty()) {
        report_error("prove", "no rule or lemma named '" + a.value("--rule") + "'");
        return false;
    }
    all = std::move(named);
    return true;
}

/// The folders obligations and Coq statements are written to. A temporary
/// obligation folder (for cvc5, without --smtlib) is removed on destruction,
/// or on a signal (solvers::TempDir).
class OutputDirs {
public:
    /// Chooses and creates the folders; false (after reporting) when one
    /// cannot be created.
    bool create(const Args& a, bool use_cvc5) {
        if (a.has_value("--smtlib")) {
            smt_ = a.value("--smtlib");
        } else if (use_cvc5) {
            temporary_.emplace();
            if (!temporary_->ok()) {
                report_error("prove", "cannot create a temporary folder for the obligations");
                return false;
            }
            smt_ = temporary_->path();
        }
        coq_ = a.has_value("--coq") ? fs::path(a.value("--coq")) : fs::path();
        for (const fs::path& dir : {smt_, coq_}) {
            if (dir.empty()) continue;
            std::error_code ec;
            fs::create_directories(dir, ec);
            if (ec) {
                report_error("prove", "cannot create '" + dir.string() + "': " + ec.message());
                return false;
            }
        }
        return true;
    }

    const fs::path& smt() const { return smt_; }
    const fs::path& coq() const { return coq_; }

private:
    fs::path smt_;
    fs::path coq_;
    std::optional<solvers::TempDir> temporary_;
};

/// Proves `item`, writes its obligation (re-checking Z3's proof with cvc5)
/// and its Coq statement where asked; `error` is set when a file cannot be
/// written.
solvers::RuleResult prove_item(const Item& item, const ProveSettings& s, const OutputDirs& dirs,
                               std::string& error) {
    solvers::RuleResult r = item.prove(s.options);
    if (!dirs.smt().empty()) {
        fs::path file = dirs.smt() / obligation_file_name(item.file(), item.name());
        auto written = write_output(file.string(), item.obligation());
        if (!written)
            error = written.error().message;
        else if (s.use_cvc5 && r.proof.backend == "z3")  // re-check Z3's verdict
            solvers::record_cvc5(r, solvers::run_cvc5(file.string(), s.cvc5_tlimit_ms));
    }
    if (!dirs.coq().empty() && error.empty()) {
        auto written =
            write_output((dirs.coq() / (item.name() + ".v")).string(), item.coq_statement());
        if (!written) error = written.error().message;
    }
    return r;
}

/// Proves the items at `position` in parallel (`s.jobs` threads, one Z3
/// and one isl context per item) and hands each result to `done` in
/// position order, as soon as its turn comes, while `progress` ticks.
/// Returns the results in order and the first file-writing error.
template <typename OnResult>
std::pair<std::vector<solvers::RuleResult>, std::string> prove_in_order(
    const std::vector<Item>& all, const std::vector<size_t>& position, const ProveSettings& s,
    const OutputDirs& dirs, Progress& progress, OnResult done) {
    const size_t n = position.size();
    std::vector<solvers::RuleResult> results(n);
    std::vector<std::string> errors(n);
    std::vector<char> finished(n, 0);
    std::mutex mutex;
    std::condition_variable ready;
    std::atomic<size_t> next{0};
    auto work = [&] {
        for (size_t i = next++; i < n; i = next++) {
            std::string error;
            solvers::RuleResult r = prove_item(all[position[i]], s, dirs, error);
            std::lock_guard<std::mutex> lock(mutex);
            results[i] = std::move(r);
            errors[i] = std::move(error);
            finished[i] = 1;
            ready.notify_all();
        }
    };
    std::vector<std::thread> threads;
    for (size_t t = 0; t < std::min(s.jobs, n); ++t)
        threads.emplace_back(work);
    std::string write_error;
    for (size_t i = 0; i < n; ++i) {
        std::unique_lock<std::mutex> lock(mutex);
        while (
            !ready.wait_for(lock, std::chrono::milliseconds(200), [&] { return finished[i] != 0; }))
            progress.tick();
        if (!errors[i].empty() && write_error.empty()) write_error = errors[i];
        done(i, results[i]);
    }
    for (std::thread& t : threads)
        t.join();
    return {std::move(results), std::move(write_error)};
}

/// Prints the summary, closes the report and writes the JUnit file; false
/// (after reporting) when something cannot be written.
bool finish_run(const Args& a, const ProveSettings& s,
                const std::vector<solvers::RuleResult>& results, double seconds, std::ostream& out,
                std::optional<ReportWriter>& report) {
    if (s.json) {
        out << summary_record(results, seconds) << std::flush;
    } else {
        char timing[64];
        std::snprintf(timing, sizeof timing, " (%.2f s)", seconds);
        out << solvers::summary_line(results) << timing << "\n" << std::flush;
    }
    if (report) {
        auto finished = report->finish();
        if (!finished) {
            report_error("prove", finished.error().message);
            return false;
        }
    }
    if (a.has_value("--junit")) {
        if (!write_or_report("prove", a.value("--junit"), solvers::junit_report(results, seconds)))
            return false;
    }
    return standard_output_ok("prove");
}

}  // namespace

int run_prove(const std::vector<std::string>& argv) {
    // Interrupted, the command leaves no temporary folder behind.
    solvers::remove_temp_dirs_on_signal();
    const long long cores = std::max(1u, std::thread::hardware_concurrency());
    int exit = kExitSuccess;
    auto parsed = start_command(argv, "prove", prove_spec(cores), kProveHelp, &exit);
    if (!parsed) return exit;
    const Args& a = *parsed;
    std::optional<ProveSettings> settings = prove_settings(a, cores);
    if (!settings) return kExitUsage;
    ProveSettings& s = *settings;

    auto files = rule_files(a);
    if (!files) return kExitUsage;
    s.options.coq_proofs_dir = coq_proofs_dir(a, files->front());
    auto items = read_items(*files);
    if (!items || !select_named(a, *items)) return kExitUsage;
    const std::vector<Item>& all = *items;
    std::pair<int64_t, int64_t> shard{0, 1};
    if (a.has_value("--shard")) {
        auto parsed_shard = parse_shard(a.value("--shard"));
        if (!parsed_shard) {
            report_error("prove", parsed_shard.error().message);
            return kExitUsage;
        }
        shard = *parsed_shard;
    }
    // Checked now, not after the run.
    if (a.has_value("--junit") && !writable_or_report("prove", a.value("--junit")))
        return kExitUsage;
    std::optional<ReportWriter> report;
    if (a.has_value("--report")) {
        auto w = ReportWriter::open(a.value("--report"), report_header(all, s, shard));
        if (!w) {
            report_error("prove", w.error().message);
            return kExitUsage;
        }
        report.emplace(std::move(*w));
    }
    // This shard's rules: positions shard.first, shard.first + N, ...
    std::vector<size_t> position;
    for (size_t i = static_cast<size_t>(shard.first); i < all.size();
         i += static_cast<size_t>(shard.second)) {
        position.push_back(i);
    }
    OutputDirs dirs;
    if (!dirs.create(a, s.use_cvc5)) return kExitUsage;

    auto start = std::chrono::steady_clock::now();
    Progress progress("provix prove", "rules", static_cast<int64_t>(position.size()),
                      Progress::on_terminal());
    ProgressClearingBuf stdout_buf(std::cout.rdbuf(), &progress);
    std::ostream out(&stdout_buf);
    int64_t failed = 0, unknown = 0;
    auto [results, write_error] = prove_in_order(
        all, position, s, dirs, progress, [&](size_t i, const solvers::RuleResult& r) {
            if (s.json) {
                JsonWriter w;
                write_rule_result(w, r);
                out << w.take() << "\n" << std::flush;
            } else {
                out << solvers::format_rule_result(r) << std::flush;
            }
            const std::string verdict = verdict_of(r);
            failed += verdict == "failed" ? 1 : 0;
            unknown += verdict == "unknown" ? 1 : 0;
            if (report) report->add(record_of(all[position[i]], position[i], r, a));
            progress.update(static_cast<int64_t>(i + 1), std::to_string(failed) + " failed, " +
                                                             std::to_string(unknown) + " unknown");
        });
    progress.finish();
    if (!write_error.empty()) {
        report_error("prove", write_error);
        return kExitUsage;
    }
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!finish_run(a, s, results, seconds, out, report)) return kExitUsage;
    return failed == 0 && unknown == 0 ? kExitSuccess : kExitCheckFailed;
}

}  // namespace provix::cli
