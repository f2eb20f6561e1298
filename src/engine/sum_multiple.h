#pragma once
/// \file
/// A sum read as a multiple of another sum plus a rest: the regrouping the
/// divisibility and range analyses apply to the sums a constraint bounds.

#include <cstdint>
#include <optional>

#include "expr_node.h"

namespace provix::engine {

/// The sum `e` as `a * f + z` for a sum `f`: `a`, the operands of `e` that
/// are a times a term of `f` (bit j: operand j), and the constant of z (e's
/// constant less a times f's). z is the constant plus e's other operands.
/// With f = d0 + s0 * 7 + 1, `d0 * -2 - s0 * 14 + d1 + 5` is -2 * f + (d1 +
/// 7): a = -2, the bits of the operands `d0 * -2` and `s0 * -14`, and 7.
struct SumMultiple {
    int64_t a;
    uint64_t used;
    int64_t rest_constant;
};

/// `e` as a multiple of `f` (both sums, Add nodes), or nullopt when there
/// is no one non-zero a with a times each non-constant term of f among e's
/// terms, when a or the rest's constant leaves int64, or when e has more
/// than 64 operands. A term is compared as its coefficient times the rest
/// (detail::split_sum_term; a product whose monomial is no node, `d0 * d1 *
/// 4`, is 1 times itself). `as_multiple_of(d0 * 3 + s0 * 21, d0 + s0 * 7)`
/// is 3, both operands used, the constant 0; `d0 * 2 + s0 * 7` against
/// `d0 + s0 * 7` has none.
std::optional<SumMultiple> as_multiple_of(const detail::ExprNode* e, const detail::ExprNode* f);

}  // namespace provix::engine
