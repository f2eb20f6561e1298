#pragma once
/// \file
/// SumTerm: one term of a sum as the matcher and the domain passes see it.

#include <cstdint>
#include <vector>

#include "expr_node.h"
#include "provix/expr.h"

namespace provix::engine {

/// A term of a sum: `monomial * coef`, or the constant `coef` when monomial
/// is null. `whole` is the term as it stands in the sum:
/// `d0 * 4` is {d0, 4, d0 * 4}, `d1` is {d1, 1, d1}, `7` is {null, 7, 7}.
struct SumTerm {
    Expr monomial;
    int64_t coef = 0;
    Expr whole;
};

/// The terms of a sum read in place, a non-sum being a one-term sum, for a
/// range-for: `for (Expr t : terms_of(d0 * 4 + d1))` visits `d0 * 4`, then
/// `d1`; `terms_of(d0 floordiv 2)` visits `d0 floordiv 2`. Nothing is
/// built. The view holds the node a non-sum's one term points at: iterate
/// the view itself (as a range-for does), not a copy's iterators.
class TermsOf {
public:
    class Iterator {
    public:
        explicit Iterator(const detail::ExprNode* const* at) : at_(at) {}
        Expr operator*() const { return Expr(*at_); }
        Iterator& operator++() {
            ++at_;
            return *this;
        }
        bool operator!=(Iterator other) const { return at_ != other.at_; }
        /// The place of the term in the view (for two walks of one view
        /// that must not meet the same term: `i.place() != j.place()`).
        const detail::ExprNode* const* place() const { return at_; }

    private:
        const detail::ExprNode* const* at_;
    };

    explicit TermsOf(Expr e) : self_(e.node()) {
        const bool sum = self_->kind == ExprKind::Add;
        first_ = sum ? self_->operands : &self_;
        count_ = sum ? self_->num_operands : 1;
    }
    TermsOf(const TermsOf&) = delete;
    TermsOf& operator=(const TermsOf&) = delete;

    Iterator begin() const { return Iterator(first_); }
    Iterator end() const { return Iterator(first_ + count_); }
    size_t size() const { return count_; }

private:
    const detail::ExprNode* self_;
    const detail::ExprNode* const* first_;
    size_t count_;
};

/// The terms of `e` (see TermsOf): `for (Expr t : terms_of(e))`.
inline TermsOf terms_of(Expr e) { return TermsOf(e); }

/// Splits `e` into its sum terms (a non-sum is a one-term sum).
std::vector<SumTerm> sum_terms(Expr e);

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
