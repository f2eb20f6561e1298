/// \file
/// The candidate subsets of a partition pattern, in matching order.

#include "partition_candidates.h"

#include <algorithm>

#include "bit_count.h"
#include "provix/semantics.h"
#include "scratch_stack.h"

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

/// Memo entries of PartitionScales: not computed yet, and a gcd that
/// overflowed (gcds are never negative).
constexpr int64_t kUnknown = -1;
constexpr int64_t kNoGcd = -2;

/// Buffers for the memo (see core/scratch_stack.h: a partition inside
/// another partition's continuation takes its own).
detail::ScratchStack<std::vector<int64_t>>& memo_buffers() {
    thread_local detail::ScratchStack<std::vector<int64_t>> stack;
    return stack;
}

}  // namespace

FewTermCandidates::FewTermCandidates(uint64_t remaining) {
    size_t n = 0;
    for (uint64_t m = remaining; m && n < kMaxTerms; m &= m - 1)
        at_[n++] = m & (~m + 1);
    index_ = kStart[n];
    end_ = kEnd[n];
}

PartitionCandidates::PartitionCandidates(const std::vector<SumTerm>& terms, uint64_t remaining)
    : remaining_(remaining),
      n_(static_cast<size_t>(popcount64(remaining))),
      exhaustive_(n_ <= kMaxExhaustiveTerms),
      size_(n_) {
    if (exhaustive_) {
        shift_ = remaining == 0 ? 0 : static_cast<unsigned>(__builtin_ctzll(remaining));
        uint64_t run = remaining >> shift_;
        contiguous_ = (run & (run + 1)) == 0;
        return;
    }
    int sizes[kMaxSumCandidates];  // popcount of each candidate
    for (uint64_t m = remaining; m; m &= m - 1) {
        int64_t f = terms[static_cast<size_t>(__builtin_ctzll(m))].coef;
        if (f == 0 || f == kInt64Min) continue;
        // The terms whose coefficient f divides, one loop per case (chosen
        // once, not per term).
        uint64_t s = 0;
        if (f > 0 && (f & (f - 1)) == 0) {
            // A positive power of two divides the coefficients whose low
            // bits are zero (the usual strides, without a division per term).
            const int64_t low = f - 1;
            for (uint64_t r = remaining; r; r &= r - 1) {
                size_t j = static_cast<size_t>(__builtin_ctzll(r));
                if ((terms[j].coef & low) == 0) s |= uint64_t{1} << j;
            }
        } else if (f == -1) {
            s = remaining;  // -1 divides everything (and INT64_MIN % -1 would overflow)
        } else {
            for (uint64_t r = remaining; r; r &= r - 1) {
                size_t j = static_cast<size_t>(__builtin_ctzll(r));
                if (terms[j].coef % f == 0) s |= uint64_t{1} << j;
            }
        }
        if (std::find(candidates_, candidates_ + count_, s) != candidates_ + count_) continue;
        // Insert after every candidate at least as large: larger first, ties
        // in the order of the first term that produced them (a stable sort).
        int size = popcount64(s);
        size_t at = count_;
        while (at > 0 && sizes[at - 1] < size) {
            candidates_[at] = candidates_[at - 1];
            sizes[at] = sizes[at - 1];
            --at;
        }
        candidates_[at] = s;
        sizes[at] = size;
        ++count_;
    }
}

bool PartitionCandidates::next(uint64_t& subset) {
    if (!exhaustive_) {
        if (index_ == count_) return false;
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
            // Remaining terms in one run of positions (the usual case): the
            // spread is a shift.
            subset = contiguous_ ? compact_ << shift_ : spread(compact_, remaining_);
            return true;
        }
        --size_;
        started_ = false;
    }
    return false;
}

PartitionScales::PartitionScales(const std::vector<SumTerm>& terms, uint64_t remaining,
                                 std::optional<int64_t> bound_scale, bool exhaustive)
    : terms_(terms), bound_scale_(bound_scale) {
    if (bound_scale) {
        int64_t c = *bound_scale;
        for (uint64_t m = remaining; m; m &= m - 1) {
            int64_t coef = terms[static_cast<size_t>(__builtin_ctzll(m))].coef;
            // `coef % -1` and `coef / -1` overflow for INT64_MIN (found by
            // the libFuzzer simplify target under UBSan).
            if (admits_coefficient(coef, c)) multiples_ |= m & (~m + 1);
        }
        return;
    }
    if (!exhaustive || static_cast<size_t>(popcount64(remaining)) < kMinMemoTerms) return;
    coefs_ = &memo_buffers().acquire();
    memo_ = &memo_buffers().acquire();
    for (uint64_t m = remaining; m; m &= m - 1)
        coefs_->push_back(terms[static_cast<size_t>(__builtin_ctzll(m))].coef);
    memo_->assign(size_t{1} << coefs_->size(), kUnknown);
    (*memo_)[0] = 0;  // the gcd of no coefficient
}

PartitionScales::~PartitionScales() {
    if (!memo_) return;
    memo_buffers().release();
    memo_buffers().release();
}

int64_t PartitionScales::gcd_of(uint64_t compact) {
    int64_t& entry = (*memo_)[compact];
    if (entry != kUnknown) return entry;
    // The last term (highest bit) is folded in last, as direct_scale does.
    int high = 63 - __builtin_clzll(compact);
    int64_t before = gcd_of(compact & ~(uint64_t{1} << high));
    std::optional<int64_t> g;
    if (before != kNoGcd) g = gcd(before, (*coefs_)[static_cast<size_t>(high)]);
    entry = g ? *g : kNoGcd;
    return entry;
}

std::optional<int64_t> PartitionScales::of(uint64_t subset, uint64_t compact) {
    if (bound_scale_) {
        if (subset & ~multiples_ || *bound_scale_ == 0) return std::nullopt;
        return bound_scale_;
    }
    if (!memo_) return partition_scale(terms_, subset, std::nullopt);
    int64_t g = gcd_of(compact);
    if (g == kNoGcd || g == 0) return std::nullopt;
    return g;
}

}  // namespace provix::engine
