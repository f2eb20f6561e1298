#pragma once
/// \file
/// RuleGate: necessary conditions for a rule to rewrite a node, read off the
/// rule once (the top of its left side, and the conjuncts of its condition
/// on what the top binds), checked against facts computed once per node
/// (NodeFacts). The rewriter tries only the rules whose gate admits the
/// node, in table order: a rule a gate turns away could not have matched,
/// so the first rule that fires is the same.
///
///     mod_negative_divisor: x mod c0 => ... if c0 < 0
///
/// is never tried on `d0 mod 8` (its divisor must be below 0), and
/// `fixed_value: x => lb(x) if lb(x) == ub(x) && ...` only on a node whose
/// range is one point.

#include <array>
#include <cstdint>
#include <limits>
#include <vector>

#include "expr_node.h"
#include "provix/expr.h"
#include "provix/interval.h"
#include "provix/rules/rule.h"

namespace provix::engine {

struct CompiledRule;
class DivisibilityAnalysis;
class RangeAnalysis;

/// Where a term pattern of a sum holds an expression variable: the operand
/// indices from the term (its monomial, for a scaled pattern `p * c`) down
/// to it, through operators the matcher matches operand by operand. In
/// `(x floordiv c0) * c1`, x is at {0} of the monomial.
struct TermPath {
    static constexpr uint8_t kMaxDepth = 3;
    bool scaled = false;
    uint8_t depth = 0;
    uint8_t steps[kMaxDepth] = {0, 0, 0};
};

/// What a sum pattern needs of the sum it matches (see
/// RuleMatcher::match_sum): enough terms, and for each term pattern a term
/// of a kind it can match (a bit per ExprKind; `scaled`: the kind of the
/// term's monomial, `d0 floordiv 4` in `(d0 floordiv 4) * 3`; else the term
/// itself).
struct SumGate {
    bool active = false;
    uint32_t min_terms = 0;
    std::vector<uint16_t> scaled_kinds;
    std::vector<uint16_t> whole_kinds;
    /// The pattern has a constant term (`X + c0`): the sum must have one.
    bool needs_constant = false;
    /// The pattern is a lone partition `c0 * X` whose scale c0 is unbound
    /// when the sum is matched: X takes every term, so c0 is the gcd of all
    /// the coefficients (folded in term order, as PartitionScales does),
    /// which must be non-zero, fit int64 and lie in [scale_lo, scale_hi]
    /// (the conjuncts comparing c0 with literals: `c0 > 1`). `d0 * 4 + d1`
    /// has gcd 1 and fails `c0 > 1`.
    bool lone_partition = false;
    int64_t scale_lo = std::numeric_limits<int64_t>::min();
    int64_t scale_hi = std::numeric_limits<int64_t>::max();
    /// The pattern is a partition `c0 * X + Y` with a rest, whose scale c0
    /// is unbound when the sum is matched and which the conjuncts comparing
    /// c0 with literals need at least this large (0: no test; else > 1). X
    /// takes a non-empty subset of the terms and c0 their coefficients' gcd,
    /// at most the magnitude of each: some term's coefficient must reach it.
    /// `d0 + d1 mod 4` (coefficients 1) fails `c0 > 1`.
    int64_t min_part_scale = 0;
    /// Two term patterns holding one expression variable x (`x * c2 +
    /// (x floordiv c0) * c1 + Y`), a pair per such x: two distinct terms
    /// must hold one expression at those places. `d0 * 3 + (d0 floordiv 4)
    /// * -12` does, `d1 * 3 + (d0 floordiv 4) * -12` does not.
    std::vector<std::array<TermPath, 2>> shared_vars;
};

/// The facts of one sum (a non-sum is a one-term sum) a SumGate reads: the
/// number of terms, and the kinds (a bit each) of the non-constant terms'
/// monomials and of those terms as they stand.
struct SumFacts {
    uint32_t terms = 0;
    uint16_t monomial_kinds = 0;
    uint16_t whole_kinds = 0;
    bool constant = false;  ///< one of the terms is a constant
};

/// The facts of `e` as sum terms: `d0 * 4 + d1 floordiv 2 + 3` has 3 terms,
/// monomial kinds {Variable, FloorDiv}, whole kinds {Mul, FloorDiv}, and a
/// constant term.
SumFacts sum_facts(Expr e);

/// The sum facts of `n` read off its term facts (ExprNode, computed when
/// the node was made): see sum_facts.
inline SumFacts sum_facts_of(const detail::ExprNode* n) {
    return SumFacts{n->kind == ExprKind::Add ? n->num_operands : 1u, n->term_monomial_kinds,
                    n->term_kinds, n->has_constant_term};
}

/// The facts of one node the gates read.
class NodeFacts {
public:
    /// With `divisibility`, the gates also decide `divisible` conjuncts on
    /// the node's operands (without, they admit what those would decide).
    explicit NodeFacts(Expr e, DivisibilityAnalysis* divisibility = nullptr)
        : e_(e), divisibility_(divisibility) {}
    Expr expr() const { return e_; }
    /// The divisibility analysis the matcher reads, or null.
    DivisibilityAnalysis* divisibility() const { return divisibility_; }
    /// The sum facts of the node (which = 0) or of its first operand (1),
    /// read off the node's fields.
    SumFacts sum(int which) const {
        const detail::ExprNode* n = e_.node();
        return sum_facts_of(which == 0 ? n : n->operands[0]);
    }
    /// The bit of the kind of the node's monomial (the node without a
    /// constant factor: `d0` for `d0 * 4`, the node itself if it has none),
    /// 0 for a constant.
    uint16_t monomial_kind();

private:
    Expr e_;
    DivisibilityAnalysis* divisibility_;
};

struct RuleGate {
    /// The rule's left side is `x` with the conjunct `lb(x) == ub(x)`: the
    /// node's range must be one finite point.
    bool point_range = false;
    /// The left side is a binary operator matched operand by operand: the
    /// node has two operands, of these kinds (a bit per ExprKind).
    bool binary = false;
    bool two_operands = false;  ///< a product: exactly two operands
    std::array<uint16_t, 2> operand_kinds = {0xffff, 0xffff};
    /// A constant right operand must lie in [lo, hi] (a literal, or a
    /// constant variable the condition compares with literals: `c0 < 0`).
    int64_t operand1_lo = std::numeric_limits<int64_t>::min();
    int64_t operand1_hi = std::numeric_limits<int64_t>::max();
    /// The left side is `p * c` (a coefficient): the node's monomial must
    /// be of a kind `p` can match (a bit per ExprKind).
    bool coefficient = false;
    uint16_t monomial_kinds = 0xffff;
    /// A conjunct `c1 mod c0 == 0` on the coefficient c1 and the constant
    /// right operand c0 of the monomial (`(x floordiv c0) * c1`): the
    /// node's coefficient (1 for a node that is not a product) must be a
    /// multiple of the monomial's constant divisor. `d0 floordiv 3` has
    /// coefficient 1, not a multiple of 3.
    bool coefficient_multiple = false;
    /// The right side holds `residue(x, c0)` of the monomial's operands
    /// (`(x floordiv c0) * c1`): it is built only when the divisibility
    /// analysis shows x's residue modulo the monomial's constant divisor.
    /// `(d0 floordiv 2) * 2` with nothing known of d0 fails it.
    bool monomial_residue = false;
    /// Sum patterns at the top (the node itself) and as the binary
    /// operator's left operand.
    std::array<SumGate, 2> sums;
    /// A conjunct on the scale c0 of the left operand's partition `c0 * X`
    /// and the constant right operand c1. c0 divides every coefficient of
    /// X, so some term of the left operand must have a coefficient that
    /// is a multiple of c1 (`c0 mod c1 == 0`) or shares a factor with it
    /// (`gcd(c0, c1) > 1`): `(d0 * 3 + d1) floordiv 8` has none for the
    /// first, `(d0 * 6 + d1) floordiv 8` one for the second.
    enum class ScaleTest : uint8_t { None, MultipleOfOperand1, SharesFactorWithOperand1 };
    ScaleTest scale_test = ScaleTest::None;
    /// Conjuncts on the binary operator's left operand x and constant right
    /// operand c0 (both bare variables of the left side), decided from the
    /// analyses the matcher reads: `divisible(x, c0)` (`d0 mod 8` needs d0
    /// a known multiple of 8) and `lb(x) floordiv c0 == ub(x) floordiv c0`
    /// (`d0 mod 8` with d0 in [0, 15] spans two blocks of 8).
    bool operand0_divisible = false;
    bool operand0_in_one_block = false;
    /// The left operand is `X + c0` (X every term but the constant) and the
    /// right side holds `residue(X, c1)` of the constant right operand c1:
    /// it is built only where the divisibility analysis shows X's residue
    /// modulo c1. With no fact in the analysis, X's congruence is the one
    /// its terms give, as is the operand's less its constant, so the
    /// operand's decides: `(d0 + 7) floordiv 3` with nothing known of d0
    /// fails it. With some fact (one on exactly X may show X's residue and
    /// not the operand's) it admits.
    bool operand0_residue = false;
    /// The left operand is a partition `c0 * X + Y` alone (every term in X
    /// or Y) whose block condition divides by the constant right operand
    /// (see block_divisor): its terms must not add up to more than one
    /// block whichever side each lands on (block_may_hold).
    /// `(d0 * 5 + d1) floordiv 4` with d0, d1 in [0, 9] fails it.
    bool operand0_block = false;
    /// A constraint rule whose range ends must be equal (`X in [c1, c1]`,
    /// or a conjunct `c2 == c3` on the two ends): see admits_range.
    bool point_ends = false;

    /// Some test of the binary operator's left operand beyond its kind is
    /// set (sums[1], scale_test, operand0_divisible, operand0_in_one_block,
    /// operand0_residue, operand0_block): false lets admits skip them all
    /// with one test.
    /// make_rule_gate sets it; true checks each of them as before.
    bool operand_extras = true;

    /// Some test other than point_range is set (make_rule_gate clears it
    /// for a gate of the point test alone, `fixed_value`'s, which admits
    /// then checks without the shape tests).
    bool shape_tests = true;

    /// False only if the rule cannot match `facts`' node (its range read
    /// from `ranges`).
    bool admits(NodeFacts& facts, RangeAnalysis& ranges) const {
        if (!shape_tests) return !point_range || range_is_point(facts, ranges);
        return admits_shape(facts, ranges);
    }
    /// Every test of the gate (what admits checks).
    bool admits_shape(NodeFacts& facts, RangeAnalysis& ranges) const;
    /// The tests of operand_extras on the binary node's operands `a` and
    /// `b` (of a node whose operand kinds the gate admits).
    bool admits_operand_extras(NodeFacts& facts, RangeAnalysis& ranges, Expr a, Expr b) const;
    /// True if the range of `facts`' node is one finite point.
    static bool range_is_point(NodeFacts& facts, RangeAnalysis& ranges);
    /// False only if the gate turns away every node whose operands are of
    /// class `operand_class` (see operand_class): its operand kinds or the
    /// range of a constant right operand exclude them.
    bool may_admit_operands(size_t operand_class) const;
    /// For a constraint rule, on a constraint whose left side has the kind
    /// the rule's left side needs (checked first), with a finite non-empty
    /// `range`: false only if the rule cannot match it. Reads the tests on
    /// the range's ends, the operand kinds and the sum patterns (a subset
    /// of admits, which leaves the rewriter's own inlined copy alone):
    /// `X in [c1, c1]` turns away `d0 + d1 in [3, 5]`, `X + c0 in [c1, c2]`
    /// turns away a sum without a constant term.
    bool admits_constraint(const Interval& range, NodeFacts& facts) const;
};

/// The sum gates among the rules of one kind (RuleTable::expression_rules)
/// that a node's term kinds turn away: a sum gate at the top of a left side
/// needs, for each term pattern, some term of a kind in its mask
/// (SumGate::scaled_kinds for the monomials, whole_kinds for the terms as
/// they stand), and tests that first; so a node whose terms' kinds (both
/// together) miss one of those masks is admitted by none of them. The kind's
/// rules without those gates are kept per set of kinds present, in order.
/// `d0 * 4 + d1` (terms of kinds Mul and Variable, monomials Variable)
/// passes none of the sum rules of the built-in table, which each need a
/// floordiv or mod term; `d0 floordiv 4 + d1` passes those needing a
/// floordiv term alone.
struct SumGateSkip {
    /// Some rule of the kind has such a sum gate (else by_kinds is empty).
    bool any = false;
    /// Per set of term kinds (a bit per ExprKind), the kind's rules but the
    /// sum gates needing a kind the set lacks, in order.
    std::vector<std::vector<const CompiledRule*>> by_kinds;
    /// Builds the lists from the kind's rules `all`, in order.
    void build(const std::vector<const CompiledRule*>& all);
    /// The rules to try on a node with the sum facts `f` (of the node
    /// itself); only when `any`.
    const std::vector<const CompiledRule*>& rules_for(const SumFacts& f) const {
        return by_kinds[(f.monomial_kinds | f.whole_kinds) & (by_kinds.size() - 1)];
    }
    /// True if `gate` is a sum gate at the top of its left side whose kind
    /// masks are its first shape test (no coefficient, operand or point
    /// test before them) and it has at least one.
    static bool skippable(const RuleGate& gate);
};

/// The number of classes of operand_class.
inline constexpr size_t kOperandClasses = (kNumExprKinds + 1) * (kNumExprKinds + 3);

/// The class of the first two operands of `e` (a node with at least two)
/// that RuleGate's operand tests read: the kind of the left one, a sum with
/// a constant term apart from the other sums, and the kind of the right one
/// with a constant split by its value (below 0, 0, 1, above 1).
/// `d0 floordiv 8` and `d1 floordiv 4` are of one class, `d0 floordiv -8`
/// of another, `(d0 + 1) floordiv 8` of another than `(d0 + d1) floordiv 8`.
inline size_t operand_class(Expr e) {
    const detail::ExprNode* n = e.node();
    const detail::ExprNode* a = n->operands[0];
    const detail::ExprNode* b = n->operands[1];
    size_t right = static_cast<size_t>(b->kind);
    if (b->kind == ExprKind::Constant && b->value <= 1)
        right = kNumExprKinds + (b->value < 0 ? 0 : static_cast<size_t>(b->value) + 1);
    size_t left = static_cast<size_t>(a->kind);
    if (a->kind == ExprKind::Add && a->has_constant_term) left = kNumExprKinds;
    return left * (kNumExprKinds + 3) + right;
}

/// The constant variable c1 of a top-level conjunct `c0 mod c1 == 0` of
/// `rule`'s condition, for the constant variable c0 (-1 if none):
/// `fd_pull_multiple`'s `c0 mod c1 == 0` gives c1 for c0.
int64_t multiple_scale_divisor(const rules::Rule& rule, int64_t c0);

/// The gate of a compiled rule (its kinds and sum patterns already set).
RuleGate make_rule_gate(const CompiledRule& rule);

}  // namespace provix::engine
