/// \file
/// A sum read as a multiple of another sum plus a rest.

#include "sum_multiple.h"

#include "provix/semantics.h"

namespace provix::engine {

namespace {

/// A term of a canonical sum as its coefficient times the rest: `d0 * 4` is
/// 4 times d0, `d0 floordiv 2` 1 times itself. A product whose monomial is
/// no node (`d0 * d1 * 4`, detail::split_sum_term) is 1 times itself.
/// (Constants are read apart.)
struct ScaledTerm {
    const detail::ExprNode* base;
    int64_t coef;
};

ScaledTerm scaled_term(const detail::ExprNode* t) {
    const detail::TermSplit s = detail::split_sum_term(Expr(t));
    if (s.monomial == detail::TermSplit::Monomial::FirstOperand) return {t->operands[0], s.coef};
    return {t, 1};
}

}  // namespace

std::optional<SumMultiple> as_multiple_of(const detail::ExprNode* e, const detail::ExprNode* f) {
    if (e->num_operands > 64) return std::nullopt;  // `used` is a 64-bit mask
    // Each term of f among e's: f's variables are among e's.
    if ((f->var_mask & ~e->var_mask) != 0) return std::nullopt;
    __int128 a = 0;
    __int128 f_constant = 0;
    uint64_t used = 0;
    for (size_t i = 0; i < f->num_operands; ++i) {
        const detail::ExprNode* u = f->operands[i];
        if (u->kind == ExprKind::Constant) {
            f_constant += u->value;
            continue;
        }
        const ScaledTerm su = scaled_term(u);
        size_t j = 0;
        ScaledTerm st{nullptr, 0};
        for (; j < e->num_operands; ++j) {
            if ((used >> j & 1) || e->operands[j]->kind == ExprKind::Constant) continue;
            st = scaled_term(e->operands[j]);
            if (st.base == su.base) break;
        }
        if (j == e->num_operands || su.coef == 0) return std::nullopt;
        const __int128 coef = st.coef;
        if (a == 0) {
            if (coef % su.coef != 0) return std::nullopt;
            a = coef / su.coef;
        } else if (a * su.coef != coef) {
            return std::nullopt;
        }
        used |= uint64_t{1} << j;
    }
    if (a == 0 || a < kInt64Min || a > kInt64Max) return std::nullopt;
    __int128 rest_constant = -a * f_constant;
    for (size_t j = 0; j < e->num_operands; ++j)
        if (e->operands[j]->kind == ExprKind::Constant) rest_constant += e->operands[j]->value;
    if (rest_constant < kInt64Min || rest_constant > kInt64Max) return std::nullopt;
    return SumMultiple{static_cast<int64_t>(a), used, static_cast<int64_t>(rest_constant)};
}

}  // namespace provix::engine
