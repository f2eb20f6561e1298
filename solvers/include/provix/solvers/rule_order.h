#pragma once
/// \file
/// The reduction order that makes rewriting terminate (docs/rules.md; as in
/// Halide's simplifier): every rule must make the expression strictly
/// smaller in a well-founded lexicographic order, so no sequence of rule
/// applications can loop.
///
/// The measure of an expression is the tuple
///
///   1. div/ceildiv/mod nodes whose divisor is a negative constant
///   2. div/ceildiv/mod nodes
///   3. Mod nodes inside the dividend of each div/mod node, summed
///   4. the sizes of the dividends of all div/mod nodes, summed
///   5. Mul nodes that are not constant scalings
///   6. min/max nodes
///   7. total size (nodes; a constant sub-tree is one leaf; a sub-sum 0)
///   8. non-constant leaves
///
/// A rule is checked on its text: each pattern variable counts as a minimal
/// instance (expression variable: size 1, one non-constant leaf; sub-sum:
/// size 0); every variable may occur on the right at most as often as on
/// the left, and at most as deep inside dividends in total (components 3 and
/// 4 count a variable once per enclosing division); then the left tuple must
/// be strictly greater than the right one in every case of the signs of the
/// constants used in divisors (signs come from the condition's conjuncts
/// `c0 > 0`, `c0 < 0`, ... and from literals).
///
///     auto r = *rules::parse_rules("nested: (x floordiv c0) floordiv c1 "
///                                  "=> x floordiv (c0 * c1) if c0 > 0 && c1 > 0", "r");
///     check_reduction_order(r[0]).ok  // (0, 2, 0, 4, 0, 0, 5, 1) > (0, 1, 0, 1, 0, 0, 3, 1)

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "provix/rules/rule.h"

namespace provix::solvers {

/// The eight components of the measure of one side of a rule.
struct OrderMeasure {
    std::array<int64_t, 8> value{};

    /// `(0, 1, 0, 3, 0, 0, 5, 1)`.
    std::string to_string() const;
};

/// The outcome of the reduction-order check of one rule.
struct OrderCheck {
    /// True if the rule decreases the order.
    bool ok = false;
    /// Why not (or, when ok, the measures: `(..) > (..)`).
    std::string message;
    /// The measures of both sides, per sign case that can fire (usually one).
    std::vector<std::pair<OrderMeasure, OrderMeasure>> cases;
};

/// Checks that `rule` decreases the reduction order.
OrderCheck check_reduction_order(const rules::Rule& rule);

}  // namespace provix::solvers
