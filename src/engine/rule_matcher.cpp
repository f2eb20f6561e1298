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

std::vector<SumTerm> sum_terms(Expr e) {
    std::vector<SumTerm> out;
    if (e.kind() == ExprKind::Add) {
        for (size_t i = 0; i < e.num_operands(); ++i) out.push_back(split(e.operand(i)));
    } else {
        out.push_back(split(e));
    }
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
    if (k()) return true;
    b_[static_cast<size_t>(n.value)].kind = Binding::Kind::Unbound;
    return false;
}

bool RuleMatcher::match(int p, Expr e, Continuation k) {
    const rules::Node& n = node(p);
    switch (n.op) {
        case Op::ExprVar: {
            Binding& b = b_[static_cast<size_t>(n.value)];
            if (b.kind == Binding::Kind::Expr) return b.expr == e && k();
            b.kind = Binding::Kind::Expr;
            b.expr = e;
            if (k()) return true;
            b_[static_cast<size_t>(n.value)].kind = Binding::Kind::Unbound;
            return false;
        }
        case Op::ConstVar:
        case Op::Literal:
            return e.is_constant() && match_const(p, e.constant_value(), k);
        case Op::SumVar:
        case Op::Add: return match_sum(p, e, k);
        case Op::Mul: {
            const rules::Node& a = node(n.children[0]);
            const rules::Node& c = node(n.children[1]);
            if (a.op == Op::ConstVar && c.op == Op::SumVar) return match_sum(p, e, k);
            if (is_coefficient(c)) {
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
    // Binary operator: operands in order.
    auto second = [&] { return match(n.children[1], e.operand(1), k); };
    return match(n.children[0], e.operand(0), second);
}

bool RuleMatcher::match_term(int p, const SumTerm& t, Continuation k) {
    const rules::Node& n = node(p);
    if (n.op == Op::Mul && is_coefficient(node(n.children[1])) &&
        !(node(n.children[0]).op == Op::ConstVar)) {
        auto rest = [&] { return match(n.children[0], t.monomial, k); };
        return match_const(n.children[1], t.coef, rest);
    }
    return match(p, t.whole, k);
}

namespace {

void flatten_pattern(const rules::Rule& rule, int p, std::vector<int>& out) {
    const rules::Node& n = rule.nodes[static_cast<size_t>(p)];
    if (n.op == Op::Add) {
        for (int c : n.children) flatten_pattern(rule, c, out);
    } else {
        out.push_back(p);
    }
}

}  // namespace

bool RuleMatcher::match_sum(int p, Expr e, Continuation k) {
    std::vector<int> pattern;
    flatten_pattern(*rule_, p, pattern);
    std::vector<int> general;
    int const_pat = -1, part_c = -1, part_x = -1, rest = -1;
    for (int t : pattern) {
        const rules::Node& n = node(t);
        if (n.op == Op::SumVar) {
            rest = t;
        } else if (n.op == Op::Mul && node(n.children[0]).op == Op::ConstVar &&
                   node(n.children[1]).op == Op::SumVar) {
            part_c = n.children[0];
            part_x = n.children[1];
        } else if (n.op == Op::Literal || n.op == Op::ConstVar) {
            const_pat = t;
        } else {
            general.push_back(t);
        }
    }
    for (int v : {rest, part_x})
        if (v >= 0 && b_[static_cast<size_t>(node(v).value)].kind != Binding::Kind::Unbound)
            return false;  // a sub-sum is bound once
    std::vector<SumTerm> terms = sum_terms(e);
    std::vector<char> used(terms.size(), 0);

    // Assign general term patterns to distinct non-constant terms.
    auto finish_terms = [&]() -> bool {
        if (const_pat < 0) return match_partition(terms, used, part_c, part_x, rest, k);
        for (size_t j = 0; j < terms.size(); ++j) {
            if (used[j] || terms[j].monomial) continue;
            used[j] = 1;
            auto next = [&] { return match_partition(terms, used, part_c, part_x, rest, k); };
            bool ok = match_const(const_pat, terms[j].coef, next);
            used[j] = 0;
            return ok;
        }
        return false;
    };
    // Recursive assignment with an explicit lambda taking the index.
    struct Assign {
        RuleMatcher* self;
        const std::vector<int>& general;
        std::vector<SumTerm>& terms;
        std::vector<char>& used;
        decltype(finish_terms)& finish;
        bool run(size_t i) {
            if (i == general.size()) return finish();
            for (size_t j = 0; j < terms.size(); ++j) {
                if (used[j] || !terms[j].monomial) continue;
                used[j] = 1;
                auto next = [&] { return run(i + 1); };
                bool ok = self->match_term(general[i], terms[j], next);
                used[j] = 0;
                if (ok) return true;
            }
            return false;
        }
    };
    Assign assign{this, general, terms, used, finish_terms};
    return assign.run(0);
}

namespace {

/// Candidate subsets (as index lists into `remaining`) for a partition
/// variable, in a deterministic order: larger subsets first, then
/// lexicographic. Large sums use the subsets of terms whose coefficients
/// share a factor instead of all 2^n.
std::vector<std::vector<size_t>> candidate_subsets(const std::vector<SumTerm>& terms,
                                                   const std::vector<size_t>& remaining) {
    std::vector<std::vector<size_t>> out;
    size_t n = remaining.size();
    if (n == 0) return out;
    if (n <= 10) {
        for (size_t size = n; size >= 1; --size) {
            // Lexicographic combinations of `size` out of n.
            std::vector<size_t> idx(size);
            for (size_t i = 0; i < size; ++i) idx[i] = i;
            while (true) {
                std::vector<size_t> s;
                for (size_t i : idx) s.push_back(remaining[i]);
                out.push_back(std::move(s));
                size_t i = size;
                while (i > 0 && idx[i - 1] == n - size + i - 1) --i;
                if (i == 0) break;
                ++idx[i - 1];
                for (size_t j = i; j < size; ++j) idx[j] = idx[j - 1] + 1;
            }
        }
        return out;
    }
    std::vector<int64_t> factors;
    for (size_t r : remaining) {
        int64_t c = terms[r].coef;
        if (c != kInt64Min) factors.push_back(c < 0 ? -c : c);
    }
    std::sort(factors.begin(), factors.end());
    factors.erase(std::unique(factors.begin(), factors.end()), factors.end());
    for (int64_t f : factors) {
        if (f == 0) continue;
        std::vector<size_t> s;
        for (size_t r : remaining)
            if (terms[r].coef % f == 0) s.push_back(r);
        if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(std::move(s));
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const auto& a, const auto& b) { return a.size() > b.size(); });
    return out;
}

}  // namespace

bool RuleMatcher::match_partition(const std::vector<SumTerm>& terms, std::vector<char>& used,
                                  int part_c, int part_x, int rest, Continuation k) {
    std::vector<size_t> remaining;
    for (size_t j = 0; j < terms.size(); ++j)
        if (!used[j]) remaining.push_back(j);
    auto bind_rest = [&](const std::vector<size_t>& idx) -> bool {
        if (rest < 0) return idx.empty() && k();
        Binding& b = b_[static_cast<size_t>(node(rest).value)];
        b.kind = Binding::Kind::Sum;
        b.terms.clear();
        for (size_t j : idx) b.terms.push_back(terms[j]);
        b.scale = 1;
        if (k()) return true;
        b_[static_cast<size_t>(node(rest).value)].kind = Binding::Kind::Unbound;
        return false;
    };
    if (part_x < 0) return bind_rest(remaining);

    for (const std::vector<size_t>& subset : candidate_subsets(terms, remaining)) {
        // Scale: the bound constant if any, else the gcd of the coefficients.
        const Binding& cb = b_[static_cast<size_t>(node(part_c).value)];
        int64_t scale = 0;
        bool ok = true;
        if (cb.kind == Binding::Kind::Const) {
            scale = cb.value;
            if (scale == 0) return false;
            for (size_t j : subset) ok = ok && terms[j].coef % scale == 0;
        } else {
            for (size_t j : subset) {
                auto g = gcd(scale, terms[j].coef);
                if (!g) ok = false;
                else scale = *g;
            }
        }
        if (!ok || scale == 0) continue;
        std::vector<size_t> others;
        for (size_t j : remaining)
            if (std::find(subset.begin(), subset.end(), j) == subset.end()) others.push_back(j);
        auto with_x = [&] {
            Binding& x = b_[static_cast<size_t>(node(part_x).value)];
            x.kind = Binding::Kind::Sum;
            x.terms.clear();
            for (size_t j : subset) x.terms.push_back(terms[j]);
            x.scale = scale;
            if (bind_rest(others)) return true;
            b_[static_cast<size_t>(node(part_x).value)].kind = Binding::Kind::Unbound;
            return false;
        };
        if (match_const(part_c, scale, with_x)) return true;
    }
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
            for (const SumTerm& t : b.terms) {
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
    for (const SumTerm& t : b.terms) {
        int64_t c = t.coef / b.scale;  // exact: the scale divides every coefficient
        parts.push_back(t.monomial ? t.monomial * c : ctx_->constant(c));
    }
    if (parts.empty()) return ctx_->constant(0);
    if (parts.size() == 1) return parts[0];
    return provix::build(ExprKind::Add, parts);
}

std::optional<Expr> RuleMatcher::build(int n) {
    if (rules::is_constant_subtree(*rule_, n)) {
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
    for (const rules::Node& nd : rule_->nodes) {
        if (nd.op != Op::FloorDiv && nd.op != Op::CeilDiv && nd.op != Op::Mod) continue;
        const rules::Node& d = node(nd.children[1]);
        if (d.op != Op::ExprVar) continue;
        const Binding& b = b_[static_cast<size_t>(d.value)];
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

std::optional<Expr> RuleMatcher::apply(const rules::Rule& rule, Expr e) {
    rule_ = &rule;
    ctx_ = &e.context();
    b_.assign(rule.vars.size(), Binding());
    result_.reset();
    auto k = [&] { return finish(); };
    match(rule.lhs, e, k);
    return result_;
}

std::optional<Constraint> RuleMatcher::apply_constraint(const rules::Rule& rule,
                                                        const Constraint& c) {
    if (!c.range.is_bounded() || c.range.is_empty()) return std::nullopt;
    rule_ = &rule;
    ctx_ = &c.expr.context();
    b_.assign(rule.vars.size(), Binding());
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
