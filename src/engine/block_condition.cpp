/// \file
/// Finding a partition rule's block condition, and its necessary test.

#include "block_condition.h"

#include <algorithm>

namespace provix::engine {
namespace {

using rules::Op;

const rules::Node& node_at(const rules::Rule& rule, int p) {
    return rule.nodes[static_cast<size_t>(p)];
}

bool is_var(const rules::Rule& rule, int p, Op op, int64_t var) {
    const rules::Node& n = node_at(rule, p);
    return n.op == op && n.value == var;
}

/// `bound(v)` for `bound` Lb or Ub and a sum variable v.
bool is_bound_of(const rules::Rule& rule, int p, Op bound, int64_t v) {
    const rules::Node& n = node_at(rule, p);
    return n.op == bound && n.children.size() == 1 && is_var(rule, n.children[0], Op::SumVar, v);
}

/// `c0 mod d` (d returned in `d`, a constant variable).
bool is_residue(const rules::Rule& rule, int p, int64_t c0, int64_t& d) {
    const rules::Node& n = node_at(rule, p);
    if (n.op != Op::Mod || !is_var(rule, n.children[0], Op::ConstVar, c0)) return false;
    const rules::Node& m = node_at(rule, n.children[1]);
    if (m.op != Op::ConstVar) return false;
    d = m.value;
    return true;
}

/// `(c0 mod d) * bound(X) + bound(Y)`, operands either way round.
bool is_block_end(const rules::Rule& rule, int p, Op bound, int64_t c0, int64_t x, int64_t y,
                  int64_t& d) {
    const rules::Node& sum = node_at(rule, p);
    if (sum.op != Op::Add) return false;
    for (int i = 0; i < 2; ++i) {
        const rules::Node& prod = node_at(rule, sum.children[static_cast<size_t>(i)]);
        if (prod.op != Op::Mul ||
            !is_bound_of(rule, sum.children[static_cast<size_t>(1 - i)], bound, y))
            continue;
        for (int j = 0; j < 2; ++j)
            if (is_residue(rule, prod.children[static_cast<size_t>(j)], c0, d) &&
                is_bound_of(rule, prod.children[static_cast<size_t>(1 - j)], bound, x))
                return true;
    }
    return false;
}

/// `end floordiv d` or `end ceildiv d` (the operator in `op`) with `end` a
/// block end over `bound`; d in `d`.
bool is_block_quotient(const rules::Rule& rule, int p, Op bound, int64_t c0, int64_t x, int64_t y,
                       int64_t& d, Op& op) {
    const rules::Node& q = node_at(rule, p);
    if ((q.op != Op::FloorDiv && q.op != Op::CeilDiv) ||
        !is_block_end(rule, q.children[0], bound, c0, x, y, d))
        return false;
    op = q.op;
    return is_var(rule, q.children[1], Op::ConstVar, d);
}

/// The distance from `a` to the nearest multiple of `d` > 0.
uint64_t distance_to_multiple(int64_t a, int64_t d) {
    int64_t r = a % d;  // in (-d, d)
    if (r < 0) r += d;
    return static_cast<uint64_t>(std::min(r, d - r));
}

}  // namespace

int64_t block_divisor(const rules::Rule& rule, int64_t c0, int64_t x, int64_t y) {
    for (int p : rules::condition_conjuncts(rule)) {
        const rules::Node& eq = node_at(rule, p);
        if (eq.op != Op::Eq) continue;
        for (int i = 0; i < 2; ++i) {
            // Both ends by the same operator: floor(lo / d) == floor(hi / d)
            // and ceil(lo / d) == ceil(hi / d) each need hi - lo <= d - 1;
            // ceil(lo / d) == floor(hi / d) does not (lo = 1 and
            // hi = 2d - 1 both give 1, a width of 2d - 2).
            int64_t d_lo = -1, d_hi = -1;
            Op op_lo = Op::FloorDiv, op_hi = Op::FloorDiv;
            if (is_block_quotient(rule, eq.children[static_cast<size_t>(i)], Op::Lb, c0, x, y, d_lo,
                                  op_lo) &&
                is_block_quotient(rule, eq.children[static_cast<size_t>(1 - i)], Op::Ub, c0, x, y,
                                  d_hi, op_hi) &&
                d_lo == d_hi && op_lo == op_hi)
                return d_lo;
        }
    }
    return -1;
}

BlockWidth::Verdict BlockWidth::add(int64_t coef, Expr monomial, RangeAnalysis& ranges) {
    const uint64_t step = distance_to_multiple(coef, d_);
    if (step == 0) return Verdict::Fits;
    Interval r = ranges.range(monomial);
    // X or Y, whichever takes the term, then has an infinite end (a
    // sub-sum's range is the sum of its terms' ranges): the condition reads
    // it and is unknown.
    if (r.is_empty() || !r.is_bounded()) return Verdict::TooWide;
    const uint64_t span = static_cast<uint64_t>(r.hi()) - static_cast<uint64_t>(r.lo());
    width_ += static_cast<unsigned __int128>(step) * span;  // < 2^127: no wrap
    return width_ > budget_ ? Verdict::TooWide : Verdict::Fits;
}

bool block_may_hold(const std::vector<SumTerm>& terms, uint64_t remaining, int64_t d,
                    RangeAnalysis& ranges) {
    if (d <= 0) return true;
    BlockWidth width(d);
    for (uint64_t m = remaining; m; m &= m - 1) {
        const SumTerm& t = terms[static_cast<size_t>(__builtin_ctzll(m))];
        if (!t.monomial) continue;  // a constant: no width
        BlockWidth::Verdict v = width.add(t.coef, t.monomial, ranges);
        if (v != BlockWidth::Verdict::Fits) return false;
    }
    return true;
}

}  // namespace provix::engine
