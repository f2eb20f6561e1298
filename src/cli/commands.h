#pragma once
/// \file
/// The subcommands of the `provix` command. Each lives in its own
/// `<name>_command.cpp`, takes the arguments after its name and returns the
/// process exit code:
///
///     run_simplify({"maps.map", "-o", "out.map"})   // provix simplify maps.map -o out.map
///
/// To add a command: declare `int run_<name>(const std::vector<std::string>&)`
/// below, write `src/cli/<name>_command.cpp` (or `src/cli/solvers/` /
/// `src/cli/hlo/` if it needs provix_solvers / provix_hlo), and add one line to
/// the table in main.cpp.

#include <string>
#include <vector>

namespace provix {
class IndexingMap;
}  // namespace provix

namespace provix::cli {

class JsonWriter;

/// Exit code: success.
inline constexpr int kExitSuccess = 0;
/// Exit code: a check failed (refuted rule, failed verification, fuzz failure).
inline constexpr int kExitCheckFailed = 1;
/// Exit code: usage error or bad input (unreadable file, parse error).
inline constexpr int kExitUsage = 2;
/// Exit code: an internal error (a bug in provix; never expected). Every
/// command's `--help` lists it.
inline constexpr int kExitInternal = 3;

/// `provix simplify [FILE|-] [-o FILE] [--trace]`: prints each map of the
/// input simplified, `// -----` separators kept.
int run_simplify(const std::vector<std::string>& args);

/// `provix report merge FILES... [-o FILE]`: checks that campaign reports
/// are the shards of one campaign and prints their totals, ending with
/// `N passed, M failed`.
int run_report(const std::vector<std::string>& args);

// Solver-backed commands (src/cli/solvers/, built when provix_solvers exists):
/// `provix equiv A B`: the i-th maps of A and B decided equivalent or not.
int run_equiv(const std::vector<std::string>& args);
/// `provix bounds FILE`: the exact range of every result of every map.
int run_bounds(const std::vector<std::string>& args);
/// `provix empty FILE`: `empty` or `non-empty: <witness>` for every map.
int run_empty(const std::vector<std::string>& args);

/// The outcome of `simplify --verify` for one map (src/cli/solvers/).
struct VerifyOutcome {
    /// Comment lines printed after the map: `// verify: proven equivalent [isl]`.
    std::string comment;
    bool refuted = false;
    bool unknown = false;
};
/// Checks `output` (the simplified map) equivalent to `input` with the
/// exact oracle, at most `timeout_seconds` of wall-clock time:
/// `verify_simplification(in, out, 60).comment`. With a JSON writer inside
/// an object, also writes the member `"verify"` (the decision).
VerifyOutcome verify_simplification(const IndexingMap& input, const IndexingMap& output,
                                    double timeout_seconds = 60, JsonWriter* json = nullptr);
/// `provix prove [RULE_FILES...] [--smtlib DIR] [--junit FILE] [--cvc5]`: proves
/// every rule (Z3, isl grid fallback) and checks the reduction order.
int run_prove(const std::vector<std::string>& args);
/// `provix fuzz [--cases N] [--seed S] [--shard I/N] [--replay FILES]`: the
/// differential campaign of provix_fuzzlib (fuzz/); ends with `N passed, M failed`.
int run_fuzz(const std::vector<std::string>& args);

// HLO commands (src/cli/hlo/, built when provix_hlo exists):
/// `provix analyze [FILE.hlo|-] [--output K] [--input-to-output] [-o FILE]`:
/// prints the indexing maps from the root's output to each parameter.
int run_analyze(const std::vector<std::string>& args);

}  // namespace provix::cli
