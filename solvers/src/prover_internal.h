#pragma once
/// \file
/// Pieces shared by the prover's back ends (Z3 in prover.cpp, isl in
/// prover_grid.cpp).

#include <vector>

#include "prover_eval.h"
#include "provix/solvers/prover.h"

namespace provix::solvers::prover {

/// The counterexample at `p` (every variable and every used bound set):
/// names and values, both sides evaluated with provix semantics, and the
/// kind of error. `lb_used` / `ub_used` say which bounds the rule uses.
RuleCounterexample make_counterexample(const rules::Rule& rule, const RulePoint& p,
                                       const std::vector<bool>& lb_used,
                                       const std::vector<bool>& ub_used);

/// The isl grid check (see provix/solvers/prover.h).
RuleProof check_rule_on_grid(const rules::Rule& rule, const ProverOptions& options);

}  // namespace provix::solvers::prover
