#pragma once
/// \file
/// popcount64: the number of set bits of a 64-bit word, inline. The build
/// targets plain x86-64 (no -mpopcnt), where `__builtin_popcountll` is a
/// call into libgcc; the hot loops over variable and term masks count bits
/// often enough for that call to show.
///
///     popcount64(0b1011) == 3

#include <cstdint>

namespace provix {

/// Number of set bits of `v` (a parallel sum of bit fields):
/// `popcount64(~uint64_t{0}) == 64`, `popcount64(0) == 0`.
inline int popcount64(uint64_t v) {
    v = v - ((v >> 1) & 0x5555555555555555u);                          // 2-bit sums
    v = (v & 0x3333333333333333u) + ((v >> 2) & 0x3333333333333333u);  // 4-bit sums
    v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0fu;                          // 8-bit sums
    return static_cast<int>((v * 0x0101010101010101u) >> 56);          // their total
}

}  // namespace provix
