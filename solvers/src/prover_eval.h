#pragma once
/// \file
/// Evaluation of a rule's nodes at a concrete point with provix semantics
/// (provix/semantics.h: floor division, checked int64 arithmetic), as the
/// engine evaluates conditions. Used to report both sides of a
/// counterexample and to prune the isl grid.
///
///     RulePoint p = RulePoint::sized(rule);
///     p.value[0] = 7; p.value[1] = 2;           // x = 7, c0 = 2
///     eval_value(rule, rule.lhs, p) == 3        // x floordiv c0

#include <cstdint>
#include <optional>
#include <vector>

#include "provix/rules/rule.h"

namespace provix::solvers::prover {

/// Values of a rule's variables and bounds (nullopt: not assigned).
struct RulePoint {
    std::vector<std::optional<int64_t>> value;  ///< per variable
    std::vector<std::optional<int64_t>> lb;     ///< lb(v) per variable
    std::vector<std::optional<int64_t>> ub;     ///< ub(v) per variable
    /// Per expression or sum variable: defined at this point (1) or
    /// undefined, a division by zero inside it (0).
    std::vector<char> defined;

    /// A point with every entry unassigned and every variable defined.
    static RulePoint sized(const rules::Rule& rule);
};

/// The value of an integer node, or nullopt when an operand is unassigned or
/// undefined, a divisor is zero or int64 overflows. `residue(v, k)` is
/// `v mod k` at the point, for k > 0 and a defined v.
std::optional<int64_t> eval_value(const rules::Rule& rule, int node, const RulePoint& p);

/// A three-valued truth value.
enum class Truth : uint8_t { False, True, Unknown };

/// Three-valued truth of a condition node, as the engine evaluates it:
/// `&&`/`||` short-circuit on a known operand; a comparison of an unknown
/// value is Unknown; `divisible(v, k)` is True when k != 0 divides v and
/// Unknown otherwise (the engine never knows it false); it holds for an
/// undefined variable (the analysis speaks of the points where it is
/// defined). `defined(v)` is True when v is defined, else Unknown.
Truth eval_truth(const rules::Rule& rule, int node, const RulePoint& p);

}  // namespace provix::solvers::prover
