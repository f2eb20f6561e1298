/// \file
/// Rule gates: what a rule's left side and condition demand of a node,
/// mirroring RuleMatcher::match (every check here is one the matcher makes
/// before the rule can fire).

#include "rule_gate.h"

#include <algorithm>
#include <numeric>

#include "block_condition.h"
#include "divisibility.h"
#include "expr_node.h"
#include "provix/semantics.h"
#include "range_analysis.h"
#include "rule_matcher.h"
#include "rule_table.h"
#include "sum_term.h"

namespace provix::engine {
namespace {

using detail::is_const;
using detail::kind_of;
using detail::num_ops;
using detail::op_at;
using rules::Op;
using rules::Rule;

const rules::Node& node_at(const Rule& rule, int p) { return rule.nodes[static_cast<size_t>(p)]; }

using rules::is_coefficient;

/// True if conjunct `p` is `lb(v) == ub(v)` for the expression variable v.
bool is_point_test(const Rule& rule, int p, int64_t v) {
    const rules::Node& n = node_at(rule, p);
    if (n.op != Op::Eq) return false;
    const rules::Node& l = node_at(rule, n.children[0]);
    const rules::Node& r = node_at(rule, n.children[1]);
    if (l.op != Op::Lb || r.op != Op::Ub) return false;
    const rules::Node& lv = node_at(rule, l.children[0]);
    const rules::Node& rv = node_at(rule, r.children[0]);
    return lv.op == Op::ExprVar && rv.op == Op::ExprVar && lv.value == v && rv.value == v;
}

/// Narrows [lo, hi] by conjunct `p` if it compares the constant variable v
/// with a literal (`c0 < 0`, `c1 >= 2`); other conjuncts leave it.
void narrow_by(const Rule& rule, int p, int64_t v, int64_t& lo, int64_t& hi) {
    const rules::Node& n = node_at(rule, p);
    if (n.children.size() != 2) return;
    const rules::Node& l = node_at(rule, n.children[0]);
    const rules::Node& r = node_at(rule, n.children[1]);
    if (l.op != Op::ConstVar || l.value != v || r.op != Op::Literal) return;
    constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
    constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
    int64_t L = r.value;
    auto at_most = [&](int64_t h) { hi = std::min(hi, h); };
    auto at_least = [&](int64_t l2) { lo = std::max(lo, l2); };
    switch (n.op) {
        case Op::Lt:
            if (L == kMin) {
                lo = kMax, hi = kMin;  // no value
            } else {
                at_most(L - 1);
            }
            break;
        case Op::Le:
            at_most(L);
            break;
        case Op::Gt:
            if (L == kMax) {
                lo = kMax, hi = kMin;
            } else {
                at_least(L + 1);
            }
            break;
        case Op::Ge:
            at_least(L);
            break;
        case Op::Eq:
            at_least(L);
            at_most(L);
            break;
        default:
            break;
    }
}

/// True if rule node `p` is the constant variable `v`.
bool is_const_var(const Rule& rule, int p, int64_t v) {
    if (p < 0) return false;
    const rules::Node& n = node_at(rule, p);
    return n.op == Op::ConstVar && n.value == v;
}

/// Sets the lone-partition test of `g` (see SumGate::lone_partition) for
/// the sum pattern `sp` at the top of the rule's left side: c0 is unbound
/// when the sum is matched unless a constraint rule's range binds it first.
/// With a rest Y (`c0 * X + Y`), sets SumGate::min_part_scale instead.
void set_lone_partition(const Rule& rule, const SumPattern& sp, const std::vector<int>& conjuncts,
                        SumGate& g) {
    if (sp.part_sum < 0 || sp.const_term >= 0 || !sp.general.empty()) return;
    const int64_t c0 = node_at(rule, sp.part_const).value;
    if (is_const_var(rule, rule.lhs_lo, c0) || is_const_var(rule, rule.lhs_hi, c0)) return;
    if (sp.rest >= 0) {
        int64_t lo = std::numeric_limits<int64_t>::min(), hi = std::numeric_limits<int64_t>::max();
        for (int p : conjuncts)
            narrow_by(rule, p, c0, lo, hi);
        if (lo > 1) g.min_part_scale = lo;
        return;
    }
    g.lone_partition = true;
    for (int p : conjuncts)
        narrow_by(rule, p, c0, g.scale_lo, g.scale_hi);
}

/// True for the operators RuleMatcher::match matches operand by operand as
/// they stand (a product is split from its coefficient first).
bool is_operandwise(Op op) {
    return op == Op::FloorDiv || op == Op::CeilDiv || op == Op::Mod || op == Op::Min ||
           op == Op::Max;
}

/// Appends to `out` each expression variable of pattern node `p` (reached
/// from the term by `path`) with its path, through the operators match()
/// matches operand by operand.
void collect_var_paths(const CompiledRule& c, int p, TermPath path,
                       std::vector<std::pair<int64_t, TermPath>>& out) {
    const rules::Node& n = node_at(c.rule, p);
    if (n.op == Op::ExprVar) {
        out.emplace_back(n.value, path);
        return;
    }
    if (path.depth == TermPath::kMaxDepth || c.is_sum[static_cast<size_t>(p)] ||
        !is_operandwise(n.op))
        return;
    for (uint8_t i = 0; i < 2; ++i) {
        TermPath next = path;
        next.steps[next.depth++] = i;
        collect_var_paths(c, n.children[i], next, out);
    }
}

/// The pairs of SumGate::shared_vars of the term patterns `general`: a
/// variable's first place, with its first place in each later pattern.
std::vector<std::array<TermPath, 2>> shared_vars(const CompiledRule& c,
                                                 const std::vector<int>& general) {
    struct Place {
        int64_t var;
        size_t pattern;
        TermPath path;
    };
    std::vector<Place> places;
    for (size_t k = 0; k < general.size(); ++k) {
        const rules::Node& n = node_at(c.rule, general[k]);
        TermPath root;
        root.scaled = n.op == Op::Mul && is_coefficient(node_at(c.rule, n.children[1]));
        std::vector<std::pair<int64_t, TermPath>> here;
        collect_var_paths(c, root.scaled ? n.children[0] : general[k], root, here);
        for (const auto& [var, path] : here) {
            const int64_t v = var;
            if (std::none_of(places.begin(), places.end(),
                             [&](const Place& q) { return q.var == v && q.pattern == k; }))
                places.push_back({v, k, path});
        }
    }
    // A place per variable and pattern: the first place of a variable pairs
    // with its place in each later pattern.
    std::vector<std::array<TermPath, 2>> out;
    for (size_t b = 0; b < places.size(); ++b) {
        for (size_t a = 0; a < b; ++a) {
            if (places[a].var != places[b].var) continue;
            out.push_back({places[a].path, places[b].path});
            break;
        }
    }
    return out;
}

SumGate sum_gate(const CompiledRule& c, int p) {
    const SumPattern& sp = c.sums[static_cast<size_t>(p)];
    SumGate g;
    g.active = true;
    g.needs_constant = sp.const_term >= 0;
    g.min_terms =
        static_cast<uint32_t>(sp.general.size() + (sp.const_term >= 0) + (sp.part_sum >= 0));
    for (int t : sp.general) {
        const rules::Node& n = node_at(c.rule, t);
        if (n.op == Op::Mul && is_coefficient(node_at(c.rule, n.children[1])))
            g.scaled_kinds.push_back(c.kinds[static_cast<size_t>(n.children[0])]);
        else
            g.whole_kinds.push_back(c.kinds[static_cast<size_t>(t)]);
    }
    g.shared_vars = shared_vars(c, sp.general);
    return g;
}

/// True if conjunct `p` is `c0 mod c1 == 0` (`which` = MultipleOfOperand1)
/// or `gcd(c0, c1) > 1` (SharesFactorWithOperand1) for the constant
/// variables c0 and c1.
RuleGate::ScaleTest scale_test_of(const Rule& rule, int p, int64_t c0, int64_t c1) {
    using ScaleTest = RuleGate::ScaleTest;
    const rules::Node& n = node_at(rule, p);
    if (n.children.size() != 2) return ScaleTest::None;
    const rules::Node& l = node_at(rule, n.children[0]);
    const rules::Node& r = node_at(rule, n.children[1]);
    if (r.op != Op::Literal || l.children.size() != 2) return ScaleTest::None;
    const rules::Node& a = node_at(rule, l.children[0]);
    const rules::Node& b = node_at(rule, l.children[1]);
    if (a.op != Op::ConstVar || b.op != Op::ConstVar) return ScaleTest::None;
    bool in_order = a.value == c0 && b.value == c1;
    bool swapped = a.value == c1 && b.value == c0;
    if (n.op == Op::Eq && l.op == Op::Mod && r.value == 0 && in_order)
        return ScaleTest::MultipleOfOperand1;
    if (n.op == Op::Gt && l.op == Op::Gcd && r.value == 1 && (in_order || swapped))
        return ScaleTest::SharesFactorWithOperand1;
    return ScaleTest::None;
}

/// True if the gcd of the coefficients of the terms of `e` (as RuleMatcher's
/// split finds them, folded in term order) is non-zero, fits int64 and lies
/// in [lo, hi]: the scale a lone partition `c0 * X` binds c0 to.
bool lone_scale_admitted(Expr e, int64_t lo, int64_t hi) {
    int64_t g = 0;
    for (Expr t : terms_of(e)) {
        std::optional<int64_t> next = provix::gcd(g, detail::split_sum_term(t).coef);
        if (!next) return false;
        g = *next;
    }
    return g != 0 && g >= lo && g <= hi;
}

/// True if `passes(|c|)` for the coefficient c of some term of `s` (as
/// RuleMatcher's split finds them).
template <class Test>
bool some_term_coefficient(Expr s, Test passes) {
    for (Expr t : terms_of(s))
        if (passes(magnitude(detail::split_sum_term(t).coef))) return true;
    return false;
}

/// True if some term of `e` has a coefficient of magnitude at least `lo`
/// (> 1): the gcd of any non-empty subset of the coefficients can reach
/// `lo` only then.
bool some_coefficient_reaches(Expr e, int64_t lo) {
    return some_term_coefficient(e, [lo](uint64_t c) { return c >= static_cast<uint64_t>(lo); });
}

/// True if some term of the sum `s` has a coefficient that passes `test`
/// against the divisor c (not 0). Only a product or a constant term can
/// have a coefficient other than 1 (split_sum_term), and 1 passes neither
/// test against |c| >= 2 (not a multiple, no common factor): the other
/// terms are not split. Against |c| == 1 every coefficient is a multiple
/// and none shares a factor.
bool some_coefficient(Expr s, RuleGate::ScaleTest test, int64_t c) {
    const uint64_t m = magnitude(c);
    const bool multiple = test == RuleGate::ScaleTest::MultipleOfOperand1;
    if (m == 1) return multiple;
    for (Expr t : terms_of(s)) {
        if (kind_of(t) != ExprKind::Mul && !is_const(t)) continue;  // coefficient 1
        const uint64_t coef = magnitude(detail::split_sum_term(t).coef);
        if (multiple ? coef % m == 0 : std::gcd(coef, m) > 1) return true;
    }
    return false;
}

/// The partition tests of the sum gate `g` on `e` (the scale bounds of a
/// lone partition, the least scale of one with a rest): false if no
/// partition of `e`'s terms can have a scale they admit.
bool partition_scale_admitted(const SumGate& g, Expr e) {
    if (g.lone_partition && !lone_scale_admitted(e, g.scale_lo, g.scale_hi)) return false;
    return g.min_part_scale <= 1 || some_coefficient_reaches(e, g.min_part_scale);
}

/// The non-constant sum term `e` split into `monomial` and `coef` as
/// RuleMatcher's split(e) splits it (split_sum_term), without building
/// anything: false for a product of more than two operands with a constant
/// factor, whose monomial (the other operands) is not a node. `d0 * 4` is d0
/// and 4.
bool split_term(Expr e, Expr& monomial, int64_t& coef) {
    const detail::TermSplit s = detail::split_sum_term(e);
    monomial = detail::monomial_node(e, s);
    coef = s.coef;
    return s.monomial != detail::TermSplit::Monomial::AllButLast;
}

/// The monomial tests of a coefficient gate on the node `e`, split into
/// monomial and coefficient as RuleMatcher's split(e) splits it; they read
/// only a monomial whose right operand is a constant d. With `multiple`
/// (RuleGate::coefficient_multiple): false if d != 0 and the coefficient
/// is not a multiple of d. With `residue` (RuleGate::monomial_residue):
/// false if `facts`' divisibility analysis does not show the residue of
/// the monomial's left operand modulo d.
bool monomial_tests_admit(bool multiple, bool residue, Expr e, NodeFacts& facts) {
    Expr monomial;
    int64_t coef;
    if (!split_term(e, monomial, coef)) return true;  // the monomial is a product: not read here
    if (num_ops(monomial) != 2 || !is_const(op_at(monomial, 1))) return true;
    const int64_t d = detail::const_value(op_at(monomial, 1));
    if (multiple && d != 0 && magnitude(coef) % magnitude(d) != 0) return false;
    if (residue && facts.divisibility() &&
        !facts.divisibility()->of(op_at(monomial, 0)).residue_modulo(d))
        return false;
    return true;
}

/// The test of RuleGate::operand0_residue on the left operand `x` and the
/// constant right operand `d`: false if `facts`' divisibility analysis holds
/// no fact and does not show x's residue modulo d (every value has the
/// residue 0 modulo 1).
bool operand_residue_admits(NodeFacts& facts, Expr x, int64_t d) {
    DivisibilityAnalysis* div = facts.divisibility();
    if (!div || div->has_facts() || d <= 1) return true;
    // Without facts a bare variable is congruent to nothing and `v * k` only
    // to 0 modulo k, so a sum with such a term is known modulo d only if d
    // divides k: read off the terms before the analysis (whose memo entries
    // cost more). `d0 * 2 + 3` is nothing modulo 6.
    const detail::ExprNode* n = x.node();
    const detail::ExprNode* const* terms = n->kind == ExprKind::Add ? n->operands : &n;
    const size_t count = n->kind == ExprKind::Add ? n->num_operands : 1;
    for (size_t i = 0; i < count; ++i) {
        const detail::ExprNode* t = terms[i];
        if (t->kind == ExprKind::Variable) return false;
        if (t->kind == ExprKind::Mul && t->num_operands == 2 &&
            t->operands[0]->kind == ExprKind::Variable &&
            t->operands[1]->kind == ExprKind::Constant && t->operands[1]->value % d != 0)
            return false;
    }
    return div->of(x).residue_modulo(d).has_value();
}

/// block_may_hold on the terms of `e` (all of them), split as RuleMatcher's
/// split splits them; a term whose monomial is not a node admits.
bool block_may_hold_on(Expr e, int64_t d, RangeAnalysis& ranges) {
    if (d <= 0) return true;
    BlockWidth width(d);
    for (Expr t : terms_of(e)) {
        if (is_const(t)) continue;  // a constant: no width
        Expr monomial;
        int64_t coef;
        if (!split_term(t, monomial, coef)) return true;
        BlockWidth::Verdict v = width.add(coef, monomial, ranges);
        if (v != BlockWidth::Verdict::Fits) return false;
    }
    return true;
}

/// The expression at `path` of the non-constant sum term `t`: null if
/// there is none, `t` itself (standing for any expression) if the path
/// starts at a monomial that is not a node (see split_term).
Expr at_path(Expr t, const TermPath& path, bool& any) {
    any = false;
    Expr e = t;
    if (path.scaled) {
        int64_t coef;
        if (!split_term(t, e, coef)) {
            any = true;
            return t;
        }
    }
    for (uint8_t i = 0; i < path.depth; ++i) {
        if (num_ops(e) <= path.steps[i]) return Expr();
        e = op_at(e, path.steps[i]);
    }
    return e;
}

/// True if two distinct non-constant terms of `e` hold one expression at
/// the places `pq[0]` (the first term) and `pq[1]` (the second): see
/// SumGate::shared_vars.
bool shared_var_holds(Expr e, const std::array<TermPath, 2>& pq) {
    const TermsOf terms(e);
    for (auto i = terms.begin(); i != terms.end(); ++i) {
        const Expr ti = *i;
        if (is_const(ti)) continue;
        bool any_i;
        Expr xi = at_path(ti, pq[0], any_i);
        if (!xi) continue;
        for (auto j = terms.begin(); j != terms.end(); ++j) {
            const Expr tj = *j;
            if (j.place() == i.place() || is_const(tj)) continue;
            bool any_j;
            Expr xj = at_path(tj, pq[1], any_j);
            if (xj && (any_i || any_j || xi == xj)) return true;
        }
    }
    return false;
}

/// True if `e` passes every shared-variable test of `g`.
bool shared_vars_hold(const SumGate& g, Expr e) {
    for (const std::array<TermPath, 2>& pq : g.shared_vars)
        if (!shared_var_holds(e, pq)) return false;
    return true;
}

/// True if the sum facts `f` meet the sum gate `g`. Forced inline: the
/// rewriter's gate loop calls it for most sum rules it turns away.
__attribute__((always_inline)) inline bool sum_admits(const SumGate& g, const SumFacts& f) {
    if (f.terms < g.min_terms || f.terms > RuleMatcher::kMaxSumTerms) return false;
    if (g.needs_constant && !f.constant) return false;
    for (uint16_t k : g.scaled_kinds)
        if (!(k & f.monomial_kinds)) return false;
    for (uint16_t k : g.whole_kinds)
        if (!(k & f.whole_kinds)) return false;
    return true;
}

/// True if rule node `p` is `f(x) floordiv c0` for the expression variable
/// x and the constant variable c0, f being Lb or Ub.
bool is_block_of(const Rule& rule, int p, Op f, int64_t x, int64_t c0) {
    const rules::Node& n = node_at(rule, p);
    if (n.op != Op::FloorDiv) return false;
    const rules::Node& bound = node_at(rule, n.children[0]);
    const rules::Node& divisor = node_at(rule, n.children[1]);
    if (bound.op != f || divisor.op != Op::ConstVar || divisor.value != c0) return false;
    const rules::Node& v = node_at(rule, bound.children[0]);
    return v.op == Op::ExprVar && v.value == x;
}

/// Sets the gate's operand tests (see RuleGate::operand0_divisible) from the
/// conjuncts on the left operand x and the right operand c0 of `top`.
void set_operand_tests(const Rule& rule, const rules::Node& top, const std::vector<int>& conjuncts,
                       RuleGate& g) {
    const rules::Node& left = node_at(rule, top.children[0]);
    const rules::Node& right = node_at(rule, top.children[1]);
    if (left.op != Op::ExprVar || right.op != Op::ConstVar) return;
    for (int p : conjuncts) {
        const rules::Node& n = node_at(rule, p);
        if (n.children.size() != 2) continue;
        const rules::Node& a = node_at(rule, n.children[0]);
        const rules::Node& b = node_at(rule, n.children[1]);
        if (n.op == Op::Divisible && a.op == Op::ExprVar && a.value == left.value &&
            b.op == Op::ConstVar && b.value == right.value)
            g.operand0_divisible = true;
        if (n.op == Op::Eq && is_block_of(rule, n.children[0], Op::Lb, left.value, right.value) &&
            is_block_of(rule, n.children[1], Op::Ub, left.value, right.value))
            g.operand0_in_one_block = true;
    }
}

/// False only if an operand test of `g` (see RuleGate::operand0_divisible)
/// decides its conjunct false (or, for divisibility, not shown) on the node
/// `x op d`, d the constant `divisor`.
bool operand_tests_admit(const RuleGate& g, NodeFacts& facts, RangeAnalysis& ranges, Expr x,
                         int64_t d) {
    if (d == 0) return true;  // the matcher's conditions are unknown there
    if (g.operand0_divisible && facts.divisibility() &&
        !facts.divisibility()->of(x).divisible_by(d))
        return false;
    if (g.operand0_in_one_block) {
        const Interval r = ranges.range(x);
        if (r.is_empty() || !r.is_bounded()) return true;
        // floor_div's quotients, computed inline: for d other than 0 and -1
        // it is floor_quotient (no overflow); by -1 it may overflow (then
        // unknown, as floor_div's nullopt leaves it).
        if (d != -1) return floor_quotient(r.lo(), d) == floor_quotient(r.hi(), d);
        const std::optional<int64_t> lo = floor_div(r.lo(), d), hi = floor_div(r.hi(), d);
        if (lo && hi && *lo != *hi) return false;
    }
    return true;
}

/// True if the condition has a conjunct `c1 mod c0 == 0` where c1 is the
/// coefficient of the left side `p * c1` (`top`) and c0 the constant right
/// operand of its monomial pattern `p` (a binary operator).
bool coefficient_multiple_test(const Rule& rule, const rules::Node& top,
                               const std::vector<int>& conjuncts) {
    const rules::Node& coef = node_at(rule, top.children[1]);
    const rules::Node& monomial = node_at(rule, top.children[0]);
    if (coef.op != Op::ConstVar || !rules::is_division(monomial.op)) return false;
    const rules::Node& divisor = node_at(rule, monomial.children[1]);
    if (divisor.op != Op::ConstVar) return false;
    for (int p : conjuncts)
        if (scale_test_of(rule, p, coef.value, divisor.value) ==
            RuleGate::ScaleTest::MultipleOfOperand1)
            return true;
    return false;
}

/// True if the subtree of `rule` at `n` holds `residue(x, c)` for the
/// variable x (of kind `x_op`: an expression or a sum variable) and the
/// constant variable c.
bool holds_residue(const Rule& rule, int n, Op x_op, int64_t x, int64_t c) {
    const rules::Node& nd = node_at(rule, n);
    if (nd.op == Op::Residue) {
        const rules::Node& a = node_at(rule, nd.children[0]);
        const rules::Node& b = node_at(rule, nd.children[1]);
        if (a.op == x_op && a.value == x && b.op == Op::ConstVar && b.value == c) return true;
    }
    for (int child : nd.children)
        if (holds_residue(rule, child, x_op, x, c)) return true;
    return false;
}

/// True if the right side of `rule`, whose left side `top` is `p * c1`
/// with `p` a division `x op c0`, holds `residue(x, c0)` (see
/// RuleGate::monomial_residue).
bool monomial_residue_test(const Rule& rule, const rules::Node& top) {
    const rules::Node& monomial = node_at(rule, top.children[0]);
    if (!rules::is_division(monomial.op)) return false;
    const rules::Node& x = node_at(rule, monomial.children[0]);
    const rules::Node& divisor = node_at(rule, monomial.children[1]);
    if (x.op != Op::ExprVar || divisor.op != Op::ConstVar) return false;
    return rule.rhs >= 0 && holds_residue(rule, rule.rhs, Op::ExprVar, x.value, divisor.value);
}

/// True if the left operand's sum pattern `sp` of a binary left side is
/// `X + c0` and the right side holds `residue(X, c1)` of its constant right
/// operand `right` (see RuleGate::operand0_residue).
bool operand_residue_test(const Rule& rule, const SumPattern& sp, const rules::Node& right) {
    if (right.op != Op::ConstVar || sp.const_term < 0 || !sp.general.empty() || sp.part_sum >= 0 ||
        sp.rest_var < 0)
        return false;
    return rule.rhs >= 0 && holds_residue(rule, rule.rhs, Op::SumVar, sp.rest_var, right.value);
}

/// True if constraint rule `rule`'s range ends are one constant variable
/// (`[c1, c1]`) or a conjunct says they are equal (`c2 == c3`).
bool ends_must_be_equal(const Rule& rule, const std::vector<int>& conjuncts) {
    const rules::Node& lo = node_at(rule, rule.lhs_lo);
    const rules::Node& hi = node_at(rule, rule.lhs_hi);
    if (lo.op != Op::ConstVar || hi.op != Op::ConstVar) return false;
    if (lo.value == hi.value) return true;
    for (int p : conjuncts) {
        const rules::Node& n = node_at(rule, p);
        if (n.op != Op::Eq || n.children.size() != 2) continue;
        const int a = n.children[0], b = n.children[1];
        if ((is_const_var(rule, a, lo.value) && is_const_var(rule, b, hi.value)) ||
            (is_const_var(rule, a, hi.value) && is_const_var(rule, b, lo.value)))
            return true;
    }
    return false;
}

/// The gate of `c` (see make_rule_gate), before shape_tests is set.
RuleGate gate_of(const CompiledRule& c) {
    const Rule& rule = c.rule;
    RuleGate g;
    const std::vector<int> conjuncts = rules::condition_conjuncts(rule);
    const rules::Node& top = node_at(rule, rule.lhs);
    if (rule.is_constraint()) g.point_ends = ends_must_be_equal(rule, conjuncts);
    if (c.is_sum[static_cast<size_t>(rule.lhs)]) {
        g.sums[0] = sum_gate(c, rule.lhs);
        set_lone_partition(rule, c.sums[static_cast<size_t>(rule.lhs)], conjuncts, g.sums[0]);
        return g;
    }
    switch (top.op) {
        case Op::ExprVar:
            for (int p : conjuncts)
                g.point_range |= is_point_test(rule, p, top.value);
            return g;
        case Op::Mul:
            if (is_coefficient(node_at(rule, top.children[1]))) {
                g.coefficient = true;
                g.monomial_kinds = c.kinds[static_cast<size_t>(top.children[0])];
                g.coefficient_multiple = coefficient_multiple_test(rule, top, conjuncts);
                g.monomial_residue = monomial_residue_test(rule, top);
                return g;
            }
            g.two_operands = true;
            break;
        default:
            if (!is_operandwise(top.op)) return g;
    }
    g.binary = true;
    for (size_t i = 0; i < 2; ++i)
        g.operand_kinds[i] = c.kinds[static_cast<size_t>(top.children[i])];
    set_operand_tests(rule, top, conjuncts, g);
    const rules::Node& right = node_at(rule, top.children[1]);
    if (right.op == Op::Literal) {
        g.operand1_lo = g.operand1_hi = right.value;
    } else if (right.op == Op::ConstVar) {
        for (int p : conjuncts)
            narrow_by(rule, p, right.value, g.operand1_lo, g.operand1_hi);
    }
    if (!c.is_sum[static_cast<size_t>(top.children[0])]) return g;
    g.sums[1] = sum_gate(c, top.children[0]);
    const SumPattern& sp = c.sums[static_cast<size_t>(top.children[0])];
    // The matcher binds the right operand first, then tries the partition
    // over every term of the left operand (nothing else of the sum pattern
    // takes a term), after checking the block condition on them.
    g.operand0_block = right.op == Op::ConstVar && sp.block_divisor >= 0 &&
                       sp.block_divisor == right.value && sp.general.empty() && sp.const_term < 0;
    g.operand0_residue = operand_residue_test(rule, sp, right);
    if (sp.part_const < 0 || right.op != Op::ConstVar) return g;
    const int64_t c0 = node_at(rule, sp.part_const).value;
    for (int p : conjuncts) {
        RuleGate::ScaleTest t = scale_test_of(rule, p, c0, right.value);
        if (t == RuleGate::ScaleTest::MultipleOfOperand1 ||
            (t == RuleGate::ScaleTest::SharesFactorWithOperand1 &&
             g.scale_test == RuleGate::ScaleTest::None))
            g.scale_test = t;
    }
    return g;
}

}  // namespace

SumFacts sum_facts(Expr e) { return sum_facts_of(e.node()); }

uint16_t NodeFacts::monomial_kind() {
    // A non-sum is its own one term: its term monomial kinds are the bit of
    // its monomial (split_sum_term's; none for a constant). A sum is its own
    // monomial.
    const detail::ExprNode* n = e_.node();
    return n->kind == ExprKind::Add ? kind_bit(ExprKind::Add) : n->term_monomial_kinds;
}

bool RuleGate::range_is_point(NodeFacts& facts, RangeAnalysis& ranges) {
    return ranges.is_point(facts.expr());
}

[[gnu::always_inline]] inline bool RuleGate::admits_operand_extras(NodeFacts& facts,
                                                                   RangeAnalysis& ranges, Expr a,
                                                                   Expr b) const {
    if (sums[1].active && (!sum_admits(sums[1], facts.sum(1)) || !shared_vars_hold(sums[1], a)))
        return false;
    if (scale_test != ScaleTest::None && is_const(b) && detail::const_value(b) != 0 &&
        !some_coefficient(a, scale_test, detail::const_value(b)))
        return false;
    if ((operand0_divisible || operand0_in_one_block) && is_const(b) &&
        !operand_tests_admit(*this, facts, ranges, a, detail::const_value(b)))
        return false;
    if (operand0_block && is_const(b) && !block_may_hold_on(a, detail::const_value(b), ranges))
        return false;
    if (operand0_residue && is_const(b) &&
        !operand_residue_admits(facts, a, detail::const_value(b)))
        return false;
    return true;
}

bool RuleGate::admits_shape(NodeFacts& facts, RangeAnalysis& ranges) const {
    Expr e = facts.expr();
    if (coefficient) {
        if (!(monomial_kinds & facts.monomial_kind())) return false;
        if ((coefficient_multiple || monomial_residue) &&
            !monomial_tests_admit(coefficient_multiple, monomial_residue, e, facts))
            return false;
    }
    if (binary) {
        if (two_operands && num_ops(e) != 2) return false;
        Expr a = op_at(e, 0), b = op_at(e, 1);
        if (!(operand_kinds[0] & kind_bit(kind_of(a))) ||
            !(operand_kinds[1] & kind_bit(kind_of(b))))
            return false;
        if (is_const(b) &&
            (detail::const_value(b) < operand1_lo || detail::const_value(b) > operand1_hi))
            return false;
        // Without operand_extras every test below is unset (make_rule_gate):
        // skipping them admits what they would.
        if (operand_extras && !admits_operand_extras(facts, ranges, a, b)) return false;
    }
    if (sums[0].active) {
        if (!sum_admits(sums[0], facts.sum(0))) return false;
        if (!partition_scale_admitted(sums[0], e)) return false;
        if (!shared_vars_hold(sums[0], e)) return false;
    }
    return !point_range || range_is_point(facts, ranges);
}

bool RuleGate::admits_constraint(const Interval& range, NodeFacts& facts) const {
    if (point_ends && range.lo() != range.hi()) return false;
    Expr e = facts.expr();
    if (binary) {
        if (num_ops(e) < 2) return false;  // not of the left side's kind
        if (!(operand_kinds[0] & kind_bit(kind_of(op_at(e, 0)))) ||
            !(operand_kinds[1] & kind_bit(kind_of(op_at(e, 1)))))
            return false;
        if (sums[1].active && !sum_admits(sums[1], facts.sum(1))) return false;
    }
    if (sums[0].active) {
        if (!sum_admits(sums[0], facts.sum(0))) return false;
        if (!partition_scale_admitted(sums[0], e)) return false;
    }
    return true;
}

int64_t multiple_scale_divisor(const Rule& rule, int64_t c0) {
    for (int p : rules::condition_conjuncts(rule)) {
        const rules::Node& n = node_at(rule, p);
        if (n.op != Op::Eq || n.children.size() != 2) continue;
        const rules::Node& l = node_at(rule, n.children[0]);
        const rules::Node& r = node_at(rule, n.children[1]);
        if (l.op != Op::Mod || r.op != Op::Literal || r.value != 0) continue;
        const rules::Node& a = node_at(rule, l.children[0]);
        const rules::Node& b = node_at(rule, l.children[1]);
        if (a.op == Op::ConstVar && a.value == c0 && b.op == Op::ConstVar) return b.value;
    }
    return -1;
}

bool SumGateSkip::skippable(const RuleGate& gate) {
    const SumGate& g = gate.sums[0];
    return g.active && !gate.coefficient && !gate.binary && !gate.point_range &&
           (!g.scaled_kinds.empty() || !g.whole_kinds.empty());
}

void SumGateSkip::build(const std::vector<const CompiledRule*>& all) {
    any = std::any_of(all.begin(), all.end(),
                      [](const CompiledRule* rule) { return skippable(rule->gate); });
    if (!any) return;
    by_kinds.assign(size_t{1} << kNumExprKinds, {});
    for (size_t present = 0; present < by_kinds.size(); ++present) {
        for (const CompiledRule* rule : all) {
            // sum_admits needs each scaled mask to meet the monomials'
            // kinds and each whole mask the terms' kinds: each to meet
            // their union, `present`.
            bool kept = true;
            if (skippable(rule->gate)) {
                const SumGate& g = rule->gate.sums[0];
                for (const std::vector<uint16_t>* masks : {&g.scaled_kinds, &g.whole_kinds})
                    for (uint16_t k : *masks)
                        kept = kept && (k & present);
            }
            if (kept) by_kinds[present].push_back(rule);
        }
    }
}

bool RuleGate::may_admit_operands(size_t operand_class) const {
    // admits_shape's operand tests on the class (the operand count aside).
    if (!binary) return true;
    constexpr size_t kRight = kNumExprKinds + 3;
    const size_t left_class = operand_class / kRight;
    const size_t right = operand_class % kRight;
    // A sum with a constant term has its own class (kNumExprKinds): a sum
    // gate that needs one turns away every other sum.
    const bool sum_with_constant = left_class == kNumExprKinds;
    const auto left = sum_with_constant ? ExprKind::Add : static_cast<ExprKind>(left_class);
    if (!(operand_kinds[0] & kind_bit(left))) return false;
    // The sum gate's counts (sum_admits): a non-sum is one term, a constant
    // term only if it is a constant, and a sum of the other class has none.
    if (sums[1].active) {
        const bool sum = left == ExprKind::Add;
        if (!sum && sums[1].min_terms > 1) return false;
        const bool constant = sum ? sum_with_constant : left == ExprKind::Constant;
        if (sums[1].needs_constant && !constant) return false;
    }
    // The right operand's kind, and the values a constant of its class takes.
    ExprKind right_kind = right < kNumExprKinds ? static_cast<ExprKind>(right) : ExprKind::Constant;
    if (!(operand_kinds[1] & kind_bit(right_kind))) return false;
    if (right_kind != ExprKind::Constant) return true;
    constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
    constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
    int64_t lo = 2, hi = kMax;  // above 1
    if (right == kNumExprKinds) lo = kMin, hi = -1;
    if (right > kNumExprKinds) lo = hi = static_cast<int64_t>(right - kNumExprKinds) - 1;  // 0, 1
    return lo <= operand1_hi && operand1_lo <= hi;
}

RuleGate make_rule_gate(const CompiledRule& c) {
    RuleGate g = gate_of(c);
    g.shape_tests = g.coefficient || g.binary || g.sums[0].active;
    g.operand_extras = g.sums[1].active || g.scale_test != RuleGate::ScaleTest::None ||
                       g.operand0_divisible || g.operand0_in_one_block || g.operand0_block ||
                       g.operand0_residue;
    return g;
}

}  // namespace provix::engine
