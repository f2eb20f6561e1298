#pragma once
/// \file
/// RuleTable: the rules of rules/*.rules as compiled into the engine by
/// provix_rulegen, indexed by the kind of node their left side can match.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "provix/expr.h"
#include "provix/rules/rule.h"
#include "rule_gate.h"

namespace provix::engine {

/// A three-valued verdict of a rule condition: a condition that cannot be
/// decided from the analyses (an unbounded range, a divisibility not shown)
/// is Unknown, and the rule does not fire.
enum class Tri : uint8_t { False, True, Unknown };

class RuleMatcher;

/// A condition conjunct compiled to C++ by provix_rulegen: its verdict for
/// the matcher's current bindings, the same as the matcher's interpreter
/// gives for the conjunct's node. Only the built-in table has them.
///
///     Tri verdict = conjunct.compiled ? conjunct.compiled(matcher) : interpreted;
using CompiledCondition = Tri (*)(RuleMatcher&);

/// The generated check run when a variable is bound (RuleMatcher::bound):
/// the conjuncts that read the variable and whose variables are now all
/// bound, in conjunct order; false as soon as one of them is false.
using BoundHook = bool (*)(RuleMatcher&);

/// A constant part of a right side (`c1 floordiv c0`) compiled to C++ by
/// provix_rulegen: its value for the matcher's current bindings, the same
/// as the matcher's interpreter (RuleMatcher::eval_int) gives for the node.
using CompiledValue = std::optional<int64_t> (*)(RuleMatcher&);

/// A rule's right side compiled to C++ by provix_rulegen: the node it
/// builds for the matcher's current bindings (null if none), the same as
/// the matcher's interpreter (RuleMatcher::build) builds, in the same order.
using CompiledBuild = Expr (*)(RuleMatcher&);

/// A left side without sum patterns compiled to C++ by provix_rulegen:
/// matches `e` as RuleMatcher::match would (no backtracking is needed
/// without sums), binding the variables and running their bound hooks in
/// the interpreter's order, and stops where it would stop. True: every
/// variable is bound, those it bound are set in `fresh` (a bit per
/// variable index). False: it left nothing bound that was not bound before.
using CompiledMatch = bool (*)(RuleMatcher&, Expr, uint64_t& fresh);

class Continuation;

/// A left side whose last step is its only sum pattern (`(c0 * X + Y)
/// floordiv c1`) compiled to C++ by provix_rulegen: the steps before the
/// sum as CompiledMatch takes them, then the sum's term assignment as the
/// interpreter takes it, then its partition with the continuation `k`
/// (RuleMatcher::partition_step; see match_codegen.h). True if `k`
/// matched (the bindings stay); false with nothing left bound that was
/// not bound before.
using CompiledSumMatch = bool (*)(RuleMatcher&, Expr, Continuation k);

/// A sum pattern (`t1 + p * c0 * X + Y ...`) split into its roles once, so
/// the matcher does not re-walk the pattern tree.
struct SumPattern {
    std::vector<int> general;  ///< term patterns matched against single terms
    int const_term = -1;       ///< a Literal / ConstVar term (the sum's constant)
    int part_const = -1;       ///< c0 of a partition `c0 * X`
    int part_sum = -1;         ///< X of a partition
    int rest = -1;             ///< a rest variable Y
    /// The variable indices of c0, X and Y (-1 where the node is -1), for
    /// the matcher's bindings without a look at the nodes.
    int part_const_var = -1;
    int part_sum_var = -1;
    int rest_var = -1;
    /// The fewest terms a sum it matches has: one per term pattern, one for
    /// the constant term, one for X.
    size_t min_terms = 0;
    /// True if X or Y occurs more than once in the left side. Only then can
    /// it be bound already when the sum is matched: bindings start unbound,
    /// and a variable's one occurrence is bound only by this sum.
    bool sub_sum_repeated = false;
    /// The constant variable c1 of a conjunct `c0 mod c1 == 0` on the
    /// partition's scale c0 (-1 if none): only terms whose coefficient is
    /// a multiple of c1 can be in X.
    int64_t scale_divisor = -1;
    /// The constant variable d of a block condition on the partition (see
    /// block_divisor; -1 if none): a sum that block_may_hold rejects for
    /// d's value cannot match.
    int64_t block_divisor = -1;
};

/// A rule node in the form the condition evaluator reads: its (at most
/// two) operands inline, so evaluating `c0 mod c1 == 0` follows no pointer
/// out of one contiguous array. For `lb(x)`, `ub(x)` and `defined(x)`,
/// `value` is the index of the variable x.
struct FlatNode {
    /// Shapes of comparison the evaluator decides in one step (found when
    /// the rule is compiled): `lb(x) == ub(x)` (the range of x is a point;
    /// `value` is x) and a constant variable compared with a literal
    /// (`c0 > 0`: `value` is c0, `literal` the literal on the right).
    enum class Fused : uint8_t { None, IsPoint, ConstVsLiteral };
    rules::Op op;
    Fused fused = Fused::None;
    int32_t a = -1;  ///< first operand's node index (or -1)
    int32_t b = -1;  ///< second operand's node index (or -1)
    int64_t value = 0;
    int64_t literal = 0;
};

/// A rule with the facts the matcher needs precomputed.
struct CompiledRule {
    rules::Rule rule;
    /// `rule.nodes` as FlatNodes (same indices).
    std::vector<FlatNode> flat;
    /// For each node index: its sum pattern if the node is matched as a sum
    /// (an Add, a partition `c0 * X` or a lone sum variable).
    std::vector<SumPattern> sums;
    std::vector<char> is_sum;
    /// For each node index: true if it is computed as an integer.
    std::vector<char> constant_subtree;
    /// For each node index: the expression kinds (a bit per ExprKind) the
    /// node can match, so the matcher rejects other nodes before binding
    /// anything: `(x floordiv c0) mod c1` needs a Mod whose left operand is
    /// a FloorDiv and whose right operand is a constant.
    std::vector<uint16_t> kinds;
    /// Expression variables used as divisors on either side (their range
    /// must exclude zero).
    std::vector<int> divisor_vars;
    /// Conjunct and variable sets are 64-bit masks: rules with more
    /// variables or more top-level conjuncts than this are matched without
    /// early rejection (the same results, found later): `conjuncts` is then
    /// empty and the whole condition is evaluated once every variable is
    /// bound.
    static constexpr int64_t kMaxTrackedVariables = 64;
    static constexpr size_t kMaxTrackedConjuncts = 64;
    /// The condition's top-level conjuncts with the variables each reads (a
    /// bit per variable index), so the matcher can reject a partial match as
    /// soon as one conjunct is false (empty beyond the limits above).
    /// `compiled` is the conjunct's generated code (the built-in table),
    /// null for a table built from rules at run time (interpreted).
    struct Conjunct {
        int node;
        uint64_t vars;
        CompiledCondition compiled = nullptr;
    };
    std::vector<Conjunct> conjuncts;
    /// The variables the conjuncts read (a bit each), and whether some
    /// conjunct reads none. Once every variable here is bound, each
    /// conjunct that reads one has its verdict recorded (RuleMatcher::bound):
    /// without a conjunct that reads none, those verdicts decide the
    /// condition.
    uint64_t conjunct_vars = 0;
    bool has_variable_free_conjunct = false;
    /// The whole condition's generated code (the built-in table), used when
    /// `conjuncts` is empty; null: interpreted.
    CompiledCondition compiled_condition = nullptr;
    /// The generated bound hooks by variable index (the built-in table; a
    /// null entry: no conjunct reads the variable), or null: the matcher
    /// walks `var_conjuncts` instead.
    const BoundHook* bound_hooks = nullptr;
    /// The generated values of the right side's constant parts by node
    /// index (the built-in table; a null entry: interpreted), or null.
    const CompiledValue* values = nullptr;
    /// The generated builder of the right side (the built-in table), or
    /// null: interpreted.
    CompiledBuild build_rhs = nullptr;
    /// The generated matcher of the left side (the built-in table, a left
    /// side without sum patterns), or null: interpreted.
    CompiledMatch match_lhs = nullptr;
    /// The generated matcher of a left side ending in its only sum pattern
    /// (the built-in table), or null.
    CompiledSumMatch match_lhs_sum = nullptr;
    /// For each variable index: the conjuncts that read it (a bit per
    /// conjunct index). Sized like `rule.vars` when `conjuncts` is not empty.
    std::vector<uint64_t> var_conjuncts;
    /// What a node must offer for the rule to match it (see RuleGate).
    RuleGate gate;
};

/// The bit of `kind` in CompiledRule::kinds (the core's, as in the nodes'
/// term kinds): `kinds[p] & kind_bit(ExprKind::Mod)` is non-zero if node p
/// may match a Mod.
using detail::kind_bit;

/// Precomputes the matcher's facts for `rule`.
CompiledRule compile_rule(rules::Rule rule);

class RuleTable {
public:
    /// Builds the table from the generated arrays (no rule text is parsed).
    static const RuleTable& builtin();
    /// A table over explicitly given rules (tests, the fuzzer) and the names
    /// of the lemmas the engine's passes may apply.
    explicit RuleTable(std::vector<rules::Rule> rules, std::vector<std::string> lemma_names = {});

    /// Every rule, in the order given (tests apply one directly).
    const std::vector<CompiledRule>& rules() const { return rules_; }
    /// Expression rules that may match a node of `kind`, in table order.
    const std::vector<const CompiledRule*>& expression_rules(ExprKind kind) const {
        return by_kind_[static_cast<size_t>(kind)];
    }
    /// expression_rules(kind) without the rules whose gate turns away
    /// every node with operands of class `operand_class` (see
    /// RuleGate::may_admit_operands), in order.
    const std::vector<const CompiledRule*>& expression_rules(ExprKind kind,
                                                             size_t operand_class) const {
        return by_operands_[static_cast<size_t>(kind)][operand_class];
    }
    /// True if expression_rules(kind, operand_class) differs from
    /// expression_rules(kind) for some class.
    bool has_operand_classes(ExprKind kind) const {
        return !by_operands_[static_cast<size_t>(kind)].empty();
    }
    /// expression_rules(kind) per set of term kinds, without the sum gates
    /// those kinds turn away (see SumGateSkip).
    const SumGateSkip& sum_gate_skip(ExprKind kind) const {
        return sum_gate_skip_[static_cast<size_t>(kind)];
    }
    /// Constraint rules, in table order.
    const std::vector<const CompiledRule*>& constraint_rules() const { return constraint_rules_; }
    /// The constraint rules whose left side may match an expression of
    /// `kind`, in table order (the others cannot rewrite `e in [a, b]` with
    /// `e` of that kind): `X floordiv c0 in [c1, c2]` is among those of
    /// ExprKind::FloorDiv, not of ExprKind::Mod.
    const std::vector<const CompiledRule*>& constraint_rules(ExprKind kind) const {
        return constraint_by_kind_[static_cast<size_t>(kind)];
    }
    /// True if on a node without floordiv, ceildiv, mod, min and max below
    /// it (a polynomial, `d0 * 4 + d1`) only the rules of the point test
    /// alone (`fixed_value: x => lb(x) if lb(x) == ub(x) && ...`) can fire:
    /// the left side of every other expression rule needs such a node to
    /// match (`(x floordiv c0) * c1`, a term `(x mod c0) * c2` of a sum).
    /// Then a polynomial whose range is not one point is final (the
    /// rewriter returns it without a visit). True for the built-in table.
    bool rewrites_polynomials_only_at_points() const { return polynomials_only_at_points_; }
    /// The names of the lemmas of rules/*.lemmas (the builtin table only).
    const std::vector<std::string>& lemma_names() const { return lemma_names_; }
    /// True if `name` is a lemma's (not a rule's).
    bool is_lemma(const std::string& name) const;

private:
    /// The generated code of one rule (see generated::RuleRecord).
    struct GeneratedCode {
        const CompiledCondition* conditions;
        const int* conjunct_nodes;  ///< ends with -1
        const BoundHook* bound_hooks;
        const CompiledValue* values;
        CompiledBuild build_rhs;
        CompiledMatch match_lhs;
        CompiledSumMatch match_lhs_sum;
    };
    /// `generated[i]`: the generated code of rule i, attached to its
    /// conjuncts.
    RuleTable(std::vector<rules::Rule> rules, std::vector<std::string> lemma_names,
              const std::vector<GeneratedCode>& generated);
    /// The generated code of the rules of generated::kRules, in order.
    static std::vector<GeneratedCode> generated_code();

    std::vector<CompiledRule> rules_;
    std::vector<std::string> lemma_names_;
    std::array<std::vector<const CompiledRule*>, kNumExprKinds> by_kind_;
    std::array<SumGateSkip, kNumExprKinds> sum_gate_skip_;
    /// by_kind_ per kind and operand class; empty for a kind where every
    /// class keeps every rule (and for the leaf kinds).
    std::array<std::vector<std::vector<const CompiledRule*>>, kNumExprKinds> by_operands_;
    std::vector<const CompiledRule*> constraint_rules_;
    std::array<std::vector<const CompiledRule*>, kNumExprKinds> constraint_by_kind_;
    bool polynomials_only_at_points_ = false;
};

}  // namespace provix::engine
