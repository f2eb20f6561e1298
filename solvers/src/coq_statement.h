#pragma once
/// \file
/// Coq statements of proof obligations. A rule's or a lemma's SMT-LIB
/// obligation (the text Z3 decides and cvc5 re-checks) is translated term by
/// term into a Coq proposition, so a Coq proof is a proof of that very
/// obligation: the assertion `(and h1 ... hn (not goal))` becomes
/// `forall <declared constants>, h1 -> ... -> hn -> goal`. Integers are Coq's
/// `Z`; Boolean constants (a variable's definedness) are `bool`, used as
/// `b = true`; the prelude's floor division and modulo are the definitions
/// of `coq_prelude()`, which are `Z.div` / `Z.modulo` for a non-zero divisor
/// (Coq's floor semantics, as provix's).
///
///     coq_statement("(declare-const x Int)\n(assert (and (> x 0) (not (>= x 1))))")
///         == "forall (x : Z), (x > 0) -> (x >= 1)"

#include <string>

#include "provix/result.h"

namespace provix::solvers::prover {

/// The Coq definitions mirroring the SMT-LIB prelude of every obligation
/// (floor_div, floor_mod, ceil_div, int_min, int_max, int_abs), with lemmas
/// relating them to Coq's Z.div, Z.modulo, Z.min, Z.max, Z.abs.
std::string coq_prelude();

/// The Coq proposition of the SMT-LIB obligation `smt_body`: declarations,
/// the prelude's and nullary `define-fun`s (inlined), and one `assert` of a
/// conjunction whose last conjunct is `(not goal)`. Errors on anything else.
Result<std::string> coq_statement(const std::string& smt_body);

}  // namespace provix::solvers::prover
