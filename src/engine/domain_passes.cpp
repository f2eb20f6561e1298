/// \file
/// Domain passes: bound tightening, congruence merging, residue alignment,
/// symbol rescaling, removal of decided constraints. Every quantity is
/// computed exactly (128-bit integers) and each change is one instance of a
/// lemma of rules/domain.lemmas, named in the log.

#include "domain_passes.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <utility>

#include "divisibility.h"
#include "expr_node.h"
#include "lemma_ids.h"
#include "provix/semantics.h"
#include "provix/small_vector.h"
#include "range_analysis.h"

namespace provix::engine {
namespace {

/// `e mod c in [a, b]` with c > 0 and 0 <= a <= b < c: the residues a value
/// of `e` may have (a congruence when a == b). `d0 mod 10 in [2, 4]`.
/// (Inline reads of the nodes: every domain pass asks this of every
/// constraint.)
bool as_residue_range(const Constraint& c, Expr* e, int64_t* modulus, int64_t* a, int64_t* b) {
    if (detail::kind_of(c.expr) != ExprKind::Mod || !detail::is_const(detail::op_at(c.expr, 1)) ||
        !c.range.is_bounded() || c.range.is_empty())
        return false;
    int64_t m = detail::const_value(detail::op_at(c.expr, 1));
    if (m <= 0 || c.range.lo() < 0 || c.range.hi() >= m) return false;
    *e = detail::op_at(c.expr, 0);
    *modulus = m;
    *a = c.range.lo();
    *b = c.range.hi();
    return true;
}

/// `e mod c in [r, r]` with c > 0 and 0 <= r < c: a residue range of one
/// residue.
bool as_congruence(const Constraint& c, Expr* e, int64_t* modulus, int64_t* residue) {
    int64_t hi;
    return as_residue_range(c, e, modulus, residue, &hi) && *residue == hi;
}

/// True if a constraint of `cs` other than `c` is a residue range
/// (as_residue_range) on the variable `v`.
bool has_other_residue_range(const std::vector<Constraint>& cs, const Constraint& c, Expr v) {
    for (const Constraint& other : cs) {
        Expr e;
        int64_t m, a, b;
        if (&other != &c && as_residue_range(other, &e, &m, &a, &b) && e == v) return true;
    }
    return false;
}

/// True if two constraints of `cs` are congruences (as_congruence) on the
/// same expression: `d0 mod 4 in [1, 1]` and `d0 mod 6 in [3, 3]`. (The few
/// constraints are compared pairwise, without allocating.)
bool have_shared_congruence(const std::vector<Constraint>& cs) {
    for (size_t i = 0; i < cs.size(); ++i) {
        Expr e;
        int64_t m, r;
        if (!as_congruence(cs[i], &e, &m, &r)) continue;
        for (size_t j = i + 1; j < cs.size(); ++j) {
            Expr e2;
            if (as_congruence(cs[j], &e2, &m, &r) && e2 == e) return true;
        }
    }
    return false;
}

/// floor_remainder(a, m) for m > 0: in int64 when `a` fits (the usual case:
/// a difference of two int64 values rarely leaves int64), which gives the
/// same value without the __int128 division. (Inline: the alignment of
/// every bound calls it.)
[[gnu::always_inline]] inline int64_t residue(__int128 a, int64_t m) {
    if (a >= kInt64Min && a <= kInt64Max) return floor_remainder(static_cast<int64_t>(a), m);
    return static_cast<int64_t>(floor_remainder<__int128>(a, m));
}

/// The first value at or above `lo` with residue r modulo m > 0 (0 <= r <
/// m): lo + (r - lo) mod m, as residue_lower and residue_range_lower
/// state it. Exact (it may leave int64 by less than m).
[[gnu::always_inline]] inline __int128 first_with_residue(int64_t lo, int64_t r, int64_t m) {
    return static_cast<__int128>(lo) + residue(static_cast<__int128>(r) - lo, m);
}

/// The last value at or below `hi` with residue r modulo m > 0: hi - (hi -
/// r) mod m (residue_upper, residue_range_upper).
[[gnu::always_inline]] inline __int128 last_with_residue(int64_t hi, int64_t r, int64_t m) {
    return static_cast<__int128>(hi) - residue(static_cast<__int128>(hi) - r, m);
}

/// A lower bound known exactly as `v`, as an int64 end: below int64 it bounds
/// nothing (nullopt); above int64 it widens to kInt64Max (sound: every value
/// is larger still).
std::optional<int64_t> lower_end(__int128 v) {
    if (v < kInt64Min) return std::nullopt;
    return v > kInt64Max ? kInt64Max : static_cast<int64_t>(v);
}
/// The mirror of lower_end for an upper bound.
std::optional<int64_t> upper_end(__int128 v) {
    if (v > kInt64Max) return std::nullopt;
    return v < kInt64Min ? kInt64Min : static_cast<int64_t>(v);
}

/// True unless the congruence `mr` rules out every value of `range`
/// (residue_gap; an exact value, modulus 0, by decided_empty).
bool has_value_with_residue(ModRem mr, Interval range) {
    if (range.is_empty()) return false;
    if (mr.modulus == 0) return range.contains(mr.remainder);
    if (mr.modulus == 1 || range.lo_is_inf() || range.hi_is_inf()) return true;
    __int128 first = static_cast<__int128>(range.lo()) +
                     residue(mr.remainder - static_cast<__int128>(range.lo()), mr.modulus);
    return first <= range.hi();
}

/// True if `e` is `x mod m` (m > 0 constant) whose values miss all of
/// `range`: x's range [a, b] spans two blocks of m (b / m == a / m + 1), so
/// x mod m takes the values up to b mod m and from a mod m on, and `range`
/// lies strictly between them (mod_wrap_gap): `(-d0) mod 100 in [50, 60]`
/// with d0 in [0, 2] takes 0, 98 and 99 only.
bool in_mod_wrap_gap(Expr e, Interval range, RangeAnalysis& ranges) {
    if (e.kind() != ExprKind::Mod || !e.rhs().is_constant() || !range.is_bounded() ||
        range.is_empty())
        return false;
    const int64_t m = e.rhs().constant_value();
    if (m <= 0) return false;
    const Interval x = ranges.range(e.lhs());
    if (!x.is_bounded() || x.is_empty()) return false;
    // m > 0: neither quotient nor residue overflows.
    const int64_t qa = *floor_div(x.lo(), m), qb = *floor_div(x.hi(), m);
    return qb - qa == 1 && *floor_mod(x.hi(), m) < range.lo() && range.hi() < *floor_mod(x.lo(), m);
}

/// The lemmas that justify narrowing `before` to `after` from the two ends.
void log_narrowing(RewriteLog log, const Interval& before, const Interval& after,
                   const char* lower_lemma, const char* upper_lemma) {
    bool lower = after.is_empty() || before.finite_lo() != after.finite_lo();
    bool upper = after.is_empty() || before.finite_hi() != after.finite_hi();
    if (lower && lower_lemma) log.fired(lower_lemma);
    if (upper && upper_lemma) log.fired(upper_lemma);
}

/// One term of a constraint's sum as the tightening reads it: the split of
/// sum_terms without building the monomial of a product of several factors.
/// A constant (`7`), a variable times a coefficient (`d0 * 4`, `d1`), or any
/// other term, whose range comes from the range analysis (`rt0 floordiv 5`,
/// `d0 * d1`, `(d0 mod 3) * 2`).
struct LinearTerm {
    enum class Kind : uint8_t { Constant, Variable, Other };
    Kind kind = Kind::Other;
    int64_t var = 0;   ///< Variable: its id
    int64_t coef = 0;  ///< Constant: the value; Variable: the coefficient
    Expr whole;        ///< the term as it stands in the sum
};

/// The term `t` split as sum_terms splits it (detail::split_sum_term): a
/// constant, a variable with its coefficient (`d0 * 4`, `d1`), or other.
LinearTerm linear_term(Expr t) {
    const detail::TermSplit s = detail::split_sum_term(t);
    if (s.monomial == detail::TermSplit::Monomial::None)
        return {LinearTerm::Kind::Constant, 0, s.coef, t};
    Expr m = detail::monomial_node(t, s);
    if (m && detail::kind_of(m) == ExprKind::Variable)
        return {LinearTerm::Kind::Variable, detail::node_of(m)->value, s.coef, t};
    return {LinearTerm::Kind::Other, 0, 0, t};
}

using LinearTerms = SmallVector<LinearTerm, 8>;
using TermRanges = SmallVector<Interval, 8>;

/// The terms of `e` (a non-sum is a one-term sum) into `out`; false, with
/// `out` unfinished, if no term is a variable with a non-zero coefficient
/// (no bound to tighten). `*linear`: every term is a constant or a variable
/// term.
bool linear_terms(Expr e, LinearTerms* out, bool* linear) {
    out->clear();
    bool has_variable = false;
    *linear = true;
    const size_t n = detail::kind_of(e) == ExprKind::Add ? detail::num_ops(e) : 0;
    for (size_t i = 0; i < std::max<size_t>(n, 1); ++i) {
        const LinearTerm t = linear_term(n ? detail::op_at(e, i) : e);
        has_variable = has_variable || (t.kind == LinearTerm::Kind::Variable && t.coef != 0);
        *linear = *linear && t.kind != LinearTerm::Kind::Other;
        out->push_back(t);
    }
    return has_variable;
}

/// The bounds of a variable one term of a linear constraint implies, and the
/// lemmas that justify each finite end (null where that end stays open).
struct TermBound {
    Interval bound;
    const char* lo_lemma = nullptr;
    const char* hi_lemma = nullptr;
};

/// ⌈x / a⌉ and ⌊x / a⌋ for a != 0, without the 128-bit division when a is
/// 1 or -1 (the usual coefficients).
__int128 ceil_div_by(__int128 x, __int128 a) {
    if (a == 1) return x;
    if (a == -1) return -x;
    return ceil_quotient<__int128>(x, a);
}
__int128 floor_div_by(__int128 x, __int128 a) {
    if (a == 1) return x;
    if (a == -1) return -x;
    return floor_quotient<__int128>(x, a);
}

/// From `a*v + rest in [lo, hi]` with `rest in [rl, rh]`: `a*v in
/// [lo - rh, hi - rl]`, divided by `a` (rounding inwards) for the bounds of
/// `v`, where `a*v` is term `i` of the constraint `c` and `term_ranges[j]` is
/// the range of term `j` (every one non-empty).
TermBound bound_from_term(const Constraint& c, const LinearTerms& terms, size_t i,
                          const TermRanges& term_ranges) {
    Interval rest = Interval::point(0);
    for (size_t j = 0; j < terms.size(); ++j)
        if (j != i) rest = rest + term_ranges[j];
    const __int128 a = terms[i].coef;
    std::optional<__int128> av_lo, av_hi;
    if (!c.range.lo_is_inf() && !rest.hi_is_inf())
        av_lo = static_cast<__int128>(c.range.lo()) - rest.hi();
    if (!c.range.hi_is_inf() && !rest.lo_is_inf())
        av_hi = static_cast<__int128>(c.range.hi()) - rest.lo();
    std::optional<int64_t> lo, hi;
    const char *lo_lemma, *hi_lemma;
    if (a > 0) {
        if (av_lo) lo = lower_end(ceil_div_by(*av_lo, a));
        if (av_hi) hi = upper_end(floor_div_by(*av_hi, a));
        lo_lemma = lemma::tighten_lower_pos;
        hi_lemma = lemma::tighten_upper_pos;
    } else {
        if (av_hi) lo = lower_end(ceil_div_by(*av_hi, a));
        if (av_lo) hi = upper_end(floor_div_by(*av_lo, a));
        lo_lemma = lemma::tighten_lower_neg;
        hi_lemma = lemma::tighten_upper_neg;
    }
    return TermBound{Interval::bounded_by(lo, hi), lo ? lo_lemma : nullptr,
                     hi ? hi_lemma : nullptr};
}

/// The range of each term of a constraint: a variable term from the current
/// bounds, any other term (`rt0 floordiv 5`, `d0 * d1`) from the range
/// analysis of the pass (over bounds at least as wide as the current ones,
/// so still a sound over-approximation). False if some term has an empty
/// range (defined nowhere): the constraint bounds nothing here.
bool term_ranges_of(const LinearTerms& terms, const IndexingMap& map,
                    std::unique_ptr<RangeAnalysis>& ranges, TermRanges* out) {
    out->clear();
    for (const LinearTerm& t : terms) {
        Interval r;
        if (t.kind == LinearTerm::Kind::Constant)
            r = Interval::point(t.coef);
        else if (t.kind == LinearTerm::Kind::Variable)
            r = map.bounds_by_id()[static_cast<size_t>(t.var)] * t.coef;
        else
            r = ranges->range(t.whole);
        if (r.is_empty()) return false;
        out->push_back(r);
    }
    return true;
}

/// True if no variable term of the constraint `c` can narrow its
/// variable's bounds (bound_from_term), decided from the total of the term
/// ranges in one pass instead of one sum of the others per term. Exact when
/// every term end lies within kInt64Max / (number of terms) of zero
/// (checked): then every partial sum of term ends fits int64, so each
/// `rest` that bound_from_term folds is the total minus term i, with no end
/// widened. Term i = `a*v` (range [l, h], width w = h - l) narrows v
/// exactly when `c.lo - rest.hi > l` or `c.hi - rest.lo < h` (ceil and
/// floor division by `a` keep these comparisons, either sign of `a`), that
/// is `c.lo > total.hi - w` or `c.hi < total.lo + w`; false (run the full
/// pass) when unsure.
bool cannot_tighten(const Constraint& c, const LinearTerms& terms, const TermRanges& term_ranges) {
    const int64_t limit = kInt64Max / static_cast<int64_t>(terms.size());
    int64_t lo = 0, hi = 0, widest = 0;
    for (size_t i = 0; i < terms.size(); ++i) {
        const Interval& r = term_ranges[i];  // non-empty (term_ranges_of)
        if (!r.is_bounded() || r.lo() < -limit || r.hi() > limit) return false;
        lo += r.lo();
        hi += r.hi();
        if (terms[i].kind == LinearTerm::Kind::Variable && terms[i].coef != 0) {
            // A lone term's ends reach the int64 limits: its width may not fit.
            const std::optional<int64_t> width = checked_sub(r.hi(), r.lo());
            if (!width) return false;
            widest = std::max(widest, *width);
        }
    }
    // total.hi - w and total.lo + w are sums of term ends: no overflow.
    if (!c.range.lo_is_inf() && c.range.lo() > hi - widest) return false;
    if (!c.range.hi_is_inf() && c.range.hi() < lo + widest) return false;
    return true;
}

/// One pass of bound tightening over every constraint with a variable term.
/// The ranges of non-variable terms come from a range analysis over the
/// bounds and constraints when the first such term is met, built only when
/// some constraint has such a term. The constraints stay as they are (only
/// bounds change, and the pass stops as soon as the map becomes known
/// empty, which clears them), so they are read in place.
bool tighten_once(IndexingMap& map, RewriteLog log) {
    bool changed = false;
    const std::vector<Constraint>& constraints = map.constraints();
    // On the heap: a RangeAnalysis is several kB, and most maps need none.
    std::unique_ptr<RangeAnalysis> ranges;
    LinearTerms terms;
    TermRanges term_ranges;
    for (const Constraint& c : constraints) {
        bool linear = true;
        if (!linear_terms(c.expr, &terms, &linear)) continue;
        if (!linear && !ranges)
            ranges =
                std::make_unique<RangeAnalysis>(map, RangeAnalysis::Domain::BoundsAndConstraints);
        if (!term_ranges_of(terms, map, ranges, &term_ranges)) continue;
        if (cannot_tighten(c, terms, term_ranges)) continue;
        for (size_t i = 0; i < terms.size(); ++i) {
            if (terms[i].kind != LinearTerm::Kind::Variable || terms[i].coef == 0) continue;
            const TermBound tb = bound_from_term(c, terms, i, term_ranges);
            const int64_t id = terms[i].var;
            const Interval bounds = map.bounds_by_id()[static_cast<size_t>(id)];
            Interval tightened = bounds.intersect(tb.bound);
            if (tightened == bounds) continue;
            log_narrowing(log, bounds, tightened, tb.lo_lemma, tb.hi_lemma);
            map.set_variable_bounds(id, tightened);
            changed = true;
            if (map.is_known_empty()) return true;
            // The term's own range follows its new bounds.
            term_ranges[i] = tightened * terms[i].coef;
        }
    }
    return changed;
}

/// Passes of tightening per call. Two constraints that bound each other
/// (`d0 + d2 in [0, 0]`, `d0 * 2 + d2 * 5 in [7, 10]`) shrink the bounds by a
/// constant factor per pass, so 64 passes bring any int64 range to its fixed
/// point; only ranges that shrink by a constant step per pass can stop short.
constexpr int kMaxTightenPasses = 64;

}  // namespace

bool tighten_bounds_from_linear_constraints(IndexingMap& map, RewriteLog log) {
    bool changed = false;
    for (int pass = 0; pass < kMaxTightenPasses && !map.is_known_empty(); ++pass) {
        if (!tighten_once(map, log)) break;
        changed = true;
    }
    return changed;
}

namespace {

/// True if the sum terms `a` and `b` read with opposite coefficients
/// (detail::split_sum_term): `d0 * 4` and `d0 * -4`, `7` and `-7`.
bool opposite_coefficients(Expr a, Expr b) {
    const std::optional<int64_t> negated = checked_neg(detail::split_sum_term(a).coef);
    return negated && detail::split_sum_term(b).coef == *negated;
}

/// True if `b` may be the negation of `a` (canonical forms), a cheap test
/// before the negation is built: a sum negates to a sum of as many terms,
/// each with its coefficient negated; anything else to a product with the
/// opposite coefficient (`x floordiv 2` and `(x floordiv 2) * -1`). A false
/// true only costs building the negation; a false false a missed join.
bool may_negate_into(Expr a, Expr b) {
    const ExprKind ka = detail::kind_of(a), kb = detail::kind_of(b);
    if (ka != ExprKind::Add && kb != ExprKind::Add) return opposite_coefficients(a, b);
    if (ka != kb || detail::num_ops(a) != detail::num_ops(b)) return false;
    for (size_t k = 0; k < detail::num_ops(a); ++k)
        if (!opposite_coefficients(detail::op_at(a, k), detail::op_at(b, k))) return false;
    return true;
}

/// True if `r` has the finite end -2^63, whose negation is no int64.
bool has_int64_min_end(const Interval& r) {
    return r.finite_lo() == kInt64Min || r.finite_hi() == kInt64Min;
}

}  // namespace

bool merge_negated_constraints(IndexingMap& map, RewriteLog log) {
    const std::vector<Constraint>& cs = map.constraints();
    const size_t n = cs.size();
    if (n < 2) return false;
    // The constraints with their joined ranges, and which were joined into
    // an earlier one: both made at the first join (most maps have none).
    std::vector<Constraint> out;
    std::vector<char> drop;
    auto dropped = [&](size_t k) { return !drop.empty() && drop[k]; };
    for (size_t i = 0; i < n; ++i) {
        if (dropped(i)) continue;
        Expr negated;  // built only when a later constraint may be it
        for (size_t j = i + 1; j < n; ++j) {
            if (dropped(j) || !may_negate_into(cs[i].expr, cs[j].expr)) continue;
            if (!negated) negated = -cs[i].expr;
            if (cs[j].expr != negated || has_int64_min_end(cs[j].range)) continue;
            if (out.empty()) {
                out = cs;
                drop.assign(n, 0);
            }
            // -x in [c, d] <=> x in [-d, -c], both ends int64 (checked above).
            out[i].range = out[i].range.intersect(-cs[j].range);
            drop[j] = 1;
            log.fired(lemma::negated_intersect);
            if (out[i].range.is_empty()) {
                map.mark_known_empty();
                return true;
            }
        }
    }
    if (out.empty()) return false;
    size_t kept = 0;
    for (size_t i = 0; i < n; ++i)
        if (!drop[i]) out[kept++] = out[i];
    out.resize(kept);
    map.set_constraints(std::move(out));
    return true;
}

bool merge_congruences(IndexingMap& map, RewriteLog log) {
    const std::vector<Constraint>& cs = map.constraints();
    if (!have_shared_congruence(cs)) return false;  // nothing to merge
    // (node id, constraint index) of every congruence, sorted: the groups of
    // one expression in id order, each in constraint order (the order of a
    // map from ids to lists of indices, without its nodes and lists).
    SmallVector<std::pair<uint32_t, size_t>, 8> by_expr;
    for (size_t i = 0; i < cs.size(); ++i) {
        Expr e;
        int64_t m, r;
        if (as_congruence(cs[i], &e, &m, &r)) by_expr.push_back({e.id(), i});
    }
    std::sort(by_expr.begin(), by_expr.end());
    bool changed = false;
    std::vector<Constraint> out;
    std::vector<char> drop(cs.size(), 0);
    for (size_t first = 0, last = 0; first < by_expr.size(); first = last) {
        last = first + 1;
        while (last < by_expr.size() && by_expr[last].first == by_expr[first].first)
            ++last;
        if (last - first < 2) continue;
        // Every index of the group is a congruence (the loop above).
        Expr e;
        int64_t m = 0, r = 0;
        as_congruence(cs[by_expr[first].second], &e, &m, &r);
        ModRem acc{m, r};
        bool ok = true;
        for (size_t k = first + 1; k < last && ok; ++k) {
            Expr e2;
            int64_t m2 = 0, r2 = 0;
            as_congruence(cs[by_expr[k].second], &e2, &m2, &r2);
            bool empty = false;
            std::optional<ModRem> merged = combine_exact(acc, ModRem{m2, r2}, &empty);
            if (empty) {
                log.fired(lemma::crt_conflict);
                map.mark_known_empty();
                return true;
            }
            // The combined modulus must fit int64 and be lcm(a, b), and the
            // solution must satisfy both congruences: crt_merge's hypotheses,
            // checked on the computed values.
            std::optional<int64_t> l = lcm(acc.modulus, m2);
            ok = merged && l && merged->modulus == *l &&
                 *floor_mod(merged->remainder, acc.modulus) == acc.remainder &&
                 *floor_mod(merged->remainder, m2) == r2;
            if (ok) acc = *merged;
        }
        if (!ok) continue;  // kept apart
        for (size_t k = first; k < last; ++k)
            drop[by_expr[k].second] = 1;
        out.push_back(Constraint{mod(e, acc.modulus), Interval::point(acc.remainder)});
        log.fired(lemma::crt_merge);
        changed = true;
    }
    if (!changed) return false;
    for (size_t i = 0; i < cs.size(); ++i)
        if (!drop[i]) out.push_back(cs[i]);
    map.set_constraints(std::move(out));
    return true;
}

namespace {

/// `b` with each finite end whose residue modulo m lies outside [ra, rb]
/// moved inward to the first residue in it from that side; with ra == rb
/// (a congruence) both ends move to the residue (residue_lower,
/// residue_upper, residue_range_lower, residue_range_upper). Empty when no
/// value is left (an end moved beyond the other).
[[gnu::always_inline]] inline Interval aligned_to_residues(Interval b, int64_t m, int64_t ra,
                                                           int64_t rb) {
    const bool point = ra == rb;
    auto outside = [&](int64_t end) {
        const int64_t t = residue(end, m);
        return t < ra || t > rb;
    };
    std::optional<int64_t> lo = b.finite_lo(), hi = b.finite_hi();
    bool empty = false;
    if (lo && (point || outside(*lo))) {
        const __int128 v = first_with_residue(*lo, ra, m);
        if (v <= kInt64Max)
            lo = static_cast<int64_t>(v);
        else
            empty = hi.has_value();  // above every finite upper bound
    }
    if (hi && (point || outside(*hi))) {
        const __int128 v = last_with_residue(*hi, rb, m);
        if (v >= kInt64Min)
            hi = static_cast<int64_t>(v);
        else
            empty = empty || lo.has_value();
    }
    return empty ? Interval::empty() : Interval::bounded_by(lo, hi);
}

/// align_bounds_to_residues by the residue ranges on variables; sets
/// `*equality_on_sum` if some constraint is an equality on a sum (the
/// other source of residues, `d0 + (s0 mod 2) * 8 in [8, 8]`) and
/// `*congruence_on_sum` if one is a congruence on a sum, found in the same
/// scan.
[[gnu::always_inline]] inline bool align_to_residue_ranges(IndexingMap& map, RewriteLog log,
                                                           bool* equality_on_sum,
                                                           bool* congruence_on_sum) {
    bool changed = false;
    // Only bounds change below, and the loop stops as soon as the map becomes
    // known empty (which clears the constraints): the constraints are read in
    // place.
    const std::vector<Constraint>& cs = map.constraints();
    for (const Constraint& c : cs) {
        if (detail::kind_of(c.expr) == ExprKind::Add) {  // no residue range
            *equality_on_sum = *equality_on_sum || c.range.is_point();
            continue;
        }
        Expr e;
        int64_t m, ra, rb;
        if (!as_residue_range(c, &e, &m, &ra, &rb)) continue;
        if (!e.is_variable()) {
            *congruence_on_sum =
                *congruence_on_sum || (ra == rb && detail::kind_of(e) == ExprKind::Add);
            continue;
        }
        // A congruence (ra == rb) moves an end by residue_lower and
        // residue_upper, which hold whatever the end's residue; a range of
        // residues moves an end whose residue lies outside it, to the first
        // residue in it from that side (residue_range_lower, _upper). A
        // range is used only as the variable's one residue constraint: two
        // would move its bounds in turns, a few values a round, where
        // `d0 mod 4 in [2, 3]` and `d0 mod 6 in [0, 1]` first meet far
        // inside them (congruences alone are merged first, crt_merge).
        const bool point = ra == rb;
        if (!point && has_other_residue_range(cs, c, e)) continue;
        const Interval b = map.bounds_by_id()[static_cast<size_t>(e.variable_id())];
        const Interval nb = aligned_to_residues(b, m, ra, rb);
        if (nb == b) continue;
        if (nb.is_empty())
            log.fired(point ? lemma::residue_gap : lemma::residue_range_gap);
        else if (point)
            log_narrowing(log, b, nb, lemma::residue_lower, lemma::residue_upper);
        else
            log_narrowing(log, b, nb, lemma::residue_range_lower, lemma::residue_range_upper);
        map.set_variable_bounds(e.variable_id(), nb.is_empty() ? Interval::empty() : nb);
        changed = true;
        if (map.is_known_empty()) return true;
    }
    return changed;
}

/// align_bounds_to_residues by the equalities on sums, given `facts`, the
/// congruences the constraints give (`e mod c in [r, r]` and the equalities
/// on sums, each one's own included: every fact holds on the domain, and
/// only bounds move, to values the constraints allow).
bool align_to_equalities(IndexingMap& map, DivisibilityAnalysis& facts, RewriteLog log) {
    const std::vector<Constraint>& cs = map.constraints();
    bool changed = false;
    // Only bounds change below, and the loop stops as soon as the map
    // becomes known empty: the constraints are read in place.
    for (const Constraint& c : cs) {
        if (!c.range.is_point() || detail::kind_of(c.expr) != ExprKind::Add) continue;
        const int64_t k = c.range.lo();
        for (size_t j = 0; j < detail::num_ops(c.expr); ++j) {
            const LinearTerm t = linear_term(detail::op_at(c.expr, j));
            if (t.kind != LinearTerm::Kind::Variable || (t.coef != 1 && t.coef != -1)) continue;
            const ModRem rest = facts.of_terms_except(c.expr, j);
            if (rest.modulus < 2) continue;
            const int64_t m = rest.modulus;
            // x + (m*q + s) == k: x == k - s (mod m); -x + (m*q + s) == k:
            // x == s - k (mod m).
            const __int128 k_minus_s = static_cast<__int128>(k) - rest.remainder;
            const int64_t r = residue(t.coef == 1 ? k_minus_s : -k_minus_s, m);
            const Interval b = map.bounds_by_id()[static_cast<size_t>(t.var)];
            if (!b.is_bounded() || b.is_empty()) continue;
            // residue_lower, residue_upper: the first and last values of the
            // residue within the bounds; lo > hi when there is none, else
            // both lie within the bounds (int64).
            const __int128 lo = first_with_residue(b.lo(), r, m);
            const __int128 hi = last_with_residue(b.hi(), r, m);
            // Used only where one value or none is left: then no pass can
            // move these bounds again, so alignments by several equalities
            // and the tightening of the others cannot take turns.
            if (lo < hi || (lo == hi && b.is_point())) continue;
            log.fired(t.coef == 1 ? lemma::equality_residue : lemma::equality_residue_negated);
            changed = true;
            if (lo > hi) {
                log.fired(lemma::residue_gap);
                map.set_variable_bounds(t.var, Interval::empty());
                return true;
            }
            const Interval point = Interval::point(static_cast<int64_t>(lo));
            log_narrowing(log, b, point, lemma::residue_lower, lemma::residue_upper);
            map.set_variable_bounds(t.var, point);
        }
    }
    return changed;
}

/// align_bounds_to_residues by the congruences that a congruence on a sum
/// gives its variable terms, given the other terms' (div_sum_term):
/// `(d0 * 5 + d1) mod 2 in [0, 0]` with `d0 mod 4 in [1, 1]` makes d1 odd,
/// so d1 in [0, 100] becomes d1 in [1, 99] (residue_lower, residue_upper).
/// A congruence holds at every point of the domain, so no pass moves an end
/// off it again. `facts` are the congruences the constraints give.
bool align_to_sum_congruences(IndexingMap& map, DivisibilityAnalysis& facts, RewriteLog log) {
    const std::vector<Constraint>& cs = map.constraints();
    Context& ctx = *map.context();
    bool changed = false;
    // Only bounds change below, and the loop stops as soon as the map
    // becomes known empty: the constraints are read in place.
    for (const Constraint& c : cs) {
        Expr e;
        int64_t m, r;
        if (!as_congruence(c, &e, &m, &r) || detail::kind_of(e) != ExprKind::Add) continue;
        for (size_t j = 0; j < detail::num_ops(e); ++j) {
            const LinearTerm t = linear_term(detail::op_at(e, j));
            if (t.kind != LinearTerm::Kind::Variable) continue;
            const ModRem fact = facts.of(ctx.variable(t.var));
            if (fact.modulus < 2) continue;
            const Interval b = map.bounds_by_id()[static_cast<size_t>(t.var)];
            const Interval nb =
                aligned_to_residues(b, fact.modulus, fact.remainder, fact.remainder);
            if (nb == b) continue;
            log.fired(lemma::div_sum_term);
            if (nb.is_empty())
                log.fired(lemma::residue_gap);
            else
                log_narrowing(log, b, nb, lemma::residue_lower, lemma::residue_upper);
            map.set_variable_bounds(t.var, nb);
            changed = true;
            if (map.is_known_empty()) return true;
        }
    }
    return changed;
}

/// align_bounds_to_residues by the constraints on sums, with one divisibility
/// analysis of the constraints for both kinds: both passes move only bounds
/// and stop once the map is known empty, so the constraints the analysis
/// read stay as they were. (Out of line: the analysis is set up only for
/// the maps that have such a constraint.)
[[gnu::noinline]] bool align_to_sum_constraints(IndexingMap& map, RewriteLog log,
                                                bool equality_on_sum, bool congruence_on_sum) {
    DivisibilityAnalysis facts(map.constraints());
    bool changed = equality_on_sum && align_to_equalities(map, facts, log);
    if (congruence_on_sum && !map.is_known_empty())
        changed |= align_to_sum_congruences(map, facts, log);
    return changed;
}

}  // namespace

bool align_bounds_to_residues(IndexingMap& map, RewriteLog log) {
    bool equality_on_sum = false, congruence_on_sum = false;
    bool changed = align_to_residue_ranges(map, log, &equality_on_sum, &congruence_on_sum);
    if ((equality_on_sum || congruence_on_sum) && !map.is_known_empty())
        changed |= align_to_sum_constraints(map, log, equality_on_sum, congruence_on_sum);
    return changed;
}

namespace {

/// substitute(e, repl) where `repl` replaces variable `id` alone: `e` itself
/// when it is canonical and `id` does not occur in it, without the walk (the
/// walk would rebuild each node from its own operands, and a canonical node
/// rebuilds to itself, as canonicalize's walk relies on).
Expr substitute_variable(Expr e, const std::vector<Expr>& repl, int64_t id) {
    const detail::ExprNode* n = detail::node_of(e);
    const bool may_occur = id < 64 ? ((n->var_mask >> id) & 1) != 0 : n->has_high_var;
    if (!may_occur && n->canonical) return e;
    return substitute(e, repl);
}

}  // namespace

bool rescale_symbols(IndexingMap& map, RewriteLog log) {
    for (const Constraint& c : map.constraints()) {
        Expr e;
        int64_t m, r;
        if (!as_congruence(c, &e, &m, &r) || !e.is_variable() || m < 2) continue;
        int64_t id = e.variable_id();
        // Dimensions and runtime variables are inputs: never re-parametrised.
        if (map.variable_kind(id) != VariableKind::Range) continue;
        Interval b = map.bounds_by_id()[static_cast<size_t>(id)];
        if (!b.is_bounded()) continue;
        // Bounds aligned to the residue (align_bounds_to_residues runs first):
        // lo = m*l + r and hi = m*h + r exactly.
        __int128 lo_off = static_cast<__int128>(b.lo()) - r,
                 hi_off = static_cast<__int128>(b.hi()) - r;
        if (residue(lo_off, m) != 0 || residue(hi_off, m) != 0) continue;
        // The quotients, in int64 when the offsets fit (m >= 2: no overflow).
        auto quotient = [m](__int128 x) {
            return x >= kInt64Min && x <= kInt64Max ? static_cast<int64_t>(x) / m
                                                    : static_cast<int64_t>(x / m);
        };
        const int64_t l = quotient(lo_off), h = quotient(hi_off);
        // Substitute s := m * s + r everywhere.
        Context& ctx = *map.context();
        std::vector<Expr> repl(static_cast<size_t>(map.num_variables()));
        repl[static_cast<size_t>(id)] = ctx.variable(id) * m + r;
        // Only the results that change are replaced (set_results would
        // check and copy them all).
        for (size_t i = 0; i < map.results().size(); ++i) {
            const Expr res = map.results()[i];
            const Expr s = substitute_variable(res, repl, id);
            if (s != res) map.set_result(static_cast<int64_t>(i), s);
        }
        std::vector<Constraint> cs;
        cs.reserve(map.constraints().size());
        for (const Constraint& k : map.constraints())
            if (!(k == c)) cs.push_back(Constraint{substitute_variable(k.expr, repl, id), k.range});
        map.set_variable_bounds(id, Interval{l, h});
        map.set_constraints(std::move(cs));
        log.fired(lemma::rescale_forward);
        log.fired(lemma::rescale_backward);
        return true;  // constraints changed under us: one at a time
    }
    return false;
}

bool drop_decided_constraints(IndexingMap& map, RewriteLog log) {
    RangeAnalysis ranges(map, RangeAnalysis::Domain::Bounds);
    return drop_decided_constraints(map, ranges, log);
}

bool drop_decided_constraints(IndexingMap& map, RangeAnalysis& ranges, RewriteLog log) {
    // Congruences known from the other constraints (`d2 mod 8 in [4, 4]`
    // makes `d0 * 2 + d2` even): a constraint whose range holds no value of
    // the right residue can never hold. Emptiness only; nothing is dropped
    // on this basis.
    DivisibilityAnalysis divisibility(map.constraints());
    const std::vector<Constraint>& cs = map.constraints();
    std::vector<Constraint> keep;  // filled once the first constraint is dropped
    bool changed = false;
    for (size_t i = 0; i < cs.size(); ++i) {
        const Constraint& c = cs[i];
        // The range of the values of c.expr where it is defined; a point where
        // it is undefined is outside the domain anyway.
        Interval r = ranges.range(c.expr);
        if (r.intersect(c.range).is_empty()) {
            log.fired(lemma::decided_empty);
            map.mark_known_empty();
            return true;
        }
        const ModRem residue = divisibility.of(c.expr);
        if (!has_value_with_residue(residue, c.range)) {
            // An exact value (modulus 0) outside the range: decided_empty
            // with a == b; residue_gap needs a modulus m > 0.
            log.fired(residue.modulus == 0 ? lemma::decided_empty : lemma::residue_gap);
            map.mark_known_empty();
            return true;
        }
        if (in_mod_wrap_gap(c.expr, c.range, ranges)) {
            log.fired(lemma::mod_wrap_gap);
            map.mark_known_empty();
            return true;
        }
        // Holds wherever it is defined; dropped only if defined everywhere.
        if (c.range.contains(r) && !ranges.may_be_undefined(c.expr)) {
            log.fired(lemma::decided_holds);
            if (!changed) keep.assign(cs.begin(), cs.begin() + static_cast<std::ptrdiff_t>(i));
            changed = true;
            continue;
        }
        if (changed) keep.push_back(c);
    }
    if (changed) map.set_constraints(std::move(keep));
    return changed;
}

}  // namespace provix::engine
