#pragma once
/// \file
/// Campaign reports: `provix fuzz --report FILE` and `provix prove --report
/// FILE` write one JSON line per case (rule) of their shard, between a header
/// line (what the campaign is, which shard) and a footer line (the shard's
/// counts, written last, so a shard that died has none); `provix report
/// merge` reads the shards of one campaign back, checks that they fit
/// together, and sums them.
///
///     {"type":"header","campaign":"fuzz","fingerprint":"seed=7 cases=8
///     ...","shard":1,"shards":4,"total":8,"records":"all","version":"0.1.0"}
///     {"type":"case","index":1,"key":"fuzz/seed=7/case=1","verdict":"passed","kinds":[],"digest":"9f0c...","reproduce":"provix
///     fuzz --seed 7 --case 1"}
///     {"type":"case","index":5,...}
///     {"type":"footer","passed":2,"failed":0,"unknown":0}
///
/// Records are content-addressed: `key` names the case within its campaign
/// (seed and case index, or rule file and name) and `digest` is a hash of the
/// case itself (the generated map's text, or the rule's text), so the same
/// key with another digest means another generator or rule set.

#include <cstdint>
#include <fstream>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "provix/result.h"
#include "provix/semantics.h"

namespace provix::cli {

/// What every shard of one campaign shares, and which shard this is.
struct ReportHeader {
    /// `"fuzz"` or `"prove"`.
    std::string campaign;
    /// Everything that decides the cases and their verdicts (seed, case
    /// count, generator and oracle settings; the rule set's digest and the
    /// prover's settings); shards must agree on it.
    std::string fingerprint;
    int64_t shard = 0;
    int64_t shards = 1;
    /// Cases (rules) in the whole campaign; the shard holds the indices
    /// `i < total` with `i mod shards == shard`.
    int64_t total = 0;
    /// Only cases that did not pass get a record (for campaigns of 10^8
    /// cases and more); the footer still counts every case.
    bool findings_only = false;
    std::string version;
};

/// One case (or rule).
struct ReportRecord {
    /// The case index, or the rule's position in the campaign's rule list.
    int64_t index = 0;
    /// The case's name in its campaign: `fuzz/seed=7/case=12`, `prove/mod/mod_nested`.
    std::string key;
    /// `"passed"`, `"failed"` or `"unknown"` (never a pass).
    std::string verdict;
    /// Failure kinds (`range`, `unsound`, ...) or the proof's outcome.
    std::vector<std::string> kinds;
    /// `content_digest` of the case's content.
    std::string digest;
    /// The command that reruns this case alone.
    std::string reproduce;
    /// What went wrong, for a case that did not pass (may be empty).
    std::string detail;
};

/// Cases of a shard by verdict.
struct ReportCounts {
    int64_t passed = 0;
    int64_t failed = 0;
    int64_t unknown = 0;
    /// The sum, or nullopt when a count is negative or the sum exceeds int64
    /// (counts read from a file).
    std::optional<int64_t> total() const {
        if (passed < 0 || failed < 0 || unknown < 0) return std::nullopt;
        auto sum = checked_add(passed, failed);
        return sum ? checked_add(*sum, unknown) : std::nullopt;
    }
};

/// A 64-bit FNV-1a hash of `content` as 16 hex digits:
/// `content_digest("") == "cbf29ce484222325"`.
std::string content_digest(std::string_view content);

/// The number of case indices `i < total` with `i mod shards == shard`.
int64_t shard_size(int64_t total, int64_t shard, int64_t shards);

/// Parses `I/N` (0 <= I < N): `parse_shard("1/4")` gives {1, 4}.
Result<std::pair<int64_t, int64_t>> parse_shard(const std::string& text);

/// Writes one shard's report, a line per record, flushed as it goes.
class ReportWriter {
public:
    /// Creates (truncates) `path` and writes the header line.
    static Result<ReportWriter> open(const std::string& path, const ReportHeader& header);

    /// Counts `r` and writes its line (unless the report holds findings only
    /// and `r` passed).
    void add(const ReportRecord& r);
    /// Writes the footer with the counts and closes the file; an error if
    /// anything could not be written.
    Result<ReportCounts> finish();

private:
    ReportHeader header_;
    std::string path_;
    std::unique_ptr<std::ofstream> out_;
    ReportCounts counts_;
};

/// One campaign summed from its shards.
struct MergedReport {
    /// The campaign (its shard field is meaningless).
    ReportHeader campaign;
    ReportCounts counts;
    /// Records of the cases that did not pass, by index.
    std::vector<ReportRecord> not_passed;
    /// Records read (every case unless findings only).
    int64_t records = 0;
};

/// A report to merge: a name for messages and its lines; without a
/// stream, the file `name`, opened when its turn comes and closed after it
/// (a merge of thousands of shards holds one file open at a time).
struct ReportSource {
    std::string name;
    std::istream* in = nullptr;
};

/// Reads shard reports and checks that they are the shards of one campaign:
/// every file a complete report (header, records, footer), the same
/// campaign, fingerprint, version and shard count in all, every shard
/// present once, each record in its shard and read once, the footer counts
/// matching the records and the shard's size. The error lists every problem
/// found, one per line, naming the files. Reports are streamed: memory is a
/// bit per case of the campaign plus the records of cases that did not pass
/// (10^6 lines: about 1 s and 6 MB).
Result<MergedReport> merge_reports(const std::vector<ReportSource>& sources);

/// The merged totals: a line naming the campaign and its shards, each case
/// that failed (its key, kinds and reproducer), then `K unknown` and, last,
/// `N passed, M failed`.
std::string format_merged(const MergedReport& merged);

/// The merged totals as JSON Lines: a `"case"` line per case that did not
/// pass (as in the reports), then `{"type":"summary","campaign":"fuzz",
/// "fingerprint":...,"shards":N,"total":T,"records":R,"passed":P,
/// "failed":F,"unknown":U}`.
std::string format_merged_json(const MergedReport& merged);

}  // namespace provix::cli
