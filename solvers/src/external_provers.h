#pragma once
/// \file
/// The provers run as separate programs on an obligation's text: cvc5 on
/// the SMT-LIB obligation, and coqc on a Coq proof script checked against
/// the statement generated from that obligation (coq_statement.h).
///
///     cvc5_decide(body, options)            // "unsat": proven
///     coq_check("fd_of_mod", body, options)  // proven when rules/proofs/fd_of_mod.v proves it

#include <string>

#include "provix/solvers/prover.h"

namespace provix::solvers::prover {

/// cvc5's answer on the SMT-LIB obligation `body` (declarations and the
/// assertion): `"sat"`, `"unsat"`, `"unknown"` (time limit included) or
/// `"error: ..."`; `""` when no cvc5 is configured.
std::string cvc5_decide(const std::string& body, const ProverOptions& options);

/// The Coq file of obligation `name`: the prelude and `Definition
/// <name>_statement : Prop := ...` (what a proof script must prove, as
/// `Theorem <name> : <name>_statement.`).
std::string coq_statement_file(const std::string& name, const std::string& smt_body);

/// The outcome of checking a Coq proof.
struct CoqCheck {
    bool proven = false;
    /// Why not (no script, coqc failed, an axiom was used), or `""`.
    std::string detail;
};

/// The file of lemmas shared by the Coq proof scripts of a folder. Its name
/// cannot name a rule or lemma (they are identifiers).
inline constexpr const char* kCoqSharedLemmas = "shared-lemmas.v";

/// Checks `<coq_proofs_dir>/<name>.v` against the statement of `smt_body`:
/// the script must define `Theorem <name> : <name>_statement` and coqc must
/// accept it with no axiom, admit or other assumption (`Print Assumptions`
/// reports it closed under the global context). The folder's
/// `shared-lemmas.v`, if any, is checked in the same coqc run, between the
/// statement and the script, under the same refusals: a script may use its
/// lemmas, and they are proven every time.
CoqCheck coq_check(const std::string& name, const std::string& smt_body,
                   const ProverOptions& options);

/// True if a Coq proof script for obligation `name` exists. Such a proof is
/// checked first, and must check: a script that no longer proves its
/// statement (the rule changed) is a failure, not a fallback to the SMT
/// solvers.
bool has_coq_proof(const std::string& name, const ProverOptions& options);

/// The verdict of obligation `name`'s Coq proof script: `Proven` (backend
/// "coq") or `Unknown` with coqc's complaint.
RuleProof prove_with_coq(const std::string& name, const std::string& smt_body,
                         const ProverOptions& options);

/// After Z3 answered unknown on obligation `name`: cvc5 on the same text,
/// then the Coq proof script. Returns `Proven` (backend "cvc5" or "coq"),
/// `Refuted` (cvc5 found a counterexample; no model is read) or `Unknown`
/// with every prover's answer in `detail`.
RuleProof prove_after_z3(const std::string& name, const std::string& smt_body,
                         const std::string& z3_answer, const ProverOptions& options);

/// Whether a proven obligation can apply at all: `vacuity_body` is
/// satisfiable (Z3, then cvc5 when Z3 answers unknown). Turns `proof` into
/// `Vacuous` when it is unsatisfiable and into `Unknown` when undecided.
void check_not_vacuous(RuleProof& proof, const std::string& vacuity_body, const std::string& what,
                       const ProverOptions& options);

}  // namespace provix::solvers::prover
