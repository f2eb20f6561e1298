#pragma once
/// \file
/// Evaluation with the exact intermediate value kept (to 128 bits), for the
/// callers that compare a value beyond int64 with a range: a constraint
/// `d0 * 4611686018427387904 * 4 in [0, inf]` holds at d0 = 1 (2^64).
/// Private to the library; `provix::evaluate` is its int64 face.

#include <cstdint>
#include <vector>

#include "provix/expr.h"
#include "provix/interval.h"
#include "provix/result.h"

namespace provix::detail {

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
