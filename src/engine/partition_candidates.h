#pragma once
/// \file
/// PartitionCandidates: the subsets of a sum's terms the matcher tries for a
/// partition pattern `c0 * X + Y` (X the chosen terms divided by their scale
/// c0, Y the others), in the order the rules see them.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "provix/semantics.h"
#include "sum_term.h"

namespace provix::engine {

/// Enumerates candidate subsets (bit masks over term positions) of the
/// terms in `remaining`:
///
/// - at most kMaxExhaustiveTerms terms: every non-empty subset, larger
///   subsets first and, within a size, in increasing order of the subset
///   read as a binary number over the remaining terms (all 2^n - 1 of them:
///   4095 for 12 terms);
/// - more terms: for each term coefficient f, the subset of the terms whose
///   coefficient f divides (f = -1 divides every coefficient; coefficients 0
///   and INT64_MIN start no subset), without duplicates, larger first (a
///   stable sort: ties keep the order of the first term that produced them).
///   At most one candidate per term, so matching stays linear in the terms.
///
/// Sums of more than kMaxSumTerms terms are not matched as sums at all (see
/// RuleMatcher): term sets are 64-bit masks.
///
///     std::vector<SumTerm> t = {{x, 4, x4}, {y, 1, y}};
///     PartitionCandidates c(t, 0b11);
///     // next() yields 0b11, then 0b01, then 0b10
class PartitionCandidates {
public:
    /// Above this many terms, exhaustive enumeration (2^n - 1 subsets) gives
    /// way to the shared-factor candidates.
    static constexpr size_t kMaxExhaustiveTerms = 12;

    PartitionCandidates(const std::vector<SumTerm>& terms, uint64_t remaining);

    /// Stores the next candidate in `subset`; false when there is none left.
    bool next(uint64_t& subset);

    /// True if every non-empty subset is enumerated (at most
    /// kMaxExhaustiveTerms remaining terms); compact() is valid then.
    bool exhaustive() const { return exhaustive_; }
    /// The last candidate over the remaining terms only (bit i: the i-th
    /// remaining term in position order), exhaustive enumeration only:
    /// after `0b10101` over remaining `0b10111`, compact() is `0b1011`.
    uint64_t compact() const { return compact_; }

private:
    uint64_t remaining_;
    size_t n_;  ///< number of remaining terms
    bool exhaustive_;
    // Exhaustive enumeration: the current size and compact subset.
    size_t size_ = 0;
    uint64_t compact_ = 0;
    bool started_ = false;
    /// The remaining terms are positions shift_ .. shift_ + n_ - 1.
    bool contiguous_ = false;
    unsigned shift_ = 0;
    // Shared-factor candidates: at most one per remaining term.
    static constexpr size_t kMaxSumCandidates = 64;
    uint64_t candidates_[kMaxSumCandidates];
    size_t count_ = 0;
    size_t index_ = 0;
};

/// The scale c0 of each candidate of a partition `c0 * X + Y` (X the
/// candidate's terms): the constant c0 was bound to before the sum if it
/// was (every coefficient of X must be a multiple of it), else the gcd of
/// the coefficients of X folded in position order; none for a zero scale, a
/// coefficient that is not a multiple, or a gcd that overflows. The gcds of
/// an exhaustive enumeration are memoized per subset (each subset's gcd
/// extends that of the subset without its last term), so the 2^n - 1
/// candidates of n terms cost one gcd each instead of up to n; below
/// kMinMemoTerms terms they are computed term by term.
///
///     std::vector<SumTerm> t = {{x, 4, x4}, {y, 6, y6}};
///     PartitionCandidates c(t, 0b11);
///     PartitionScales scales(t, 0b11, std::nullopt, c.exhaustive());
///     uint64_t s;
///     c.next(s);                    // 0b11
///     scales.of(s, c.compact());    // 2
class PartitionScales {
public:
    /// Fewer remaining terms than this: no memo (filling it would cost
    /// more than the few gcds it saves).
    static constexpr size_t kMinMemoTerms = 4;

    PartitionScales(const std::vector<SumTerm>& terms, uint64_t remaining,
                    std::optional<int64_t> bound_scale, bool exhaustive);
    PartitionScales(const PartitionScales&) = delete;
    PartitionScales& operator=(const PartitionScales&) = delete;
    ~PartitionScales();

    /// The scale of the candidate `subset` (a non-empty subset of the
    /// remaining terms); `compact` is PartitionCandidates::compact() when
    /// the enumeration is exhaustive, else unused.
    std::optional<int64_t> of(uint64_t subset, uint64_t compact);

private:
    /// The gcd of the coefficients of the compact subset (kNoGcd if it
    /// overflows), from the memo.
    int64_t gcd_of(uint64_t compact);

    const std::vector<SumTerm>& terms_;
    std::optional<int64_t> bound_scale_;
    /// With a bound scale: the terms whose coefficient it divides.
    uint64_t multiples_ = 0;
    /// Exhaustive gcd mode: the remaining terms' coefficients in position
    /// order, and the memo of subset gcds (kUnknown until computed).
    std::vector<int64_t>* coefs_ = nullptr;
    std::vector<int64_t>* memo_ = nullptr;
};

/// The candidates of PartitionCandidates over at most kMaxTerms remaining
/// terms, in the same order, without the enumerator: the exhaustive order
/// of the subsets of three terms (larger first, then in numeric order)
/// restricted to the subsets of the first `n` terms is the exhaustive
/// order of those `n` terms (restriction keeps both the sizes and the
/// numeric order).
///
///     FewTermCandidates c(0b1010);  // two terms: 0b1010, 0b0010, 0b1000
class FewTermCandidates {
public:
    static constexpr size_t kMaxTerms = 3;

    /// True if `terms` has at most kMaxTerms set bits (without counting
    /// them all).
    static bool fits(uint64_t terms) {
        for (size_t i = 0; i < kMaxTerms; ++i)
            terms &= terms - 1;
        return terms == 0;
    }
    /// `remaining` has at most kMaxTerms set bits.
    explicit FewTermCandidates(uint64_t remaining);
    /// Stores the next candidate in `subset`; false when there is none left.
    bool next(uint64_t& subset) {
        if (index_ == end_) return false;
        const uint8_t c = kOrder[index_++];
        subset = ((c & 1) ? at_[0] : 0) | ((c & 2) ? at_[1] : 0) | ((c & 4) ? at_[2] : 0);
        return true;
    }

private:
    /// The non-empty subsets of three terms in exhaustive order, then those
    /// of two, then the one of one: the orders for n terms start at
    /// kStart[n] (each the order of three restricted to n terms).
    static constexpr uint8_t kOrder[11] = {0b111, 0b011, 0b101, 0b110, 0b001, 0b010,
                                           0b100, 0b011, 0b001, 0b010, 0b001};
    static constexpr uint8_t kStart[kMaxTerms + 1] = {11, 10, 7, 0};
    static constexpr uint8_t kEnd[kMaxTerms + 1] = {11, 11, 10, 7};
    /// The positions of the remaining terms (a bit each, 0 past the last).
    uint64_t at_[kMaxTerms] = {0, 0, 0};
    size_t index_ = 0;
    size_t end_ = 0;
};

/// True if the bound scale `c` admits the coefficient `coef` in X: a
/// multiple of `c` (`coef % -1` would overflow for INT64_MIN, which -1
/// does not admit).
inline bool admits_coefficient(int64_t coef, int64_t c) {
    if (c == 0 || (c == -1 && coef == kInt64Min)) return false;
    return c == -1 || coef % c == 0;
}

/// The scale PartitionScales::of gives the candidate `subset` (non-empty),
/// computed term by term (no memo).
inline std::optional<int64_t> partition_scale(const std::vector<SumTerm>& terms, uint64_t subset,
                                              std::optional<int64_t> bound_scale) {
    if (bound_scale) {
        for (uint64_t m = subset; m; m &= m - 1)
            if (!admits_coefficient(terms[static_cast<size_t>(__builtin_ctzll(m))].coef,
                                    *bound_scale))
                return std::nullopt;
        if (*bound_scale == 0) return std::nullopt;
        return bound_scale;
    }
    // The gcd of the coefficients folded in position order.
    int64_t scale = 0;
    for (uint64_t m = subset; m; m &= m - 1) {
        auto g = gcd(scale, terms[static_cast<size_t>(__builtin_ctzll(m))].coef);
        if (!g) return std::nullopt;
        scale = *g;
    }
    if (scale == 0) return std::nullopt;
    return scale;
}

/// A mask of the first `n` positions (n <= 64): `all_terms(3) == 0b111`.
inline uint64_t all_terms(size_t n) { return n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1; }

}  // namespace provix::engine
