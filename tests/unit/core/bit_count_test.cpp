// popcount64 against the compiler's builtin, on edge words and random ones.

#include "bit_count.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>

namespace provix {
namespace {

TEST(BitCount, EdgeWords) {
    EXPECT_EQ(popcount64(0), 0);
    EXPECT_EQ(popcount64(1), 1);
    EXPECT_EQ(popcount64(0b1011), 3);
    EXPECT_EQ(popcount64(uint64_t{1} << 63), 1);
    EXPECT_EQ(popcount64(~uint64_t{0}), 64);
    EXPECT_EQ(popcount64(0x5555555555555555u), 32);
    EXPECT_EQ(popcount64(0xff00ff00ff00ff00u), 32);
}

TEST(BitCount, AgreesWithTheBuiltin) {
    std::mt19937_64 rng(7);
    for (int i = 0; i < 10000; ++i) {
        uint64_t v = rng();
        v &= (i % 3 == 0) ? rng() : ~uint64_t{0};  // sparser words too
        ASSERT_EQ(popcount64(v), __builtin_popcountll(v)) << v;
    }
}

}  // namespace
}  // namespace provix
