// Campaign reports: writing one shard, merging shards (see campaign_report.h).

#include "campaign_report.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <istream>
#include <map>
#include <optional>
#include <sstream>
#include <type_traits>
#include <unordered_set>

#include "args.h"
#include "json_reader.h"
#include "json_writer.h"
#include "provix/parser.h"

namespace provix::cli {

namespace {

std::string header_line(const ReportHeader& h) {
    JsonWriter w;
    w.begin_object()
        .field("type", "header")
        .field("campaign", h.campaign)
        .field("fingerprint", h.fingerprint)
        .field("shard", h.shard)
        .field("shards", h.shards)
        .field("total", h.total)
        .field("records", h.findings_only ? "findings" : "all")
        .field("version", h.version)
        .end_object();
    return w.take();
}

std::string record_line(const ReportRecord& r) {
    JsonWriter w;
    w.begin_object()
        .field("type", "case")
        .field("index", r.index)
        .field("key", r.key)
        .field("verdict", r.verdict)
        .key("kinds")
        .begin_array();
    for (const std::string& k : r.kinds)
        w.value(k);
    w.end_array().field("digest", r.digest).field("reproduce", r.reproduce);
    if (!r.detail.empty()) w.field("detail", r.detail);
    w.end_object();
    return w.take();
}

std::string footer_line(const ReportCounts& c) {
    JsonWriter w;
    w.begin_object()
        .field("type", "footer")
        .field("passed", c.passed)
        .field("failed", c.failed)
        .field("unknown", c.unknown)
        .end_object();
    return w.take();
}

/// What is kept of one shard's report: its header and footer, the counts of
/// its records, and the records of cases that did not pass.
struct ShardSummary {
    std::string file;
    ReportHeader header;
    bool has_header = false;
    bool has_footer = false;
    ReportCounts footer;
    ReportCounts seen;
    int64_t records = 0;
    std::vector<ReportRecord> not_passed;
};

/// Reads member `name` of `v` into `out` (a string or an integer); false if
/// absent or of another type.
template <typename T>
bool read_member(const JsonValue& v, const char* name, T& out) {
    const JsonValue* m = v.get(name);
    if (!m) return false;
    std::optional<T> value;
    if constexpr (std::is_same_v<T, std::string>) {
        value = m->as_string();
    } else {
        value = m->as_int();
    }
    if (!value) return false;
    out = *value;
    return true;
}

bool read_string(const JsonValue& v, const char* name, std::string& out) {
    return read_member(v, name, out);
}

bool read_int(const JsonValue& v, const char* name, int64_t& out) {
    return read_member(v, name, out);
}

bool read_header(const JsonValue& v, ReportHeader& h) {
    std::string records;
    if (!read_string(v, "campaign", h.campaign) || !read_string(v, "fingerprint", h.fingerprint) ||
        !read_int(v, "shard", h.shard) || !read_int(v, "shards", h.shards) ||
        !read_int(v, "total", h.total) || !read_string(v, "records", records) ||
        !read_string(v, "version", h.version) || (h.campaign != "fuzz" && h.campaign != "prove") ||
        h.shards < 1 || h.shard < 0 || h.shard >= h.shards || h.total < 0 ||
        (records != "all" && records != "findings")) {
        return false;
    }
    h.findings_only = records == "findings";
    return true;
}

bool read_record(const JsonValue& v, ReportRecord& r) {
    if (!read_int(v, "index", r.index) || !read_string(v, "key", r.key) ||
        !read_string(v, "verdict", r.verdict) || !read_string(v, "digest", r.digest) ||
        !read_string(v, "reproduce", r.reproduce) ||
        (r.verdict != "passed" && r.verdict != "failed" && r.verdict != "unknown")) {
        return false;
    }
    if (const JsonValue* k = v.get("kinds")) {
        for (const JsonValue& item : k->items) {
            if (!item.as_string()) return false;  // a kind is a string
            r.kinds.push_back(*item.as_string());
        }
    }
    // The texts printed one per line: a line break in one would forge lines.
    for (const std::string* text : {&r.key, &r.reproduce}) {
        if (text->find_first_of("\r\n") != std::string::npos) return false;
    }
    for (const std::string& kind : r.kinds) {
        if (kind.find_first_of("\r\n") != std::string::npos) return false;
    }
    read_string(v, "detail", r.detail);
    return true;
}

/// The key a record of case `index` has in a campaign with header `h`:
/// `fuzz/seed=S/case=K` for a fuzz campaign whose fingerprint names its
/// seed S; otherwise (a prove campaign names its rules) only the prefix
/// `<campaign>/` is known, and nullopt is returned.
std::optional<std::string> expected_key(const ReportHeader& h, int64_t index) {
    if (h.campaign != "fuzz") return std::nullopt;
    std::istringstream words(h.fingerprint);
    for (std::string word; words >> word;) {
        if (word.rfind("seed=", 0) == 0) {
            return "fuzz/" + word + "/case=" + std::to_string(index);
        }
    }
    return std::nullopt;
}

/// Why the key of record `r` does not name its case, if it does not: the
/// key names the case in the merged report's lines, so one that names
/// another case would put its failure on the wrong case.
std::optional<std::string> key_problem(const ReportHeader& h, const ReportRecord& r) {
    const std::optional<std::string> key = expected_key(h, r.index);
    if (key ? r.key == *key : r.key.rfind(h.campaign + "/", 0) == 0) return std::nullopt;
    return "case " + std::to_string(r.index) + ": its key '" + r.key +
           "' does not name it (expected '" + (key ? *key : h.campaign + "/...") + "')";
}

/// Every case index seen so far, to find a case reported twice without
/// keeping the records (a set of the indices read: its size follows the
/// records, not the campaign's total a header claims).
class SeenCases {
public:
    /// False if `index` was seen before (true if outside [0, total)).
    bool insert(int64_t index, int64_t total) {
        if (index < 0 || index >= total) return true;  // reported as outside its shard
        return seen_.insert(index).second;
    }

private:
    std::unordered_set<int64_t> seen_;
};

/// Streams one report; problems go to `errors`, cases seen twice (across
/// all reports) to `twice`.
ShardSummary read_shard(const ReportSource& src, SeenCases& seen_cases,
                        std::vector<std::string>& errors, std::vector<std::string>& twice) {
    ShardSummary s;
    s.file = src.name;
    std::string line;
    int line_no = 0;
    int outside = 0;
    auto problem = [&](const std::string& what) {
        errors.push_back(src.name + ":" + std::to_string(line_no) + ": " + what);
    };
    while (std::getline(*src.in, line)) {
        ++line_no;
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        auto v = parse_json(line);
        std::string type;
        if (!v || !read_string(*v, "type", type)) {
            problem(v ? "a line without a \"type\"" : "not JSON: " + v.error().message);
            if (!s.has_header) break;  // not a report: one message is enough
            continue;
        }
        if (s.has_footer) {
            problem("a line after the footer");
        } else if (type == "header") {
            if (s.has_header) {
                problem("a second header");
            } else if (!read_header(*v, s.header)) {
                problem("a malformed header");
                break;
            } else {
                s.has_header = true;
            }
        } else if (!s.has_header) {
            problem("no header before the first record");
            break;
        } else if (type == "case") {
            ReportRecord r;
            if (!read_record(*v, r)) {
                problem("a malformed case record");
                continue;
            }
            ++s.records;
            const ReportHeader& h = s.header;
            if (auto wrong = key_problem(h, r)) problem(*wrong);
            if (r.index < 0 || r.index >= h.total || r.index % h.shards != h.shard) {
                if (++outside <= 5) {
                    problem("case " + std::to_string(r.index) + " is not in shard " +
                            std::to_string(h.shard) + "/" + std::to_string(h.shards));
                }
            } else if (!seen_cases.insert(r.index, h.total)) {
                twice.push_back(src.name + ": case " + std::to_string(r.index) + " (" + r.key +
                                ") is reported twice");
            }
            if (r.verdict == "passed") {
                ++s.seen.passed;
            } else {
                ++(r.verdict == "failed" ? s.seen.failed : s.seen.unknown);
                s.not_passed.push_back(std::move(r));
            }
        } else if (type == "footer") {
            if (!read_int(*v, "passed", s.footer.passed) ||
                !read_int(*v, "failed", s.footer.failed) ||
                !read_int(*v, "unknown", s.footer.unknown)) {
                problem("a malformed footer");
            } else {
                s.has_footer = true;
            }
        } else {
            problem("unknown line type '" + type + "'");
        }
    }
    if (outside > 5) {
        errors.push_back(src.name + ": ... and " + std::to_string(outside - 5) +
                         " more cases outside the shard");
    }
    if (!s.has_header) {
        errors.push_back(src.name + ": not a provix campaign report (no header line)");
    } else if (!s.has_footer) {
        errors.push_back(src.name + ": shard " + std::to_string(s.header.shard) + "/" +
                         std::to_string(s.header.shards) +
                         " has no footer: it did not finish (rerun that shard)");
    }
    return s;
}

/// Checks a shard's counts: its footer against its size and its records.
void check_shard(const ShardSummary& s, std::vector<std::string>& errors) {
    const ReportHeader& h = s.header;
    const std::string name =
        s.file + ": shard " + std::to_string(h.shard) + "/" + std::to_string(h.shards);
    const int64_t expected = shard_size(h.total, h.shard, h.shards);
    const std::optional<int64_t> counted = s.footer.total();
    if (!counted) {
        errors.push_back(name + ": its footer's counts are negative or exceed int64");
    } else if (*counted != expected) {
        errors.push_back(name + " counts " + std::to_string(*counted) + " cases, the shard has " +
                         std::to_string(expected));
    }
    const bool counts_match =
        s.seen.failed == s.footer.failed && s.seen.unknown == s.footer.unknown &&
        (h.findings_only ? s.seen.passed == 0 : s.seen.passed == s.footer.passed);
    if (!counts_match) errors.push_back(name + ": its records do not match its footer's counts");
}

Error merge_error(const std::vector<std::string>& errors) {
    std::string all;
    for (const std::string& e : errors)
        all += e + "\n";
    return Error::invalid(all);
}

}  // namespace

std::string content_digest(std::string_view content) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (unsigned char c : content) {
        h ^= c;
        h *= 0x100000001b3ULL;
    }
    static const char* hex = "0123456789abcdef";
    std::string out(16, '0');
    for (int i = 15; i >= 0; --i) {
        out[static_cast<size_t>(i)] = hex[h & 0xF];
        h >>= 4;
    }
    return out;
}

int64_t shard_size(int64_t total, int64_t shard, int64_t shards) {
    if (shard >= total) return 0;
    return (total - shard - 1) / shards + 1;  // shard, shard + shards, ... up to total - 1
}

Result<std::pair<int64_t, int64_t>> parse_shard(const std::string& text) {
    const Error bad = Error::invalid("--shard expects I/N with 0 <= I < N, got '" + text + "'");
    size_t slash = text.find('/');
    if (slash == std::string::npos) return bad;
    auto i = parse_count(text.substr(0, slash), "--shard");
    auto n = parse_count(text.substr(slash + 1), "--shard");
    if (!i || !n || *n == 0 || *i >= *n) return bad;
    return std::pair<int64_t, int64_t>{*i, *n};
}

Result<ReportWriter> ReportWriter::open(const std::string& path, const ReportHeader& header) {
    ReportWriter w;
    w.header_ = header;
    w.path_ = path;
    w.out_ = std::make_unique<std::ofstream>(path, std::ios::out | std::ios::trunc);
    if (!*w.out_) return Error::invalid("cannot write the report '" + path + "'");
    *w.out_ << header_line(header) << '\n' << std::flush;
    return Result<ReportWriter>(std::move(w));
}

void ReportWriter::add(const ReportRecord& r) {
    if (r.verdict == "passed") {
        ++counts_.passed;
        if (header_.findings_only) return;
    } else if (r.verdict == "failed") {
        ++counts_.failed;
    } else {
        ++counts_.unknown;
    }
    *out_ << record_line(r) << '\n' << std::flush;
}

Result<ReportCounts> ReportWriter::finish() {
    *out_ << footer_line(counts_) << '\n';
    out_->close();
    if (!*out_) return Error::invalid("could not write the report '" + path_ + "'");
    return counts_;
}

Result<MergedReport> merge_reports(const std::vector<ReportSource>& sources) {
    if (sources.empty()) return Error::invalid("no reports to merge");
    std::vector<std::string> errors;
    std::vector<std::string> twice;
    SeenCases seen_cases;
    std::vector<ShardSummary> shards;
    for (const ReportSource& src : sources) {
        if (src.in) {
            shards.push_back(read_shard(src, seen_cases, errors, twice));
            continue;
        }
        std::ifstream file(src.name);
        if (!file) {
            errors.push_back(src.name + ": cannot open it: " + std::strerror(errno));
            continue;
        }
        shards.push_back(read_shard({src.name, &file}, seen_cases, errors, twice));
    }
    if (!errors.empty()) return merge_error(errors);

    const ReportHeader& first = shards[0].header;
    std::map<int64_t, std::vector<std::string>> files_of_shard;
    for (const ShardSummary& s : shards) {
        const ReportHeader& h = s.header;
        if (h.campaign != first.campaign || h.fingerprint != first.fingerprint ||
            h.version != first.version || h.shards != first.shards || h.total != first.total ||
            h.findings_only != first.findings_only) {
            // Only what differs, each side's value.
            std::string diff;
            auto differ = [&](const char* what, const std::string& mine,
                              const std::string& theirs) {
                if (mine == theirs) return;
                diff += std::string(diff.empty() ? "" : "; ") + what + " " + mine + " against " +
                        theirs;
            };
            differ("campaign", h.campaign, first.campaign);
            differ("fingerprint", "'" + h.fingerprint + "'", "'" + first.fingerprint + "'");
            differ("version", h.version, first.version);
            differ("shards", std::to_string(h.shards), std::to_string(first.shards));
            differ("total", std::to_string(h.total), std::to_string(first.total));
            differ("records", h.findings_only ? "findings" : "all",
                   first.findings_only ? "findings" : "all");
            errors.push_back(s.file + ": another campaign than " + shards[0].file + " (" + diff +
                             ")");
            continue;
        }
        files_of_shard[h.shard].push_back(s.file);
        check_shard(s, errors);
    }
    bool shard_twice = false;
    // In shard order: each shard given twice, and the first few missing
    // ones (a header may claim any number of shards: past those, the loop
    // jumps from one shard given to the next).
    const int64_t missing = first.shards - static_cast<int64_t>(files_of_shard.size());
    int64_t missing_listed = 0;
    auto name_of = [&](int64_t i) {
        return "shard " + std::to_string(i) + "/" + std::to_string(first.shards);
    };
    for (int64_t i = 0; i < first.shards; ++i) {
        auto it = files_of_shard.lower_bound(i);
        if (it == files_of_shard.end() || it->first != i) {
            if (missing_listed < 5) {
                errors.push_back(name_of(i) + " is missing");
                ++missing_listed;
                continue;
            }
            if (it == files_of_shard.end()) break;
            i = it->first;  // the next shard given
        }
        if (it->second.size() > 1) {
            shard_twice = true;
            std::string list;
            for (const std::string& f : it->second)
                list += (list.empty() ? "" : ", ") + f;
            errors.push_back(name_of(i) + " appears " + std::to_string(it->second.size()) +
                             " times (" + list + ")");
        }
    }
    if (missing > missing_listed) {
        errors.push_back("... and " + std::to_string(missing - missing_listed) +
                         " more shards are missing");
    }
    // Cases reported twice follow from a shard given twice; otherwise they
    // are listed (a few).
    if (!shard_twice) {
        for (size_t i = 0; i < twice.size() && i < 5; ++i)
            errors.push_back(twice[i]);
        if (twice.size() > 5) {
            errors.push_back("... and " + std::to_string(twice.size() - 5) +
                             " more cases reported twice");
        }
    }
    if (!errors.empty()) return merge_error(errors);

    MergedReport merged;
    merged.campaign = first;
    for (ShardSummary& s : shards) {
        merged.counts.passed += s.footer.passed;
        merged.counts.failed += s.footer.failed;
        merged.counts.unknown += s.footer.unknown;
        merged.records += s.records;
        for (ReportRecord& r : s.not_passed)
            merged.not_passed.push_back(std::move(r));
    }
    std::sort(merged.not_passed.begin(), merged.not_passed.end(),
              [](const ReportRecord& a, const ReportRecord& b) { return a.index < b.index; });
    return merged;
}

std::string format_merged(const MergedReport& m) {
    const ReportHeader& c = m.campaign;
    // The texts come from the reports: bytes that do not print are escaped.
    std::string out = "provix report merge: " + c.campaign + " '" + printable_text(c.fingerprint) +
                      "', " + std::to_string(c.shards) + " shard" + (c.shards == 1 ? "" : "s") +
                      ", " + std::to_string(c.total) + " case" + (c.total == 1 ? "" : "s") + "\n";
    for (const ReportRecord& r : m.not_passed) {
        if (r.verdict != "failed") continue;
        out += "FAIL " + printable_text(r.key) + ":";
        for (const std::string& k : r.kinds)
            out += " " + printable_text(k);
        out += "\n  digest " + printable_text(r.digest) +
               "\n  reproduce: " + printable_text(r.reproduce) + "\n";
    }
    out += std::to_string(m.counts.unknown) + " unknown\n";
    out += std::to_string(m.counts.passed) + " passed, " + std::to_string(m.counts.failed) +
           " failed\n";
    return out;
}

std::string format_merged_json(const MergedReport& m) {
    std::string out;
    for (const ReportRecord& r : m.not_passed)
        out += record_line(r) + "\n";
    const ReportHeader& c = m.campaign;
    JsonWriter w;
    w.begin_object()
        .field("type", "summary")
        .field("campaign", c.campaign)
        .field("fingerprint", c.fingerprint)
        .field("shards", c.shards)
        .field("total", c.total)
        .field("records", m.records)
        .field("passed", m.counts.passed)
        .field("failed", m.counts.failed)
        .field("unknown", m.counts.unknown)
        .end_object();
    return out + w.take() + "\n";
}

}  // namespace provix::cli
