/// \file
/// Matching one rule: its left side against an expression (sum patterns'
/// partitions included), bindings, and the entry points that apply a rule.
/// Conditions are interpreted in rule_conditions.cpp, right sides built in
/// rule_builder.cpp.

#include "rule_matcher.h"

#include <algorithm>
#include <new>
#include <type_traits>

#include "bit_count.h"
#include "block_condition.h"
#include "expr_build.h"
#include "expr_node.h"
#include "partition_candidates.h"
#include "provix/semantics.h"
#include "provix/small_vector.h"
#include "scratch_stack.h"

namespace provix::engine {

using rules::Op;

namespace {

using detail::const_value;
using detail::is_const;
using detail::kind_of;
using detail::num_ops;
using detail::op_at;
using detail::ScopedScratch;
using detail::ScratchStack;

/// `e` as a sum term (split_sum_term), its monomial built if it is no node.
/// Forced inline into its callers (every sum's terms, every `x * c`
/// pattern): the call cost more than the usual split, a check of the kind
/// and of the last operand (the rare product's monomial stays a call).
[[gnu::always_inline]] inline SumTerm split(Expr e) {
    const detail::TermSplit s = detail::split_sum_term(e);
    if (s.monomial != detail::TermSplit::Monomial::AllButLast)
        return {detail::monomial_node(e, s), s.coef, e};
    return {product_but_last(e), s.coef, e};
}

}  // namespace

namespace {

[[gnu::always_inline]] inline void append_terms(Expr e, std::vector<SumTerm>& out) {
    out.clear();
    if (kind_of(e) == ExprKind::Add) {
        size_t n = num_ops(e);
        for (size_t i = 0; i < n; ++i)
            out.push_back(split(op_at(e, i)));
    } else {
        out.push_back(split(e));
    }
}

}  // namespace

// Buffers reused across matches and matchers (see core/scratch_stack.h).
ScratchStack<std::vector<SumTerm>>& RuleMatcher::term_buffers() {
    thread_local ScratchStack<std::vector<SumTerm>> stack;
    return stack;
}

[[gnu::noinline]] Expr product_but_last(Expr e) {
    std::vector<Expr> rest = e.operands();
    rest.pop_back();
    return *e.context().make(ExprKind::Mul, rest);
}

std::vector<SumTerm> sum_terms(Expr e) {
    std::vector<SumTerm> out;
    append_terms(e, out);
    return out;
}

// ---------------------------------------------------------------------------
// Binding.

__attribute__((always_inline)) inline RuleMatcher::Step RuleMatcher::bind_step(int64_t var,
                                                                               Continuation k) {
    if (!bound(var)) {
        unbind(var);
        return Step::Rejected;
    }
    if (k()) return Step::Matched;
    unbind(var);
    return Step::Failed;
}

inline bool RuleMatcher::bind_expr(int64_t var, Expr e, Continuation k) {
    Binding& b = b_[static_cast<size_t>(var)];
    if (b.kind == Binding::Kind::Expr) return b.expr == e && k();  // bound earlier
    b.kind = Binding::Kind::Expr;
    b.expr = e;
    b.range_known = false;
    return bind_step(var, k) == Step::Matched;
}

inline bool RuleMatcher::bind_const(int64_t var, int64_t value, Continuation k) {
    Binding& b = b_[static_cast<size_t>(var)];
    if (b.kind == Binding::Kind::Const) return b.value == value && k();  // bound earlier
    b.kind = Binding::Kind::Const;
    b.value = value;
    return bind_step(var, k) == Step::Matched;
}

/// Sets binding `b` to `scale` times the terms of `terms` selected by `mask`
/// (not yet checked against the conditions).
__attribute__((always_inline)) static inline void set_sum_binding(RuleMatcher::Binding& b,
                                                                  const std::vector<SumTerm>& terms,
                                                                  uint64_t mask, int64_t scale) {
    b.kind = RuleMatcher::Binding::Kind::Sum;
    b.terms = &terms;
    b.mask = mask;
    b.scale = scale;
    b.range_known = false;
}

bool RuleMatcher::bind_sum(int var_node, const std::vector<SumTerm>& terms, uint64_t mask,
                           int64_t scale, Continuation k) {
    int64_t var = node(var_node).value;
    set_sum_binding(b_[static_cast<size_t>(var)], terms, mask, scale);
    return bind_step(var, k) == Step::Matched;
}

inline bool RuleMatcher::bound_sum(int64_t var, const std::vector<SumTerm>& terms, uint64_t mask,
                                   int64_t scale) {
    set_sum_binding(b_[static_cast<size_t>(var)], terms, mask, scale);
    if (bound(var)) return true;
    unbind(var);
    return false;
}

bool RuleMatcher::bound_interpreted(int64_t var) {
    const std::vector<CompiledRule::Conjunct>& conjuncts = compiled_->conjuncts;
    // The conjuncts reading `var`, in order (a bit per conjunct index).
    for (uint64_t m = compiled_->var_conjuncts[static_cast<size_t>(var)]; m; m &= m - 1) {
        size_t i = static_cast<size_t>(__builtin_ctzll(m));
        const CompiledRule::Conjunct& c = conjuncts[i];
        if (c.vars & ~bound_) continue;
        if (!record_conjunct(i, conjunct_verdict(c))) return false;
    }
    return true;
}

bool RuleMatcher::condition_holds_in_full() {
    if (rule_->condition < 0) return true;
    const std::vector<CompiledRule::Conjunct>& conjuncts = compiled_->conjuncts;
    if (conjuncts.empty()) {
        CompiledCondition compiled = compiled_->compiled_condition;
        return (compiled ? compiled(*this) : eval_cond(rule_->condition)) == Tri::True;
    }
    // The condition holds if every conjunct does. A conjunct whose variables
    // are all bound was evaluated when the last of them was bound: its bit
    // of unknown_conjuncts_ (set only for conjuncts) is its verdict. With
    // every conjunct's variables bound (a complete match) and none without
    // variables, those bits decide, as the loop below would.
    if (!compiled_->has_variable_free_conjunct && !(compiled_->conjunct_vars & ~bound_))
        return unknown_conjuncts_ == 0;
    for (size_t i = 0; i < conjuncts.size(); ++i) {
        const CompiledRule::Conjunct& c = conjuncts[i];
        bool evaluated = c.vars != 0 && !(c.vars & ~bound_);
        if (evaluated ? (unknown_conjuncts_ >> i) & 1 : conjunct_verdict(c) != Tri::True)
            return false;
    }
    return true;
}

// ---------------------------------------------------------------------------
// Matching.

bool RuleMatcher::match_const(int p, int64_t v, Continuation k) {
    const rules::Node& n = node(p);
    if (n.op == Op::Literal) return n.value == v && k();
    return bind_const(n.value, v, k);
}

SumTerm RuleMatcher::term_of(Expr e) { return split(e); }

inline bool RuleMatcher::match_lhs(Expr e, Continuation k) {
    const CompiledMatch generated = compiled_->match_lhs;
    if (!generated) {
        const CompiledSumMatch summed = compiled_->match_lhs_sum;
        return summed ? summed(*this, e, k) : match(rule_->lhs, e, k);
    }
    uint64_t fresh = 0;
    if (!generated(*this, e, fresh)) return false;
    if (k()) return true;
    unbind_fresh(fresh);
    return false;
}

bool RuleMatcher::match(int p, Expr e, Continuation k) {
    return kind_fits(p, e) && match_checked(p, e, k);
}

__attribute__((always_inline)) inline bool RuleMatcher::match_checked(int p, Expr e,
                                                                      Continuation k) {
    if (!compiled_->is_sum[static_cast<size_t>(p)]) {
        const rules::Node& n = node(p);
        if (n.op == Op::ExprVar) return bind_expr(n.value, e, k);
        if (is_coefficient(n)) return match_const(p, const_value(e), k);  // a constant
    }
    return match_node(p, e, k);
}

bool RuleMatcher::match_node(int p, Expr e, Continuation k) {
    if (compiled_->is_sum[static_cast<size_t>(p)]) return match_sum(p, e, k);
    const rules::Node& n = node(p);
    switch (n.op) {
        case Op::Mul: {
            if (is_coefficient(node(n.children[1]))) {
                SumTerm t = split(e);
                if (!t.monomial) return false;
                auto rest = [&] { return match(n.children[0], t.monomial, k); };
                return match_const(n.children[1], t.coef, rest);
            }
            if (num_ops(e) != 2) return false;  // a Mul (kinds checked)
            break;
        }
        case Op::FloorDiv:
        case Op::CeilDiv:
        case Op::Mod:
        case Op::Min:
        case Op::Max:
            break;  // the node's kind (kinds checked)
        default:
            return false;
    }
    // Binary operator. A constant right operand (the usual divisor) is
    // matched first: it is cheap and lets conditions on it prune early.
    // Both operands' kinds are checked before anything is bound.
    Expr left_e = op_at(e, 0), right_e = op_at(e, 1);
    if (!(compiled_->kinds[static_cast<size_t>(n.children[0])] & kind_bit(kind_of(left_e))) ||
        !(compiled_->kinds[static_cast<size_t>(n.children[1])] & kind_bit(kind_of(right_e))))
        return false;
    if (is_coefficient(node(n.children[1]))) {
        auto first = [&] { return match_checked(n.children[0], left_e, k); };
        return match_checked(n.children[1], right_e, first);
    }
    auto second = [&] { return match_checked(n.children[1], right_e, k); };
    return match_checked(n.children[0], left_e, second);
}

bool RuleMatcher::match_term(int p, const SumTerm& t, Continuation k) {
    const rules::Node& n = node(p);
    if (n.op == Op::Mul && is_coefficient(node(n.children[1]))) {
        auto rest = [&] { return match(n.children[0], t.monomial, k); };
        return match_const(n.children[1], t.coef, rest);
    }
    return match(p, t.whole, k);
}

inline bool RuleMatcher::sum_may_match(const SumPattern& sp, Expr e) const {
    if (sp.sub_sum_repeated) {
        for (int v : {sp.rest_var, sp.part_sum_var})
            if (v >= 0 && b_[static_cast<size_t>(v)].kind != Binding::Kind::Unbound)
                return false;  // a sub-sum is bound once
    }
    // Quick reject: too few terms for the term patterns.
    const size_t have = terms_of(e).size();
    if (have < sp.min_terms || have > kMaxSumTerms) return false;
    // Else nothing for it to take (the node's term fact: `d0 + 7` and `7`
    // have a constant term, `d0 * 7` not).
    return sp.const_term < 0 || detail::node_of(e)->has_constant_term;
}

bool RuleMatcher::sum_terms_step(int p, Expr e, std::vector<SumTerm>& terms) {
    if (!sum_may_match(compiled_->sums[static_cast<size_t>(p)], e)) return false;
    append_terms(e, terms);
    return true;
}

bool RuleMatcher::match_sum(int p, Expr e, Continuation k) {
    const SumPattern& sp = compiled_->sums[static_cast<size_t>(p)];
    if (!sum_may_match(sp, e)) return false;
    ScopedScratch<std::vector<SumTerm>> terms(term_buffers());
    append_terms(e, *terms);
    // Without term patterns or a constant term (`c0 * X + Y`) the steps
    // before the partition pass it on as it is: taken directly.
    if (sp.general.empty() && sp.const_term < 0) return match_partition(sp, *terms, 0, k);
    if (!terms_can_match(sp, *terms)) return false;
    return assign_terms(sp, *terms, 0, 0, k);
}

bool RuleMatcher::terms_can_match(const SumPattern& sp, const std::vector<SumTerm>& terms) const {
    for (int p : sp.general) {
        // The node a term's expression meets first in match_term (whose
        // kinds match() checks before binding anything).
        const rules::Node& n = node(p);
        bool scaled = n.op == Op::Mul && is_coefficient(node(n.children[1]));
        uint16_t kinds = compiled_->kinds[static_cast<size_t>(scaled ? n.children[0] : p)];
        bool found = false;
        for (const SumTerm& t : terms) {
            if (t.monomial && (kinds & kind_bit(kind_of(scaled ? t.monomial : t.whole)))) {
                found = true;
                break;
            }
        }
        if (!found) return false;
    }
    return true;
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

/// The scales c0 a partition's `c0 * X` was rejected with while the other
/// bindings stay fixed: the conjuncts that became decidable when c0 was
/// bound depend on c0 alone then, so a rejected scale is not bound again.
/// A cache of kMaxRejectedScales entries: a scale it has no room for is
/// checked again (the same verdict, recomputed).
struct RejectedScales {
    static constexpr size_t kMaxRejectedScales = 8;
    int64_t scales[kMaxRejectedScales];
    size_t count = 0;

    bool contains(int64_t s) const {
        return std::find(scales, scales + count, s) != scales + count;
    }
    void add(int64_t s) {
        if (count < kMaxRejectedScales) scales[count++] = s;
    }
};

/// True if a pattern of shape `kShape` (RuleMatcher::PartitionShape) has
/// the part `bit`: known at compile time unless the shape is read from `sp`.
template <unsigned kShape>
[[gnu::always_inline]] inline bool has_part(const SumPattern& sp, unsigned bit) {
    if (!(kShape & RuleMatcher::kShapeOfPattern)) return (kShape & bit) != 0;
    return (bit == RuleMatcher::kPartitionX ? sp.part_sum : sp.rest) >= 0;
}

template <unsigned kShape>
__attribute__((always_inline)) inline bool RuleMatcher::try_partition(
    const SumPattern& sp, const std::vector<SumTerm>& terms, uint64_t remaining, uint64_t subset,
    std::optional<int64_t> scale, RejectedScales& rejected, Continuation k) {
    if (!scale) return false;
    const int64_t c0_var = sp.part_const_var;  // c0 is a ConstVar (see is_partition)
    Binding& cb = b_[static_cast<size_t>(c0_var)];
    const bool fresh_scale = cb.kind != Binding::Kind::Const;  // else bound before this sum
    const bool with_rest = has_part<kShape>(sp, kPartitionY);
    uint64_t others = remaining & ~subset;
    if (!with_rest && others != 0) return false;
    // The bind steps of c0 (unless bound before), X, then Y, then `k`,
    // written out rather than chained through continuations: the same
    // bindings and checks in the same order, each unbound again when what
    // follows it fails. Only a scale whose own check failed is rejected.
    if (fresh_scale) {
        if (rejected.contains(*scale)) return false;
        cb.kind = Binding::Kind::Const;
        cb.value = *scale;
        if (!bound(c0_var)) {
            unbind(c0_var);
            rejected.add(*scale);
            return false;
        }
    }
    const int64_t x_var = sp.part_sum_var;
    if (bound_sum(x_var, terms, subset, *scale)) {
        if (!with_rest) {
            if (k()) return true;
        } else {
            const int64_t y_var = sp.rest_var;
            if (bound_sum(y_var, terms, others, 1)) {
                if (k()) return true;
                unbind(y_var);
            }
        }
        unbind(x_var);
    }
    if (fresh_scale) unbind(c0_var);
    return false;
}

uint64_t RuleMatcher::multiples_of_scale_divisor(const SumPattern& sp,
                                                 const std::vector<SumTerm>& terms,
                                                 uint64_t remaining) const {
    if (sp.scale_divisor < 0) return remaining;
    const Binding& d = b_[static_cast<size_t>(sp.scale_divisor)];
    if (d.kind != Binding::Kind::Const || d.value == 0) return remaining;
    const uint64_t m = magnitude(d.value);
    uint64_t out = 0;
    for (uint64_t r = remaining; r; r &= r - 1) {
        const auto i = static_cast<size_t>(__builtin_ctzll(r));
        if (magnitude(terms[i].coef) % m == 0) out |= uint64_t{1} << i;
    }
    return out;
}

template <unsigned kShape>
bool RuleMatcher::match_partition(const SumPattern& sp, const std::vector<SumTerm>& terms,
                                  uint64_t used, Continuation k) {
    uint64_t remaining = all_terms(terms.size()) & ~used;
    const bool with_rest = has_part<kShape>(sp, kPartitionY);
    if (!has_part<kShape>(sp, kPartitionX)) {
        if (!with_rest) return remaining == 0 && k();
        return bind_sum(sp.rest, terms, remaining, 1, k);
    }
    // A block condition no partition of these terms can meet: no
    // candidate would pass it.
    if (sp.block_divisor >= 0) {
        const Binding& d = b_[static_cast<size_t>(sp.block_divisor)];
        if (d.kind == Binding::Kind::Const && !block_may_hold(terms, remaining, d.value, ranges_))
            return false;
    }
    // `c0 * X + Y`: X takes each candidate subset in turn (largest first).
    // c0 is bound before the sum or by each candidate in turn (and unbound
    // again when it fails): its binding here holds for every candidate.
    const Binding& cb = b_[static_cast<size_t>(sp.part_const_var)];
    std::optional<int64_t> bound_scale;
    if (cb.kind == Binding::Kind::Const) bound_scale = cb.value;
    // With a condition `c0 mod c1 == 0` and c1 bound, X takes only terms
    // whose coefficient is a multiple of c1 (the others' candidates fail
    // it): enumerating the subsets of those terms visits the same
    // candidates in the same order, when both enumerations are exhaustive.
    const uint64_t pool = multiples_of_scale_divisor(sp, terms, remaining);
    RejectedScales rejected;
    // At most FewTermCandidates::kMaxTerms remaining terms are enumerated
    // exhaustively (from the pool: every candidate is within it), counted
    // without a popcount. Without a rest Y only the candidate of every
    // remaining term can match (try_partition refuses the others): an
    // exhaustive enumeration yields it first, so it stops after one.
    if (FewTermCandidates::fits(remaining) && FewTermCandidates::fits(pool)) {
        // Few terms (the usual case): the same candidates in the same order
        // (FewTermCandidates), each scale term by term as PartitionScales
        // computes it below its memo's threshold, without setting up either.
        FewTermCandidates candidates(pool);
        for (uint64_t subset = 0; candidates.next(subset);) {
            std::optional<int64_t> scale = partition_scale(terms, subset, bound_scale);
            if (try_partition<kShape>(sp, terms, remaining, subset, scale, rejected, k))
                return true;
            if (!with_rest) break;
        }
        return false;
    }
    return match_enumerated_partition(sp, terms, remaining, pool, bound_scale, rejected, k);
}

// The shapes the generated sum matchers call (partition_step), and the
// interpreter's.
template bool RuleMatcher::match_partition<0>(const SumPattern&, const std::vector<SumTerm>&,
                                              uint64_t, Continuation);
template bool RuleMatcher::match_partition<RuleMatcher::kPartitionX>(const SumPattern&,
                                                                     const std::vector<SumTerm>&,
                                                                     uint64_t, Continuation);
template bool RuleMatcher::match_partition<RuleMatcher::kPartitionY>(const SumPattern&,
                                                                     const std::vector<SumTerm>&,
                                                                     uint64_t, Continuation);
template bool RuleMatcher::match_partition<RuleMatcher::kPartitionX | RuleMatcher::kPartitionY>(
    const SumPattern&, const std::vector<SumTerm>&, uint64_t, Continuation);
template bool RuleMatcher::match_partition<RuleMatcher::kShapeOfPattern>(
    const SumPattern&, const std::vector<SumTerm>&, uint64_t, Continuation);

// Out of line: the enumerators' large frame is set up only for the sums
// that need them, not on every partition.
__attribute__((noinline)) bool RuleMatcher::match_enumerated_partition(
    const SumPattern& sp, const std::vector<SumTerm>& terms, uint64_t remaining, uint64_t pool,
    std::optional<int64_t> bound_scale, RejectedScales& rejected, Continuation k) {
    const bool exhaustive =
        static_cast<size_t>(popcount64(remaining)) <= PartitionCandidates::kMaxExhaustiveTerms;
    const uint64_t from = exhaustive ? pool : remaining;
    PartitionCandidates candidates(terms, from);
    // Without a rest Y only the candidate of every remaining term can match
    // (try_partition refuses the others): an exhaustive enumeration yields
    // it first, so it stops after one candidate, whose scale is computed
    // directly (the same gcd, folded in the same order, without the memo
    // of all 2^n subsets).
    const bool first_only = sp.rest < 0 && candidates.exhaustive();
    PartitionScales scales(terms, from, bound_scale, candidates.exhaustive() && !first_only);
    for (uint64_t subset = 0; candidates.next(subset);) {
        if (!(subset & ~pool)) {
            std::optional<int64_t> scale = scales.of(subset, candidates.compact());
            if (try_partition<kShapeOfPattern>(sp, terms, remaining, subset, scale, rejected, k))
                return true;
        }
        if (first_only) break;
    }
    return false;
}

bool RuleMatcher::finish() {
    if (!divisors_nonzero()) return false;
    if (!condition_holds()) return false;
    Expr r = build_right_side();
    if (!r) return false;
    result_ = r;
    return true;
}

// The inline bindings are never destroyed (RuleMatcher has no destructor).
static_assert(std::is_trivially_destructible<RuleMatcher::Binding>::value,
              "inline bindings need no destructor");

__attribute__((noinline)) void RuleMatcher::prepare_bindings(size_t n) {
    if (n > kInlineVars) return prepare_heap_bindings(n);
    // Bindings constructed now start Unbound, like the earlier ones. (A
    // local count: the stores of the bindings need not reload it.)
    size_t ready = inline_ready_;
    for (; ready < n; ++ready)
        new (inline_storage_ + ready * sizeof(Binding)) Binding();
    inline_ready_ = ready;
    b_ = std::launder(reinterpret_cast<Binding*>(inline_storage_));
}

// Out of line: the vector's growth path is set up only for the rules with
// more than kInlineVars variables, not on every prepare_bindings.
__attribute__((noinline)) void RuleMatcher::prepare_heap_bindings(size_t n) {
    if (heap_b_.size() < n) heap_b_.resize(n);
    b_ = heap_b_.data();
}

__attribute__((always_inline)) inline void RuleMatcher::reset(const CompiledRule& rule) {
    compiled_ = &rule;
    rule_ = &rule.rule;
    const size_t n = rule_->vars.size();
    // The usual case, inline: bindings constructed for an earlier rule.
    if (n <= inline_ready_)
        b_ = std::launder(reinterpret_cast<Binding*>(inline_storage_));
    else
        prepare_bindings(n);
    // Every binding is Unbound already: a match that fails undoes each
    // binding it made (bind_step), and the callers that keep bindings (a
    // match that succeeded, condition_verdicts) call unbind_all() once done.
    bound_ = 0;
    unknown_conjuncts_ = 0;
}

void RuleMatcher::unbind_all() {
    const size_t n = rule_->vars.size();
    for (size_t i = 0; i < n; ++i)
        b_[i].kind = Binding::Kind::Unbound;
}

RuleMatcher::ConditionVerdicts RuleMatcher::condition_verdicts(
    const CompiledRule& rule, const std::vector<Binding>& bindings) {
    bind_given(rule, bindings);
    ConditionVerdicts out;
    size_t n = std::min(bindings.size(), rule.rule.vars.size());
    for (const CompiledRule::Conjunct& c : rule.conjuncts)
        out.conjuncts.push_back(conjunct_verdict(c));
    if (rule.rule.condition >= 0) {
        CompiledCondition whole = rule.compiled_condition;
        out.conjuncts.push_back(whole ? whole(*this) : eval_cond(rule.rule.condition));
    }
    // The incremental checks, binding the bound variables in index order.
    for (size_t v = 0; v < n; ++v) {
        if (b_[v].kind == Binding::Kind::Unbound) continue;
        out.binds.push_back(bound(static_cast<int64_t>(v)));
        if (!out.binds.back()) break;
    }
    out.unknown = unknown_conjuncts_;
    unbind_all();
    return out;
}

void RuleMatcher::bind_given(const CompiledRule& rule, const std::vector<Binding>& bindings) {
    reset(rule);
    size_t n = std::min(bindings.size(), rule.rule.vars.size());
    for (size_t v = 0; v < n; ++v) {
        b_[v] = bindings[v];
        if (b_[v].kind == Binding::Kind::Expr) ctx_ = &b_[v].expr.context();
        if (b_[v].kind == Binding::Kind::Sum && !b_[v].terms->empty())
            ctx_ = &b_[v].terms->front().whole.context();
    }
}

std::vector<std::optional<int64_t>> RuleMatcher::constant_part_values(
    const CompiledRule& rule, const std::vector<Binding>& bindings, const std::vector<int>& parts) {
    bind_given(rule, bindings);
    std::vector<std::optional<int64_t>> out;
    for (int n : parts)
        out.push_back(value(n));
    unbind_all();
    return out;
}

std::optional<std::vector<RuleMatcher::Binding>> RuleMatcher::first_match(const CompiledRule& rule,
                                                                          Expr e) {
    reset(rule);
    ctx_ = &e.context();
    std::optional<std::vector<Binding>> out;
    auto k = [&] {
        out.emplace(b_, b_ + rule_->vars.size());
        return true;
    };
    if (match_lhs(e, k)) unbind_all();
    return out;
}

std::optional<Expr> RuleMatcher::apply(const CompiledRule& compiled, Expr e) {
    reset(compiled);
    ctx_ = &e.context();
    result_.reset();
    if (const CompiledMatch generated = compiled.match_lhs) {
        // match_lhs with finish() as the continuation, called directly.
        uint64_t fresh = 0;
        if (generated(*this, e, fresh)) finish() ? unbind_all() : void(unbind_fresh(fresh));
        return result_;
    }
    auto k = [&] { return finish(); };
    if (match_lhs(e, k)) unbind_all();
    return result_;
}

std::optional<Constraint> RuleMatcher::apply_constraint(const CompiledRule& compiled,
                                                        const Constraint& c) {
    // Constraint rules bind both ends of the range to constants: finite only.
    if (!c.range.is_bounded() || c.range.is_empty()) return std::nullopt;
    if (!(compiled.kinds[static_cast<size_t>(compiled.rule.lhs)] & kind_bit(kind_of(c.expr))))
        return std::nullopt;  // the left side cannot match this expression
    // The rule's gate: necessary conditions on the range's ends and on the
    // left side's match (see RuleGate), checked before anything is bound.
    // The facts are the expression's alone: the constraint rules, tried one
    // after another on the same expression, share them.
    if (constraint_facts_.expr() != c.expr) constraint_facts_ = NodeFacts(c.expr, &div_);
    if (!compiled.gate.admits_constraint(c.range, constraint_facts_)) return std::nullopt;
    reset(compiled);
    const rules::Rule& rule = compiled.rule;
    ctx_ = &c.expr.context();
    std::optional<Constraint> out;
    auto k = [&]() -> bool {
        if (!divisors_nonzero()) return false;
        if (!condition_holds()) return false;
        Expr e = build_right_side();
        auto lo = value(rule.rhs_lo);
        auto hi = value(rule.rhs_hi);
        if (!e || !lo || !hi) return false;
        out = Constraint{e, Interval{*lo, *hi}};
        return true;
    };
    auto with_bounds = [&] {
        auto after_hi = [&] { return match_lhs(c.expr, k); };
        return match_const(rule.lhs_hi, c.range.hi(), after_hi);
    };
    if (match_const(rule.lhs_lo, c.range.lo(), with_bounds)) unbind_all();
    return out;
}

}  // namespace provix::engine
