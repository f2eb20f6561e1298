#pragma once
/// \file
/// The integer meaning of the rule language's operators (provix/semantics.h:
/// floor division, checked int64 arithmetic), shared by every evaluator of
/// rule nodes: the engine's condition evaluator and the prover's evaluator
/// at concrete points. Each walks its own tree and reads its own leaves
/// (bindings, grid points); the operators themselves are applied here.
///
///     apply_binary(Op::FloorDiv, -7, 2) == -4
///     apply_comparison(Op::Le, 2, 3) == true
///     negated_comparison(Op::Lt) == Op::Ge

#include <algorithm>
#include <cstdint>
#include <optional>

#include "provix/rules/rule.h"
#include "provix/semantics.h"

namespace provix::rules {

/// `a op b` for a binary integer operator (`+ * floordiv ceildiv mod min
/// max gcd lcm`): nullopt for a zero divisor, an int64 overflow or an
/// operator that is not one of these.
///
///     apply_binary(Op::Mod, -7, 3) == 2
///     !apply_binary(Op::FloorDiv, 1, 0)
inline std::optional<int64_t> apply_binary(Op op, int64_t a, int64_t b) {
    switch (op) {
        case Op::Add:
            return checked_add(a, b);
        case Op::Mul:
            return checked_mul(a, b);
        case Op::FloorDiv:
            return floor_div(a, b);
        case Op::CeilDiv:
            return ceil_div(a, b);
        case Op::Mod:
            return floor_mod(a, b);
        case Op::Min:
            return std::min(a, b);
        case Op::Max:
            return std::max(a, b);
        case Op::Gcd:
            return gcd(a, b);
        case Op::Lcm:
            return lcm(a, b);
        default:
            return std::nullopt;
    }
}

/// `op a` for a unary integer operator (`abs`): nullopt on overflow or for
/// another operator.
///
///     apply_unary(Op::Abs, -4) == 4
inline std::optional<int64_t> apply_unary(Op op, int64_t a) {
    if (op != Op::Abs) return std::nullopt;
    return a < 0 ? checked_neg(a) : a;
}

/// The orders of `a` and `b` for which `a op b` holds, as a set of bits:
/// kLess (a < b), kEqual and kGreater; 0 for an operator that is not a
/// comparison. Every comparison is one of the six non-trivial sets, so
/// evaluating, negating and swapping comparisons are bit operations.
///
///     comparison_outcomes(Op::Le) == (kLess | kEqual)
inline constexpr unsigned kLess = 1, kEqual = 2, kGreater = 4;
constexpr unsigned comparison_outcomes(Op op) {
    switch (op) {
        case Op::Eq:
            return kEqual;
        case Op::Ne:
            return kLess | kGreater;
        case Op::Lt:
            return kLess;
        case Op::Le:
            return kLess | kEqual;
        case Op::Gt:
            return kGreater;
        case Op::Ge:
            return kGreater | kEqual;
        default:
            return 0;
    }
}

/// The comparison that holds for exactly the orders `outcomes` (a
/// non-empty, proper subset of kLess | kEqual | kGreater).
///
///     comparison_of_outcomes(kGreater | kEqual) == Op::Ge
constexpr Op comparison_of_outcomes(unsigned outcomes) {
    for (Op op : {Op::Eq, Op::Ne, Op::Lt, Op::Le, Op::Gt, Op::Ge})
        if (comparison_outcomes(op) == outcomes) return op;
    return Op::Eq;  // not reached for a proper subset
}

/// `a op b` for a comparison operator (`== != < <= > >=`); nullopt for
/// another operator.
///
///     apply_comparison(Op::Ne, 2, 3) == true
inline std::optional<bool> apply_comparison(Op op, int64_t a, int64_t b) {
    unsigned outcomes = comparison_outcomes(op);
    if (outcomes == 0) return std::nullopt;
    return (outcomes & (a < b ? kLess : a == b ? kEqual : kGreater)) != 0;
}

/// The comparison `!(a op b)` is: `negated_comparison(Op::Lt) == Op::Ge`;
/// another operator is returned unchanged.
constexpr Op negated_comparison(Op op) {
    unsigned outcomes = comparison_outcomes(op);
    if (outcomes == 0) return op;
    return comparison_of_outcomes((kLess | kEqual | kGreater) & ~outcomes);
}

/// The comparison `op'` with `b op' a` exactly when `a op b`:
/// `swapped_comparison(Op::Le) == Op::Ge`, `swapped_comparison(Op::Ne) ==
/// Op::Ne`; another operator is returned unchanged.
constexpr Op swapped_comparison(Op op) {
    unsigned outcomes = comparison_outcomes(op);
    if (outcomes == 0) return op;
    unsigned swapped = (outcomes & kEqual) | ((outcomes & kLess) ? kGreater : 0) |
                       ((outcomes & kGreater) ? kLess : 0);
    return comparison_of_outcomes(swapped);
}

}  // namespace provix::rules
