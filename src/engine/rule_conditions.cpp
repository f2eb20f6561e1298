/// \file
/// RuleMatcher's side conditions and constant parts, interpreted: the
/// ranges of bound variables, `lb`/`ub`/`abs` and arithmetic over bound
/// constants, and the conditions' connectives and predicates. Tables built
/// at run time use these; the built-in table's generated code calls the
/// same range and predicate queries.

#include <algorithm>

#include "rule_matcher.h"

namespace provix::engine {

using rules::Op;

Interval RuleMatcher::var_range(int var) {
    Binding& b = b_[static_cast<size_t>(var)];
    switch (b.kind) {
        case Binding::Kind::Expr:
            if (!b.range_known) {
                b.range = ranges_.range(b.expr);
                b.range_known = true;
            }
            return b.range;
        case Binding::Kind::Const:
            return Interval::point(b.value);
        case Binding::Kind::Sum:
            if (!b.range_known) {
                b.range = sub_sum_range(b);
                b.range_known = true;
            }
            return b.range;
        case Binding::Kind::Unbound:
            break;
    }
    return Interval::all();
}

// Out of line: its frame would otherwise be set up on every var_range call.
__attribute__((noinline)) Interval RuleMatcher::sub_sum_range(const Binding& b) {
    // Fast path: finite term ranges whose products and partial sums fit
    // int64. Exact integer sums of the ends, which is what the interval
    // operations below compute then (their own fast paths).
    int64_t lo = 0, hi = 0;
    uint64_t m = b.mask;
    for (; m; m &= m - 1) {
        const SumTerm& t = (*b.terms)[static_cast<size_t>(__builtin_ctzll(m))];
        int64_t c = coef_over(t, b.scale);  // exact: the scale divides every coefficient
        int64_t tlo = c, thi = c;
        if (t.monomial) {
            Interval r = ranges_.range(t.monomial);
            if (!r.is_bounded() || r.is_empty()) break;
            int64_t p, q;
            if (__builtin_mul_overflow(r.lo(), c, &p) || __builtin_mul_overflow(r.hi(), c, &q))
                break;
            tlo = std::min(p, q);
            thi = std::max(p, q);
        }
        if (__builtin_add_overflow(lo, tlo, &lo) || __builtin_add_overflow(hi, thi, &hi)) break;
    }
    if (m == 0) return Interval(lo, hi);
    // Infinite or empty ranges, or an overflow: the interval operations.
    Interval acc = Interval::point(0);
    for (m = b.mask; m; m &= m - 1) {
        const SumTerm& t = (*b.terms)[static_cast<size_t>(__builtin_ctzll(m))];
        int64_t c = coef_over(t, b.scale);
        acc = acc + (t.monomial ? ranges_.range(t.monomial) * c : Interval::point(c));
    }
    return acc;
}

std::optional<int64_t> RuleMatcher::lower_bound(int var) {
    Interval r = var_range(var);
    if (r.is_empty()) return std::nullopt;
    return r.finite_lo();  // infinite: unknown
}

std::optional<int64_t> RuleMatcher::upper_bound(int var) {
    Interval r = var_range(var);
    if (r.is_empty()) return std::nullopt;
    return r.finite_hi();  // infinite: unknown
}

Tri RuleMatcher::range_is_point(int var) {
    // lb(x) == ub(x): both ends finite and equal (else unknown).
    Interval r = var_range(var);
    if (r.is_empty() || !r.is_bounded()) return Tri::Unknown;
    return r.lo() == r.hi() ? Tri::True : Tri::False;
}

ModRem RuleMatcher::congruence_of(int var) {
    const Binding& b = b_[static_cast<size_t>(var)];
    return div_.of(b.kind == Binding::Kind::Expr ? b.expr : materialize(b));
}

Tri RuleMatcher::divisible_verdict(int var, int64_t c) {
    // Only a proof of divisibility counts; "not shown" is unknown.
    return congruence_of(var).divisible_by(c) ? Tri::True : Tri::Unknown;
}

std::optional<int64_t> RuleMatcher::residue_of(int var, int64_t c) {
    return congruence_of(var).residue_modulo(c);
}

inline std::optional<int64_t> RuleMatcher::eval_operand(int n) {
    // Constants and constant variables without the call.
    const FlatNode& nd = flat(n);
    if (nd.op == Op::Literal) return nd.value;
    if (nd.op == Op::ConstVar) return constant_of(static_cast<int>(nd.value));
    return eval_int(n);
}

std::optional<int64_t> RuleMatcher::eval_int(int n) {
    const FlatNode& nd = flat(n);
    switch (nd.op) {
        case Op::Literal:
            return nd.value;
        case Op::ConstVar:
            return constant_of(static_cast<int>(nd.value));
        case Op::Lb:
            return lower_bound(static_cast<int>(nd.value));
        case Op::Ub:
            return upper_bound(static_cast<int>(nd.value));
        case Op::Residue: {
            auto c = eval_operand(nd.b);
            if (!c) return std::nullopt;
            return residue_of(static_cast<int>(flat(nd.a).value), *c);
        }
        case Op::Abs: {
            auto a = eval_operand(nd.a);
            if (!a) return std::nullopt;
            return rules::apply_unary(nd.op, *a);
        }
        default:
            break;
    }
    auto a = eval_operand(nd.a);
    if (!a) return std::nullopt;
    auto b = eval_operand(nd.b);
    if (!b) return std::nullopt;
    return rules::apply_binary(nd.op, *a, *b);
}

Tri RuleMatcher::eval_cond(int n) {
    const FlatNode& nd = flat(n);
    switch (nd.fused) {
        case FlatNode::Fused::IsPoint:
            return range_is_point(static_cast<int>(nd.value));
        case FlatNode::Fused::ConstVsLiteral: {
            std::optional<int64_t> c = constant_of(static_cast<int>(nd.value));
            if (!c) return Tri::Unknown;
            return compare(nd.op, *c, nd.literal);
        }
        case FlatNode::Fused::None:
            break;
    }
    switch (nd.op) {
        case Op::And: {
            Tri a = eval_cond(nd.a);
            if (a == Tri::False) return Tri::False;
            Tri b = eval_cond(nd.b);
            if (b == Tri::False) return Tri::False;
            return a == Tri::True && b == Tri::True ? Tri::True : Tri::Unknown;
        }
        case Op::Or: {
            Tri a = eval_cond(nd.a);
            if (a == Tri::True) return Tri::True;
            Tri b = eval_cond(nd.b);
            if (b == Tri::True) return Tri::True;
            return a == Tri::False && b == Tri::False ? Tri::False : Tri::Unknown;
        }
        case Op::Not: {
            Tri a = eval_cond(nd.a);
            return a == Tri::Unknown ? a : (a == Tri::True ? Tri::False : Tri::True);
        }
        case Op::Defined:
            return defined_verdict(static_cast<int>(nd.value));
        case Op::Divisible: {
            auto c = eval_operand(nd.b);
            if (!c || *c == 0) return Tri::Unknown;
            return divisible_verdict(static_cast<int>(flat(nd.a).value), *c);
        }
        default:
            break;
    }
    auto a = eval_operand(nd.a);
    auto b = eval_operand(nd.b);
    if (!a || !b) return Tri::Unknown;
    return compare(nd.op, *a, *b);
}

bool RuleMatcher::is_defined(int var) {
    const Binding& b = b_[static_cast<size_t>(var)];
    switch (b.kind) {
        case Binding::Kind::Expr:
            return !ranges_.may_be_undefined(b.expr);
        case Binding::Kind::Sum:
            for (uint64_t m = b.mask; m; m &= m - 1) {
                const SumTerm& t = (*b.terms)[static_cast<size_t>(__builtin_ctzll(m))];
                if (t.monomial && ranges_.may_be_undefined(t.monomial)) return false;
            }
            return true;
        case Binding::Kind::Const:
            return true;
        case Binding::Kind::Unbound:
            break;
    }
    return false;
}

bool RuleMatcher::divisors_nonzero() {
    for (int var : compiled_->divisor_vars) {
        const Binding& b = b_[static_cast<size_t>(var)];
        if (b.kind != Binding::Kind::Expr) continue;
        if (!ranges_.is_nonzero(b.expr)) return false;
    }
    return true;
}

}  // namespace provix::engine
