/// \file
/// Constant folding in int64 (int64_folding.h).

#include "int64_folding.h"

#include <vector>

#include "expr_dag.h"
#include "expr_node.h"
#include "provix/semantics.h"

namespace provix::detail {

namespace {

/// The monomial of sum term `t` as its factors (empty for a constant), and
/// its coefficient.
void monomial_of(Expr t, std::vector<const ExprNode*>& factors, int64_t& coef) {
    const TermSplit s = split_sum_term(t);
    coef = s.coef;
    factors.clear();
    switch (s.monomial) {
        case TermSplit::Monomial::None:
            return;
        case TermSplit::Monomial::Whole:
            factors.push_back(t.node());
            return;
        case TermSplit::Monomial::FirstOperand:
            factors.push_back(op_at(t, 0).node());
            return;
        case TermSplit::Monomial::AllButLast:
            for (size_t i = 0; i + 1 < num_ops(t); ++i)
                factors.push_back(op_at(t, i).node());
            return;
    }
}

/// True if two terms of sum `e` share a monomial (constants included) and
/// their coefficients' sum leaves int64: the like terms canonical form kept
/// apart.
bool has_like_terms_beyond_int64(Expr e) {
    const size_t n = num_ops(e);
    std::vector<std::vector<const ExprNode*>> monomials(n);
    std::vector<int64_t> coefs(n);
    for (size_t i = 0; i < n; ++i)
        monomial_of(op_at(e, i), monomials[i], coefs[i]);
    for (size_t i = 0; i < n; ++i) {
        for (size_t j = i + 1; j < n; ++j) {
            if (monomials[i] == monomials[j] && !checked_add(coefs[i], coefs[j])) return true;
        }
    }
    return false;
}

/// True if product `e` multiplies a sum by a constant: canonical form
/// distributes a constant factor over a sum unless a coefficient would leave
/// int64 (`(d0 + d1 * 4611686018427387904) * 4`), which MLIR's flattening
/// would then wrap.
bool scales_a_sum(Expr e) {
    if (num_ops(e) != 2) return false;
    const Expr a = op_at(e, 0), b = op_at(e, 1);
    return (kind_of(a) == ExprKind::Add && is_const(b)) ||
           (kind_of(b) == ExprKind::Add && is_const(a));
}

/// folds_in_int64 for `e` as it is; `canonical`: e is in canonical form,
/// where a sum scaled by a constant is one that did not distribute.
bool folds_exactly(Expr e, bool canonical) {
    if (has_unfolded_constants(e)) return false;
    bool ok = true;
    for_each_node(e, [&](Expr node) {
        if (!ok) return;
        if (node.kind() == ExprKind::Add && has_like_terms_beyond_int64(node)) ok = false;
        if (canonical && node.kind() == ExprKind::Mul && scales_a_sum(node)) ok = false;
    });
    return ok;
}

}  // namespace

bool folds_in_int64(Expr e) {
    return folds_exactly(e, false) && folds_exactly(canonicalize(e), true);
}

}  // namespace provix::detail
