// `provix report merge`: sums the shard reports of a campaign (see
// campaign_report.h) after checking that they fit together.

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "args.h"
#include "campaign_report.h"
#include "commands.h"
#include "io.h"

namespace provix::cli {

namespace fs = std::filesystem;

namespace {

const CommandHelp kReportHelp = {
    "provix report merge REPORT.jsonl... [options]",
    "Merges the reports that the shards of one campaign wrote\n"
    "('provix fuzz --shard I/N --report FILE', 'provix prove --shard I/N\n"
    "--report FILE') and prints the totals: each failed case with the command\n"
    "that reproduces it, then 'K unknown' and, last, 'N passed, M failed'.\n"
    "\n"
    "The reports must be the shards of one campaign: the same campaign,\n"
    "settings, version and shard count; every shard 0..N-1 exactly once; every\n"
    "shard finished (a footer line); each case in its shard, reported once.\n"
    "Otherwise nothing is summed and every problem is listed (exit 2).\n"
    "\n"
    "With --format json the totals are JSON Lines: a 'case' line per case that\n"
    "did not pass, as in the reports, then a 'summary' line with the campaign,\n"
    "its fingerprint, shards, total, records read and the counts.\n",
    "no case failed or was unknown",
    "some case failed or was unknown",
};

ArgSpec report_spec() {
    ArgSpec spec;
    spec.options = {output_option(), format_option()};
    spec.max_positional = 1000000;
    return spec;
}

}  // namespace

int run_report(const std::vector<std::string>& argv) {
    int exit = kExitSuccess;
    auto args = start_command(argv, "report", report_spec(), kReportHelp, &exit);
    if (!args) return exit;
    auto format = output_format(*args);
    if (!format) {
        report_error("report", format.error().message);
        return kExitUsage;
    }
    if (args->positional.empty() || args->positional[0] != "merge") {
        report_error("report", "expected 'merge' and the report files (see provix report --help)");
        return kExitUsage;
    }
    if (args->positional.size() < 2) {
        report_error("report", "merge needs at least one report file");
        return kExitUsage;
    }
    // Every report readable before any is read (each is opened again, one
    // at a time, by the merge); `-` is standard input.
    std::vector<ReportSource> sources;
    for (size_t i = 1; i < args->positional.size(); ++i) {
        const std::string& path = args->positional[i];
        if (path == "-") {
            for (const ReportSource& s : sources) {
                if (s.in) {
                    report_error("report", "standard input ('-') is given twice");
                    return kExitUsage;
                }
            }
            sources.push_back({"<stdin>", &std::cin});
            continue;
        }
        std::error_code ec;
        if (fs::is_directory(path, ec)) {
            report_error("report", "'" + path + "' is a directory, not a report");
            return kExitUsage;
        }
        std::ifstream probe(path);
        if (!probe) {
            report_error("report", "cannot open '" + path + "': " + std::strerror(errno));
            return kExitUsage;
        }
        sources.push_back({path, nullptr});
    }
    auto merged = merge_reports(sources);
    if (!merged) {
        std::string message = merged.error().message;
        while (!message.empty() && message.back() == '\n')
            message.pop_back();
        report_error("report", "the reports are not the shards of one campaign:\n" + message);
        return kExitUsage;
    }
    const std::string out =
        *format == OutputFormat::Json ? format_merged_json(*merged) : format_merged(*merged);
    if (!write_or_report("report", args->value("-o"), out)) return kExitUsage;
    return merged->counts.failed > 0 || merged->counts.unknown > 0 ? kExitCheckFailed
                                                                   : kExitSuccess;
}

}  // namespace provix::cli
