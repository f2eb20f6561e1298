#pragma once
/// \file
/// Proofs of the rewrite rules of `rules/*.rules` (docs/rules.md).
///
/// Every rule becomes one proof obligation over mathematical integers, with
/// the rule's constants symbolic and each `lb(v)` / `ub(v)` a universally
/// quantified bound (`L_v <= v`, `v <= U_v`):
///
///     expression rule:  facts ∧ cond ∧ checks  ⇒  (lhs defined ⇔ rhs defined)
///                                                 ∧ (lhs defined ⇒ lhs == rhs)
///     constraint rule:  facts ∧ cond ∧ checks  ⇒  (lhs defined ∧ c1 <= lhs <= c2
///                                                  ⇔ rhs defined ∧ lo <= rhs <= hi)
///
/// Each expression or sum variable may be undefined (divide by zero) at a
/// point; a side is defined where all its variables are and its divisors
/// are non-zero, and lb/ub bound a variable where it is defined. A proven
/// rule must also be able to fire: if its condition never holds on a defined
/// left side it is reported `Vacuous`.
///
/// The obligation is written as SMT-LIB 2 (floor division defined in the
/// file) and Z3 decides that very text with a deterministic `rlimit`:
/// `unsat` of its negation proves the rule, `sat` refutes it with a model.
/// When Z3 answers unknown, isl decides the rule exactly for every
/// assignment of the rule's divisor and factor constants in a grid (the other
/// constants and the bounds stay symbolic isl parameters): such a rule is
/// "checked (grid)", never "proven".
///
///     auto rules = *rules::parse_rules("fd_nested: (x floordiv c0) floordiv c1 "
///                                      "=> x floordiv (c0 * c1) if c0 > 0 && c1 > 0", "r");
///     RuleProof p = prove_rule(rules[0]);
///     p.verdict == RuleVerdict::Proven

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "provix/rules/rule.h"
#include "provix/solvers/verdict.h"

namespace provix::solvers {

/// How a rule fared. `Proven` passes; `CheckedGrid` only with
/// ProverOptions::allow_grid.
enum class RuleVerdict : uint8_t {
    Proven,       ///< Z3: holds for all integers
    CheckedGrid,  ///< isl: holds for every grid assignment of the enumerated constants
    Refuted,      ///< a counterexample exists
    Unknown,      ///< neither back end decided (a failure)
    Vacuous,      ///< its condition never holds on a defined left side (a failure)
};

/// `"proven"`, `"checked (grid)"`, `"refuted"`, `"unknown"` or `"vacuous"`.
const char* rule_verdict_name(RuleVerdict v);

/// Resource limits and strategy of a proof. Limits are operation counts, not
/// wall-clock time, so verdicts are reproducible.
struct ProverOptions {
    /// Z3's `rlimit` for the obligation (and for shrinking a counterexample).
    unsigned z3_rlimit = 1'000'000;
    /// A wall-clock safeguard only (milliseconds; 0: none): Z3's non-linear
    /// core can run far past its rlimit; an answer cut by this limit (Z3
    /// interrupted by a watchdog thread) is reported as `unknown (timeout
    /// ..., not reproducible)` and the isl grid decides.
    unsigned z3_timeout_ms = 60'000;
    /// Ask Z3 at all (false: straight to the next back end; used by tests).
    bool use_z3 = true;
    /// The cvc5 binary, asked when Z3 answers unknown (the same SMT-LIB
    /// text); empty: not asked.
    std::string cvc5 = "cvc5";
    /// cvc5's time limit per obligation (milliseconds).
    unsigned cvc5_tlimit_ms = 20'000;
    /// Folder of Coq proof scripts `NAME.v`, checked with coqc against the
    /// statement generated from the obligation when both SMT solvers answer
    /// unknown; empty: Coq is not used.
    std::string coq_proofs_dir;
    /// The coqc binary.
    std::string coqc = "coqc";
    /// coqc's time limit per proof (seconds).
    unsigned coq_timeout_s = 120;
    /// Fall back to the isl grid when no prover decides a rule. A rule only
    /// checked on the grid passes only with `allow_grid`.
    bool grid_fallback = true;
    /// A rule checked on the grid alone passes (for developing a new rule).
    bool allow_grid = false;
    /// Divisor and factor constants are enumerated in [-factor_limit, factor_limit].
    int64_t factor_limit = 16;
    /// isl's operation budget per grid instance (isl_ctx_set_max_operations).
    unsigned long isl_max_operations = 2'000'000;
};

/// A concrete refutation of a rule, printed as Alive2 prints one:
///
///     ERROR: value mismatch
///     Example:
///       c0 = 2
///       x = 1
///     Source value: 0
///     Target value: 1
struct RuleCounterexample {
    /// `"value mismatch"`, `"constraint mismatch"` or `"right side undefined"`.
    std::string kind;
    /// The rule's constants (`c0 = 2`), in the order of first occurrence.
    std::vector<NamedValue> constants;
    /// Expression and sum variables (`x = 3`, `X = -1`).
    std::vector<NamedValue> variables;
    /// The bounds the condition used (`lb(y) = 0`, `ub(y) = 3`).
    std::vector<NamedValue> bounds;
    /// The left side's value (`"0"`; constraint rules: `"5 in [0, 3]: false"`).
    std::string source;
    /// The right side's value, as `source`.
    std::string target;
};

/// Multi-line text of a counterexample (no trailing newline).
std::string to_string(const RuleCounterexample& c);

/// The result of proving one rule.
struct RuleProof {
    RuleVerdict verdict = RuleVerdict::Unknown;
    /// Which back end decided: `"z3"`, `"cvc5"`, `"coq"`, `"isl grid"`, or `""`.
    std::string backend;
    /// Z3's answer on the obligation: `"unsat"`, `"sat"`, `"unknown (reason)"`,
    /// or `""` when Z3 was not asked.
    std::string z3_answer;
    /// The grid statement for `CheckedGrid` (`"c1 in [-16, 16]; c0 symbolic;
    /// 32 instances"`), the reason for `Unknown`, a note for `Refuted`.
    std::string detail;
    /// Set for `Refuted`.
    std::optional<RuleCounterexample> counterexample;
    /// Number of grid instances isl decided (0 if the grid was not used).
    int64_t grid_instances = 0;
};

/// The rule's proof obligation as a self-contained SMT-LIB 2 file (`sat`
/// refutes the rule, `unsat` proves it), with floor division, ceiling
/// division and modulo defined in the file on top of SMT-LIB's Euclidean
/// `div`. Z3 decides exactly this text.
std::string rule_obligation_smtlib(const rules::Rule& rule);

/// The Coq file of the rule's obligation: the prelude and
/// `Definition <name>_statement : Prop := ...`, translated term by term from
/// the SMT-LIB text. A proof script `<name>.v` proves
/// `Theorem <name> : <name>_statement.`
std::string rule_coq_statement(const rules::Rule& rule);

/// Proves `rule` (Z3, then the isl grid when Z3 answers unknown).
RuleProof prove_rule(const rules::Rule& rule, const ProverOptions& options = {});

/// Decides `rule` with the isl grid alone (what `prove_rule` falls back to).
RuleProof check_rule_on_grid(const rules::Rule& rule, const ProverOptions& options = {});

}  // namespace provix::solvers
