// `provix fuzz`: the differential campaign (engine against isl), or a replay
// of regression files. The work is done by provix_fuzzlib (fuzz/).

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "args.h"
#include "commands.h"
#include "io.h"
#include "provix/fuzz/campaign.h"
#include "solver_options.h"

namespace provix::cli {

namespace {

constexpr const char* kFuzzHelp =
    R"(usage: provix fuzz [--cases N] [--seed S] [--shard I/N] [--case K] [options]
       provix fuzz --replay FILE|DIR...

Differential campaign: random indexing maps (reshapes, tilings, clamps,
nested floordiv/ceildiv/mod/min/max, congruences, empty and huge bounds, and
edge templates: divisors with variables whose ranges include 0, constants and
bounds at the int64 limits, constraints whose rewritten bounds land next to
the limits, congruences whose combined modulus overflows, runtime variables
as inputs) simplified by the rule engine and checked against exact answers
(isl; Z3 outside isl's fragment) and by exhaustive evaluation:
  failures  the simplified map is not equivalent to the input (definedness
            compared point by point, runtime variables kept as inputs), the
            engine made a non-empty map KNOWN EMPTY, an engine range misses a
            value, simplify is not idempotent or deterministic, printing does
            not round-trip, a finite bound is read as infinite, parsing
            changes the meaning, an oracle contradicts evaluation;
  misses    isl proves the domain empty but the engine did not; a result
            keeping floordiv/mod/min/max equals a div-free affine expression
            or a constant on the domain (completeness figures).
Case K of seed S is the same map on every machine. Every failure is printed
with the command that reproduces it, shrunk to a minimal map, and written as
a regression file. The output ends with the completeness summary, a line
'K unknown' and the line 'N passed, M failed'.

options:
  --cases N                 cases in the campaign (default 1000)
  --seed S                  campaign seed (default 1)
  --shard I/N               run the cases whose index is I modulo N (0 <= I < N);
                            N processes with I = 0..N-1 run the whole campaign
  --case K                  run only case K
  --regressions DIR         where shrunk failures are written (default fuzz-failures)
  --no-shrink               do not shrink failures
  --max-shrink-checks N     checks spent shrinking one failure (default 400)
  --exact                   isl with the Z3 fallback (default: isl alone)
  --no-near-limit           no constants or bounds near the int64 limits (to
                            explore other bugs while limit bugs are open)
  --no-runtime-vars         no runtime variables
  --no-edge-templates       no edge templates
  --edge-percent N          percent of the maps that get an edge template
                            (default 35)
  --only-template NAME      every map gets edge template NAME: zero-divisor,
                            int64-limits, limit-bounds, congruence-overflow,
                            runtime-inputs
  --replay                  check the maps of the given regression files or
                            directories (*.map) instead of generating cases
  --strict                  exit 1 when some case is unknown
  --progress N              a progress line on standard error every N cases
  --verbose                 print every miss and unknown
  --isl-max-operations N    isl's operation budget per decision (default 1000000)
  --z3-rlimit N             Z3's resource limit per call
  --timeout SECONDS         wall-clock time per oracle decision (default 10); a
                            decision that runs out counts as unknown
  -h, --help                print this help

exit status: 0 no failure, 1 some case failed (or unknown with --strict),
             2 usage error
)";

/// Parses `I/N` into the campaign's shard fields.
bool parse_shard(const std::string& text, fuzz::CampaignOptions& o) {
    size_t slash = text.find('/');
    if (slash == std::string::npos) return false;
    auto i = parse_count(text.substr(0, slash), "--shard");
    auto n = parse_count(text.substr(slash + 1), "--shard");
    if (!i || !n || *n == 0 || *i >= *n) return false;
    o.shard_index = *i;
    o.shard_count = *n;
    return true;
}

/// The *.map files of each path (a directory's sorted; a file as given).
std::vector<std::string> map_files(const std::vector<std::string>& paths) {
    std::vector<std::string> out;
    for (const std::string& p : paths) {
        std::error_code ec;
        if (std::filesystem::is_directory(p, ec)) {
            std::vector<std::string> found;
            for (const auto& entry : std::filesystem::directory_iterator(p, ec)) {
                if (entry.path().extension() == ".map") found.push_back(entry.path().string());
            }
            std::sort(found.begin(), found.end());
            out.insert(out.end(), found.begin(), found.end());
        } else {
            out.push_back(p);
        }
    }
    return out;
}

/// Reads a positive count option into `out`; false after reporting an error.
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

}  // namespace

int run_fuzz(const std::vector<std::string>& argv) {
    ArgSpec spec;
    spec.flags = {"--no-shrink", "--exact",         "--replay",          "--strict",
                  "--verbose",   "--no-near-limit", "--no-runtime-vars", "--no-edge-templates"};
    spec.valued = {"--cases",    "--seed",         "--shard",
                   "--case",     "--regressions",  "--max-shrink-checks",
                   "--progress", "--edge-percent", "--only-template"};
    for (const std::string& s : solver_option_names())
        spec.valued.push_back(s);
    spec.max_positional = 1000;
    auto args = parse_args(argv, spec);
    if (!args) {
        report_error("fuzz", args.error().message);
        return kExitUsage;
    }
    if (args->help) {
        std::cout << kFuzzHelp;
        return kExitSuccess;
    }
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
    if (args->has_value("--shard") && !parse_shard(args->value("--shard"), o)) {
        report_error("fuzz",
                     "--shard expects I/N with 0 <= I < N, got '" + args->value("--shard") + "'");
        return kExitUsage;
    }
    if (!args->has("--replay") && !args->positional.empty()) {
        report_error("fuzz", "unexpected argument '" + args->positional[0] +
                                 "' (files are read only with --replay)");
        return kExitUsage;
    }
    if (args->has("--replay") && args->positional.empty()) {
        report_error("fuzz", "--replay needs regression files or directories");
        return kExitUsage;
    }
    auto limits = solver_limits(*args, "fuzz");
    if (!limits) return kExitUsage;
    if (!args->has_value("--isl-max-operations")) {
        limits->isl_max_operations = o.limits.isl_max_operations;
    }
    if (!args->has_value("--z3-rlimit")) limits->z3_rlimit = o.limits.z3_rlimit;
    if (!args->has_value("--timeout")) limits->timeout_seconds = o.limits.timeout_seconds;
    o.limits = *limits;
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

    fuzz::CampaignStats stats;
    if (args->has("--replay")) {
        stats = fuzz::replay_files(map_files(args->positional), o, std::cout);
    } else {
        std::cout << "provix fuzz: seed " << o.seed << ", " << o.cases << " cases";
        if (o.only_case >= 0) {
            std::cout << ", only case " << o.only_case;
        } else if (o.shard_count > 1) {
            std::cout << ", shard " << o.shard_index << "/" << o.shard_count;
        }
        std::cout << " (oracle: " << (o.exact_oracle ? "isl, Z3 fallback" : "isl") << ")\n";
        stats = fuzz::run_campaign(o, std::cout, &std::cerr);
    }
    fuzz::print_summary(stats, std::cout);
    std::cout.flush();
    if (stats.failed > 0) return kExitCheckFailed;
    if (args->has("--strict") && stats.unknown > 0) return kExitCheckFailed;
    return kExitSuccess;
}

}  // namespace provix::cli
