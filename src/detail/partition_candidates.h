#pragma once
/// \file
/// PartitionCandidates: the subsets of a sum's terms the matcher tries for a
/// partition pattern `c0 * X + Y` (X the chosen terms divided by their scale
/// c0, Y the others), in the order the rules see them.

#include <cstddef>
#include <cstdint>
#include <vector>

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

private:
    uint64_t remaining_;
    size_t n_;  ///< number of remaining terms
    bool exhaustive_;
    // Exhaustive enumeration: the current size and compact subset.
    size_t size_ = 0;
    uint64_t compact_ = 0;
    bool started_ = false;
    // Shared-factor candidates.
    std::vector<uint64_t> candidates_;
    size_t index_ = 0;
};

/// A mask of the first `n` positions (n <= 64): `all_terms(3) == 0b111`.
inline uint64_t all_terms(size_t n) { return n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1; }

}  // namespace provix::engine
