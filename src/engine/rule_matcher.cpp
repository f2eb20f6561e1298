/// \file
/// Matching, condition checking and right-side construction for one rule.

#include "rule_matcher.h"

#include <algorithm>

#include "provix/semantics.h"

namespace provix::engine {

using rules::Op;

namespace {

SumTerm split(Expr e) {
    if (e.is_constant()) return {Expr(), e.constant_value(), e};
    if (e.kind() == ExprKind::Mul) {
        size_t n = e.num_operands();
        Expr last = e.operand(n - 1);
        if (last.is_constant() && !e.operand(n - 2).is_constant()) {
            Expr mono;
            if (n == 2) {
                mono = e.operand(0);
            } else {
                std::vector<Expr> rest = e.operands();
                rest.pop_back();
                mono = *e.context().make(ExprKind::Mul, rest);
            }
            return {mono, last.constant_value(), e};
        }
    }
    return {e, 1, e};
}

bool is_coefficient(const rules::Node& n) { return n.op == Op::Literal || n.op == Op::ConstVar; }

/// True if some node of `e` has two constant operands (a fold that
/// overflowed) or divides by the constant zero.
bool has_unfolded_constants(Expr e) {
    if (e.num_operands() == 0) return false;
    size_t constants = 0;
    for (size_t i = 0; i < e.num_operands(); ++i) {
        if (e.operand(i).is_constant()) ++constants;
        else if (has_unfolded_constants(e.operand(i))) return true;
    }
    if (constants >= 2) return true;
    bool division = e.kind() == ExprKind::FloorDiv || e.kind() == ExprKind::CeilDiv ||
                    e.kind() == ExprKind::Mod;
    return division && e.operand(1).is_constant(0);
}

}  // namespace

namespace {

void append_terms(Expr e, std::vector<SumTerm>& out) {
    out.clear();
    if (e.kind() == ExprKind::Add) {
        for (size_t i = 0; i < e.num_operands(); ++i) out.push_back(split(e.operand(i)));
    } else {
        out.push_back(split(e));
    }
}

constexpr size_t kMaxSumTerms = 64;  // sums beyond this are left to the kernel

}  // namespace

std::vector<SumTerm> sum_terms(Expr e) {
    std::vector<SumTerm> out;
    append_terms(e, out);
    return out;
}

// ---------------------------------------------------------------------------
// Matching.

bool RuleMatcher::match_const(int p, int64_t v, Continuation k) {
    const rules::Node& n = node(p);
    if (n.op == Op::Literal) return n.value == v && k();
    Binding& b = b_[static_cast<size_t>(n.value)];
    if (b.kind == Binding::Kind::Const) return b.value == v && k();
    b.kind = Binding::Kind::Const;
    b.value = v;
    if (bound(n.value) && k()) return true;
    b_[static_cast<size_t>(n.value)].kind = Binding::Kind::Unbound;
    unbound(n.value);
    return false;
}

bool RuleMatcher::bound(int64_t var) {
    if (var >= 64) return true;
    bound_ |= uint64_t{1} << var;
    uint64_t bit = uint64_t{1} << var;
    for (const CompiledRule::Conjunct& c : compiled_->conjuncts) {
        if (!(c.vars & bit) || (c.vars & ~bound_)) continue;
        if (eval_cond(c.node) == Tri::False) return false;
    }
    return true;
}

bool RuleMatcher::match(int p, Expr e, Continuation k) {
    if (compiled_->is_sum[static_cast<size_t>(p)]) return match_sum(p, e, k);
    const rules::Node& n = node(p);
    switch (n.op) {
        case Op::ExprVar: {
            Binding& b = b_[static_cast<size_t>(n.value)];
            if (b.kind == Binding::Kind::Expr) return b.expr == e && k();
            b.kind = Binding::Kind::Expr;
            b.expr = e;
            if (bound(n.value) && k()) return true;
            b_[static_cast<size_t>(n.value)].kind = Binding::Kind::Unbound;
            unbound(n.value);
            return false;
        }
        case Op::ConstVar:
        case Op::Literal:
            return e.is_constant() && match_const(p, e.constant_value(), k);
        case Op::Mul: {
            if (is_coefficient(node(n.children[1]))) {
                SumTerm t = split(e);
                if (!t.monomial) return false;
                auto rest = [&] { return match(n.children[0], t.monomial, k); };
                return match_const(n.children[1], t.coef, rest);
            }
            if (e.kind() != ExprKind::Mul || e.num_operands() != 2) return false;
            break;
        }
        case Op::FloorDiv:
            if (e.kind() != ExprKind::FloorDiv) return false;
            break;
        case Op::CeilDiv:
            if (e.kind() != ExprKind::CeilDiv) return false;
            break;
        case Op::Mod:
            if (e.kind() != ExprKind::Mod) return false;
            break;
        case Op::Min:
            if (e.kind() != ExprKind::Min) return false;
            break;
        case Op::Max:
            if (e.kind() != ExprKind::Max) return false;
            break;
        default: return false;
    }
    // Binary operator. A constant right operand (the usual divisor) is
    // matched first: it is cheap and lets conditions on it prune early.
    const rules::Node& right = node(n.children[1]);
    if (right.op == Op::Literal || right.op == Op::ConstVar) {
        auto first = [&] { return match(n.children[0], e.operand(0), k); };
        return match(n.children[1], e.operand(1), first);
    }
    auto second = [&] { return match(n.children[1], e.operand(1), k); };
    return match(n.children[0], e.operand(0), second);
}

bool RuleMatcher::match_term(int p, const SumTerm& t, Continuation k) {
    const rules::Node& n = node(p);
    if (n.op == Op::Mul && is_coefficient(node(n.children[1]))) {
        auto rest = [&] { return match(n.children[0], t.monomial, k); };
        return match_const(n.children[1], t.coef, rest);
    }
    return match(p, t.whole, k);
}

bool RuleMatcher::match_sum(int p, Expr e, Continuation k) {
    const SumPattern& sp = compiled_->sums[static_cast<size_t>(p)];
    for (int v : {sp.rest, sp.part_sum})
        if (v >= 0 && b_[static_cast<size_t>(node(v).value)].kind != Binding::Kind::Unbound)
            return false;  // a sub-sum is bound once
    // Quick reject: too few terms for the term patterns.
    size_t needed = sp.general.size() + (sp.const_term >= 0) + (sp.part_sum >= 0);
    size_t have = e.kind() == ExprKind::Add ? e.num_operands() : 1;
    if (have < needed || have > kMaxSumTerms) return false;
    if (term_pool_.size() <= pool_depth_) term_pool_.resize(pool_depth_ + 1);
    std::vector<SumTerm>& terms = term_pool_[pool_depth_++];
    append_terms(e, terms);
    bool ok = assign_terms(sp, terms, 0, 0, k);
    --pool_depth_;
    return ok;
}

/// Assigns general term patterns i.. to distinct unused non-constant terms.
bool RuleMatcher::assign_terms(const SumPattern& sp, const std::vector<SumTerm>& terms, size_t i,
                               uint64_t used, Continuation k) {
    if (i == sp.general.size()) return match_constant_term(sp, terms, used, k);
    for (size_t j = 0; j < terms.size(); ++j) {
        uint64_t bit = uint64_t{1} << j;
        if ((used & bit) || !terms[j].monomial) continue;
        auto next = [&] { return assign_terms(sp, terms, i + 1, used | bit, k); };
        if (match_term(sp.general[i], terms[j], next)) return true;
    }
    return false;
}

bool RuleMatcher::match_constant_term(const SumPattern& sp, const std::vector<SumTerm>& terms,
                                      uint64_t used, Continuation k) {
    if (sp.const_term < 0) return match_partition(sp, terms, used, k);
    for (size_t j = 0; j < terms.size(); ++j) {
        uint64_t bit = uint64_t{1} << j;
        if ((used & bit) || terms[j].monomial) continue;
        auto next = [&] { return match_partition(sp, terms, used | bit, k); };
        return match_const(sp.const_term, terms[j].coef, next);
    }
    return false;
}

bool RuleMatcher::bind_sum(int var_node, const std::vector<SumTerm>& terms, uint64_t mask,
                           int64_t scale, Continuation k) {
    int64_t var = node(var_node).value;
    Binding& b = b_[static_cast<size_t>(var)];
    b.kind = Binding::Kind::Sum;
    b.terms = &terms;
    b.mask = mask;
    b.scale = scale;
    if (bound(var) && k()) return true;
    b_[static_cast<size_t>(var)].kind = Binding::Kind::Unbound;
    unbound(var);
    return false;
}

namespace {

/// Next subset of the same size in increasing numeric order (Gosper).
uint64_t next_same_size(uint64_t x) {
    uint64_t c = x & (~x + 1);
    uint64_t r = x + c;
    return (((r ^ x) >> 2) / c) | r;
}

/// Spreads the bits of `compact` (over n positions) onto the set bits of
/// `positions`.
uint64_t spread(uint64_t compact, uint64_t positions) {
    uint64_t out = 0;
    for (uint64_t bit = 1; positions; bit <<= 1) {
        uint64_t low = positions & (~positions + 1);
        if (compact & bit) out |= low;
        positions &= positions - 1;
    }
    return out;
}

}  // namespace

bool RuleMatcher::match_partition(const SumPattern& sp, const std::vector<SumTerm>& terms,
                                  uint64_t used, Continuation k) {
    uint64_t all = terms.size() == 64 ? ~uint64_t{0} : (uint64_t{1} << terms.size()) - 1;
    uint64_t remaining = all & ~used;
    if (sp.part_sum < 0) {
        if (sp.rest < 0) return remaining == 0 && k();
        return bind_sum(sp.rest, terms, remaining, 1, k);
    }
    auto try_subset = [&](uint64_t subset) -> bool {
        // Scale: the bound constant if any, else the gcd of the coefficients.
        const Binding& cb = b_[static_cast<size_t>(node(sp.part_const).value)];
        int64_t scale = 0;
        for (uint64_t m = subset; m; m &= m - 1) {
            const SumTerm& t = terms[static_cast<size_t>(__builtin_ctzll(m))];
            if (cb.kind == Binding::Kind::Const) {
                if (cb.value == 0 || t.coef % cb.value != 0) return false;
            } else {
                auto g = gcd(scale, t.coef);
                if (!g) return false;
                scale = *g;
            }
        }
        if (cb.kind == Binding::Kind::Const) scale = cb.value;
        if (scale == 0) return false;
        uint64_t others = remaining & ~subset;
        if (sp.rest < 0 && others != 0) return false;
        auto with_x = [&] {
            auto with_rest = [&] {
                return sp.rest < 0 ? k() : bind_sum(sp.rest, terms, others, 1, k);
            };
            return bind_sum(sp.part_sum, terms, subset, scale, with_rest);
        };
        return match_const(sp.part_const, scale, with_x);
    };
    size_t n = static_cast<size_t>(__builtin_popcountll(remaining));
    if (n == 0) return false;
    if (n <= 12) {
        // Every non-empty subset: larger first, then in increasing order.
        for (size_t size = n; size >= 1; --size) {
            uint64_t limit = uint64_t{1} << n;
            for (uint64_t c = (uint64_t{1} << size) - 1; c < limit; c = next_same_size(c)) {
                if (try_subset(spread(c, remaining))) return true;
                if (size == n) break;
            }
        }
        return false;
    }
    // Large sums: the subsets of terms whose coefficients share a factor.
    std::vector<uint64_t> candidates;
    for (uint64_t m = remaining; m; m &= m - 1) {
        int64_t f = terms[static_cast<size_t>(__builtin_ctzll(m))].coef;
        if (f == 0 || f == kInt64Min) continue;
        uint64_t s = 0;
        for (uint64_t r = remaining; r; r &= r - 1) {
            size_t j = static_cast<size_t>(__builtin_ctzll(r));
            if (terms[j].coef % f == 0) s |= uint64_t{1} << j;
        }
        if (std::find(candidates.begin(), candidates.end(), s) == candidates.end())
            candidates.push_back(s);
    }
    std::stable_sort(candidates.begin(), candidates.end(), [](uint64_t a, uint64_t b) {
        return __builtin_popcountll(a) > __builtin_popcountll(b);
    });
    for (uint64_t s : candidates)
        if (try_subset(s)) return true;
    return false;
}

// ---------------------------------------------------------------------------
// Conditions and constants.

Interval RuleMatcher::var_range(int var) {
    const Binding& b = b_[static_cast<size_t>(var)];
    switch (b.kind) {
        case Binding::Kind::Expr: return ranges_.range(b.expr);
        case Binding::Kind::Const: return Interval::point(b.value);
        case Binding::Kind::Sum: {
            Interval acc = Interval::point(0);
            for (uint64_t m = b.mask; m; m &= m - 1) {
                const SumTerm& t = (*b.terms)[static_cast<size_t>(__builtin_ctzll(m))];
                int64_t c = t.coef / b.scale;
                acc = acc + (t.monomial ? ranges_.range(t.monomial) * c : Interval::point(c));
            }
            return acc;
        }
        case Binding::Kind::Unbound: break;
    }
    return Interval::all();
}

std::optional<int64_t> RuleMatcher::eval_int(int n) {
    const rules::Node& nd = node(n);
    auto arg = [&](size_t i) { return eval_int(nd.children[i]); };
    switch (nd.op) {
        case Op::Literal: return nd.value;
        case Op::ConstVar: {
            const Binding& b = b_[static_cast<size_t>(nd.value)];
            if (b.kind != Binding::Kind::Const) return std::nullopt;
            return b.value;
        }
        case Op::Lb:
        case Op::Ub: {
            Interval r = var_range(static_cast<int>(node(nd.children[0]).value));
            if (r.is_empty()) return std::nullopt;
            int64_t v = nd.op == Op::Lb ? r.lo : r.hi;
            if (v == kInt64Min || v == kInt64Max) return std::nullopt;  // infinite: unknown
            return v;
        }
        case Op::Abs: {
            auto a = arg(0);
            if (!a) return std::nullopt;
            return *a < 0 ? checked_neg(*a) : a;
        }
        default: break;
    }
    auto a = arg(0);
    if (!a) return std::nullopt;
    auto b = arg(1);
    if (!b) return std::nullopt;
    switch (nd.op) {
        case Op::Add: return checked_add(*a, *b);
        case Op::Mul: return checked_mul(*a, *b);
        case Op::FloorDiv: return floor_div(*a, *b);
        case Op::CeilDiv: return ceil_div(*a, *b);
        case Op::Mod: return floor_mod(*a, *b);
        case Op::Min: return std::min(*a, *b);
        case Op::Max: return std::max(*a, *b);
        case Op::Gcd: return gcd(*a, *b);
        case Op::Lcm: return lcm(*a, *b);
        default: return std::nullopt;
    }
}

RuleMatcher::Tri RuleMatcher::eval_cond(int n) {
    const rules::Node& nd = node(n);
    switch (nd.op) {
        case Op::And: {
            Tri a = eval_cond(nd.children[0]);
            if (a == Tri::False) return Tri::False;
            Tri b = eval_cond(nd.children[1]);
            if (b == Tri::False) return Tri::False;
            return a == Tri::True && b == Tri::True ? Tri::True : Tri::Unknown;
        }
        case Op::Or: {
            Tri a = eval_cond(nd.children[0]);
            if (a == Tri::True) return Tri::True;
            Tri b = eval_cond(nd.children[1]);
            if (b == Tri::True) return Tri::True;
            return a == Tri::False && b == Tri::False ? Tri::False : Tri::Unknown;
        }
        case Op::Not: {
            Tri a = eval_cond(nd.children[0]);
            return a == Tri::Unknown ? a : (a == Tri::True ? Tri::False : Tri::True);
        }
        case Op::Divisible: {
            auto c = eval_int(nd.children[1]);
            if (!c || *c == 0) return Tri::Unknown;
            const Binding& b = b_[static_cast<size_t>(node(nd.children[0]).value)];
            Expr e = b.kind == Binding::Kind::Expr ? b.expr : materialize(b);
            // Only a proof of divisibility counts; "not shown" is unknown.
            return div_.of(e).divisible_by(*c) ? Tri::True : Tri::Unknown;
        }
        default: break;
    }
    auto a = eval_int(nd.children[0]);
    auto b = eval_int(nd.children[1]);
    if (!a || !b) return Tri::Unknown;
    bool r = false;
    switch (nd.op) {
        case Op::Eq: r = *a == *b; break;
        case Op::Ne: r = *a != *b; break;
        case Op::Lt: r = *a < *b; break;
        case Op::Le: r = *a <= *b; break;
        case Op::Gt: r = *a > *b; break;
        case Op::Ge: r = *a >= *b; break;
        default: return Tri::Unknown;
    }
    return r ? Tri::True : Tri::False;
}

// ---------------------------------------------------------------------------
// Right sides.

Expr RuleMatcher::materialize(const Binding& b) {
    std::vector<Expr> parts;
    for (uint64_t m = b.mask; m; m &= m - 1) {
        const SumTerm& t = (*b.terms)[static_cast<size_t>(__builtin_ctzll(m))];
        int64_t c = t.coef / b.scale;  // exact: the scale divides every coefficient
        parts.push_back(t.monomial ? t.monomial * c : ctx_->constant(c));
    }
    if (parts.empty()) return ctx_->constant(0);
    if (parts.size() == 1) return parts[0];
    return provix::build(ExprKind::Add, parts);
}

std::optional<Expr> RuleMatcher::build(int n) {
    if (compiled_->constant_subtree[static_cast<size_t>(n)]) {
        auto v = eval_int(n);
        if (!v) return std::nullopt;
        return ctx_->constant(*v);
    }
    const rules::Node& nd = node(n);
    switch (nd.op) {
        case Op::ExprVar: return b_[static_cast<size_t>(nd.value)].expr;
        case Op::SumVar: return materialize(b_[static_cast<size_t>(nd.value)]);
        default: break;
    }
    std::vector<Expr> ops;
    ops.reserve(nd.children.size());
    for (int c : nd.children) {
        auto e = build(c);
        if (!e) return std::nullopt;
        ops.push_back(*e);
    }
    ExprKind kind;
    switch (nd.op) {
        case Op::Add: kind = ExprKind::Add; break;
        case Op::Mul: kind = ExprKind::Mul; break;
        case Op::FloorDiv: kind = ExprKind::FloorDiv; break;
        case Op::CeilDiv: kind = ExprKind::CeilDiv; break;
        case Op::Mod: kind = ExprKind::Mod; break;
        case Op::Min: kind = ExprKind::Min; break;
        case Op::Max: kind = ExprKind::Max; break;
        default: return std::nullopt;
    }
    if ((kind == ExprKind::FloorDiv || kind == ExprKind::CeilDiv || kind == ExprKind::Mod) &&
        ops[1].is_constant(0))
        return std::nullopt;
    Expr out = provix::build(kind, ops);
    // A fold that would overflow leaves constants unfolded: refuse.
    if (has_unfolded_constants(out)) return std::nullopt;
    return out;
}

bool RuleMatcher::divisors_nonzero() {
    for (int var : compiled_->divisor_vars) {
        const Binding& b = b_[static_cast<size_t>(var)];
        if (b.kind != Binding::Kind::Expr) continue;
        if (ranges_.range(b.expr).contains(0)) return false;
    }
    return true;
}

bool RuleMatcher::finish() {
    if (!divisors_nonzero()) return false;
    if (rule_->condition >= 0 && eval_cond(rule_->condition) != Tri::True) return false;
    auto r = build(rule_->rhs);
    if (!r) return false;
    result_ = r;
    return true;
}

void RuleMatcher::reset(const CompiledRule& rule) {
    compiled_ = &rule;
    rule_ = &rule.rule;
    if (b_.size() < rule_->vars.size()) b_.resize(rule_->vars.size());
    for (size_t i = 0; i < rule_->vars.size(); ++i) b_[i].kind = Binding::Kind::Unbound;
    pool_depth_ = 0;
    bound_ = 0;
}

std::optional<Expr> RuleMatcher::apply(const CompiledRule& compiled, Expr e) {
    reset(compiled);
    const rules::Rule& rule = compiled.rule;
    ctx_ = &e.context();
    result_.reset();
    auto k = [&] { return finish(); };
    match(rule.lhs, e, k);
    return result_;
}

std::optional<Constraint> RuleMatcher::apply_constraint(const CompiledRule& compiled,
                                                        const Constraint& c) {
    if (!c.range.is_bounded() || c.range.is_empty()) return std::nullopt;
    reset(compiled);
    const rules::Rule& rule = compiled.rule;
    ctx_ = &c.expr.context();
    std::optional<Constraint> out;
    auto k = [&]() -> bool {
        if (!divisors_nonzero()) return false;
        if (rule.condition >= 0 && eval_cond(rule.condition) != Tri::True) return false;
        auto e = build(rule.rhs);
        auto lo = eval_int(rule.rhs_lo);
        auto hi = eval_int(rule.rhs_hi);
        if (!e || !lo || !hi) return false;
        out = Constraint{*e, Interval{*lo, *hi}};
        return true;
    };
    auto with_bounds = [&] {
        auto after_hi = [&] { return match(rule.lhs, c.expr, k); };
        return match_const(rule.lhs_hi, c.range.hi, after_hi);
    };
    match_const(rule.lhs_lo, c.range.lo, with_bounds);
    return out;
}

}  // namespace provix::engine
