/// \file
/// RuleMatcher's right sides: the interpreter of right-side trees (build)
/// and the leaves the generated builders share with it.

#include "expr_build.h"
#include "expr_node.h"
#include "provix/small_vector.h"
#include "rule_matcher.h"

namespace provix::engine {

using rules::Op;

using detail::has_unfolded_constants;
using detail::is_const;
using detail::is_division;
using detail::kind_of;
using detail::num_ops;
using detail::op_at;

namespace {

/// `t.monomial * c` as the canonical product builds it, without
/// building it when the answer is known: `m * 1` is `m` for a monomial that
/// is not a product (nothing to flatten, reorder or fold), and a term
/// `m * coef` of two operands with such an `m` is the product itself.
Expr scaled_monomial(const SumTerm& t, int64_t c) {
    ExprKind mk = kind_of(t.monomial);
    bool plain = mk != ExprKind::Mul && mk != ExprKind::Add && mk != ExprKind::Constant;
    if (c == 1 && mk != ExprKind::Mul && mk != ExprKind::Constant) return t.monomial;
    if (plain && c == t.coef && c != 0 && t.whole != t.monomial && num_ops(t.whole) == 2 &&
        op_at(t.whole, 0) == t.monomial)
        return t.whole;
    return t.monomial * c;
}

}  // namespace

Expr RuleMatcher::materialize(const Binding& b) {
    // The term of lowest index in `m`, divided by the scale.
    auto part = [&](uint64_t m) {
        const SumTerm& t = (*b.terms)[static_cast<size_t>(__builtin_ctzll(m))];
        int64_t c = coef_over(t, b.scale);  // exact: the scale divides every coefficient
        return t.monomial ? scaled_monomial(t, c) : ctx_->constant(c);
    };
    if (b.mask == 0) return ctx_->constant(0);
    if ((b.mask & (b.mask - 1)) == 0) return part(b.mask);  // one term: no sum to build
    SmallVector<Expr, 8> parts;  // on the stack for the usual short sub-sum
    for (uint64_t m = b.mask; m; m &= m - 1)
        parts.push_back(part(m));
    return detail::build(ExprKind::Add, parts.data(), parts.size());
}

Expr RuleMatcher::build(int n) {
    const FlatNode& f = flat(n);
    switch (f.op) {
        case Op::Literal:  // what eval_int gives for these leaves, without it
            return constant_node(f.value);
        case Op::ConstVar:
            return constant_node(constant_of(static_cast<int>(f.value)));
        case Op::ExprVar:
            return expr_var_node(static_cast<int>(f.value));
        default:
            return build_node(n);
    }
}

Expr RuleMatcher::build_node(int n) {
    if (compiled_->constant_subtree[static_cast<size_t>(n)]) return constant_node(value(n));
    const rules::Node& nd = node(n);
    if (nd.op == Op::SumVar) return sum_var_node(static_cast<int>(nd.value));
    const std::vector<int>& children = nd.children;
    if (children.size() == 2) {  // the usual operator: no operand vector
        const Expr a = build(children[0]);
        if (!a) return Expr();
        const Expr b = build(children[1]);
        if (!b) return Expr();
        const Expr ops[2] = {a, b};
        return build_operator(nd.op, ops, 2);
    }
    SmallVector<Expr, 4> ops;  // on the stack for the usual few operands
    for (int c : children) {
        Expr e = build(c);
        if (!e) return Expr();
        ops.push_back(e);
    }
    return build_operator(nd.op, ops.data(), ops.size());
}

Expr RuleMatcher::build_operator(rules::Op op, const Expr* ops, size_t n) {
    std::optional<ExprKind> expr_kind = rules::expr_kind(op);
    if (!expr_kind) return Expr();
    ExprKind kind = *expr_kind;
    if (is_division(kind) && is_const(ops[1], 0)) return Expr();
    Expr out = detail::build(kind, ops, n);
    // A fold that would overflow leaves constants unfolded: refuse.
    if (has_unfolded_constants(out)) return Expr();
    return out;
}

Expr RuleMatcher::right_side_for(const CompiledRule& rule, const std::vector<Binding>& bindings,
                                 Context& ctx) {
    bind_given(rule, bindings);
    ctx_ = &ctx;
    const Expr r = build_right_side();
    unbind_all();
    return r;
}

}  // namespace provix::engine
