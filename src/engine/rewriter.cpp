/// \file
/// Bottom-up fixed-point rewriting.

#include "rewriter.h"

#include "enumerated_affine.h"
#include "expr_build.h"
#include "expr_node.h"
#include "expr_steps.h"
#include "floor_relaxation.h"
#include "lemma_ids.h"
#include "radix_digits.h"
#include "scratch_stack.h"

namespace provix::engine {
namespace {

using detail::id_of;
using detail::kind_of;
using detail::num_ops;
using detail::op_at;

/// Safety net. Termination is argued by the reduction order checked for
/// every rule (`provix prove`); this bound on the recursion (tree depth plus
/// chained rewrites) only stops a defect from exhausting the stack. The
/// parser's default nesting limit (256) stays well below it.
constexpr int kMaxDepth = 1000;

/// The operand buffers of the nested simplify_operands calls.
detail::ScratchStack<std::vector<Expr>>& operand_buffers() {
    thread_local detail::ScratchStack<std::vector<Expr>> stack;
    return stack;
}

}  // namespace

inline Expr Rewriter::simplify_at(Expr e, int depth) {
    const detail::ExprNode* n = detail::node_of(e);
    if (n->kind == ExprKind::Constant) return e;  // nothing simplifies a constant (no memo entry)
    // A canonical polynomial (no floordiv, ceildiv, mod, min, max) whose
    // range is no point: only the point rules could rewrite a node of it
    // (RuleTable::rewrites_polynomials_only_at_points), no node of it has a
    // point range (RangeAnalysis::never_a_point: neither has any of its
    // sub-polynomials, whose variables are among its own), and no
    // whole-expression step acts on a polynomial (may_rewrite_whole): it is
    // final, and no rule or lemma is applied in it.
    if (polynomials_final_ && !n->has_piecewise && n->canonical && !n->unfolded_constants &&
        ranges_.never_a_point(n))
        return e;
    if (const Expr done = memo_.find(e)) return done;
    return simplify_new(e, depth);
}

Expr Rewriter::simplify(Expr e) { return simplify_at(e, 0); }

__attribute__((always_inline)) inline Expr Rewriter::simplify_operand(Expr e, size_t i, int depth) {
    const Expr op = op_at(e, i);
    // A constant divisor (the common case) simplifies to itself: no trial.
    if (i == 1 && detail::is_division(kind_of(e)) && !detail::is_const(op))
        return simplify_divisor(op, depth);
    return simplify_at(op, depth);
}

Expr Rewriter::simplify_operands(Expr e, int depth) {
    // Most nodes come out unchanged: no buffer until an operand changes.
    const size_t n = num_ops(e);
    for (size_t i = 0; i < n; ++i) {
        const Expr s = simplify_operand(e, i, depth + 1);
        if (s != op_at(e, i)) return rebuild_from(e, i, s, depth);
    }
    return e;
}

Expr Rewriter::simplify_divisor(Expr d, int depth) {
    const TrialRewrites::Mark mark = trial_.begin(&log_);
    const Expr s = simplify_at(d, depth);
    if (detail::is_const(s, 0)) {
        trial_.discard(mark, memo_, &log_);
        return d;
    }
    trial_.keep(&log_);
    return s;
}

Expr Rewriter::rebuild_from(Expr e, size_t i, Expr s, int depth) {
    // The operands in a reused buffer (no allocation in the steady state).
    detail::ScopedScratch<std::vector<Expr>> ops(operand_buffers());
    for (size_t j = 0; j < i; ++j)
        ops->push_back(op_at(e, j));
    ops->push_back(s);
    for (size_t j = i + 1; j < num_ops(e); ++j)
        ops->push_back(simplify_operand(e, j, depth + 1));
    // No literal zero divisor: simplify_divisor keeps a divisor that would
    // become one.
    return detail::build(kind_of(e), ops->data(), ops->size());
}

Expr Rewriter::simplify_new(Expr e, int depth) {
    if (depth > kMaxDepth) return e;
    remember(e, e);  // in progress: a cycle sees the node as is
    if (num_ops(e) == 0) return rewrite_leaf(e, depth);
    Expr current = simplify_operands(e, depth);
    if (current != e) {
        // Rebuilding canonically can create nodes that were never simplified
        // (`2 * (x floordiv 2 + 1)` distributes to `(x floordiv 2) * 2 + 2`),
        // so the rebuilt node is simplified as a whole, operands included.
        current = simplify_at(current, depth + 1);
    } else {
        current = rewrite_root(current, depth);
    }
    // An unchanged node needs no second entry: its in-progress entry already
    // maps it to itself, and nothing below overwrites it (a nested call on e
    // returns at the find above; every other entry written below is for
    // another node, or maps a node to itself).
    if (current != e) {
        remember(e, current);
        remember(current, current);
    }
    return current;
}

Expr Rewriter::rewrite_leaf(Expr e, int depth) {
    // Only gates of the point test alone are checked here (fixed_value's,
    // the one rule of the built-in table a variable can match), without
    // rewrite_root's set-up. Any other gate, or one that admits, leads to
    // rewrite_root, which checks them all again in order: the rule that
    // fires is the same. No whole-expression step acts on a leaf
    // (may_rewrite_whole), so a leaf every gate turns away stays as it is.
    for (const CompiledRule* rule : table_.expression_rules(kind_of(e))) {
        const RuleGate& gate = rule->gate;
        if (!gate.shape_tests && gate.point_range && !ranges_.range(e).is_point()) continue;
        const Expr r = rewrite_root(e, depth);
        if (r != e) {
            remember(e, r);
            remember(r, r);
        }
        return r;
    }
    return e;
}

Expr Rewriter::rewrite_root(Expr e, int depth) {
    if (detail::is_const(e)) return e;  // nothing simplifies a constant
    NodeFacts facts(e, &divisibility_);
    // Without the sum gates its terms' kinds turn away, if the kind has
    // some, else without the gates its operands' kinds and constants turn
    // away (a leaf has none).
    const SumGateSkip& sum_gates = table_.sum_gate_skip(kind_of(e));
    const std::vector<const CompiledRule*>& rules =
        sum_gates.any ? sum_gates.rules_for(facts.sum(0))
        : table_.has_operand_classes(kind_of(e))
            ? table_.expression_rules(kind_of(e), operand_class(e))
            : table_.expression_rules(kind_of(e));
    for (const CompiledRule* rule : rules) {
        // Rules that cannot match the node are not tried (the order of the
        // others is kept, so the first rule that fires is the same).
        if (!rule->gate.admits(facts, ranges_)) continue;
        std::optional<Expr> r = matcher_.apply(*rule, e);
        if (!r || *r == e) continue;
        ++firings_;
        log_.fired(rule->rule.name);
        // The right side may hold new sub-expressions: simplify it as a whole
        // (memoized; a node still in progress is seen as is).
        return simplify_at(*r, depth + 1);
    }
    // What no rule rewrote: the whole-expression steps, on the nodes they
    // may act on (further cheap pre-checks inside: the kind, then the terms
    // or the variables).
    if (!may_rewrite_whole(e)) return e;
    return rewrite_whole(e, depth);
}

Expr Rewriter::rewrite_whole(Expr e, int depth) {
    Expr r;
    const char* lemma_name = nullptr;
    RangeLemmas range_lemmas = {};  // narrowings of a difference's range
    if (e.kind() == ExprKind::Add) {
        r = recognise_mod_in_sum(e);
        lemma_name = lemma::mod_recognise_sum;
        if (!r) r = recombine_radix_digits(e, ranges_, log_, &lemma_name);
        if (!r) {
            r = constant_by_floor_relaxation(e, ranges_);
            lemma_name = lemma::floor_relaxation_value;
        }
    } else {
        if (e.kind() == ExprKind::Min || e.kind() == ExprKind::Max) {
            r = decide_min_max_by_difference(e, ranges_, range_lemmas);
            lemma_name =
                e.kind() == ExprKind::Min ? lemma::min_by_difference : lemma::max_by_difference;
        }
        if (!r) {
            r = two_point_affine(e, ranges_);
            lemma_name = lemma::two_point_affine;
            range_lemmas = {};
        }
    }
    if (!r) {
        r = enumerated_affine(e, ranges_);
        lemma_name = lemma::enumerated_affine;
    }
    if (r && r != e) {
        ++firings_;
        for (const char* narrowing : range_lemmas)
            if (narrowing) log_.fired(narrowing);
        log_.fired(lemma_name);
        return simplify_at(r, depth + 1);
    }
    return e;
}

}  // namespace provix::engine
