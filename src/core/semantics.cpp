/// \file
/// Out-of-line parts of the semantics file.

#include "provix/semantics.h"

namespace provix {

std::optional<int64_t> gcd(int64_t a, int64_t b) {
    // Work on magnitudes as uint64 so kInt64Min is representable.
    uint64_t x = magnitude(a);
    uint64_t y = magnitude(b);
    // Euclid's algorithm; gcd(0, y) == y without a division (a sum's first
    // coefficient folds into the gcd 0 of no term).
    if (x == 0) {
        x = y;
    } else {
        while (y != 0) {
            uint64_t t = x % y;
            x = y;
            y = t;
        }
    }
    if (x > static_cast<uint64_t>(kInt64Max)) return std::nullopt;
    return static_cast<int64_t>(x);
}

std::optional<int64_t> lcm(int64_t a, int64_t b) {
    if (a == 0 || b == 0) return 0;
    auto g = gcd(a, b);
    if (!g) return std::nullopt;
    auto abs_a = checked_neg(a < 0 ? a : -a);  // |a|, fails only for kInt64Min
    auto abs_b = checked_neg(b < 0 ? b : -b);
    if (!abs_a || !abs_b) return std::nullopt;
    return checked_mul(*abs_a / *g, *abs_b);
}

}  // namespace provix
