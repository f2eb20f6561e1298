// Options and report lines shared by the solver-backed commands, and the
// `simplify --verify` hook.

#include "solver_options.h"

#include <limits>
#include <memory>

#include "commands.h"
#include "io.h"

namespace provix::cli {

std::vector<std::string> solver_option_names() { return {"--isl-max-operations", "--z3-rlimit"}; }

std::optional<solvers::Limits> solver_limits(const Args& args, const std::string& command) {
    solvers::Limits limits;
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
            return "unknown" + backend_tag(d) + ": " + d.reason;
    }
    return "unknown";
}

VerifyOutcome verify_simplification(const IndexingMap& input, const IndexingMap& output) {
    static std::unique_ptr<solvers::Oracle> oracle = solvers::make_exact_oracle();
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
    v.refuted = d.verdict == solvers::Verdict::Refuted;
    v.unknown = d.verdict == solvers::Verdict::Unknown;
    return v;
}

}  // namespace provix::cli
