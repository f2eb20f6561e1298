#pragma once
/// \file
/// Proofs of the lemmas of `rules/*.lemmas`: the statements the engine's
/// domain passes, analyses and folding kernel rely on. A lemma is a formula
/// over integers, every identifier universally quantified; it is proven when
/// its negation is unsatisfiable (Z3 decides the SMT-LIB text that
/// `lemma_obligation_smtlib` returns, and cvc5 can re-check the same file).
///
///     auto ls = *rules::parse_lemmas("add_zero: x + 0 == x", "k.lemmas");
///     prove_lemma(ls[0]).verdict == RuleVerdict::Proven

#include <string>

#include "provix/rules/rule.h"
#include "provix/solvers/prover.h"

namespace provix::solvers {

/// The lemma's obligation as a self-contained SMT-LIB 2 file (`unsat`
/// proves the lemma, `sat` refutes it), with floor division defined in the
/// file. A comparison with an undefined operand (a zero divisor) is false.
std::string lemma_obligation_smtlib(const rules::Lemma& lemma);

/// Proves `lemma` with Z3. `Refuted` comes with a counterexample (the value
/// of every variable); a lemma `H => C` whose hypothesis H can never hold is
/// `Vacuous` (it would prove nothing). Z3's unknown is `Unknown`, never a
/// pass.
RuleProof prove_lemma(const rules::Lemma& lemma, const ProverOptions& options = {});

/// The Coq file of the lemma's obligation (as rule_coq_statement).
std::string lemma_coq_statement(const rules::Lemma& lemma);

}  // namespace provix::solvers
