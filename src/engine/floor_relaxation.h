#pragma once
/// \file
/// A sum of quotients whose value is constant on the domain although no
/// quotient is: `(x + 7) floordiv 4 - (x - 1) floordiv 4` is 2 for every x.
/// Each quotient by a positive constant c is its dividend over c up to a
/// remainder in [0, c - 1] (lemmas floor_relaxation_fd, floor_relaxation_cd
/// of rules/rewriter.lemmas); the sum scaled by the divisors' lcm is then a
/// canonical affine sum, in which the dividends' common parts cancel, plus
/// bounded remainders. When that bounds the sum to one value, it is that
/// value (floor_relaxation_value); else the bounds are a range of the sum
/// (floor_relaxation_range), which min/max decisions read.

#include "provix/expr.h"
#include "provix/interval.h"

namespace provix::engine {

class RangeAnalysis;

/// The constant value of the sum `e` on the domain when it holds two or more
/// terms `k * (x floordiv c)` or `k * (x ceildiv c)` (c > 0 constant) and
/// the bound above decides it; `e` must be defined on the whole domain. Null
/// Expr otherwise (the cheap pre-check: the count of such terms).
///
///     (d0 * 5 + s1 * 25 + 7) floordiv 4 - (d0 * 5 + s1 * 25 - 1) floordiv 4   is   2
///     (d0 * 2) floordiv 4 - d0 floordiv 2                                       is   0
Expr constant_by_floor_relaxation(Expr e, RangeAnalysis& ranges);

/// The range of the sum `e` read the same way when it holds one or more
/// quotients by positive constants and is defined everywhere: the multiples
/// of the scale in the bounds of the scaled sum, over the scale (lemma
/// floor_relaxation_range). All integers otherwise, or where an end leaves
/// int64; empty when no multiple lies in the bounds.
///
///     s0 ceildiv 8 - s0   with s0 in [-100, 1]   lies in [0, 88]
///     (8 * (s0 ceildiv 8) - 8 * s0 is -7 * s0 plus a remainder in [0, 7]: in [-7, 707])
Interval range_by_floor_relaxation(Expr e, RangeAnalysis& ranges);

}  // namespace provix::engine
