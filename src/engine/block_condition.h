#pragma once
/// \file
/// The block condition of a partition rule and a cheap necessary test for
/// it. Rules such as
///
///     (c0 * X + Y) floordiv c1 => ...
///         if c1 > 0 && ((c0 mod c1) * lb(X) + lb(Y)) floordiv c1
///                      == ((c0 mod c1) * ub(X) + ub(Y)) floordiv c1
///
/// (and their ceildiv form, cd_coef_in_block) hold only when
/// `(c0 mod c1) * X + Y` stays inside one block of c1. Each
/// term of the sum adds to the width of that range whichever side of the
/// partition it lands on, so a sum whose terms add up too much cannot
/// satisfy the condition for any partition: the matcher skips the 2^n
/// candidates.

#include <cstdint>
#include <vector>

#include "provix/rules/rule.h"
#include "range_analysis.h"
#include "sum_term.h"

namespace provix::engine {

/// The constant variable d of a conjunct
/// `((c0 mod d) * lb(X) + lb(Y)) floordiv d == ((c0 mod d) * ub(X) + ub(Y))
/// floordiv d` of `rule`'s condition, or the same with ceildiv on both
/// sides, where `c0`, `X` and `Y` are the variables with indices `c0`, `x`
/// and `y` (products, sums and the two sides may be written either way
/// round); -1 if there is none.
///
///     // fd_coef_in_block: (c0 * X + Y) floordiv c1 => ... if c1 > 0 && ...
///     block_divisor(rule, c0, x, y) == index of c1
int64_t block_divisor(const rules::Rule& rule, int64_t c0, int64_t x, int64_t y);

/// False only if no partition of the terms of `remaining` into `c0 * X`
/// and `Y` satisfies a block condition with divisor `d` (see
/// block_divisor). Why: for d > 0 and r = c0 mod d, a term `a * m` of X
/// adds `r * |a / c0|` times the width of m's range to the width of
/// `r * X + Y`, a term of Y adds `|a|` times it; both are integers
/// congruent to `±a` modulo d, so each is at least the distance from `a` to
/// the nearest multiple of d. Equal quotients by d of both ends (both
/// floor or both ceiling) need a width of at most d - 1. A term whose
/// coefficient is no multiple of d and whose range is unbounded or empty
/// fails too: X or Y, whichever takes it, has an infinite end (the range of
/// a part is the sum of its terms' ranges, RuleMatcher::sub_sum_range), and
/// the condition reads both ends of both (unknown, never true). d <= 0
/// admits. The test is necessary, never decisive:
///
///     // (d0 * 5 + d1) floordiv 4 with d0, d1 in [0, 9]: 1*9 + 1*9 > 3
///     block_may_hold(terms, 0b11, 4, ranges) == false
bool block_may_hold(const std::vector<SumTerm>& terms, uint64_t remaining, int64_t d,
                    RangeAnalysis& ranges);

/// The width test of block_may_hold, one term at a time, for a divisor
/// d > 0 (the gates run it on a node's terms without splitting them into a
/// vector):
///
///     BlockWidth w(4);
///     w.add(5, d0, ranges);  // d0 in [0, 9]: width 9 > 3, TooWide
class BlockWidth {
public:
    /// What adding a term leaves: the width still fits in one block, or it
    /// exceeds it or the term's range is unbounded or empty (no partition
    /// can meet the condition).
    enum class Verdict { Fits, TooWide };
    explicit BlockWidth(int64_t d) : d_(d), budget_(static_cast<uint64_t>(d) - 1) {}
    /// Adds the non-constant term `monomial * coef`.
    Verdict add(int64_t coef, Expr monomial, RangeAnalysis& ranges);

private:
    int64_t d_;
    unsigned __int128 budget_;
    unsigned __int128 width_ = 0;
};

}  // namespace provix::engine
