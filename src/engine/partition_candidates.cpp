/// \file
/// The candidate subsets of a partition pattern, in matching order.

#include "partition_candidates.h"

#include <algorithm>

#include "provix/semantics.h"

namespace provix::engine {
namespace {

/// Next subset of the same size in increasing numeric order (Gosper).
uint64_t next_same_size(uint64_t x) {
    uint64_t c = x & (~x + 1);
    uint64_t r = x + c;
    return (((r ^ x) >> 2) / c) | r;
}

/// Spreads the bits of `compact` (over n positions) onto the set bits of
/// `positions`: spread(0b101, 0b11010) == 0b10010.
uint64_t spread(uint64_t compact, uint64_t positions) {
    uint64_t out = 0;
    for (uint64_t bit = 1; positions; bit <<= 1) {
        uint64_t low = positions & (~positions + 1);
        if (compact & bit) out |= low;
        positions &= positions - 1;
    }
    return out;
}

}  // namespace

PartitionCandidates::PartitionCandidates(const std::vector<SumTerm>& terms, uint64_t remaining)
    : remaining_(remaining),
      n_(static_cast<size_t>(__builtin_popcountll(remaining))),
      exhaustive_(n_ <= kMaxExhaustiveTerms),
      size_(n_) {
    if (exhaustive_) return;
    for (uint64_t m = remaining; m; m &= m - 1) {
        int64_t f = terms[static_cast<size_t>(__builtin_ctzll(m))].coef;
        if (f == 0 || f == kInt64Min) continue;
        uint64_t s = 0;
        for (uint64_t r = remaining; r; r &= r - 1) {
            size_t j = static_cast<size_t>(__builtin_ctzll(r));
            // f = -1 divides everything (and INT64_MIN % -1 would overflow).
            if (f == -1 || terms[j].coef % f == 0) s |= uint64_t{1} << j;
        }
        if (std::find(candidates_.begin(), candidates_.end(), s) == candidates_.end())
            candidates_.push_back(s);
    }
    std::stable_sort(candidates_.begin(), candidates_.end(), [](uint64_t a, uint64_t b) {
        return __builtin_popcountll(a) > __builtin_popcountll(b);
    });
}

bool PartitionCandidates::next(uint64_t& subset) {
    if (!exhaustive_) {
        if (index_ == candidates_.size()) return false;
        subset = candidates_[index_++];
        return true;
    }
    const uint64_t limit = uint64_t{1} << n_;
    while (size_ >= 1) {
        if (!started_) {
            compact_ = (uint64_t{1} << size_) - 1;
            started_ = true;
        } else {
            // The one subset of all n terms has no successor of its size.
            compact_ = size_ == n_ ? limit : next_same_size(compact_);
        }
        if (compact_ < limit) {
            subset = spread(compact_, remaining_);
            return true;
        }
        --size_;
        started_ = false;
    }
    return false;
}

}  // namespace provix::engine
