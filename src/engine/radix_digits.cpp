/// \file
/// Mixed-radix recombination (see radix_digits.h).

#include "radix_digits.h"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "expr_build.h"
#include "expr_node.h"
#include "lemma_ids.h"
#include "provix/semantics.h"
#include "provix/small_vector.h"
#include "range_analysis.h"
#include "sum_term.h"

namespace provix::engine {

using detail::const_value;
using detail::is_const;
using detail::kind_of;
using detail::num_ops;
using detail::op_at;

namespace {

/// An affine expression `sum of coef * variable + constant`, its variable
/// terms ordered by variable id, every coefficient non-zero. Held inline
/// (no allocation) up to four variables, as are a digit's terms below.
struct Linear {
    SmallVector<std::pair<int64_t, int64_t>, 4> terms;  // (variable id, coef)
    int64_t constant = 0;
    bool operator==(const Linear& o) const { return terms == o.terms && constant == o.constant; }
};

/// `e` as a Linear, or nullopt when it is not affine.
std::optional<Linear> as_linear(Expr e) {
    Linear out;
    // The sum's terms read in place (nothing built): a term is a constant,
    // or a monomial times a coefficient, and only a variable monomial is
    // affine (a product of several operands never is).
    for (Expr whole : terms_of(e)) {
        const SumTerm t = sum_term_in_place(whole);
        if (detail::is_const(whole)) {
            // One constant, or several when folding them overflowed.
            const std::optional<int64_t> c = checked_add(out.constant, t.coef);
            if (!c) return std::nullopt;
            out.constant = *c;
        } else if (t.monomial && t.monomial.kind() == ExprKind::Variable) {
            out.terms.emplace_back(t.monomial.variable_id(), t.coef);
        } else {
            return std::nullopt;
        }
    }
    std::sort(out.terms.begin(), out.terms.end());
    for (size_t i = 1; i < out.terms.size(); ++i)
        if (out.terms[i].first == out.terms[i - 1].first) return std::nullopt;
    return out;
}

/// `a - k * b`, or nullopt on int64 overflow.
std::optional<Linear> minus_scaled(const Linear& a, const Linear& b, int64_t k) {
    Linear out = a;
    for (const auto& [id, coef] : b.terms) {
        const std::optional<int64_t> kb = checked_mul(k, coef);
        if (!kb) return std::nullopt;
        auto it =
            std::lower_bound(out.terms.begin(), out.terms.end(), std::make_pair(id, kInt64Min));
        if (it != out.terms.end() && it->first == id) {
            const std::optional<int64_t> c = checked_sub(it->second, *kb);
            if (!c) return std::nullopt;
            if (*c == 0) {
                out.terms.erase(it);
            } else {
                it->second = *c;
            }
        } else {
            const std::optional<int64_t> c = checked_neg(*kb);
            if (!c) return std::nullopt;
            out.terms.insert(it, {id, *c});
        }
    }
    const std::optional<int64_t> kc = checked_mul(k, b.constant);
    const std::optional<int64_t> c = kc ? checked_sub(out.constant, *kc) : std::nullopt;
    if (!c) return std::nullopt;
    out.constant = *c;
    return out;
}

Expr to_expr(const Linear& l, Context& ctx) {
    Expr out = ctx.constant(l.constant);
    for (const auto& [id, coef] : l.terms)
        out = out + ctx.variable(id) * coef;
    return out;
}

/// The lemmas a candidate used, reported only when it is taken.
enum LemmaBit : unsigned {
    kLift = 1,
    kRebaseQuotient = 2,
    kRebaseDigit = 4,
    kMergeQuotient = 8,
    kMergeDigits = 16,
};

/// A digit `((index floordiv below) mod radix) * weight` (radix 0: no mod),
/// standing for the sum terms `terms` (indices of the sum's operands).
struct Digit {
    Linear index;
    int64_t below = 1;
    int64_t radix = 0;
    int64_t weight = 0;
    SmallVector<size_t, 4> terms;
    bool lifted = false;  // a floordiv was lifted out of a dividend
};

/// The digits of one sum (inline up to four).
using Digits = SmallVector<Digit, 4>;

/// The positive constant divisor of the floordiv or mod `e`, else 0.
int64_t positive_divisor(Expr e, ExprKind kind) {
    if (kind_of(e) != kind || !is_const(op_at(e, 1))) return 0;
    const int64_t c = const_value(op_at(e, 1));
    return c > 0 ? c : 0;
}

/// `u floordiv below` as `index floordiv below'` with an affine index,
/// lifting a floordiv out of the dividend (radix_lift): `y floordiv m`, or
/// a sum of affine terms and one `y floordiv m` (coefficient 1).
bool lift(Expr u, Digit& d) {
    for (int depth = 0; depth < 8; ++depth) {
        if (std::optional<Linear> l = as_linear(u)) {
            d.index = std::move(*l);
            return true;
        }
        Expr inner;  // the `y floordiv m` to lift
        if (positive_divisor(u, ExprKind::FloorDiv)) {
            inner = u;
        } else if (kind_of(u) == ExprKind::Add) {
            for (size_t i = 0; i < num_ops(u); ++i) {
                if (!positive_divisor(op_at(u, i), ExprKind::FloorDiv)) continue;
                if (inner) return false;  // several: never merged
                inner = op_at(u, i);
            }
        }
        if (!inner) return false;
        const int64_t m = const_value(op_at(inner, 1));
        Expr rest = u - inner;
        if (!as_linear(rest)) return false;
        const std::optional<int64_t> below = checked_mul(d.below, m);
        if (!below) return false;
        d.below = *below;
        u = rest * m + op_at(inner, 0);
        d.lifted = true;
    }
    return false;
}

/// The sum operand `t` as a digit, or nullopt.
std::optional<Digit> as_digit(Expr t, size_t position) {
    Digit d;
    d.weight = 1;
    Expr m = t;
    if (kind_of(t) == ExprKind::Mul && num_ops(t) == 2 && is_const(op_at(t, 1))) {
        m = op_at(t, 0);
        d.weight = const_value(op_at(t, 1));
    }
    Expr u;
    if (const int64_t a = positive_divisor(m, ExprKind::FloorDiv)) {
        d.below = a;
        u = op_at(m, 0);
    } else if (const int64_t b = positive_divisor(m, ExprKind::Mod)) {
        d.radix = b;
        u = op_at(m, 0);
        if (const int64_t a = positive_divisor(u, ExprKind::FloorDiv)) {
            d.below = a;
            u = op_at(u, 0);
        }
    } else {
        return std::nullopt;
    }
    if (!lift(u, d)) return std::nullopt;
    d.terms.push_back(position);
    return d;
}

/// True if `r` lies in [0, k - 1] on the domain: the sum of its terms'
/// ranges (each variable's range from the analysis, scaled exactly) does.
bool in_block(const Linear& r, int64_t k, RangeAnalysis& ranges, Context& ctx) {
    __int128 lo = r.constant, hi = r.constant;
    for (const auto& [id, coef] : r.terms) {
        const Interval v = ranges.variable_range(ctx, id);
        if (!v.is_bounded() || v.is_empty()) return false;
        const __int128 a = static_cast<__int128>(v.lo()) * coef;
        const __int128 b = static_cast<__int128>(v.hi()) * coef;
        const __int128 limit = static_cast<__int128>(1) << 100;  // keeps the sums exact
        if (a < -limit || a > limit || b < -limit || b > limit) return false;
        lo += a < b ? a : b;
        hi += a < b ? b : a;
    }
    return lo >= 0 && hi < k;
}

/// `d` as a digit of `index`: index == k * u + r (+ a multiple of the
/// digit's top k * below * radix when it has a mod), 0 <= r < k on the
/// domain (radix_rebase_quotient, radix_rebase_digit).
std::optional<Digit> rebase(const Digit& d, const Linear& index, RangeAnalysis& ranges,
                            Context& ctx, unsigned& used) {
    if (d.index == index) return d;
    if (d.index.terms.empty()) return std::nullopt;
    const auto [id, cu] = d.index.terms.front();
    auto it =
        std::lower_bound(index.terms.begin(), index.terms.end(), std::make_pair(id, kInt64Min));
    if (it == index.terms.end() || it->first != id) return std::nullopt;
    if ((cu == -1 && it->second == kInt64Min) || it->second % cu != 0) return std::nullopt;
    const int64_t k = it->second / cu;
    if (k <= 0) return std::nullopt;
    std::optional<Linear> r = minus_scaled(index, d.index, k);
    const std::optional<int64_t> below = checked_mul(k, d.below);
    if (!r || !below) return std::nullopt;
    if (d.radix > 0) {
        const std::optional<int64_t> top = checked_mul(*below, d.radix);
        if (!top) return std::nullopt;
        const int64_t t = *top;
        r->terms.erase(std::remove_if(r->terms.begin(), r->terms.end(),
                                      [t](const auto& term) { return term.second % t == 0; }),
                       r->terms.end());
        r->constant = *floor_mod(r->constant, t);  // t > 0
    }
    if (!in_block(*r, k, ranges, ctx)) return std::nullopt;
    used |= d.radix > 0 ? kRebaseDigit : kRebaseQuotient;
    Digit out = d;
    out.index = index;
    out.below = *below;
    return out;
}

/// Merges `hi` into `lo` when `hi` is the digit right above `lo` with the
/// weight it needs (radix_merge_quotient, radix_merge_digits), or when both
/// are the same digit (like terms).
bool merge_pair(Digit& lo, const Digit& hi, unsigned& used) {
    if (lo.below == hi.below && lo.radix == hi.radix) {
        const std::optional<int64_t> w = checked_add(lo.weight, hi.weight);
        if (!w) return false;
        lo.weight = *w;
    } else {
        if (lo.radix == 0) return false;
        const std::optional<int64_t> top = checked_mul(lo.below, lo.radix);
        const std::optional<int64_t> w = checked_mul(lo.weight, lo.radix);
        if (!top || !w || *top != hi.below || *w != hi.weight) return false;
        if (hi.radix == 0) {
            lo.radix = 0;
            used |= kMergeQuotient;
        } else {
            const std::optional<int64_t> radix = checked_mul(lo.radix, hi.radix);
            if (!radix) return false;
            lo.radix = *radix;
            used |= kMergeDigits;
        }
    }
    for (size_t t : hi.terms)
        lo.terms.push_back(t);
    lo.lifted = lo.lifted || hi.lifted;
    return true;
}

/// Merges digits of `ds` to a fixed point.
void merge_all(Digits& ds, unsigned& used) {
    bool changed = true;
    while (changed) {
        changed = false;
        for (size_t i = 0; i < ds.size() && !changed; ++i) {
            for (size_t j = 0; j < ds.size() && !changed; ++j) {
                if (i == j || !merge_pair(ds[i], ds[j], used)) continue;
                ds.erase(ds.begin() + static_cast<std::ptrdiff_t>(j));
                changed = true;
            }
        }
    }
}

/// Number of floordiv, ceildiv and mod nodes of `e` (shared sub-trees
/// counted each time).
int64_t division_count(Expr e) {
    int64_t n = detail::is_division(kind_of(e)) ? 1 : 0;
    for (size_t i = 0; i < num_ops(e); ++i)
        n += division_count(op_at(e, i));
    return n;
}

Expr digit_expr(const Digit& d, Context& ctx) {
    Expr x = to_expr(d.index, ctx);
    if (d.below != 1) x = floor_div(x, d.below);
    if (d.radix != 0) x = mod(x, d.radix);
    return x * d.weight;
}

/// The sum `s` with the digits rebased onto `index` merged, or a null Expr
/// when that removes no division.
Expr recombine_onto(Expr s, const Digits& digits, const Linear& index, RangeAnalysis& ranges,
                    unsigned& used) {
    Context& ctx = s.context();
    Digits rebased;
    for (const Digit& d : digits)
        if (std::optional<Digit> r = rebase(d, index, ranges, ctx, used)) rebased.push_back(*r);
    if (rebased.size() < 2) return Expr();
    merge_all(rebased, used);
    std::vector<bool> replaced(num_ops(s), false);
    std::vector<Expr> terms;
    for (const Digit& d : rebased) {
        if (d.terms.size() < 2) continue;
        for (size_t t : d.terms)
            replaced[t] = true;
        if (d.lifted) used |= kLift;
        terms.push_back(digit_expr(d, ctx));
    }
    if (terms.empty()) return Expr();
    for (size_t i = 0; i < num_ops(s); ++i)
        if (!replaced[i]) terms.push_back(op_at(s, i));
    Expr out = terms.size() == 1 ? terms.front()
                                 : detail::build(ExprKind::Add, terms.data(), terms.size());
    return division_count(out) < division_count(s) ? out : Expr();
}

/// Cheap pre-check, without allocation: two terms are a digit `(.. mod b) *
/// w` and a floordiv or mod term of weight `w * b`, which a merge needs
/// (rebasing changes a digit's index and divisor, never its radix or weight).
bool may_merge(Expr s) {
    constexpr size_t kMaxHeads = 16;
    int64_t radix[kMaxHeads], weight[kMaxHeads];
    size_t n = 0;
    for (size_t i = 0; i < num_ops(s) && n < kMaxHeads; ++i) {
        Expr t = op_at(s, i);
        int64_t w = 1;
        if (kind_of(t) == ExprKind::Mul && num_ops(t) == 2 && is_const(op_at(t, 1))) {
            w = const_value(op_at(t, 1));
            t = op_at(t, 0);
        }
        const int64_t b = positive_divisor(t, ExprKind::Mod);
        if (!b && !positive_divisor(t, ExprKind::FloorDiv)) continue;
        radix[n] = b;
        weight[n++] = w;
    }
    if (n == kMaxHeads) return true;  // many digit terms: no shortcut
    for (size_t i = 0; i < n; ++i) {
        if (radix[i] == 0) continue;
        const std::optional<int64_t> above = checked_mul(weight[i], radix[i]);
        for (size_t j = 0; j < n && above; ++j)
            if (j != i && weight[j] == *above) return true;
    }
    return false;
}

}  // namespace

Expr recombine_radix_digits(Expr s, RangeAnalysis& ranges, const RewriteLog& log,
                            const char** lemma_name) {
    if (kind_of(s) != ExprKind::Add || !may_merge(s)) return Expr();
    Digits digits;
    for (size_t i = 0; i < num_ops(s); ++i)
        if (std::optional<Digit> d = as_digit(op_at(s, i), i)) digits.push_back(std::move(*d));
    if (digits.size() < 2) return Expr();
    for (size_t c = 0; c < digits.size(); ++c) {
        bool seen = false;  // each index once
        for (size_t p = 0; p < c && !seen; ++p)
            seen = digits[p].index == digits[c].index;
        if (seen) continue;
        unsigned used = 0;
        Expr out = recombine_onto(s, digits, digits[c].index, ranges, used);
        if (!out) continue;
        if (used & kLift) log.fired(lemma::radix_lift);
        if (used & kRebaseQuotient) log.fired(lemma::radix_rebase_quotient);
        if (used & kRebaseDigit) log.fired(lemma::radix_rebase_digit);
        if ((used & kMergeQuotient) && (used & kMergeDigits)) log.fired(lemma::radix_merge_digits);
        // Digits that only met their like terms (`d0 mod 64` rebased to
        // `(d0 + d1 * 128) mod 64` beside it) merge by the kernel's like_terms.
        *lemma_name = (used & kMergeQuotient) ? lemma::radix_merge_quotient
                      : (used & kMergeDigits) ? lemma::radix_merge_digits
                                              : lemma::like_terms;
        return out;
    }
    return Expr();
}

}  // namespace provix::engine
