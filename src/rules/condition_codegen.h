#pragma once
/// \file
/// Rule conditions compiled to C++ at build time (provix_rulegen): one
/// function per condition node, straight-line code calling the matcher's
/// condition leaves (`constant_of`, `lower_bound`, `upper_bound`,
/// `range_is_point`, `defined_verdict`, `divisible_verdict`), the same
/// three-valued logic, order of evaluation and early exits as the
/// matcher's interpreter (RuleMatcher::eval_cond and eval_int), so the
/// verdicts and the analyses' side effects are the same:
///
///     // c0 > 0 && lb(Y) >= 0
///     static inline Tri cond_3_9(RuleMatcher& m) {
///         std::optional<int64_t> a = m.constant_of(0);
///         if (!a) return Tri::Unknown;
///         return RuleMatcher::compare(rules::Op::Gt, *a, int64_t{0});
///     }
///
/// The provers read the rule files, not this code.

#include <cstdint>
#include <string>

#include "provix/rules/rule.h"

namespace provix::rules {

/// The C++ of rule number `index`'s condition: functions named
/// `cond_<index>_<node>` and `int_<index>_<node>`; an array
/// `kConditions<index>` with one CompiledCondition per node of the rule
/// (the node's function if the node is a condition, else nullptr); the
/// condition's top-level conjuncts `kConjunctNodes<index>` (node indices,
/// ending with -1); `kValues<index>`, one CompiledValue per node (the
/// integer function, in namespace `values<index>`, of a topmost constant
/// part of the right side that is an operator, `c1 floordiv c0`, or of a
/// constraint rule's new range end, else nullptr: the matcher builds right
/// sides with them); `kBuild<index>`, the CompiledBuild of the right side
/// (one function per operator node, in namespace `values<index>`; nullptr
/// for a rule without one); and `kBoundHooks<index>`, one BoundHook per variable:
/// the conjuncts that read the variable, each checked when its last
/// variable is bound (RuleMatcher::bound), as straight-line code:
///
///     inline bool bound_3_0(RuleMatcher& m) {  // c0 > 0 && c0 mod c1 == 0
///         const uint64_t bound = m.bound_variables();
///         if ((bound & 1u) == 1u && !m.record_conjunct(0, cond_3_7(m)))
///             return false;
///         if ((bound & 3u) == 3u && !m.record_conjunct(1, cond_3_12(m)))
///             return false;
///         return true;
///     }
std::string condition_code(const Rule& rule, size_t index);

/// An int64 literal as C++ for the generated code (INT64_MIN has no literal
/// of its own): `int64_t{-4}`, `(int64_t{-9223372036854775807} - 1)`.
std::string int_literal(int64_t v);

}  // namespace provix::rules
