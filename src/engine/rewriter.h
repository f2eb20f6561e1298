#pragma once
/// \file
/// Rewriter: bottom-up rewriting of expressions to a fixed point with the
/// expression rules of a RuleTable.

#include <map>
#include <string>
#include <vector>

#include "node_memo.h"
#include "rewrite_log.h"
#include "rule_matcher.h"
#include "rule_table.h"
#include "trial_rewrites.h"

namespace provix::engine {

class Rewriter {
public:
    Rewriter(const RuleTable& table, RangeAnalysis& ranges, DivisibilityAnalysis& divisibility,
             RewriteLog log = {})
        : table_(table),
          ranges_(ranges),
          divisibility_(divisibility),
          matcher_(ranges, divisibility),
          log_(log),
          polynomials_final_(table.rewrites_polynomials_only_at_points()) {}

    /// The simplified form of `e` (memoized per node).
    Expr simplify(Expr e);

    /// The matcher the rewriter applies rules with (over its analyses), for
    /// callers that apply other rules over the same analyses (the
    /// constraint rules): `rewriter.matcher().apply_constraint(rule, c)`.
    RuleMatcher& matcher() { return matcher_; }

    /// Number of rule firings so far.
    int64_t firings() const { return firings_; }

private:
    Expr rewrite_root(Expr e, int depth);
    /// The whole-expression steps of rewrite_root (on a node no rule
    /// rewrote, that may_rewrite_whole admits): out of line, so that the
    /// rules' loop keeps a small frame.
    __attribute__((noinline)) Expr rewrite_whole(Expr e, int depth);
    /// rewrite_root for a node without operands (a variable), with its
    /// memo entries: rewrite_root only if some rule's gate admits the node
    /// (no whole-expression step acts on a leaf: may_rewrite_whole).
    Expr rewrite_leaf(Expr e, int depth);
    /// The simplified form of `e` at recursion depth `depth`: a constant
    /// and a node already simplified (or in progress) answered inline, the
    /// others by simplify_new. Inlined into every caller: most calls end
    /// there, without the frame of the out-of-line work.
    __attribute__((always_inline)) inline Expr simplify_at(Expr e, int depth);
    /// simplify_at for a node that is not a constant and has no memo entry.
    __attribute__((noinline)) Expr simplify_new(Expr e, int depth);
    /// `e` with every operand simplified (rebuilt canonically if one changed).
    Expr simplify_operands(Expr e, int depth);
    /// The simplified form of operand `i` of `e` (simplify_divisor for the
    /// divisor of a division), at recursion depth `depth`.
    inline Expr simplify_operand(Expr e, size_t i, int depth);
    /// The simplified form of the divisor `d` (not a constant), or `d`
    /// itself when that is the constant 0 (`x mod rt0` with rt0 in [0, 0]):
    /// the division is undefined either way, and a literal zero divisor could
    /// not be printed and parsed back (docs/semantics.md). Simplified on trial
    /// (TrialRewrites), so the rewrites of a divisor kept as it was are
    /// neither reported nor remembered.
    __attribute__((noinline)) Expr simplify_divisor(Expr d, int depth);
    /// memo_.set(e, value), noting a new entry when a trial is under way
    /// (rarely: only inside a divisor that is not a constant).
    __attribute__((always_inline)) void remember(Expr e, Expr value) {
        if (__builtin_expect(trial_.active(), 0)) note_if_new(e);
        memo_.set(e, value);
    }
    /// Notes `e`'s memo entry as the trial's when it has none yet.
    __attribute__((noinline, cold)) void note_if_new(Expr e) {
        if (!memo_.find(e)) trial_.note_new_entry(e);
    }
    /// `e` with operand `i` replaced by `s` (its simplified form), the
    /// operands after it simplified, rebuilt canonically.
    Expr rebuild_from(Expr e, size_t i, Expr s, int depth);

    const RuleTable& table_;
    /// The ranges the whole-expression steps read (expr_steps.h).
    RangeAnalysis& ranges_;
    /// The congruences the matcher reads (the rule gates decide
    /// `divisible` conjuncts with them).
    DivisibilityAnalysis& divisibility_;
    RuleMatcher matcher_;
    RewriteLog log_;
    /// The simplified form of each node met (in its memo slot).
    detail::NodeMemo memo_;
    /// The divisors being simplified on trial (simplify_divisor).
    TrialRewrites trial_;
    int64_t firings_ = 0;
    /// The table's rewrites_polynomials_only_at_points: a polynomial whose
    /// range is no point needs no visit (simplify_at).
    bool polynomials_final_;
};

}  // namespace provix::engine
