#pragma once
/// \file
/// RuleMatcher: matches one rule's left side against an expression (with
/// sum partitions and backtracking), checks its condition with the range and
/// divisibility analyses, and builds the right side.

#include <optional>
#include <type_traits>
#include <vector>

#include "divisibility.h"
#include "expr_node.h"
#include "provix/indexing_map.h"
#include "provix/rules/op_semantics.h"
#include "provix/rules/rule.h"
#include "range_analysis.h"
#include "rule_table.h"
#include "scratch_stack.h"
#include "sum_term.h"

namespace provix::engine {

/// A non-owning reference to a `bool()` callable (the matcher's
/// continuation). Passing one on copies it (the same callable), rather
/// than wrapping it in another thunk that would call it in turn.
class Continuation {
public:
    template <class F,
              class = std::enable_if_t<!std::is_same<std::remove_cv_t<F>, Continuation>::value>>
    Continuation(F& f)  // NOLINT: implicit by design
        : obj_(&f), call_([](void* o) { return (*static_cast<F*>(o))(); }) {}
    bool operator()() const { return call_(obj_); }

private:
    void* obj_;
    bool (*call_)(void*);
};

struct RejectedScales;

/// Matches one rule at a time. A sum pattern matches sums of at most
/// kMaxSumTerms terms (term sets are 64-bit masks); a longer sum is not
/// matched by any sum pattern (the expression constructors still fold it).
class RuleMatcher {
public:
    static constexpr size_t kMaxSumTerms = 64;

    RuleMatcher(RangeAnalysis& ranges, DivisibilityAnalysis& divisibility)
        : ranges_(ranges), div_(divisibility) {}
    /// Not copied: the bindings point into the matcher's own storage.
    RuleMatcher(const RuleMatcher&) = delete;
    RuleMatcher& operator=(const RuleMatcher&) = delete;

    /// The right side of `rule` instantiated at `e`, if the left side
    /// matches, the condition holds and every computed constant fits.
    std::optional<Expr> apply(const CompiledRule& rule, Expr e);

    /// For a constraint rule: the rewritten constraint, if it applies.
    std::optional<Constraint> apply_constraint(const CompiledRule& rule, const Constraint& c);

    /// A variable's binding. A sub-sum is the terms of `terms` selected by
    /// `mask`, divided by `scale`.
    struct Binding {
        enum class Kind : uint8_t { Unbound, Expr, Const, Sum } kind = Kind::Unbound;
        Expr expr;
        int64_t value = 0;
        const std::vector<SumTerm>* terms = nullptr;
        uint64_t mask = 0;
        int64_t scale = 1;
        /// The range of an Expr or Sum binding, once var_range computed it.
        bool range_known = false;
        Interval range;
    };

    /// What the condition checks decide for one set of bindings (see
    /// condition_verdicts).
    struct ConditionVerdicts {
        /// Each top-level conjunct's verdict, then the whole condition's.
        std::vector<Tri> conjuncts;
        /// Binding the variables in index order: whether each binding
        /// passed the conjuncts it made decidable (RuleMatcher::bound), up
        /// to the first that did not.
        std::vector<bool> binds;
        /// The conjuncts left unknown by those bindings (a bit per conjunct).
        uint64_t unknown = 0;
        bool operator==(const ConditionVerdicts& o) const {
            return conjuncts == o.conjuncts && binds == o.binds && unknown == o.unknown;
        }
    };
    /// The condition checks of `rule` with its variables bound to
    /// `bindings` (one per variable; Unbound ones stay unbound), through the
    /// generated code if the rule has some, else the interpreter. Tests
    /// compare the built-in table's generated code with the interpreter on
    /// the same rules:
    ///
    ///     matcher.condition_verdicts(builtin_rule, b) ==
    ///         matcher.condition_verdicts(interpreted_copy, b)
    ConditionVerdicts condition_verdicts(const CompiledRule& rule,
                                         const std::vector<Binding>& bindings);
    /// The value the right-side builder gives each of `parts` (constant
    /// parts of `rule`'s right side, by node index) for `bindings`, bound
    /// as condition_verdicts binds them: the generated code of the
    /// built-in table where it has some, else the interpreter.
    std::vector<std::optional<int64_t>> constant_part_values(const CompiledRule& rule,
                                                             const std::vector<Binding>& bindings,
                                                             const std::vector<int>& parts);
    /// The right side of `rule` built for `bindings` (bound as
    /// condition_verdicts binds them) in `ctx`: the built-in table's
    /// generated builder when it has one, else the interpreter (build).
    Expr right_side_for(const CompiledRule& rule, const std::vector<Binding>& bindings,
                        Context& ctx);

    /// The bindings (one per variable) of the first match of `rule`'s left
    /// side against `e` that passes the conjuncts decided while binding,
    /// through its generated matcher if it has one, else the interpreter;
    /// none if there is no such match. Tests compare the two:
    ///
    ///     first_match(builtin_rule, e) == first_match(interpreted_copy, e)
    std::optional<std::vector<Binding>> first_match(const CompiledRule& rule, Expr e);

    // The leaves of right sides, shared by the interpreter (build) and the
    // generated builders (provix_rulegen), as build reads them.

    /// The constant `v` as a node.
    Expr constant_node(int64_t v) { return ctx_->constant(v); }
    /// The constant `v` as a node; null for none (a constant part that has
    /// no value: an unbound constant, an overflow, a zero divisor).
    Expr constant_node(std::optional<int64_t> v) { return v ? ctx_->constant(*v) : Expr(); }
    /// The expression bound to expression variable `var`.
    Expr expr_var_node(int var) const { return b_[static_cast<size_t>(var)].expr; }
    /// The sub-sum bound to sum variable `var`, built.
    Expr sum_var_node(int var) { return materialize(b_[static_cast<size_t>(var)]); }
    /// The node of operator `op` over the `n` built operands `ops`; null if
    /// there is none (a zero divisor, a fold that would overflow).
    Expr build_operator(rules::Op op, const Expr* ops, size_t n);

    // The leaves of conditions, shared by the interpreter and the generated
    // code (provix_rulegen): each reads the binding of variable `var`.

    /// The value of a constant variable, nullopt if it is not bound to one.
    std::optional<int64_t> constant_of(int var) const {
        const Binding& b = b_[static_cast<size_t>(var)];
        if (b.kind != Binding::Kind::Const) return std::nullopt;
        return b.value;
    }
    /// `lb(var)`: nullopt for an empty range or an infinite lower end.
    std::optional<int64_t> lower_bound(int var);
    /// `ub(var)`: nullopt for an empty range or an infinite upper end.
    std::optional<int64_t> upper_bound(int var);
    /// `lb(var) == ub(var)` in one step: Unknown unless the range is finite.
    Tri range_is_point(int var);
    /// `defined(var)`: True if shown defined everywhere, else Unknown.
    Tri defined_verdict(int var) { return is_defined(var) ? Tri::True : Tri::Unknown; }
    /// `divisible(var, c)` for a non-zero `c`: True if shown, else Unknown.
    Tri divisible_verdict(int var, int64_t c);
    /// `residue(var, c)`: the r in [0, c) with var congruent to r modulo
    /// c > 0, if shown (ModRem::residue_modulo), else nullopt.
    std::optional<int64_t> residue_of(int var, int64_t c);
    /// The variables bound so far (a bit per variable index), for the
    /// generated bound hooks.
    uint64_t bound_variables() const { return bound_; }
    /// Records the verdict of conjunct `i` (decidable now): false if it is
    /// false; True and Unknown are remembered for condition_holds().
    bool record_conjunct(size_t i, Tri t) {
        if (t == Tri::False) return false;
        // The verdict stays valid while the conjunct's variables stay bound
        // (rebinding one re-evaluates it).
        if (t == Tri::True)
            unknown_conjuncts_ &= ~(uint64_t{1} << i);
        else
            unknown_conjuncts_ |= uint64_t{1} << i;
        return true;
    }
    /// `a op b` for a comparison operator (Unknown for another operator).
    static Tri compare(rules::Op op, int64_t a, int64_t b) {
        std::optional<bool> holds = rules::apply_comparison(op, a, b);
        if (!holds) return Tri::Unknown;
        return *holds ? Tri::True : Tri::False;
    }

    // The steps of the generated left-side matchers (provix_rulegen, see
    // CompiledMatch), taken as the interpreter takes them.

    /// True if pattern node `p` may match a node of `e`'s kind (match()'s
    /// kind check).
    bool kind_fits(int p, Expr e) const {
        return compiled_->kinds[static_cast<size_t>(p)] & kind_bit(detail::kind_of(e));
    }
    /// `e` as a sum term, as a pattern `x * c` splits it (monomial null for
    /// a constant).
    static SumTerm term_of(Expr e);
    /// bind_expr's step: true if `var` is bound to `e` already, or is
    /// bound to it now (its bit set in `fresh`) and passes the conjuncts it
    /// decides; false otherwise, with `var` as it was.
    bool bind_expr_step(int var, Expr e, uint64_t& fresh) {
        Binding& b = b_[static_cast<size_t>(var)];
        if (b.kind == Binding::Kind::Expr) return b.expr == e;  // bound earlier
        b.kind = Binding::Kind::Expr;
        b.expr = e;
        b.range_known = false;
        return bound_fresh(var, fresh);
    }
    /// bind_const's step, as bind_expr_step.
    bool bind_const_step(int var, int64_t value, uint64_t& fresh) {
        Binding& b = b_[static_cast<size_t>(var)];
        if (b.kind == Binding::Kind::Const) return b.value == value;  // bound earlier
        b.kind = Binding::Kind::Const;
        b.value = value;
        return bound_fresh(var, fresh);
    }
    /// The sum pattern at `p` against `e` (whose kind fits), then `k`, as
    /// the interpreter matches it.
    bool match_sum_step(int p, Expr e, Continuation k) { return match_sum(p, e, k); }
    /// The buffers of the terms of the sums being matched, one per sum in
    /// progress (the interpreter's and the generated sum matchers').
    static detail::ScratchStack<std::vector<SumTerm>>& term_buffers();
    /// match_sum's quick rejects, for a generated sum matcher: false if the
    /// sum pattern at `p` cannot match `e` (a sub-sum bound already, too
    /// few or too many terms, no constant term for its constant);
    /// otherwise true with `e`'s terms in `terms`. The term patterns'
    /// kinds are left to the generated term loops: a term that cannot
    /// match is rejected there by a kind check that binds nothing, so this
    /// skips match_sum's terms_can_match.
    bool sum_terms_step(int p, Expr e, std::vector<SumTerm>& terms);
    /// The shape of a sum pattern's partition `c0 * X + Y` (a bit each), as
    /// a generated sum matcher knows it from the rule's nodes: with
    /// kShapeOfPattern it is read from the SumPattern instead (the
    /// interpreter's case).
    enum PartitionShape : unsigned {
        kPartitionX = 1,      ///< a partition `c0 * X` (SumPattern::part_sum)
        kPartitionY = 2,      ///< a rest Y (SumPattern::rest)
        kShapeOfPattern = 4,  ///< the shape read from the pattern
    };
    /// match_partition for the sum pattern at `p` once its term patterns
    /// and constant took the terms of `used`: the partition, then `k`.
    /// `kShape` is the pattern's shape (PartitionShape bits), which lets
    /// the compiler drop the branches of the shapes it is not.
    template <unsigned kShape>
    bool partition_step(int p, const std::vector<SumTerm>& terms, uint64_t used, Continuation k) {
        return match_partition<kShape>(compiled_->sums[static_cast<size_t>(p)], terms, used, k);
    }
    /// Unbinds the variables of `fresh` (a bit per variable index): a
    /// generated match that failed. Returns false.
    bool unbind_fresh(uint64_t fresh) {
        for (; fresh; fresh &= fresh - 1)
            unbind(__builtin_ctzll(fresh));
        return false;
    }

private:
    /// bind_step for a generated matcher: checks the conjuncts `var` makes
    /// decidable; on success sets its bit in `fresh`, else unbinds it.
    bool bound_fresh(int var, uint64_t& fresh) {
        if (!bound(var)) {
            unbind(var);
            return false;
        }
        fresh |= uint64_t{1} << var;
        return true;
    }
    /// The current rule's left side against `e` (its generated matcher,
    /// else match()), then `k`; what a failure bound is unbound again.
    bool match_lhs(Expr e, Continuation k);
    /// The pattern at `p` against `e`: its kind check, then match_checked.
    bool match(int p, Expr e, Continuation k);
    /// match() once `e`'s kind is known to fit the pattern: a variable or
    /// constant pattern bound inline, the others by match_node.
    bool match_checked(int p, Expr e, Continuation k);
    /// match_checked for a sum or operator pattern.
    bool match_node(int p, Expr e, Continuation k);
    bool match_const(int p, int64_t v, Continuation k);
    bool match_term(int p, const SumTerm& t, Continuation k);
    bool match_sum(int p, Expr e, Continuation k);
    /// match_sum's quick rejects of `e` for `sp`, before its terms are split.
    bool sum_may_match(const SumPattern& sp, Expr e) const;
    /// False if some term pattern of `sp` has no term of a kind it can
    /// match (the sum cannot match, whatever the assignment): `(x floordiv
    /// c0) * c1 + Y` needs a term whose monomial is a FloorDiv.
    bool terms_can_match(const SumPattern& sp, const std::vector<SumTerm>& terms) const;
    bool assign_terms(const SumPattern& sp, const std::vector<SumTerm>& terms, size_t i,
                      uint64_t used, Continuation k);
    bool match_constant_term(const SumPattern& sp, const std::vector<SumTerm>& terms, uint64_t used,
                             Continuation k);
    /// The partition `c0 * X + Y` of `sp` over the terms not in `used`,
    /// then `k`; `kShape` as for partition_step (explicitly instantiated
    /// for each shape in rule_matcher.cpp).
    template <unsigned kShape = kShapeOfPattern>
    bool match_partition(const SumPattern& sp, const std::vector<SumTerm>& terms, uint64_t used,
                         Continuation k);
    /// match_partition for more than FewTermCandidates::kMaxTerms
    /// candidate terms: the candidates of PartitionCandidates over the pool
    /// (exhaustive) or all of `remaining`.
    bool match_enumerated_partition(const SumPattern& sp, const std::vector<SumTerm>& terms,
                                    uint64_t remaining, uint64_t pool,
                                    std::optional<int64_t> bound_scale, RejectedScales& rejected,
                                    Continuation k);
    /// The terms of `remaining` whose coefficient is a multiple of the
    /// pattern's scale divisor (SumPattern::scale_divisor) once that is
    /// bound to a non-zero constant; all of `remaining` otherwise.
    uint64_t multiples_of_scale_divisor(const SumPattern& sp, const std::vector<SumTerm>& terms,
                                        uint64_t remaining) const;
    /// bind_sum without its continuation: binds sum variable `var` to the
    /// terms of `mask` divided by `scale`; true if it passes the conjuncts
    /// it decides, else false with `var` unbound again.
    bool bound_sum(int64_t var, const std::vector<SumTerm>& terms, uint64_t mask, int64_t scale);
    bool bind_sum(int var_node, const std::vector<SumTerm>& terms, uint64_t mask, int64_t scale,
                  Continuation k);
    /// Tries `subset` as the X of the partition `c0 * X + Y` with c0 =
    /// `scale` (see match_partition and PartitionScales; none: no match).
    template <unsigned kShape>
    bool try_partition(const SumPattern& sp, const std::vector<SumTerm>& terms, uint64_t remaining,
                       uint64_t subset, std::optional<int64_t> scale, RejectedScales& rejected,
                       Continuation k);

    /// The outcome of one binding step (see bind_step).
    enum class Step {
        Matched,   ///< the continuation matched: the binding stays
        Rejected,  ///< a condition conjunct became false: continuation not run
        Failed,    ///< the continuation did not match
    };
    /// The bind/continue/undo step of the backtracking matcher, for a
    /// variable whose binding was just written into `b_`: checks the
    /// conjuncts it makes decidable, runs `k`, and unbinds `var` again
    /// unless the whole match succeeded.
    ///
    ///     b_[v] = Binding::of_const(8);
    ///     return bind_step(v, k) == Step::Matched;
    Step bind_step(int64_t var, Continuation k);
    bool bind_expr(int64_t var, Expr e, Continuation k);
    bool bind_const(int64_t var, int64_t value, Continuation k);

    Tri eval_cond(int n);
    /// Conjunct `c`'s verdict: its generated code, else the interpreter.
    Tri conjunct_verdict(const CompiledRule::Conjunct& c) {
        return c.compiled ? c.compiled(*this) : eval_cond(c.node);
    }
    std::optional<int64_t> eval_int(int n);
    /// eval_int(n) for a constant part of the right side: its generated
    /// code when the table has it (the same value), else the interpreter.
    std::optional<int64_t> value(int n) {
        const CompiledValue f =
            compiled_->values ? compiled_->values[static_cast<size_t>(n)] : nullptr;
        return f ? f(*this) : eval_int(n);
    }
    std::optional<int64_t> eval_operand(int n);
    /// The right-side subtree at node `n` built for the current bindings;
    /// null if it cannot be (a constant that does not fit, a zero divisor).
    /// A leaf (a literal, a constant or expression variable) inline, the
    /// others by build_node.
    Expr build(int n);
    /// build for an operator, a sum variable or a constant subtree.
    Expr build_node(int n);
    /// The current rule's right side, built (its generated builder, else
    /// build).
    Expr build_right_side() {
        return compiled_->build_rhs ? compiled_->build_rhs(*this) : build(rule_->rhs);
    }
    Expr materialize(const Binding& b);
    /// The divisibility analysis' congruence of the binding of `var` (a
    /// sub-sum materialized), which `divisible` and `residue` read.
    ModRem congruence_of(int var);
    Interval var_range(int var);
    /// The range of a sub-sum binding: the sum of its terms' ranges times
    /// their coefficients divided by the scale.
    Interval sub_sum_range(const Binding& b);
    bool divisors_nonzero();
    /// True if the binding of variable `var` is shown defined at every point
    /// of the domain (the condition `defined(var)`).
    bool is_defined(int var);
    /// True if the rule's condition holds for the current (complete)
    /// bindings, reusing the conjunct verdicts bound() recorded.
    bool condition_holds() {
        // The usual case inline: conjuncts, each with variables, all bound
        // (a complete match), so the verdicts recorded while binding decide,
        // as condition_holds_in_full decides it then.
        const CompiledRule& c = *compiled_;
        if (rule_->condition >= 0 && !c.conjuncts.empty() && !c.has_variable_free_conjunct &&
            !(c.conjunct_vars & ~bound_))
            return unknown_conjuncts_ == 0;
        return condition_holds_in_full();
    }
    /// condition_holds for any rule and bindings.
    bool condition_holds_in_full();
    bool finish();

    const rules::Node& node(int n) const { return rule_->nodes[static_cast<size_t>(n)]; }
    const FlatNode& flat(int n) const { return compiled_->flat[static_cast<size_t>(n)]; }
    /// Prepares the bindings for `rule` (all Unbound: see unbind_all).
    void reset(const CompiledRule& rule);
    /// reset() for `n` variables beyond the inline bindings constructed so
    /// far: constructs the missing ones, or takes the heap bindings.
    void prepare_bindings(size_t n);
    /// prepare_bindings for more than kInlineVars variables: the heap ones.
    void prepare_heap_bindings(size_t n);
    /// reset(rule), then `bindings` copied in (the first ones, up to the
    /// rule's variables), for the checks that take bindings as given.
    void bind_given(const CompiledRule& rule, const std::vector<Binding>& bindings);
    /// Unbinds every variable of the current rule, after a match that
    /// succeeded (a failed one leaves nothing bound).
    void unbind_all();
    /// Marks variable `var` bound and checks the conjuncts that just became
    /// decidable; false if one of them is false (the caller then unbinds).
    /// Variables from index CompiledRule::kMaxTrackedVariables on are not
    /// tracked: their conjuncts are decided once the match is complete.
    bool bound(int64_t var) {
        if (var >= CompiledRule::kMaxTrackedVariables) return true;  // decided at the end
        bound_ |= uint64_t{1} << var;
        if (!compiled_->bound_hooks) return bound_interpreted(var);
        BoundHook hook = compiled_->bound_hooks[var];  // the same checks, generated
        return !hook || hook(*this);
    }
    /// bound() for a rule without generated bound hooks: evaluates the
    /// conjuncts reading `var` whose variables are all bound now.
    bool bound_interpreted(int64_t var);
    /// Undoes a binding of `var`.
    void unbind(int64_t var) {
        b_[static_cast<size_t>(var)].kind = Binding::Kind::Unbound;
        if (var < CompiledRule::kMaxTrackedVariables) bound_ &= ~(uint64_t{1} << var);
    }

    RangeAnalysis& ranges_;
    DivisibilityAnalysis& div_;
    const CompiledRule* compiled_ = nullptr;
    const rules::Rule* rule_ = nullptr;
    Context* ctx_ = nullptr;
    /// The bindings of the current rule's variables: the inline ones for
    /// rules with few variables (no allocation), else `heap_b_`. Set by reset().
    static constexpr size_t kInlineVars = 8;
    Binding* b_ = nullptr;
    /// Storage of the inline bindings, constructed on first use by reset()
    /// (a matcher per rewriter: most never see a rule with eight variables,
    /// so constructing them all up front would be wasted).
    alignas(Binding) unsigned char inline_storage_[kInlineVars * sizeof(Binding)];
    /// How many inline bindings are constructed (the first ones, in order).
    size_t inline_ready_ = 0;
    std::vector<Binding> heap_b_;
    /// The gate facts of the expression apply_constraint saw last (computed
    /// once for all the constraint rules tried on it).
    NodeFacts constraint_facts_{Expr()};
    std::optional<Expr> result_;
    uint64_t bound_ = 0;  ///< bit per variable index
    /// Bit i: conjunct i was Unknown when last evaluated (see bound()).
    uint64_t unknown_conjuncts_ = 0;
};

}  // namespace provix::engine
