#pragma once
/// \file
/// The source of random choices of the fuzz generator. The campaign draws
/// from a seeded SplitMix64 stream (deterministic on every platform: no
/// `std::uniform_int_distribution`, whose output differs between standard
/// libraries); the RapidCheck properties draw from RapidCheck, so that its
/// shrinking works choice by choice.
///
///     SplitMixSource rng(case_seed(7, 1234));
///     int64_t n = rng.uniform(1, 5);   // the same value on every machine

#include <cstddef>
#include <cstdint>
#include <vector>

namespace provix::fuzz {

/// Where the generator's random choices come from.
class RandomSource {
public:
    virtual ~RandomSource() = default;
    /// A value in [lo, hi] (inclusive; lo <= hi).
    virtual int64_t uniform(int64_t lo, int64_t hi) = 0;

    /// True with probability `percent`/100: `chance(10)`.
    bool chance(int percent) { return uniform(0, 99) < percent; }
    /// One element of a non-empty vector: `pick<int64_t>({2, 4, 8})`.
    template <class T>
    T pick(const std::vector<T>& options) {
        return options[static_cast<size_t>(uniform(0, static_cast<int64_t>(options.size()) - 1))];
    }
};

/// SplitMix64 (Steele, Lea, Flood 2014): a 64-bit state advanced by a
/// constant and mixed; unbiased bounded draws by rejection.
///
///     SplitMixSource a(1), b(1);
///     a.uniform(0, 9) == b.uniform(0, 9)
class SplitMixSource final : public RandomSource {
public:
    explicit SplitMixSource(uint64_t seed) : state_(seed) {}
    int64_t uniform(int64_t lo, int64_t hi) override;
    /// The next raw 64-bit value.
    uint64_t next();

private:
    uint64_t state_;
};

/// The seed of case `index` of the campaign with seed `seed`: a mix of both,
/// so that any case can be regenerated alone (`provix fuzz --seed 7 --case 12`).
uint64_t case_seed(uint64_t seed, uint64_t index);

}  // namespace provix::fuzz
