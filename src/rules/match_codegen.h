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
/// floordiv c1`) gets the steps before the sum as above, then hands the sum
/// and the continuation to the interpreter (`match_sum_<index>`, a
/// CompiledSumMatch). Other left sides with sums (or with an operator the
/// matcher does not take apart) have none: the matcher interprets them.

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
