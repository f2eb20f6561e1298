#pragma once
/// \file
/// SumTerm: one term of a sum as the matcher and the domain passes see it.

#include <cstdint>
#include <vector>

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

/// Splits `e` into its sum terms (a non-sum is a one-term sum).
std::vector<SumTerm> sum_terms(Expr e);

}  // namespace provix::engine
