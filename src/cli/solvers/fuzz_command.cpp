// `provix fuzz`: the differential campaign (engine against isl), or a replay
// of regression files. The work is done by provix_fuzzlib (fuzz/); this file
// holds the options, the progress line and the JSON / JUnit reports.

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "args.h"
#include "campaign_report.h"
#include "commands.h"
#include "io.h"
#include "json_writer.h"
#include "progress.h"
#include "provix/fuzz/campaign.h"
#include "provix/parser.h"
#include "provix/version.h"
#include "provix/xml_text.h"
#include "solver_options.h"

namespace provix::cli {

namespace {

const CommandHelp kFuzzHelp = {
    "provix fuzz [--cases N] [--seed S] [--shard I/N] [--case K] [options]\n"
    "       provix fuzz --replay FILE|DIR... [options]",
    "Differential campaign: random indexing maps (reshapes, tilings, clamps,\n"
    "nested floordiv/ceildiv/mod/min/max, congruences, empty and huge bounds, and\n"
    "edge templates: divisors with variables whose ranges include 0, constants and\n"
    "bounds at the int64 limits, constraints whose rewritten bounds land next to\n"
    "the limits, congruences whose combined modulus overflows, runtime variables\n"
    "as inputs) simplified by the rule engine and checked against exact answers\n"
    "(isl; Z3 outside isl's fragment) and by exhaustive evaluation:\n"
    "  failures  the simplified map is not equivalent to the input (definedness\n"
    "            compared point by point, runtime variables kept as inputs), the\n"
    "            engine made a non-empty map KNOWN EMPTY, an engine range misses a\n"
    "            value, simplify is not idempotent or deterministic, printing does\n"
    "            not round-trip, a finite bound is read as infinite, parsing\n"
    "            changes the meaning, an oracle contradicts evaluation;\n"
    "  misses    isl proves the domain empty but the engine did not; a result\n"
    "            keeping floordiv/mod/min/max equals a div-free affine expression\n"
    "            or a constant on the domain (completeness figures).\n"
    "Case K of seed S is the same map on every machine. Every failure is printed\n"
    "with the command that reproduces it, shrunk to a minimal map, and written as\n"
    "a regression file. The output ends with the completeness summary, a line\n"
    "'K unknown' and the line 'N passed, M failed'. On a terminal, a progress\n"
    "line (cases/s, elapsed time, time left) is shown on standard error.\n"
    "With --replay, an unreadable or malformed file is an input error (exit 2).\n",
    "no case failed, and some case was decided",
    "some case failed, no case was decided (every case unknown: nothing was\n"
    "     checked), or, with --strict, some case was unknown",
};

/// The edge templates' names, comma-separated.
std::string template_names() {
    std::string out;
    for (const std::string& name : fuzz::GeneratorOptions::edge_template_names())
        out += (out.empty() ? "" : ", ") + name;
    return out;
}

ArgSpec fuzz_spec() {
    ArgSpec spec;
    spec.options = {
        format_option(),
        {"--junit", "FILE",
         "write a JUnit XML report: one testcase per failed or unknown case\n"
         "and one for the whole campaign",
         "none"},
        {"--cases", "N", "cases in the campaign", "1000"},
        {"--seed", "S", "campaign seed", "1"},
        {"--shard", "I/N",
         "run the cases whose index is I modulo N (0 <= I < N);\n"
         "N processes with I = 0..N-1 run the whole campaign",
         "0/1"},
        {"--report", "FILE",
         "write a JSON line per case of this shard to FILE (key, verdict,\n"
         "failure kinds, a digest of the map, the command reproducing it)\n"
         "between a header and a footer; 'provix report merge' sums shards",
         "none"},
        {"--report-findings", "",
         "in the --report file, lines only for the cases that did not\n"
         "pass (the footer still counts every case)",
         ""},
        {"--case", "K",
         "run only case K of the seed: a case depends on S and K alone,\n"
         "so --cases does not bound K; not with --shard",
         "all cases"},
        {"--regressions", "DIR", "where shrunk failures are written", "fuzz-failures"},
        {"--no-shrink", "", "do not shrink failures", ""},
        {"--max-shrink-checks", "N", "checks spent shrinking one failure", "400"},
        {"--exact", "", "isl with the Z3 fallback (default: isl alone)", ""},
        {"--no-near-limit", "",
         "no constants or bounds near the int64 limits (to explore\n"
         "other bugs while limit bugs are open)",
         ""},
        {"--no-runtime-vars", "", "no runtime variables", ""},
        {"--no-edge-templates", "", "no edge templates", ""},
        {"--edge-percent", "N", "percent of the maps that get an edge template",
         std::to_string(fuzz::GeneratorOptions{}.edge_percent)},
        {"--only-template", "NAME", "every map gets edge template NAME: " + template_names(),
         "none"},
        {"--replay", "",
         "check the maps of the given regression files or directories\n"
         "(*.map) instead of generating cases",
         ""},
        {"--case-timeout", "SECONDS",
         "wall-clock time of one case's checks: each case (and each check\n"
         "while shrinking) runs in a child process; a case that runs out is\n"
         "unknown, one whose process crashes fails ('crash') and is shrunk",
         std::to_string(static_cast<int64_t>(fuzz::CampaignOptions{}.case_timeout_seconds))},
        {"--in-process", "",
         "check the cases in this process (for a debugger): a crash ends\n"
         "the campaign, and nothing bounds isl's integer arithmetic",
         ""},
        {"--strict", "", "exit 1 when some case is unknown", ""},
        {"--progress", "N", "also print a progress line to standard error every N cases",
         "0: never"},
        {"--verbose", "", "print every miss and unknown", ""},
        max_depth_option(),
    };
    for (OptionSpec& o : solver_options(fuzz::CampaignOptions::default_limits(), "solver decision"))
        spec.options.push_back(std::move(o));
    spec.max_positional = 1000;
    return spec;
}

/// The settings that decide a campaign's cases and verdicts, for reports.
std::string fingerprint(const fuzz::CampaignOptions& o) {
    // The generator's flags as the reproducer spells them (after `--case 0`).
    const std::string head = "provix fuzz --seed " + std::to_string(o.seed) + " --case 0";
    std::string generator = o.reproduce_command(0).substr(head.size());
    // Seconds as exactly as they were given (%.17g: 10.0000001 is not 10).
    auto seconds = [](double v) {
        char text[40];
        std::snprintf(text, sizeof text, "%.17g", v);
        return std::string(text);
    };
    // Both time limits decide verdicts (a case past either is unknown); a
    // campaign in one process has no case limit.
    return "seed=" + std::to_string(o.seed) + " cases=" + std::to_string(o.cases) + generator +
           " oracle=" + (o.exact_oracle ? "exact" : "isl") +
           " isl-max-operations=" + std::to_string(o.limits.isl_max_operations) +
           " z3-rlimit=" + std::to_string(o.limits.z3_rlimit) +
           " timeout=" + seconds(o.limits.timeout_seconds) + " case-timeout=" +
           (o.isolate_cases ? seconds(o.case_timeout_seconds) : std::string("none"));
}

/// The report line of one case.
ReportRecord record_of(const fuzz::CampaignOptions& o, const fuzz::CaseOutcome& c) {
    const fuzz::CaseReport& r = *c.report;
    ReportRecord rec;
    rec.index = c.index;
    rec.key = "fuzz/seed=" + std::to_string(o.seed) + "/case=" + std::to_string(c.index);
    rec.digest = content_digest(r.input_text);
    rec.reproduce = o.reproduce_command(c.index);
    if (!r.failures.empty()) {
        rec.verdict = "failed";
        for (const fuzz::Finding& f : r.failures) {
            rec.kinds.push_back(f.kind);
            rec.detail += f.detail;
        }
    } else if (!r.unknowns.empty()) {
        rec.verdict = "unknown";
        for (const std::string& u : r.unknowns)
            rec.detail += u + "\n";
    } else {
        rec.verdict = "passed";
    }
    constexpr size_t kMaxDetail = 4000;
    if (rec.detail.size() > kMaxDetail) rec.detail = rec.detail.substr(0, kMaxDetail) + "...";
    return rec;
}

/// The *.map files of each path (a directory's sorted; a file as given);
/// an error for a path that does not exist or a directory without maps.
Result<std::vector<std::string>> map_files(const std::vector<std::string>& paths) {
    std::vector<std::string> out;
    for (const std::string& p : paths) {
        std::error_code ec;
        if (!std::filesystem::is_directory(p, ec)) {
            out.push_back(p);
            continue;
        }
        std::vector<std::string> found;
        for (const auto& entry : std::filesystem::directory_iterator(p, ec)) {
            if (entry.path().extension() == ".map") found.push_back(entry.path().string());
        }
        if (ec) return Error::invalid("cannot read the folder '" + p + "': " + ec.message());
        if (found.empty()) return Error::invalid("no *.map file in the folder '" + p + "'");
        std::sort(found.begin(), found.end());
        out.insert(out.end(), found.begin(), found.end());
    }
    return out;
}

/// Reads and parses every replay file before any check, so that a file that
/// cannot be read or does not parse is an input error naming it, never a
/// failed case; each is read once (standard input and pipes too), into
/// `texts`. Prints the error; false if there was one.
bool read_replay_files(const std::vector<std::string>& files, int max_depth,
                       std::vector<fuzz::ReplayFile>& texts) {
    for (const std::string& f : files) {
        auto in = read_input(f);
        if (!in) {
            report_error("fuzz", in.error().message);
            return false;
        }
        Context ctx;
        ParseOptions raw;
        raw.canonicalize = false;
        raw.max_depth = max_depth;
        auto maps = parse_indexing_maps(ctx, in->text, in->name, raw);
        if (!maps) {
            report_diagnostic(maps.error().message);
            return false;
        }
        // As `simplify` reads it too: a text that parses as written but not
        // canonically (`d0 floordiv (1 - 1)` divides by zero) is bad input.
        ParseOptions canonical;
        canonical.max_depth = max_depth;
        auto canonical_maps = parse_indexing_maps(ctx, in->text, in->name, canonical);
        if (!canonical_maps) {
            report_diagnostic(canonical_maps.error().message);
            return false;
        }
        if (maps->empty()) {
            report_error("fuzz", "'" + f + "' holds no map to replay");
            return false;
        }
        texts.push_back({in->name, std::move(in->text)});
    }
    return true;
}

/// Reads a count option into `out`; false after reporting an error.
bool count_option(const Args& args, const std::string& name, int64_t& out, bool allow_zero) {
    if (!args.has_value(name)) return true;
    auto n = parse_count(args.value(name), name);
    if (!n || (!allow_zero && *n == 0)) {
        report_error("fuzz", n ? name + " must be positive" : n.error().message);
        return false;
    }
    out = *n;
    return true;
}

const char* case_status(const fuzz::CaseReport& r) {
    if (!r.failures.empty()) return "failed";
    if (!r.unknowns.empty()) return "unknown";
    return "passed";
}

void write_findings(JsonWriter& w, const char* key, const std::vector<fuzz::Finding>& findings) {
    w.key(key).begin_array();
    for (const fuzz::Finding& f : findings)
        w.begin_object().field("kind", f.kind).field("detail", f.detail).end_object();
    w.end_array();
}

/// `{"type":"case",...}` for one case.
std::string case_record(const fuzz::CaseOutcome& c, const fuzz::CampaignOptions& o) {
    const fuzz::CaseReport& r = *c.report;
    JsonWriter w;
    w.begin_object().field("type", "case").field("index", c.index);
    if (c.file.empty()) {
        w.field("seed", o.seed).field("reproduce", c.reproduce);
    } else {
        w.field("file", c.file);
    }
    w.field("status", case_status(r));
    write_findings(w, "failures", r.failures);
    write_findings(w, "misses", r.misses);
    w.key("unknowns").begin_array();
    for (const std::string& u : r.unknowns)
        w.value(u);
    w.end_array()
        .field("input", r.input_text)
        .field("simplified", r.simplified_text)
        .field("exact_empty", r.exact_empty)
        .field("engine_empty", r.engine_empty)
        .field("fully_simplified", r.fully_simplified());
    w.key("shrunk_map");
    c.shrunk_map.empty() ? w.null() : w.value(c.shrunk_map);
    w.key("regression_file");
    c.regression_file.empty() ? w.null() : w.value(c.regression_file);
    w.field("seconds", c.seconds).end_object();
    return w.take() + "\n";
}

void write_counts(JsonWriter& w, const char* key, const std::map<std::string, int64_t>& counts) {
    w.key(key).begin_object();
    for (const auto& [name, n] : counts)
        w.field(name, n);
    w.end_object();
}

/// `{"type":"summary",...}`: the figures of the whole run.
std::string summary_record(const fuzz::CampaignStats& s, const fuzz::CampaignOptions& o,
                           bool replay) {
    JsonWriter w;
    w.begin_object().field("type", "summary").field("mode", replay ? "replay" : "campaign");
    if (!replay) {
        w.field("seed", o.seed)
            .field("shard_index", o.shard_index)
            .field("shard_count", o.shard_count);
    }
    w.field("cases", s.cases)
        .field("passed", s.passed)
        .field("failed", s.failed)
        .field("unknown", s.unknown)
        .field("fully_simplified", s.fully_simplified)
        .field("completeness_decided", s.completeness_decided)
        .field("enumerated", s.enumerated);
    w.key("edge_templates").begin_object();
    for (const auto& [name, counts] : s.edge_templates)
        w.key(name)
            .begin_object()
            .field("cases", counts.first)
            .field("failed", counts.second)
            .end_object();
    w.end_object();
    write_counts(w, "failure_kinds", s.failure_kinds);
    write_counts(w, "miss_kinds", s.miss_kinds);
    const int64_t exact = std::count(s.widening.begin(), s.widening.end(), 1.0);
    w.field("exact_empty", s.exact_empty)
        .field("engine_detected_empty", s.engine_detected_empty)
        .field("built_empty", s.built_empty)
        .field("finite_ranges", s.widening.size())
        .field("exact_ranges", exact)
        .field("unbounded_ranges", s.unbounded_ranges)
        .key("regression_files")
        .begin_array();
    for (const std::string& f : s.regression_files)
        w.value(f);
    w.end_array().field("seconds", s.seconds).end_object();
    return w.take() + "\n";
}

/// A failed or unknown case as the JUnit report lists it.
struct JunitCase {
    std::string name;
    std::string kind;  ///< "failure" or "skipped"
    std::string message;
    std::string text;
    double seconds = 0;
};

std::string junit_report(const std::vector<JunitCase>& cases, const fuzz::CampaignStats& s,
                         const std::string& suite) {
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n";
    const int64_t skipped = std::count_if(cases.begin(), cases.end(),
                                          [](const JunitCase& c) { return c.kind == "skipped"; });
    const int64_t failures = static_cast<int64_t>(cases.size()) - skipped + (s.failed > 0 ? 1 : 0);
    out += "  <testsuite name=\"" + xml_text(suite) + "\" tests=\"" +
           std::to_string(cases.size() + 1) + "\" failures=\"" + std::to_string(failures) +
           "\" skipped=\"" + std::to_string(skipped) + "\" time=\"" + xml_seconds(s.seconds) +
           "\">\n";
    for (const JunitCase& c : cases) {
        out += "    <testcase classname=\"" + xml_text(suite) + "\" name=\"" + xml_text(c.name) +
               "\" time=\"" + xml_seconds(c.seconds) + "\">\n";
        out += "      <" + c.kind + " message=\"" + xml_text(c.message) + "\">" + xml_text(c.text) +
               "</" + c.kind + ">\n    </testcase>\n";
    }
    out += "    <testcase classname=\"" + xml_text(suite) + "\" name=\"campaign\" time=\"" +
           xml_seconds(s.seconds) + "\">\n";
    std::string totals = std::to_string(s.cases) + " cases: " + std::to_string(s.passed) +
                         " passed, " + std::to_string(s.failed) + " failed, " +
                         std::to_string(s.unknown) + " unknown";
    if (s.failed > 0)
        out += "      <failure message=\"" + xml_text(totals) + "\">" + xml_text(totals) +
               "</failure>\n";
    out += "      <system-out>" + xml_text(totals) + "</system-out>\n    </testcase>\n";
    out += "  </testsuite>\n</testsuites>\n";
    return out;
}

}  // namespace

int run_fuzz(const std::vector<std::string>& argv) {
    int exit = kExitSuccess;
    auto started = start_map_command(argv, "fuzz", fuzz_spec(), kFuzzHelp, &exit);
    if (!started) return exit;
    const Args* args = &started->args;
    const bool json = started->io.json();
    fuzz::CampaignOptions o;
    int64_t seed = 1;
    if (!count_option(*args, "--cases", o.cases, true) ||
        !count_option(*args, "--seed", seed, true) ||
        !count_option(*args, "--case", o.only_case, true) ||
        !count_option(*args, "--max-shrink-checks", o.max_shrink_checks, true) ||
        !count_option(*args, "--progress", o.progress_every, true)) {
        return kExitUsage;
    }
    o.seed = static_cast<uint64_t>(seed);
    if (args->has_value("--shard")) {
        auto shard = parse_shard(args->value("--shard"));
        if (!shard) {
            report_error("fuzz", shard.error().message);
            return kExitUsage;
        }
        o.shard_index = shard->first;
        o.shard_count = shard->second;
    }
    if (o.only_case >= 0 && args->has_value("--shard")) {
        report_error("fuzz", "--case runs one case, not a shard: not with --shard");
        return kExitUsage;
    }
    const bool replay = args->has("--replay");
    // Checked now, not after the run.
    if (args->has_value("--junit") && !writable_or_report("fuzz", args->value("--junit")))
        return kExitUsage;
    if (args->has("--report-findings") && !args->has_value("--report")) {
        report_error("fuzz", "--report-findings says what --report writes: give --report FILE");
        return kExitUsage;
    }
    if (replay && (args->has_value("--shard") || args->has_value("--case") ||
                   args->has_value("--seed") || args->has_value("--cases"))) {
        report_error("fuzz",
                     "--replay checks every map of its files: not with --shard, --case, "
                     "--seed or --cases");
        return kExitUsage;
    }
    if (args->has_value("--report") && (replay || o.only_case >= 0)) {
        report_error("fuzz", "--report is for campaigns, not with --replay or --case");
        return kExitUsage;
    }
    if (!replay && !args->positional.empty()) {
        report_error("fuzz", "unexpected argument '" + args->positional[0] +
                                 "' (files are read only with --replay)");
        return kExitUsage;
    }
    if (replay && args->positional.empty()) {
        report_error("fuzz", "--replay needs regression files or directories");
        return kExitUsage;
    }
    auto limits = solver_limits(*args, "fuzz", fuzz::CampaignOptions::default_limits());
    if (!limits) return kExitUsage;
    o.limits = *limits;
    const std::optional<double> case_timeout =
        parse_timeout(*args, "fuzz", o.case_timeout_seconds, "--case-timeout");
    if (!case_timeout) return kExitUsage;
    o.case_timeout_seconds = *case_timeout;
    o.isolate_cases = !args->has("--in-process");
    o.regression_dir = args->value("--regressions", "fuzz-failures");
    o.shrink = !args->has("--no-shrink");
    o.exact_oracle = args->has("--exact");
    o.verbose = args->has("--verbose");
    o.generator.near_limit_constants = !args->has("--no-near-limit");
    o.generator.runtime_vars = !args->has("--no-runtime-vars");
    if (args->has("--no-edge-templates")) o.generator.edge_templates.clear();
    int64_t edge_percent = o.generator.edge_percent;
    if (!count_option(*args, "--edge-percent", edge_percent, true)) return kExitUsage;
    if (edge_percent > 100) {
        report_error("fuzz", "--edge-percent must be in [0, 100]");
        return kExitUsage;
    }
    o.generator.edge_percent = static_cast<int>(edge_percent);
    if (args->has_value("--only-template")) {
        std::string name = args->value("--only-template");
        auto names = fuzz::GeneratorOptions::edge_template_names();
        if (std::find(names.begin(), names.end(), name) == names.end()) {
            report_error("fuzz", "unknown edge template '" + name + "'");
            return kExitUsage;
        }
        o.generator.only_template = name;
    }

    std::vector<std::string> files;
    std::vector<fuzz::ReplayFile> replayed;
    if (replay) {
        auto found = map_files(args->positional);
        if (!found) {
            report_error("fuzz", found.error().message);
            return kExitUsage;
        }
        files = std::move(*found);
        if (!read_replay_files(files, started->io.max_depth, replayed)) return kExitUsage;
    }

    // The text report goes to standard output through a buffer that erases
    // the progress line first and flushes every line; in JSON mode the text
    // report is dropped and the records are printed instead.
    int64_t total = replay             ? 0
                    : o.only_case >= 0 ? 1
                                       : shard_size(o.cases, o.shard_index, o.shard_count);
    Progress progress("provix fuzz", "cases", std::max<int64_t>(total, 0), Progress::on_terminal());
    ProgressClearingBuf stdout_buf(std::cout.rdbuf(), &progress);
    std::ostream out(&stdout_buf);
    std::ostream discard(nullptr);
    std::ostream& report = json ? discard : out;

    std::optional<ReportWriter> campaign_report;
    if (args->has_value("--report")) {
        ReportHeader h;
        h.campaign = "fuzz";
        h.fingerprint = fingerprint(o);
        h.shard = o.shard_index;
        h.shards = o.shard_count;
        h.total = o.cases;
        h.findings_only = args->has("--report-findings");
        h.version = version();
        auto w = ReportWriter::open(args->value("--report"), h);
        if (!w) {
            report_error("fuzz", w.error().message);
            return kExitUsage;
        }
        campaign_report.emplace(std::move(*w));
    }

    const bool junit = args->has_value("--junit");
    std::vector<JunitCase> junit_cases;
    int64_t done = 0, failed = 0;
    o.on_case = [&](const fuzz::CaseOutcome& c) {
        const fuzz::CaseReport& r = *c.report;
        ++done;
        if (!r.failures.empty()) ++failed;
        if (campaign_report) campaign_report->add(record_of(o, c));
        if (json) out << case_record(c, o) << std::flush;
        if (junit && (!r.failures.empty() || !r.unknowns.empty())) {
            JunitCase j;
            j.name = c.file.empty() ? "case " + std::to_string(c.index)
                                    : c.file + " (map " + std::to_string(c.index) + ")";
            j.kind = r.failures.empty() ? "skipped" : "failure";
            std::string text;
            for (const fuzz::Finding& f : r.failures) {
                j.message += (j.message.empty() ? "" : " ") + f.kind;
                text += f.kind + ":\n" + f.detail + "\n";
            }
            for (const std::string& u : r.unknowns) {
                if (r.failures.empty()) j.message = "unknown";
                text += "unknown: " + u + "\n";
            }
            if (!c.reproduce.empty()) text += "reproduce: " + c.reproduce + "\n";
            if (!c.regression_file.empty()) text += "regression file: " + c.regression_file + "\n";
            text += "map:\n" + (c.shrunk_map.empty() ? r.input_text : c.shrunk_map) + "\n";
            j.text = text;
            j.seconds = c.seconds;
            junit_cases.push_back(std::move(j));
        }
        progress.update(done, std::to_string(failed) + " failed");
    };

    fuzz::CampaignStats stats;
    if (replay) {
        stats = fuzz::replay_files(replayed, o, report);
    } else {
        report << "provix fuzz: seed " << o.seed;
        if (o.only_case >= 0) {
            report << ", case " << o.only_case;
        } else {
            report << ", " << o.cases << " cases";
        }
        if (o.only_case < 0 && o.shard_count > 1) {
            report << ", shard " << o.shard_index << "/" << o.shard_count;
        }
        report << " (oracle: " << (o.exact_oracle ? "isl, Z3 fallback" : "isl") << ")\n";
        stats = fuzz::run_campaign(o, report, &std::cerr);
    }
    progress.finish();
    if (json) {
        out << summary_record(stats, o, replay);
    } else {
        fuzz::print_summary(stats, out);
    }
    out.flush();
    if (campaign_report) {
        auto finished = campaign_report->finish();
        if (!finished) {
            report_error("fuzz", finished.error().message);
            return kExitUsage;
        }
    }
    if (junit) {
        std::string suite =
            replay ? "provix fuzz --replay" : "provix fuzz --seed " + std::to_string(o.seed);
        if (!write_or_report("fuzz", args->value("--junit"),
                             junit_report(junit_cases, stats, suite)))
            return kExitUsage;
    }
    if (!standard_output_ok("fuzz")) return kExitUsage;
    if (stats.failed > 0) return kExitCheckFailed;
    if (args->has("--strict") && stats.unknown > 0) return kExitCheckFailed;
    // Unknown is never a pass: a campaign that decided none of its cases
    // checked nothing.
    if (stats.unknown > 0 && stats.passed == 0) {
        std::cerr << "provix fuzz: no case was decided (" << stats.unknown
                  << " unknown): the campaign checked nothing\n";
        return kExitCheckFailed;
    }
    return kExitSuccess;
}

}  // namespace provix::cli
