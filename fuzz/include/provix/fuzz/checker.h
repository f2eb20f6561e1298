#pragma once
/// \file
/// The differential check of one case: the engine's `simplify` and
/// `result_ranges` against exact answers (isl; Z3 for maps outside isl's
/// fragment), and against exhaustive evaluation on small domains.
///
/// Failures (a case with one fails the run):
///  - `unsound`: the simplified map is not equivalent to the input (the
///    oracle; definedness is compared point by point, runtime variables are
///    inputs);
///  - `enumeration`: exhaustive evaluation finds an input point where the
///    simplified map differs from the input (values, or where it is
///    defined), independently of the oracles;
///  - `oracle`: the oracle's verdict contradicts exhaustive evaluation (a
///    bug in an oracle, the checker's own safeguard);
///  - `literal`: a bound written as a finite number in the text (e.g.
///    `-9223372036854775808`) was read as infinite;
///  - `parse`: parsing the text canonically changed the map's meaning (as
///    written vs. canonicalized, compared by the oracle point by point);
///  - `false-empty`: the engine made a map with a non-empty domain KNOWN EMPTY;
///  - `range`: a range from `result_ranges` misses a value the result takes;
///  - `not-idempotent`: simplifying the simplified map changes it;
///  - `nondeterministic`: the same text simplified in a fresh context prints
///    differently;
///  - `roundtrip`: the printed map (the input or the simplified one) does
///    not parse back to the same map, or
///    the text as printed does not evaluate like the map it came from;
///  - `probe`: the fuzzer's own affine probe claimed a form the oracle refutes;
///  - `crash` (campaigns, isolated_check.h): the process checking the case
///    died (a signal, an exit) before it sent its report.
/// Misses (counted, reported as completeness figures):
///  - `empty-missed`: isl proves the domain empty, the engine did not;
///  - `div-affine` / `minmax-affine`: a result keeping floordiv/ceildiv/mod
///    (or min/max) equals a div-free affine expression on the domain;
///  - `constant`: a non-constant result takes one value on the domain.
/// Unknown oracle answers are neither: they are listed in `unknowns`.
///
///     CaseChecker checker;
///     CaseReport r = checker.check_text("(d0) -> (d0 mod 4), domain: d0 in [0, 2]");
///     r.passed() && r.misses.size() == 0   // the engine rewrites it to (d0)

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "provix/indexing_map.h"
#include "provix/interval.h"
#include "provix/solvers/affine_probe.h"
#include "provix/solvers/oracle.h"

namespace provix::fuzz {

/// One failure or miss: its kind (`"unsound"`, `"div-affine"`, ...) and a
/// multi-line explanation (counterexample, suggested expression, ...).
struct Finding {
    std::string kind;
    std::string detail;
};

/// The engine's range of one result next to the exact one (finite, in int64).
struct RangeSample {
    Interval engine;
    Interval exact;
};

/// Everything found about one case.
struct CaseReport {
    std::string input_text;       ///< the map as checked
    std::string simplified_text;  ///< the engine's output
    std::vector<Finding> failures;
    std::vector<Finding> misses;
    /// Soundness checks the oracle could not decide (the case is not passed).
    std::vector<std::string> unknowns;
    /// Completeness checks not decided (do not affect pass/fail).
    std::vector<std::string> completeness_unknowns;
    /// Results whose exact range is finite and inside int64.
    std::vector<RangeSample> ranges;
    /// Exact ranges isl found finite while the engine's range is unbounded.
    int64_t unbounded_ranges = 0;
    /// isl proved the input's domain empty.
    bool exact_empty = false;
    /// The engine made the map KNOWN EMPTY.
    bool engine_empty = false;
    /// The input was KNOWN EMPTY already when built (an empty bound or an
    /// infeasible constraint on a bare variable).
    bool input_known_empty = false;
    /// Exhaustive evaluation compared the input and the simplified map.
    bool enumerated = false;

    /// Every soundness check decided and none failed.
    bool passed() const { return failures.empty() && unknowns.empty(); }
    /// No failure, no miss, and every completeness check decided.
    bool fully_simplified() const {
        return failures.empty() && misses.empty() && completeness_unknowns.empty();
    }
    /// True if a failure of `kind` was found.
    bool has_failure(const std::string& kind) const;
};

/// Which checks to run (the shrinker turns the completeness checks off).
struct CheckOptions {
    bool completeness = true;
    bool ranges = true;
};

/// Runs the checks with one oracle and one probe (not thread-safe).
class CaseChecker {
public:
    /// `exact`: isl with the Z3 fallback when isl runs out of budget
    /// (make_exact_oracle); otherwise isl, and Z3 only for maps outside
    /// isl's fragment.
    explicit CaseChecker(const solvers::Limits& limits = {}, bool exact = false);
    ~CaseChecker();

    /// Parses `text` (one map, expressions kept as written), checks that
    /// printing round-trips, then runs `check`. A text that does not parse
    /// is a `roundtrip` failure (the fuzzer only feeds printed maps).
    CaseReport check_text(const std::string& text, const CheckOptions& options = {});

    /// Checks an already parsed map; `text` is the text it was parsed from
    /// (for the determinism check; empty to skip it).
    CaseReport check(const IndexingMap& input, const std::string& text,
                     const CheckOptions& options = {});

    /// The oracle checks of `simplified` as the engine's output for `input`
    /// (emptiness, equivalence, the engine's `result_ranges` of
    /// `simplified`, completeness); no simplification is run. Lets tests
    /// show that a wrong output is caught.
    CaseReport check_result(const IndexingMap& input, const IndexingMap& simplified,
                            const CheckOptions& options = {});

    /// The oracle (for the property tests).
    solvers::Oracle& oracle() { return *oracle_; }

private:
    void check_emptiness(const IndexingMap& input, const IndexingMap& simplified, CaseReport& r);
    void check_ranges(const IndexingMap& simplified, CaseReport& r);
    void check_completeness(const IndexingMap& simplified, CaseReport& r);
    void check_enumeration(const IndexingMap& input, const IndexingMap& simplified,
                           solvers::Verdict oracle_verdict, CaseReport& r);

    std::unique_ptr<solvers::Oracle> oracle_;
    solvers::AffineProber prober_;
};

/// True if the engine's range `engine` contains the exact range `[lo, hi]`
/// given as exact decimal text (`-inf`/`inf` allowed; values beyond int64
/// compared exactly). `range_contains({0, 9}, "0", "12") == false`.
bool range_contains(const Interval& engine, const std::string& lo, const std::string& hi);

/// True if `e` contains a node of kind floordiv, ceildiv or mod.
bool has_division(Expr e);
/// True if `e` contains a min or max node.
bool has_min_max(Expr e);

}  // namespace provix::fuzz
