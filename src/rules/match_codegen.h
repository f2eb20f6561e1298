#pragma once
/// \file
/// Left sides compiled to C++ at build time (provix_rulegen): a left side
/// without sum patterns matches without backtracking, so its match is
/// straight-line code taking the interpreter's steps (RuleMatcher::match)
/// in the interpreter's order: the same kind checks, the same bindings
/// (each checked by its bound hook as it is made), the same first failure.
///
///     // (x floordiv c0) mod c1
///     inline bool match_7(RuleMatcher& m, Expr e, uint64_t& fresh) {
///         if (!m.kind_fits(4, e)) return false;
///         const Expr e1 = provix::detail::op_at(e, 0);
///         const Expr e3 = provix::detail::op_at(e, 1);
///         if (!m.kind_fits(1, e1) || !m.kind_fits(3, e3)) return false;
///         if (!m.bind_const_step(2, provix::detail::const_value(e3), fresh))
///             return m.unbind_fresh(fresh);
///         ...
///         return true;
///     }
///
/// A left side whose last step is its only sum pattern (`(c0 * X + Y)
/// floordiv c1`, `(x floordiv c0) * c1 + (x mod c0) * c2 + Y`) gets the
/// steps before the sum as above, then the sum (`match_sum_<index>`, a
/// CompiledSumMatch): RuleMatcher::match_sum's term assignment as nested
/// loops, one per term pattern over the sum's unused terms in increasing
/// order (as assign_terms visits them), each loop's bindings in a mask of
/// its own, undone before it takes its next term; then the constant term;
/// then the partition and the continuation (RuleMatcher::partition_step,
/// instantiated for the partition's shape: `c0 * X` and a rest Y or not).
///
///     for (size_t j0 = 0; j0 < n_terms; ++j0) {
///         if (!terms[j0].monomial) continue;
///         ...
///         if (!m.bind_const_step(2, u0.coef, f0)) { m.unbind_fresh(f0); continue; }
///         ...
///         if (m.partition_step<RuleMatcher::kPartitionY>(12, terms, used0, k)) return true;
///         m.unbind_fresh(f0);
///     }
///
/// A term pattern holding a sum of its own (choice points inside a term)
/// leaves the whole sum to the interpreter (RuleMatcher::match_sum_step).
/// Other left sides with sums (or with an operator the matcher does not
/// take apart) have none: the matcher interprets them.

#include <string>

#include "provix/rules/rule.h"

namespace provix::rules {

/// The C++ of rule number `index`'s left-side matchers: `const
/// CompiledMatch kMatch<index>` (a left side without sums, its function
/// `match_<index>`) and `const CompiledSumMatch kMatchSum<index>` (a left
/// side ending in its only sum, `match_sum_<index>`), each nullptr where
/// it does not apply.
std::string match_code(const Rule& rule, size_t index);

}  // namespace provix::rules
