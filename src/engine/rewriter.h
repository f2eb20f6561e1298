#pragma once
/// \file
/// Rewriter: bottom-up rewriting of expressions to a fixed point with the
/// expression rules of a RuleTable.

#include <map>
#include <string>
#include <vector>

#include "id_map.h"
#include "rewrite_log.h"
#include "rule_matcher.h"
#include "rule_table.h"

namespace provix::engine {

class Rewriter {
public:
    Rewriter(const RuleTable& table, RangeAnalysis& ranges, DivisibilityAnalysis& divisibility,
             RewriteLog log = {})
        : table_(table),
          ranges_(ranges),
          divisibility_(divisibility),
          matcher_(ranges, divisibility),
          log_(log) {}

    /// The simplified form of `e` (memoized per node).
    Expr simplify(Expr e);

    /// Number of rule firings so far.
    int64_t firings() const { return firings_; }

private:
    Expr rewrite_root(Expr e, int depth);
    Expr simplify_at(Expr e, int depth);
    /// `e` with every operand simplified (rebuilt canonically if one changed).
    Expr simplify_operands(Expr e, int depth);

    const RuleTable& table_;
    /// The ranges the whole-expression steps read (expr_steps.h).
    RangeAnalysis& ranges_;
    /// The congruences the matcher reads (the rule gates decide
    /// `divisible` conjuncts with them).
    DivisibilityAnalysis& divisibility_;
    RuleMatcher matcher_;
    RewriteLog log_;
    IdMap<Expr> memo_;
    int64_t firings_ = 0;
};

}  // namespace provix::engine
