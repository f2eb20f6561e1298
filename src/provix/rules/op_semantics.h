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

/// `a op b` for a comparison operator (`== != < <= > >=`); nullopt for
/// another operator.
///
///     apply_comparison(Op::Ne, 2, 3) == true
inline std::optional<bool> apply_comparison(Op op, int64_t a, int64_t b) {
    switch (op) {
        case Op::Eq:
            return a == b;
        case Op::Ne:
            return a != b;
        case Op::Lt:
            return a < b;
        case Op::Le:
            return a <= b;
        case Op::Gt:
            return a > b;
        case Op::Ge:
            return a >= b;
        default:
            return std::nullopt;
    }
}

}  // namespace provix::rules
