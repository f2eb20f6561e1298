#pragma once
/// \file
/// The differential campaign behind `provix fuzz`: case i of seed S is
/// generated from `case_seed(S, i)`, printed, parsed
/// back and checked (`CaseChecker`); failures are shrunk and written as
/// regression files; the figures are summed into `CampaignStats`.
/// Shards split the cases of one campaign: shard i/n runs the cases whose
/// index is i modulo n, so n processes together run the same campaign.
///
///     CampaignOptions o;
///     o.seed = 7;
///     o.cases = 2000;
///     CampaignStats s = run_campaign(o, std::cout);
///     print_summary(s, std::cout);   // ends with "2000 passed, 0 failed"

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "provix/fuzz/checker.h"
#include "provix/fuzz/generator.h"
#include "provix/solvers/oracle.h"

namespace provix::fuzz {

/// One checked case, as `CampaignOptions::on_case` sees it.
struct CaseOutcome {
    /// The case index (campaign), or the map's number in its file (replay, from 1).
    int64_t index = 0;
    /// Replay: the regression file the map came from; campaign: empty.
    std::string file;
    const CaseReport* report = nullptr;
    /// Wall-clock time of the check (shrinking included).
    double seconds = 0;
    /// Campaign: the command that reruns the case alone.
    std::string reproduce;
    /// The shrunk map of a failure (empty when not shrunk).
    std::string shrunk_map;
    /// The regression file written for a failure (empty when none).
    std::string regression_file;
};

/// What to run.
struct CampaignOptions {
    uint64_t seed = 1;
    int64_t cases = 1000;
    /// Shard `shard_index` of `shard_count` (0 <= shard_index < shard_count).
    int64_t shard_index = 0;
    int64_t shard_count = 1;
    /// If >= 0, run only this case index (shards ignored).
    int64_t only_case = -1;
    /// Where shrunk failures are written (`""`: not written).
    std::string regression_dir;
    bool shrink = true;
    int64_t max_shrink_checks = 400;
    /// isl with the Z3 fallback instead of isl alone.
    bool exact_oracle = false;
    solvers::Limits limits = default_limits();
    /// Check each case (and each check of its shrinking) in a child process
    /// killed after `case_timeout_seconds` (isolated_check.h): a case whose
    /// checks hang is unknown, one that crashes fails (`crash`), and the
    /// campaign goes on. False: in this process, where a crash ends the
    /// campaign (after printing the case) and nothing bounds isl's
    /// arithmetic.
    bool isolate_cases = true;
    /// The wall-clock limit of one case's checks in its child process; each
    /// oracle decision has its own, smaller limit (`limits`).
    double case_timeout_seconds = 300;
    GeneratorOptions generator;
    /// Print a progress line to the progress stream every this many cases (0: never).
    int64_t progress_every = 0;
    /// Print every miss (else only the first few of each kind).
    bool verbose = false;
    /// Called after every case, once its report is printed (progress,
    /// machine-readable output); may be empty.
    std::function<void(const CaseOutcome&)> on_case;

    /// The command that reruns case `index` alone:
    /// `provix fuzz --seed 7 --case 12` (plus generator flags in use).
    std::string reproduce_command(int64_t index) const;

    /// The campaign's default budgets and a 10-second wall-clock limit per
    /// decision: smaller than the oracle's, so one pathological case cannot
    /// stall a campaign (it becomes `unknown`).
    static solvers::Limits default_limits() {
        solvers::Limits l;
        l.isl_max_operations = 1'000'000;
        l.z3_rlimit = 5'000'000;
        l.timeout_seconds = 10;
        return l;
    }
};

/// The figures of a campaign (or of a replay of regression files).
struct CampaignStats {
    int64_t cases = 0;
    int64_t passed = 0;
    int64_t failed = 0;
    int64_t unknown = 0;
    /// Cases with no failure, no miss and every completeness check decided.
    int64_t fully_simplified = 0;
    /// Cases whose completeness checks were all decided.
    int64_t completeness_decided = 0;
    /// Cases that exhaustive evaluation compared (small domains).
    int64_t enumerated = 0;
    /// Per edge template: cases that got it, and how many of them failed.
    std::map<std::string, std::pair<int64_t, int64_t>> edge_templates;
    std::map<std::string, int64_t> failure_kinds;
    std::map<std::string, int64_t> miss_kinds;
    /// Cases whose domain isl proved empty, and how many of those the
    /// engine made KNOWN EMPTY; `built_empty` were known empty when built.
    int64_t exact_empty = 0;
    int64_t engine_detected_empty = 0;
    int64_t built_empty = 0;
    /// Engine range size / exact range size, one per finite exact range.
    std::vector<double> widening;
    /// Exact ranges isl found finite but the engine reported unbounded.
    int64_t unbounded_ranges = 0;
    /// Cases whose regression files were written.
    std::vector<std::string> regression_files;
    double seconds = 0;

    /// Adds one case's report (`edge_template`: the generator's template
    /// in that case, `""` for none).
    void add(const CaseReport& r, const std::string& edge_template = "");
};

/// Runs the campaign, printing each failure (with its seed, the command
/// that reproduces it and the shrunk ready-to-paste case) to `out`.
CampaignStats run_campaign(const CampaignOptions& options, std::ostream& out,
                           std::ostream* progress = nullptr);

/// A regression file as read once: its name (in the report) and its text.
struct ReplayFile {
    std::string name;
    std::string text;
};

/// Checks every map of the given regression files, printing failures. A
/// map that does not parse counts as a failed case (`provix fuzz --replay`
/// refuses such files as input errors before calling this).
CampaignStats replay_files(const std::vector<ReplayFile>& files, const CampaignOptions& options,
                           std::ostream& out);

/// The completeness summary, then `K unknown`, then `N passed, M failed`
/// (that last line alone, exactly in that format).
void print_summary(const CampaignStats& stats, std::ostream& out);

/// The texts of the maps of a file, split as the parser splits them
/// (split_map_texts: lines `// -----`, any line ending); chunks with only
/// comments and blank lines are dropped. A text the lexer refuses is one
/// chunk (its check reports the diagnostic).
std::vector<std::string> split_maps(const std::string& text);

/// The regression file for a shrunk failure: a comment header naming the
/// kind, the seed and case and the command that reproduces it, then the map.
std::string regression_file_text(const std::string& kind, uint64_t seed, int64_t case_index,
                                 const std::string& reproduce, const std::string& map_text);

/// Where a campaign writes the regression file of case `case_index`:
/// `regression_file_path("regs", "unsound", 7, 12)` is
/// `"regs/unsound-s7-c12.map"`.
std::string regression_file_path(const std::string& dir, const std::string& kind, uint64_t seed,
                                 int64_t case_index);

/// Writes a regression file whole or not at all (its folder made if need
/// be): into a file beside `path`, renamed over it only once every byte is
/// written, so a failed write (a full disk, a file-size limit) leaves no
/// cut-off file that a later replay would read as another map. False on
/// any failure. `write_regression_file("regs/unsound-s7-c12.map", text)`
bool write_regression_file(const std::string& path, const std::string& text);

}  // namespace provix::fuzz
