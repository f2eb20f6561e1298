#pragma once
/// \file
/// The report of a `provix prove` run: one result per rule (proof verdict,
/// reduction-order check, optional cvc5 re-check), printed Alive2-style and
/// as JUnit XML for CI.
///
///     RuleResult r = prove_and_check(rule, {});
///     std::cout << format_rule_result(r);   // "rules/mod.rules:4: mod_nested: proven [z3]"
///     write junit_report({r}, 0.5) to a file

#include <cstdint>
#include <string>
#include <vector>

#include "provix/rules/rule.h"
#include "provix/solvers/prover.h"
#include "provix/solvers/rule_order.h"

namespace provix::solvers {

/// Everything `provix prove` learned about one rule or lemma.
struct RuleResult {
    /// A lemma of rules/*.lemmas (no rewriting, so no reduction order).
    bool lemma = false;
    std::string name;  ///< the rule's name
    std::string file;  ///< its rule file, as given to the parser
    int line = 0;      ///< its first line in that file
    std::string text;  ///< the rule as written
    RuleProof proof;   ///< Z3 / isl grid verdict
    OrderCheck order;  ///< the reduction-order check
    /// cvc5's answer on the exported obligation (`"unsat"`, `"sat"`,
    /// `"unknown"`, `"error: ..."`), or `""` when not asked. Only a definite
    /// answer re-checks the verdict: `unknown` counts as not re-checked.
    std::string cvc5;
    /// True when cvc5 contradicts the verdict (a definite answer opposite
    /// to Z3's, or `sat` on a rule that passed).
    bool cvc5_disagrees = false;
    double seconds = 0;  ///< wall-clock time of the proof and the order check
    /// A grid check passes (ProverOptions::allow_grid was set).
    bool grid_allowed = false;

    /// Proven (or checked on the grid when allowed), terminating, and not
    /// contradicted by cvc5.
    bool passed() const;
};

/// Proves `rule` and checks its reduction order (no cvc5).
RuleResult prove_and_check(const rules::Rule& rule, const ProverOptions& options);

/// Proves `lemma` (no cvc5).
RuleResult prove_and_check(const rules::Lemma& lemma, const ProverOptions& options);

/// Records cvc5's answer `answer` on `result`'s obligation and whether it
/// contradicts the verdict.
void record_cvc5(RuleResult& result, const std::string& answer);

/// One line for a passing rule, or an Alive2-style block for a failing one:
///
///     rules/bad.rules:2: xla_sum: refuted [z3]
///       (x floordiv c0 + y floordiv c0) floordiv c1 => (x + y) floordiv (c0 * c1)
///     ERROR: value mismatch
///     ...
std::string format_rule_result(const RuleResult& r);

/// The tally of a set of results: how many have each verdict, do not
/// terminate, are contradicted by cvc5, pass.
///
///     ProveCounts c;
///     for (const RuleResult& r : results) c.add(r);
///     bool all_passed = c.passed == c.total;
struct ProveCounts {
    int64_t total = 0;
    int64_t proven = 0;
    int64_t grid = 0;  ///< checked on the isl grid
    int64_t refuted = 0;
    int64_t unknown = 0;
    int64_t vacuous = 0;
    int64_t looping = 0;  ///< not terminating
    int64_t cvc5_contradictions = 0;
    int64_t passed = 0;

    /// Counts `r`.
    void add(const RuleResult& r);
};

/// `28 rules: 20 proven, 8 checked (grid), 0 refuted, 0 unknown, 0 vacuous,
/// 0 non-terminating`, then `; 40 lemmas: 40 proven, 0 refuted, 0 unknown,
/// 0 vacuous` when there are lemmas, and `; cvc5: 60 confirmed, 0
/// contradicted, 8 not re-checked` when cvc5 was asked.
std::string summary_line(const std::vector<RuleResult>& results);

/// A JUnit XML report: one testsuite per rule file, one testcase per rule
/// (classname = file, name = rule), a `<failure>` for every failing rule.
std::string junit_report(const std::vector<RuleResult>& results, double total_seconds);

/// Runs `binary` (cvc5) on the SMT-LIB file `path` with a time limit in
/// milliseconds and returns its first output line (`sat`, `unsat`,
/// `unknown`), or `"error: ..."`.
std::string run_cvc5(const std::string& path, unsigned time_limit_ms,
                     const std::string& binary = "cvc5");

}  // namespace provix::solvers
