#pragma once
/// \file
/// Evaluation with the exact intermediate value kept (to 128 bits), for the
/// callers that compare a value beyond int64 with a range: a constraint
/// `d0 * 4611686018427387904 * 4 in [0, inf]` holds at d0 = 1 (2^64).
/// Private to the library; `provix::evaluate` is its int64 face.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "provix/expr.h"
#include "provix/interval.h"
#include "provix/result.h"
#include "provix/semantics.h"

namespace provix::detail {

/// How one operation on exact values ended (apply_op, apply_wide).
enum class WideOutcome : uint8_t { kValue, kZeroDivisor, kOverflow, kNotAnOperator };

/// `*r = x op y` for an operator kind (floor semantics) in T (int64_t, or
/// __int128 for exact intermediate values): kZeroDivisor for a zero
/// divisor, kOverflow for a result beyond T (sums, products and the
/// quotients by -1 of T's minimum), and kNotAnOperator for a leaf kind.
/// 128-bit operands that fit int64 divide in int64 (the cheaper division).
/// The one evaluation step of the reference evaluator and of the engine's
/// point evaluator:
///
///     apply_op<int64_t>(ExprKind::Mod, -7, 2, &r) == WideOutcome::kValue  // r == 1
///     apply_op<int64_t>(ExprKind::FloorDiv, kInt64Min, -1, &r) == WideOutcome::kOverflow
template <class T>
inline WideOutcome apply_op(ExprKind kind, T x, T y, T* r) {
    switch (kind) {
        case ExprKind::Add:
            return __builtin_add_overflow(x, y, r) ? WideOutcome::kOverflow : WideOutcome::kValue;
        case ExprKind::Mul:
            return __builtin_mul_overflow(x, y, r) ? WideOutcome::kOverflow : WideOutcome::kValue;
        case ExprKind::Min:
            *r = std::min(x, y);
            return WideOutcome::kValue;
        case ExprKind::Max:
            *r = std::max(x, y);
            return WideOutcome::kValue;
        case ExprKind::FloorDiv:
        case ExprKind::CeilDiv:
        case ExprKind::Mod:
            break;
        default:
            return WideOutcome::kNotAnOperator;
    }
    if (y == 0) return WideOutcome::kZeroDivisor;
    if (y == -1) {  // the negation (0 for mod): the one quotient that can leave T
        if (kind == ExprKind::Mod) {
            *r = 0;
            return WideOutcome::kValue;
        }
        return __builtin_sub_overflow(T{0}, x, r) ? WideOutcome::kOverflow : WideOutcome::kValue;
    }
    // |y| >= 2: exact in T, and for 128 bits in int64 when both operands fit it.
    if constexpr (sizeof(T) > sizeof(int64_t)) {
        if (x >= kInt64Min && x <= kInt64Max && y >= kInt64Min && y <= kInt64Max) {
            int64_t narrow = 0;
            apply_op<int64_t>(kind, static_cast<int64_t>(x), static_cast<int64_t>(y), &narrow);
            *r = narrow;
            return WideOutcome::kValue;
        }
    }
    *r = kind == ExprKind::FloorDiv  ? floor_quotient(x, y)
         : kind == ExprKind::CeilDiv ? ceil_quotient(x, y)
                                     : floor_remainder(x, y);
    return WideOutcome::kValue;
}

/// apply_op on exact 128-bit values.
///
///     apply_wide(ExprKind::FloorDiv, 1, 0, &r) == WideOutcome::kZeroDivisor
inline WideOutcome apply_wide(ExprKind kind, __int128 x, __int128 y, __int128* r) {
    return apply_op<__int128>(kind, x, y, r);
}

/// `e` at `values` (variable i is `values[i]`), exact while every value
/// stays within 128 bits; errors on a zero divisor, beyond 128 bits, or on
/// a variable id without a value.
Result<__int128> evaluate_wide(Expr e, const std::vector<int64_t>& values);

/// True if the exact value `v` lies in `range` (whose finite ends are
/// int64): `in_range({0, 9}, __int128{1} << 64) == false`.
inline bool in_range(const Interval& range, __int128 v) {
    return !range.is_empty() && (range.lo_is_inf() || v >= range.lo()) &&
           (range.hi_is_inf() || v <= range.hi());
}

}  // namespace provix::detail
