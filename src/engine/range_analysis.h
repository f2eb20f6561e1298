#pragma once
/// \file
/// RangeAnalysis: memoized interval of every expression node over a domain
/// (variable bounds, and optionally the domain's constraints, each
/// intersected into the range of its expression node), and whether a node
/// may be undefined somewhere on the domain (a divisor whose range holds 0).
/// The transfer functions are the lemmas of rules/analysis.lemmas.

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "divisibility.h"
#include "expr_node.h"
#include "id_map.h"
#include "provix/expr.h"
#include "provix/indexing_map.h"
#include "provix/interval.h"
#include "provix/small_vector.h"

namespace provix::engine {

class RangeAnalysis {
public:
    /// What of a map's domain the ranges use.
    enum class Domain : uint8_t { Bounds, BoundsAndConstraints };

    /// Ranges from variable bounds (indexed by variable id) and constraints
    /// (both copied).
    RangeAnalysis(const std::vector<Interval>& bounds, const std::vector<Constraint>& constraints);
    explicit RangeAnalysis(const std::vector<Interval>& bounds)
        : bounds_(bounds.begin(), bounds.end()),
          bound_(bounds_.data()),
          num_bounds_(bounds_.size()) {
        find_point_bounds();
    }
    /// How an analysis of a map holds the variable bounds.
    enum class Held : uint8_t {
        /// A copy of its own (nothing is allocated for a map with few
        /// variables): the map's bounds may change while it is used.
        Copy,
        /// The map's array, read in place (nothing copied): the map's
        /// variables must not change while the analysis is used (a change
        /// may move the array).
        Borrowed,
    };

    /// Ranges from the variable bounds of `map` (held as `held` says) and,
    /// with `Domain::BoundsAndConstraints`, its constraints, read in place:
    /// the map must outlive the analysis, and its constraints must not
    /// change while the analysis is used (with `Held::Copy` its bounds may:
    /// the analysis keeps the bounds it was built with).
    ///
    ///     RangeAnalysis ranges(map, RangeAnalysis::Domain::BoundsAndConstraints);
    RangeAnalysis(const IndexingMap& map, Domain domain, Held held = Held::Copy);
    /// Not copied or moved: `bound_` may point into the object.
    RangeAnalysis(const RangeAnalysis&) = delete;
    RangeAnalysis& operator=(const RangeAnalysis&) = delete;

    /// Forgets every range found so far and takes the variable bounds `map`
    /// has now: the analysis `RangeAnalysis(map, Domain::Bounds)`, without
    /// building a new one (a copy of them). Precondition: the analysis was
    /// built with `Domain::Bounds`.
    ///
    ///     ranges.use_bounds_of(map);  // after a pass changed map's bounds
    void use_bounds_of(const IndexingMap& map);

    /// The range of `e` over the domain points where `e` is defined (a sound
    /// over-approximation), memoized per node: `d0 floordiv s0` with
    /// d0 in [0, 8], s0 in [0, 2] has range [0, 8]. With congruence
    /// constraints, `x mod c` has only the values of x's residue class:
    /// `d1 mod 2` with `d1 mod 8 in [7, 7]` is [1, 1].
    Interval range(Expr e);

    /// `range(e).is_point()`, without computing the range of a sum or a
    /// product that has a term `t` or `t * c` (c != 0) whose range, read
    /// from the bounds (a variable) or found before, is not one point: that
    /// term's range is infinite at an end or spans two exact ends, and so
    /// does the whole (interval sums and products by a constant are exact
    /// before the ends widen, widening keeps two distinct ends apart, and an
    /// empty term makes the whole empty), unless a constraint narrows the
    /// node or the product, or the node is a sum that by_regrouping may
    /// narrow. `d0 * 4 + d1 floordiv 8` with d0 in [0, 3] is
    /// no point, whatever `d1 floordiv 8` spans. Likewise, where no
    /// constraint narrows any node, a quotient by a constant c whose
    /// dividend's terms span at least |c| between their ends: `(d0 * 4 +
    /// d1) floordiv 8` with d0 in [0, 3] (the ends of the dividend are 12 or
    /// more apart, so their quotients differ). And, with no constraint (so
    /// no congruence) either, a remainder by a constant c with |c| >= 2 of
    /// a dividend that spans two values: `d0 mod 4` with d0 in [0, 1]
    /// (inside one block of c the remainder's range is the dividend's
    /// shifted, otherwise it is all of [0, c - 1] or [c + 1, 0]).
    bool is_point(Expr e) {
        const detail::ExprNode* n = detail::node_of(e);
        if (n->kind == ExprKind::Constant || n->kind == ExprKind::Variable)
            return leaf_range(n).is_point();
        // A node the tests below show to span two values is no point
        // whether or not its range was found before (each test implies it of
        // the range): tested first, they save the look-up.
        if (detail::is_division(n->kind) && known_.empty() && quotient_spans_two_points(n))
            return false;
        if ((n->kind == ExprKind::Add || n->kind == ExprKind::Mul) && spans_two_points(n))
            return false;
        if (const Interval* m = memo_.find(n->id)) return m->is_point();
        return range_of_new(e).is_point();
    }

    /// True if the range of `n`, a canonical node without floordiv,
    /// ceildiv, mod, min, max or unfolded constants (a polynomial: sums and
    /// products of variables and constants), is certainly not one point,
    /// and neither is the range of any node below it: no variable of `n`
    /// has a point bound or occurs in a constraint. Then no constraint
    /// narrows a node of `n` (such a node's variables would be among both),
    /// and each node is a sum of terms, each a non-zero constant times a
    /// product of variables: an interval product of ranges that are not one
    /// point is not one point (four equal corner products would need a
    /// zero end on both sides), neither is a non-zero multiple of one, and a
    /// sum with such a term spans two values too (see is_point; a widened
    /// end keeps two distinct ends apart). `d0 * 4 + d1` with d0 in [0, 3]
    /// and d1 in [0, 0] may be a point; with d1 in [0, 7] it is not. Read
    /// inline from the node's variable mask.
    bool never_a_point(const detail::ExprNode* n) const {
        return (n->var_mask & (point_vars_ | constrained_vars_)) == 0 &&
               !(n->has_high_var && (high_point_var_ || high_constrained_));
    }

    /// range() of variable `id` (>= 0) of `ctx`: `range(ctx.variable(id))`,
    /// read from the bounds without making the node when no constraint
    /// narrows a node (a variable's range is then its bound, as leaf_range
    /// finds it).
    Interval variable_range(Context& ctx, int64_t id) {
        if (!known_.empty()) return range(ctx.variable(id));
        const auto i = static_cast<size_t>(id);
        return i < num_bounds_ ? bound_[i] : Interval::all();
    }

    /// True unless `e` is shown to be defined at every domain point: some
    /// divisor inside it has a range holding 0 (`d0 floordiv s0` with
    /// s0 in [0, 2]) or is the constant 0. False for total expressions
    /// without any look-up.
    bool may_be_undefined(Expr e);

    /// True if the divisor `d` is non-zero at every domain point: its range
    /// excludes 0 (divisor_nonzero_pos, divisor_nonzero_neg), or a domain
    /// constraint divides by `d` (constraint_fd_nonzero, ...): with
    /// `d1 mod (d1 * 2) in [-9, 9]`, `d1 * 2` is non-zero though d1 is in
    /// [-1, 1].
    bool is_nonzero(Expr d);

    /// True if the analysis is over the variable bounds `bounds` (indexed
    /// by variable id).
    bool has_bounds(const SmallVector<Interval, 8>& bounds) const {
        return std::equal(bound_, bound_ + num_bounds_, bounds.begin(), bounds.end());
    }
    /// The domain's constraints (empty when built from bounds only).
    const std::vector<Constraint>& constraints() const {
        return map_constraints_ ? *map_constraints_ : owned_constraints_;
    }
    /// The divisibility analysis of the domain's constraints
    /// (`DivisibilityAnalysis(constraints())`) that narrows the ranges of mod
    /// nodes, or null when no constraint is a congruence `e mod c in [r, r]`
    /// (an analysis of the constraints would then hold no fact). A caller
    /// that needs that analysis too may share it, memo included:
    ///
    ///     DivisibilityAnalysis none;
    ///     DivisibilityAnalysis& facts = ranges.congruences() ? *ranges.congruences() : none;
    DivisibilityAnalysis* congruences() { return congruences_.get(); }
    /// The divisors with variables of those constraints (constraint_divisors;
    /// found when first asked for).
    const std::vector<Expr>& constraint_divisors() {
        if (!divisors_found_) find_divisors();
        return divisors_;
    }

private:
    /// Copies the variable bounds of `map` (the analysis has none yet).
    void copy_bounds(const IndexingMap& map);
    /// Sets point_vars_ and high_point_var_ from the bounds (after each
    /// change of bound_).
    void find_point_bounds();
    /// Takes in the domain's constraints (the constructors' shared part).
    void use_constraints(const std::vector<Constraint>& constraints);
    /// Finds the constraints' divisors, and marks them non-zero.
    void find_divisors();
    /// range() of a node with operands that is not memoized yet: computes,
    /// narrows and memoizes it (out of line: range() is called often, and
    /// mostly answers from the bounds or the memo).
    __attribute__((noinline)) Interval range_of_new(Expr e);
    Interval compute(Expr e);
    /// True if the sum or product `n`, which no constraint narrows (nor, for
    /// a sum, by_regrouping: see may_regroup), has a
    /// term `t` or `t * c` (c != 0, no constraint on the product) whose
    /// range, from the bounds or the memo, is not one point (see is_point),
    /// or, where no constraint narrows any node, a quotient or remainder
    /// term that quotient_spans_two_points shows spans two values. Inline
    /// (below the class): the gates ask it of most new sums.
    bool spans_two_points(const detail::ExprNode* n) const;
    /// True if the floordiv or ceildiv node `n` divides by a constant c != 0
    /// a dividend whose range (found before) or whose terms `v` and `v * a`
    /// span at least |c| between their ends (the other terms only widen a
    /// sum, or empty it), so the quotient spans two values; or if the mod
    /// node `n` divides by a constant c with |c| >= 2 a dividend that spans
    /// at least 1 so, and the remainder spans two values (mod_intervals).
    /// No constraint may narrow a node (known_ empty): then there is no
    /// congruence either (each is a constraint), and by_residue narrows no
    /// mod node's range.
    bool quotient_spans_two_points(const detail::ExprNode* n) const;
    /// range() of a constant or a variable (inline in the analysis).
    __attribute__((always_inline)) Interval leaf_range(const detail::ExprNode* n) const {
        if (n->kind == ExprKind::Constant) return Interval::point(n->value);
        // A variable is not memoized: the bounds are at hand, a memo entry costs more.
        auto id = static_cast<size_t>(n->value);
        Interval r = id < num_bounds_ ? bound_[id] : Interval::all();
        if (!known_.empty()) {
            if (const Interval* k = known_.find(n->id)) r = r.intersect(*k);
        }
        return r;
    }
    /// range() of operand `i` of `n`, inline when it is a constant or a
    /// variable (the usual operands).
    Interval operand_range(const detail::ExprNode* n, size_t i);
    /// `r`, the range of the mod node `e`, narrowed to the residue class
    /// the congruences give `e`.
    Interval by_residue(Expr e, Interval r);
    /// The range of the sum node `n`, exact partial sums (no widening before the total).
    Interval sum_range(const detail::ExprNode* n);
    /// `r`, the range of the sum node `n`, narrowed by each constrained sum
    /// f that `n` holds a multiple of: n == a * f + z (as_multiple_of), so n
    /// lies in a times f's constraint range plus the range of z
    /// (range_by_constraint_lower and _upper with q = 1; range_by_constraints
    /// applies them for any ratio). With `d0 + d1 in [0, 15]`, `d0 + d1 + 3`
    /// is in [3, 18] whatever the bounds of d0 and d1. (Out of line: only
    /// maps with a constraint on a sum get here.)
    __attribute__((noinline)) Interval by_regrouping(const detail::ExprNode* n, Interval r);
    /// False if by_regrouping leaves the range of `n` as it is: `n` is no
    /// sum, or each constrained sum has a variable `n` lacks (then `n` holds
    /// no multiple of it).
    bool may_regroup(const detail::ExprNode* n) const {
        if (n->kind != ExprKind::Add) return false;
        for (uint8_t i = 0; i < num_sum_constraints_; ++i)
            if ((sum_constraints_[i]->var_mask & ~n->var_mask) == 0) return true;
        return false;
    }
    bool compute_may_be_undefined(Expr e);

    SmallVector<Interval, 8> bounds_;  // a copy (Held::Copy); inline for a typical map
    const Interval* bound_ = nullptr;  // the bounds by id: bounds_'s or the map's
    size_t num_bounds_ = 0;
    /// Bit i set: variable i (< 64) has a point bound.
    uint64_t point_vars_ = 0;
    /// Bit i set: variable i (< 64) occurs in a constraint.
    uint64_t constrained_vars_ = 0;
    /// Some variable of id 64 or more has a point bound, or occurs in a
    /// constraint: never_a_point then holds for no node with such a variable.
    bool high_point_var_ = false;
    bool high_constrained_ = false;
    /// The constraints copied by the constructor from vectors.
    std::vector<Constraint> owned_constraints_;
    /// The map's constraints, read in place (null: owned_constraints_).
    const std::vector<Constraint>* map_constraints_ = nullptr;
    std::vector<Expr> divisors_;
    bool divisors_found_ = false;  // divisors_ and nonzero_ are filled in
    IdMap<Interval> known_;        // constraint ranges by node id
    IdMap<char> nonzero_;          // divisors of the constraints by node id
    IdMap<Interval> memo_;
    IdMap<char> undefined_memo_;
    /// The congruences of the constraints, when some constraint is one (or
    /// an equality on a sum, whose terms it gives congruences): the
    /// range of `x mod c` keeps only the residues x's congruence allows.
    /// (On the heap: most maps have none, and the analysis is large.)
    std::unique_ptr<DivisibilityAnalysis> congruences_;
    /// The first kMaxSumConstraints sums a constraint bounds (by_regrouping
    /// reads them; a later one is not regrouped by, a wider but still sound
    /// range). Inline: an analysis is set up for every simplification.
    static constexpr uint8_t kMaxSumConstraints = 4;
    const detail::ExprNode* sum_constraints_[kMaxSumConstraints];
    uint8_t num_sum_constraints_ = 0;
};

inline bool RangeAnalysis::spans_two_points(const detail::ExprNode* n) const {
    const bool narrowed = !known_.empty();  // some constraint narrows a node
    if (narrowed && (known_.find(n->id) || may_regroup(n))) return false;
    // The node itself as a one-term sum when it is a product.
    const detail::ExprNode* const* terms = n->operands;
    size_t count = n->num_operands;
    if (n->kind == ExprKind::Mul) terms = &n, count = 1;
    for (size_t i = 0; i < count; ++i) {
        const detail::ExprNode* t = terms[i];
        if (t->kind == ExprKind::Mul) {
            if (t->num_operands != 2 || t->operands[1]->kind != ExprKind::Constant ||
                t->operands[1]->value == 0 || (narrowed && known_.find(t->id)))
                continue;
            t = t->operands[0];
        }
        if (t->kind == ExprKind::Variable) {
            // leaf_range, read in place when no constraint narrows a node.
            const auto id = static_cast<size_t>(t->value);
            if (narrowed ? !leaf_range(t).is_point() : id >= num_bounds_ || !bound_[id].is_point())
                return true;
        } else if (t->kind != ExprKind::Constant) {
            if (const Interval* m = memo_.find(t->id)) {
                if (!m->is_point()) return true;
            } else if (!narrowed && detail::is_division(t->kind) && quotient_spans_two_points(t)) {
                return true;  // a term `x floordiv 8` not found before (see is_point)
            }
        }
    }
    return false;
}

}  // namespace provix::engine
