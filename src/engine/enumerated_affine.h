#pragma once
/// \file
/// The affine form of an expression over few points: an expression whose
/// variables take few values on the domain is evaluated at each of them, and
/// replaced by the affine expression through those values when there is one
/// with integer coefficients (lemma `enumerated_affine` of
/// rules/rewriter.lemmas).

#include <optional>

#include "provix/expr.h"
#include "provix/interval.h"

namespace provix::engine {

class RangeAnalysis;

/// Points the step enumerates at most (the product of the ranges of the
/// expression's variables); a wider box is left alone (the pre-check).
constexpr int64_t kMaxEnumeratedPoints = 64;

/// `e` at a point (`at[i]` the value of variable i; every variable of `e`
/// must have one), with the semantics of provix/semantics.h (floor
/// division): the exact value, computed on 128-bit integers so that an
/// intermediate value beyond int64 does not stop it (`(d0 * 2^62) floordiv 3`
/// at d0 = 2 is 3074457345618258602); nullopt where `e` divides by zero, or
/// its value (or an intermediate one beyond 128 bits) does not fit int64.
/// Recursive without a memo: for small trees. `d0 floordiv 2` at {7} is 3.
std::optional<int64_t> evaluate_at(Expr e, const int64_t* at);

/// True if `e` at the point `at` has an exact value (see evaluate_at; an
/// intermediate value beyond 128 bits, or a zero divisor, decides nothing)
/// outside `range`: a constraint `e in range` is false there, even when the
/// value leaves int64. `d0 * 2^62 in [0, 10]` at d0 = 2 is excluded.
bool excluded_at(Expr e, const Interval& range, const int64_t* at);

/// A floordiv, ceildiv, mod, min or max node `e`, or a sum holding one, whose
/// variables (at most 6) span a box of at most kMaxEnumeratedPoints points
/// under their ranges, equal at every point of that box that can be a
/// domain point to one affine expression `A` with int64 coefficients: returns
/// `A`. The points left out are those where a domain constraint over only
/// those variables is false or divides by zero, or where a divisor of some
/// constraint, over only those variables, is zero. `e` must be defined at
/// every point kept. `(d0 floordiv 3 + (d0 mod 2) * 2)` with d0 in [3, 15],
/// `d0 mod 6 in [3, 3]`, `d0 mod 10 in [3, 4]` keeps d0 = 3 only: `3`.
/// Null Expr when it does not apply.
Expr enumerated_affine(Expr e, RangeAnalysis& ranges);

}  // namespace provix::engine
