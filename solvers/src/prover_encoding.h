#pragma once
/// \file
/// The SMT-LIB 2 proof obligation of one rule (see provix/solvers/prover.h).
/// The text is the single source of truth: Z3 parses it, cvc5 re-checks the
/// exported file.
///
///     RuleObligation o = encode_rule(rule);
///     o.text   // "(set-logic ALL) ... (assert (and facts condition ...)) (check-sat)"

#include <string>
#include <vector>

#include "provix/rules/rule.h"

namespace provix::solvers::prover {

// The prover's files name the rule types without the prefix.
using rules::Node;
using rules::Op;
using rules::Rule;
using rules::VarKind;

/// What an SMT constant of the obligation stands for.
enum class SymbolKind : uint8_t {
    Const,  ///< a constant variable c0
    Var,    ///< an expression or sum variable
    Lb,     ///< lb(v)
    Ub,     ///< ub(v)
    Aux,    ///< an auxiliary unknown (gcd witnesses)
    Def,    ///< def_v: whether expression or sum variable v is defined (Bool)
};

/// A declared SMT constant.
struct Symbol {
    std::string smt;      ///< name in the file: `c0`, `v_x`, `lb_x`
    std::string display;  ///< name in reports: `c0`, `x`, `lb(x)`
    SymbolKind kind;
    int var = -1;  ///< index into Rule::vars (-1 for Aux)
};

/// One obligation: satisfiable exactly when the rule has a counterexample.
struct RuleObligation {
    /// Declarations, definitions and the assertion (no `check-sat`).
    std::string body;
    /// Satisfiable exactly when the rule can fire on a defined left side
    /// (unsatisfiable: the rule is vacuous).
    std::string vacuity_body;
    /// The complete file: a header comment, `body`, `(check-sat)`.
    std::string text;
    std::vector<Symbol> symbols;
};

/// Encodes `rule` as described in provix/solvers/prover.h.
RuleObligation encode_rule(const rules::Rule& rule);

/// The constant variables scaling sub-sum partitions of the left side (`c0`
/// in `c0 * X + Y`), by variable index. The engine never binds them to 0.
std::vector<int> partition_constants(const rules::Rule& rule);

/// Variables whose `lb` / `ub` the rule uses (by variable index).
void used_bounds(const rules::Rule& rule, std::vector<bool>& lb, std::vector<bool>& ub);

}  // namespace provix::solvers::prover
