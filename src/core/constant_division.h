#pragma once
/// \file
/// Division of a variable-free expression whose exact value leaves int64 by a
/// constant (the folding kernel's wide case): the products and sums of
/// constants that overflowed stay unfolded (`16 * 4611686018427387905`), yet
/// their quotient or remainder may fit. They are computed without the
/// overflowing value, by modular arithmetic on the factors and terms (lemmas
/// fold_mod_of_product, fold_mod_of_sum, fold_floordiv_of_product,
/// fold_floordiv_of_sum, fold_ceildiv_from_floor_exact,
/// fold_ceildiv_from_floor_up of rules/kernel.lemmas).

#include <cstdint>
#include <optional>

#include "provix/expr.h"

namespace provix::detail {

/// `a kind c` (floordiv, ceildiv or mod; c != 0) for an `a` built only from
/// constants, additions, multiplications and divisions by constants (each
/// counted by its exact value), when the result fits int64; nullopt
/// otherwise (a variable, min or max, a quotient beyond int64).
/// `((16 * 4611686018427387905) mod -128)` is -112,
/// `(2 * 9223372036854775807) floordiv 5` is 3689348814741910322 and
/// `((91 * 1317624576693539400 + 52) floordiv 6) mod 2` is 0.
std::optional<int64_t> fold_constant_division(ExprKind kind, Expr a, int64_t c);

}  // namespace provix::detail
