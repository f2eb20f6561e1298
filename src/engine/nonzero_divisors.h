#pragma once
/// \file
/// Divisors of the domain's constraints are non-zero on the domain: a
/// constraint that divides by zero at a point excludes that point (every
/// operator is strict, so an undefined sub-expression makes the whole
/// constraint undefined, and an undefined constraint does not hold). Two
/// uses: the range analysis treats such a divisor as non-zero where it
/// appears in a result (lemmas constraint_fd_nonzero, constraint_cd_nonzero,
/// constraint_mod_nonzero), and a domain pass moves a variable's bound off
/// the zero of a divisor that is affine in that variable alone
/// (nonzero_divisor_lower, nonzero_divisor_upper).

#include <vector>

#include "provix/indexing_map.h"
#include "rewrite_log.h"

namespace provix::engine {

/// The divisors with variables of the constraints' expressions, each once,
/// in order of first appearance: `d1 mod (d1 * 2) in [0, 9]` gives
/// `{d1 * 2}`. Constant divisors are left out (their value is known).
std::vector<Expr> constraint_divisors(const std::vector<Constraint>& constraints);

/// Moves a variable's bound off the zero of a constraint divisor `a*v + b`:
/// with `(s0 - 5) mod d0 in [0, 3]` and d0 in [0, 2], d0 is in [1, 2]
/// (nonzero_divisor_lower; nonzero_divisor_upper for the upper end). A bound
/// that is the only value left makes the map known empty. Returns true on
/// change.
bool exclude_zero_divisors_at_bounds(IndexingMap& map, RewriteLog log = {});

}  // namespace provix::engine
