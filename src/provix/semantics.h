#pragma once
/// \file
/// The one semantics file of provix (docs/semantics.md). Every back end, the fuzzer and
/// the tests are checked against these definitions.
///
/// Values are mathematical integers represented as int64. Division rounds
/// toward negative infinity (floor), `mod` takes the sign of the divisor, and
/// every operation that could leave int64 reports failure instead of wrapping.
///
///     floor_div(7, -2)  == -4      // C++ 7 / -2 is -3
///     floor_mod(-7, 2)  == 1       // C++ -7 % 2 is -1
///     floor_mod(7, -2)  == -1      // sign of the divisor
///     ceil_div(7, 2)    == 4
///     checked_add(INT64_MAX, 1) == std::nullopt

#include <cstdint>
#include <limits>
#include <optional>

namespace provix {

/// The smallest and largest representable values.
inline constexpr int64_t kInt64Min = std::numeric_limits<int64_t>::min();
inline constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();

/// `a + b`, or nullopt on int64 overflow. `checked_add(1, 2) == 3`.
inline std::optional<int64_t> checked_add(int64_t a, int64_t b) {
    int64_t r;
    if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
    return r;
}

/// `a - b`, or nullopt on int64 overflow. `checked_sub(kInt64Min, 1) == nullopt`.
inline std::optional<int64_t> checked_sub(int64_t a, int64_t b) {
    int64_t r;
    if (__builtin_sub_overflow(a, b, &r)) return std::nullopt;
    return r;
}

/// `a * b`, or nullopt on int64 overflow. `checked_mul(-3, 4) == -12`.
inline std::optional<int64_t> checked_mul(int64_t a, int64_t b) {
    int64_t r;
    if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
    return r;
}

/// `-a`, or nullopt for kInt64Min. `checked_neg(5) == -5`.
inline std::optional<int64_t> checked_neg(int64_t a) { return checked_sub(0, a); }

/// |a| as an unsigned 64-bit value, exact for every int64 (2^63 for
/// kInt64Min, which has no int64 magnitude). `magnitude(-8) == 8`.
constexpr uint64_t magnitude(int64_t a) {
    return a < 0 ? uint64_t{0} - static_cast<uint64_t>(a) : static_cast<uint64_t>(a);
}

/// The floor quotient, ceiling quotient and floor remainder on an integer
/// type T (int64_t, or __int128 where intermediate values must stay exact),
/// for a divisor the caller has already checked: b != 0, and not -1 when a
/// is T's minimum. C++'s `/` and `%` truncate toward zero; each corrects the
/// truncated result by one step where the remainder is non-zero and its sign
/// differs from b's (floor: fold_floordiv_down, fold_mod_shift_pos,
/// fold_mod_shift_neg) or agrees with it (ceiling: fold_ceildiv_up), and
/// keeps it otherwise (fold_floordiv_exact, fold_ceildiv_exact, fold_mod_exact).
///
///     floor_quotient(-7, 2) == -4     ceil_quotient(-7, 2) == -3
///     floor_remainder(-7, 2) == 1     floor_remainder(7, -2) == -1
template <class T>
constexpr T floor_quotient(T a, T b) {
    const T q = a / b, r = a % b;
    return r != 0 && ((r < 0) != (b < 0)) ? q - 1 : q;
}
template <class T>
constexpr T ceil_quotient(T a, T b) {
    const T q = a / b, r = a % b;
    return r != 0 && ((r < 0) == (b < 0)) ? q + 1 : q;
}
template <class T>
constexpr T floor_remainder(T a, T b) {
    const T r = a % b;
    return r != 0 && ((r < 0) != (b < 0)) ? r + b : r;
}

/// ⌊a / b⌋; nullopt when b == 0 or the quotient overflows (kInt64Min / -1);
/// by -1 it is the negation (floordiv_minus_one).
/// `floor_div(-7, 2) == -4`, `floor_div(7, -2) == -4`.
inline std::optional<int64_t> floor_div(int64_t a, int64_t b) {
    if (b == 0) return std::nullopt;
    if (b == -1) return checked_neg(a);
    return floor_quotient(a, b);
}

/// ⌈a / b⌉; nullopt when b == 0 or on overflow (by -1: ceildiv_minus_one).
/// `ceil_div(-7, 2) == -3`,
/// `ceil_div(7, 2) == 4`.
inline std::optional<int64_t> ceil_div(int64_t a, int64_t b) {
    if (b == 0) return std::nullopt;
    if (b == -1) return checked_neg(a);
    return ceil_quotient(a, b);
}

/// `a - b * floor_div(a, b)`: sign of b, |result| < |b|; nullopt when b == 0;
/// 0 by -1 (mod_minus_one).
/// `floor_mod(-7, 2) == 1`, `floor_mod(7, -2) == -1`, `floor_mod(kInt64Min, -1) == 0`.
inline std::optional<int64_t> floor_mod(int64_t a, int64_t b) {
    if (b == 0) return std::nullopt;
    if (b == -1) return 0;
    return floor_remainder(a, b);
}

/// Greatest common divisor of |a| and |b| (gcd(0, 0) == 0); nullopt when the
/// result is 2^63 (both arguments kInt64Min or one of them kInt64Min and the
/// other 0). `gcd(-12, 18) == 6`.
std::optional<int64_t> gcd(int64_t a, int64_t b);

/// Least common multiple of |a| and |b| (0 if either is 0), nullopt on
/// overflow. `lcm(4, 6) == 12`.
std::optional<int64_t> lcm(int64_t a, int64_t b);

}  // namespace provix
