#pragma once
/// \file
/// The range of an expression over boxed variables, by interval arithmetic
/// (a sound over-approximation: every value the expression takes at a point
/// of the box lies in the returned interval).
///
///     // d0 in [0, 9], d1 in [0, 3]
///     interval_of(d0 * 4 + d1, {{0, 9}, {0, 3}}) == Interval{0, 39}
///     interval_of(d0 floordiv 4, {{0, 9}})       == Interval{0, 2}

#include <vector>

#include "provix/expr.h"
#include "provix/interval.h"

namespace provix {

/// The interval of `e` when variable i ranges over `bounds[i]` (a variable
/// without an entry ranges over all integers). If `may_fail` is non-null it
/// is set to true when evaluating `e` at some point of the box might fail:
/// a divisor's interval contains 0, or an add, mul or division could leave
/// int64 (an intermediate interval reaches an infinite end). Otherwise it is
/// set to false, and `evaluate(e, point)` succeeds at every point of the box.
///
///     bool fail;
///     interval_of(d0 floordiv d1, {{0, 9}, {-1, 1}}, &fail);   // fail == true
Interval interval_of(Expr e, const std::vector<Interval>& bounds, bool* may_fail = nullptr);

}  // namespace provix
