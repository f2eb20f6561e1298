#pragma once
/// \file
/// SumTerm: one term of a sum as the matcher and the domain passes see it.

#include <cstdint>
#include <optional>
#include <vector>

#include "expr_node.h"
#include "provix/expr.h"
#include "provix/semantics.h"

namespace provix::engine {

/// A term of a sum: `monomial * coef`, or the constant `coef` when monomial
/// is null. `whole` is the term as it stands in the sum:
/// `d0 * 4` is {d0, 4, d0 * 4}, `d1` is {d1, 1, d1}, `7` is {null, 7, 7}.
struct SumTerm {
    Expr monomial;
    int64_t coef = 0;
    Expr whole;
};

/// `t.coef / scale` for a `scale` that divides it exactly (a sub-sum's
/// scale), without the division for the usual scale 1: `coef_over(t, 4)`
/// is 2 for the term `d0 * 8`.
inline int64_t coef_over(const SumTerm& t, int64_t scale) {
    return scale == 1 ? t.coef : t.coef / scale;
}

// The terms of a sum read in place (detail::TermsOf, in the core: the
// node's term facts are computed with it too).
using detail::terms_of;
using detail::TermsOf;

/// Splits `e` into its sum terms (a non-sum is a one-term sum).
std::vector<SumTerm> sum_terms(Expr e);

/// A sum as its constant (its constant terms added up) and its other terms.
struct SplitSum {
    int64_t constant = 0;
    std::vector<SumTerm> terms;
};

/// `e` split into its constant and its other terms, one term per monomial;
/// nullopt when its constant terms, or the terms of one monomial, do not add
/// up in int64 (the kernel keeps them apart then: `d0 + 9223372036854775807
/// + 1`, `d0 * 9223372036854775807 + d0 * 5`). Callers read a monomial's
/// coefficient as its whole coefficient in `e`. `split_sum(d0 * 4 + 3)` is
/// {3, {d0 * 4}}.
inline std::optional<SplitSum> split_sum(Expr e) {
    SplitSum s;
    for (const SumTerm& t : sum_terms(e)) {
        if (!t.monomial) {
            const std::optional<int64_t> sum = checked_add(s.constant, t.coef);
            if (!sum) return std::nullopt;
            s.constant = *sum;
            continue;
        }
        SumTerm* same = nullptr;
        for (SumTerm& u : s.terms) {
            if (u.monomial == t.monomial) {
                same = &u;
                break;
            }
        }
        if (!same) {
            s.terms.push_back(t);
            continue;
        }
        // A canonical sum has one term per monomial unless the total leaves
        // int64; a sum built otherwise is merged here all the same.
        const std::optional<int64_t> sum = checked_add(same->coef, t.coef);
        if (!sum) return std::nullopt;
        same->coef = *sum;
        same->whole = Expr();  // no longer a term of `e` as it stands
    }
    return s;
}

/// The product of the operands of the product `e` but its last (`d0 * d1`
/// for `d0 * d1 * 4`): the monomial split_sum_term leaves unbuilt.
Expr product_but_last(Expr e);

/// The sum term `e` split as sum_terms splits each term, without a vector:
/// for the callers that walk a sum's operands themselves.
inline SumTerm sum_term(Expr e) {
    const detail::TermSplit s = detail::split_sum_term(e);
    if (s.monomial != detail::TermSplit::Monomial::AllButLast)
        return {detail::monomial_node(e, s), s.coef, e};
    return {product_but_last(e), s.coef, e};
}

/// The sum term `e` split as sum_term splits it, but with the monomial left
/// null where it would have to be built (a product of several factors and a
/// coefficient, `d0 * d1 * 4`), as for a constant term: for the callers that
/// read only a monomial that is a node of its own (a variable, a min or
/// max). `d0 * 4` is {d0, 4, d0 * 4}; `d0 * d1 * 4` is {null, 4, d0 * d1 * 4}.
inline SumTerm sum_term_in_place(Expr e) {
    const detail::TermSplit s = detail::split_sum_term(e);
    return {detail::monomial_node(e, s), s.coef, e};
}

}  // namespace provix::engine
