// Options and report lines shared by the solver-backed commands, and the
// `simplify --verify` hook.

#include "solver_options.h"

#include <cstdlib>
#include <limits>
#include <memory>

#include "commands.h"
#include "io.h"
#include "json_records.h"

namespace provix::cli {

namespace {

/// `60`, `0.5`: a number of seconds as the user would write it.
std::string seconds_text(double seconds) {
    std::string text = std::to_string(seconds);
    text.erase(text.find_last_not_of('0') + 1);
    if (!text.empty() && text.back() == '.') text.pop_back();
    return text;
}

}  // namespace

solvers::Limits command_limits() {
    solvers::Limits limits;
    limits.timeout_seconds = kDefaultTimeoutSeconds;
    limits.isolate = true;  // a timeout the user can count on
    return limits;
}

std::vector<OptionSpec> solver_options(const solvers::Limits& defaults, const std::string& per) {
    return {
        {"--timeout", "SECONDS",
         "wall-clock time per " + per + "; a decision that runs out of it is " +
             "'unknown (timeout)'\n" +
             (defaults.isolate
                  ? "(each runs in a child process, killed a second after its timeout, "
                    "or a tenth of it when that is shorter)"
                  : "(a case's decisions run in its child process: see --case-timeout)"),
         seconds_text(defaults.timeout_seconds)},
        {"--isl-max-operations", "N", "isl's operation budget per decision",
         std::to_string(defaults.isl_max_operations)},
        {"--z3-rlimit", "N", "Z3's resource limit per solver call",
         std::to_string(defaults.z3_rlimit)},
    };
}

std::optional<double> parse_timeout(const Args& args, const std::string& command, double fallback,
                                    const std::string& option) {
    if (!args.has_value(option)) return fallback;
    static_assert(solvers::kMaxTimeoutSeconds == kMaxOptionSeconds, "one limit");
    Result<double> seconds = parse_seconds(args.value(option), option);
    if (!seconds) {
        report_error(command, seconds.error().message);
        return std::nullopt;
    }
    return *seconds;
}

std::optional<solvers::Limits> solver_limits(const Args& args, const std::string& command,
                                             const solvers::Limits& defaults) {
    solvers::Limits limits = defaults;
    std::optional<double> timeout = parse_timeout(args, command, defaults.timeout_seconds);
    if (!timeout) return std::nullopt;
    limits.timeout_seconds = *timeout;
    if (args.has_value("--isl-max-operations")) {
        auto n = parse_count(args.value("--isl-max-operations"), "--isl-max-operations");
        if (!n || *n == 0) {
            report_error(command, n ? "--isl-max-operations must be positive" : n.error().message);
            return std::nullopt;
        }
        limits.isl_max_operations = static_cast<unsigned long>(*n);
    }
    if (args.has_value("--z3-rlimit")) {
        auto n = parse_count(args.value("--z3-rlimit"), "--z3-rlimit");
        if (!n || *n == 0 || *n > std::numeric_limits<unsigned>::max()) {
            report_error(command, n ? "--z3-rlimit must be in [1, 4294967295]" : n.error().message);
            return std::nullopt;
        }
        limits.z3_rlimit = static_cast<unsigned>(*n);
    }
    return limits;
}

namespace {

std::string backend_tag(const solvers::Decision& d) {
    return d.backend.empty() ? "" : " [" + d.backend + "]";
}

}  // namespace

std::string describe_equivalence(const solvers::Decision& d) {
    switch (d.verdict) {
        case solvers::Verdict::Proven:
            return "proven equivalent" + backend_tag(d);
        case solvers::Verdict::Refuted:
            return "refuted" + backend_tag(d) + (d.reason.empty() ? "" : ": " + d.reason);
        case solvers::Verdict::Unknown:
            return "unknown (" + d.reason + ")" + backend_tag(d);
    }
    return "unknown";
}

VerifyOutcome verify_simplification(const IndexingMap& input, const IndexingMap& output,
                                    double timeout_seconds, JsonWriter* json) {
    static double made_for = -1;
    static std::unique_ptr<solvers::Oracle> oracle;
    if (!oracle || made_for != timeout_seconds) {
        solvers::Limits limits = command_limits();
        limits.timeout_seconds = timeout_seconds;
        oracle = solvers::make_exact_oracle(limits);
        made_for = timeout_seconds;
    }
    solvers::Decision d = oracle->equivalent(input, output);
    VerifyOutcome v;
    v.comment = "// verify: " + describe_equivalence(d) + "\n";
    if (d.counterexample) {
        std::string text = to_string(*d.counterexample);
        std::string line;
        for (char c : text + "\n") {
            if (c == '\n') {
                v.comment += "//   " + line + "\n";
                line.clear();
            } else {
                line += c;
            }
        }
    }
    if (json) {
        json->key("verify");
        write_decision(*json, d);
    }
    v.refuted = d.verdict == solvers::Verdict::Refuted;
    v.unknown = d.verdict == solvers::Verdict::Unknown;
    return v;
}

}  // namespace provix::cli
