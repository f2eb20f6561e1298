/// \file
/// `simplify` for indexing maps: constraints first (rules, then the domain
/// passes), then results with the full domain.

#include "provix/simplify.h"

#include "divisibility.h"
#include "domain_passes.h"
#include "range_analysis.h"
#include "rewriter.h"
#include "rule_table.h"

namespace provix {
namespace {

using engine::DivisibilityAnalysis;
using engine::RangeAnalysis;
using engine::Rewriter;
using engine::RuleTable;

constexpr int kMaxRounds = 16;

/// Simplifies every constraint expression and applies the constraint rules.
/// A constraint must not be used to simplify itself, so the analyses here
/// see the variable bounds only.
bool simplify_constraints(IndexingMap& map, const RuleTable& table, engine::RewriteLog log) {
    RangeAnalysis ranges(map.variable_bounds());
    DivisibilityAnalysis divisibility;
    Rewriter rewriter(table, ranges, divisibility, log);
    engine::RuleMatcher matcher(ranges, divisibility);
    std::vector<Constraint> out;
    bool changed = false;
    for (const Constraint& original : map.constraints()) {
        Constraint c{rewriter.simplify(original.expr), original.range};
        for (int round = 0; round < kMaxRounds; ++round) {
            bool fired = false;
            for (const engine::CompiledRule* rule : table.constraint_rules()) {
                auto r = matcher.apply_constraint(*rule, c);
                if (!r || *r == c) continue;
                if (log.trace) log.trace->push_back(rule->rule.name);
                if (log.counters) ++(*log.counters)[rule->rule.name];
                c = Constraint{rewriter.simplify(r->expr), r->range};
                fired = true;
                break;
            }
            if (!fired) break;
        }
        changed |= !(c == original);
        out.push_back(c);
    }
    if (changed) map.set_constraints(std::move(out));
    return changed;
}

bool simplify_domain(IndexingMap& map, const RuleTable& table, engine::RewriteLog log) {
    if (map.constraints().empty()) return false;  // the passes only read constraints
    bool any = false;
    for (int round = 0; round < kMaxRounds && !map.is_known_empty(); ++round) {
        bool changed = simplify_constraints(map, table, log);
        if (!map.is_known_empty()) changed |= engine::drop_decided_constraints(map);
        if (!map.is_known_empty()) changed |= engine::merge_congruences(map);
        if (!map.is_known_empty()) changed |= engine::tighten_bounds_from_linear_constraints(map);
        if (!map.is_known_empty()) changed |= engine::align_bounds_to_residues(map);
        if (!map.is_known_empty()) changed |= engine::rescale_symbols(map);
        any |= changed;
        if (!changed) break;
    }
    return any;
}

}  // namespace

bool simplify(IndexingMap& map, const SimplifyOptions& options) {
    if (map.is_known_empty() || map.is_undefined()) return false;
    const RuleTable& table = RuleTable::builtin();
    engine::RewriteLog log{options.trace, options.counters};
    bool changed = map.canonicalize();
    changed |= simplify_domain(map, table, log);
    if (map.is_known_empty()) return true;

    RangeAnalysis ranges(map.variable_bounds(), map.constraints());
    DivisibilityAnalysis divisibility(map.constraints());
    Rewriter rewriter(table, ranges, divisibility, log);
    std::vector<Expr> results;
    for (Expr r : map.results()) results.push_back(rewriter.simplify(r));
    if (results != map.results()) {
        map.set_results(std::move(results));
        changed = true;
    }
    changed |= map.remove_unused_symbols();
    return changed;
}

std::vector<Interval> result_ranges(const IndexingMap& map) {
    std::vector<Interval> out;
    if (map.is_known_empty() || map.is_undefined()) {
        out.assign(static_cast<size_t>(map.num_results()), Interval::empty());
        return out;
    }
    RangeAnalysis ranges(map.variable_bounds(), map.constraints());
    for (Expr r : map.results()) out.push_back(ranges.range(r));
    return out;
}

Expr simplify_expr(Expr e, const std::vector<Interval>& bounds) {
    RangeAnalysis ranges(bounds);
    DivisibilityAnalysis divisibility;
    Rewriter rewriter(RuleTable::builtin(), ranges, divisibility);
    return rewriter.simplify(e);
}

}  // namespace provix
