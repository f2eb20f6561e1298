// SplitMix64 and bounded draws for the fuzz generator.

#include "provix/fuzz/random.h"

namespace provix::fuzz {

namespace {

uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

}  // namespace

uint64_t SplitMixSource::next() {
    state_ += 0x9e3779b97f4a7c15ULL;
    return mix(state_);
}

int64_t SplitMixSource::uniform(int64_t lo, int64_t hi) {
    if (lo >= hi) return lo;
    // Width of [lo, hi] minus one, computed in unsigned arithmetic (no overflow).
    const uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
    uint64_t draw;
    if (span == UINT64_MAX) {
        draw = next();
    } else {
        const uint64_t n = span + 1;
        const uint64_t limit = UINT64_MAX - (UINT64_MAX % n);  // reject the biased tail
        do {
            draw = next();
        } while (draw >= limit);
        draw %= n;
    }
    return static_cast<int64_t>(static_cast<uint64_t>(lo) + draw);
}

uint64_t case_seed(uint64_t seed, uint64_t index) {
    return mix(mix(seed ^ 0x5851f42d4c957f2dULL) + index * 0x9e3779b97f4a7c15ULL);
}

}  // namespace provix::fuzz
