/// \file
/// `simplify` for indexing maps: constraints first (rules, then the domain
/// passes), then results with the full domain.

#include "provix/simplify.h"

#include <iterator>

#include "divisibility.h"
#include "domain_passes.h"
#include "enumerated_bounds.h"
#include "expr_dag.h"
#include "expr_node.h"
#include "lemma_ids.h"
#include "nonzero_divisors.h"
#include "provix/small_vector.h"
#include "quiet_passes.h"
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

/// True if `c` is a congruence `e mod m in [r, r]` (a divisibility fact).
bool is_congruence(const Constraint& c) {
    return detail::kind_of(c.expr) == ExprKind::Mod && detail::is_const(detail::op_at(c.expr, 1)) &&
           c.range.is_point();
}

/// Simplifies `original` with `rewriter` and applies the constraint rules
/// (with the rewriter's matcher, over the same analyses) until none fires.
Constraint simplify_one(const Constraint& original, const RuleTable& table, Rewriter& rewriter,
                        engine::RewriteLog log) {
    engine::RuleMatcher& matcher = rewriter.matcher();
    Constraint c{rewriter.simplify(original.expr), original.range};
    for (int round = 0; round < kMaxRounds; ++round) {
        bool fired = false;
        for (const engine::CompiledRule* rule : table.constraint_rules(detail::kind_of(c.expr))) {
            auto r = matcher.apply_constraint(*rule, c);
            if (!r || *r == c) continue;
            log.fired(rule->rule.name);
            c = Constraint{rewriter.simplify(r->expr), r->range};
            fired = true;
            break;
        }
        if (!fired) break;
    }
    return c;
}

/// Names the lemma by which IndexingMap::add_constraint takes in the
/// constraint `c` (simplified from `original`) after the constraints `before`
/// (the ones before it, as they became, each taken in without emptying the
/// map), and returns true if `c` makes the map empty there. One on a
/// constant is decided: dropped when it holds (decided_holds; `d1 floordiv 8
/// in [0, 5]` with d1 in [0, 7] becomes `0 in [0, 5]`), the map empty when
/// not (decided_empty). One on a bare variable is intersected with the
/// variable's bounds (those of `map`, before any constraint), and one on the
/// expression of a constraint before it with that constraint
/// (bounds_intersect), whichever of the two changed into the other's
/// expression: `d0 mod 4 + d1 in [0, 2]` with d1 in [0, 0] becomes
/// `d0 mod 4 in [0, 2]` and joins a later `d0 mod 4 in [1, 3]`; the map is
/// empty when the ranges do not meet. The constraints of a map are on
/// distinct expressions, none a constant or a bare variable, so an unchanged
/// constraint joins only one that changed. A zero divisor empties the map.
bool take_in(const Constraint& c, const Constraint& original, const std::vector<Constraint>& before,
             const IndexingMap& map, engine::RewriteLog log) {
    if (c.expr.is_constant()) {
        const bool holds = c.range.contains(c.expr.constant_value());
        log.fired(holds ? engine::lemma::decided_holds : engine::lemma::decided_empty);
        return !holds;
    }
    Interval range = c.range;
    bool joins = c.expr.is_variable() && !(c == original);
    if (c.expr.is_variable()) range = range.intersect(map.variable(c.expr.variable_id()).bounds);
    for (const Constraint& b : before) {
        if (b.expr != c.expr) continue;
        joins = true;
        range = range.intersect(b.range);
    }
    if (joins) log.fired(engine::lemma::bounds_intersect);
    return range.is_empty() || detail::has_zero_divisor(c.expr);
}

/// simplify_one for constraint `i` of `originals` with the divisibility
/// facts of the others: the `i` ones before it as they became (from
/// `done`), and the ones after it as they are.
Constraint simplify_with_facts(const std::vector<Constraint>& originals, size_t i,
                               const Constraint* done, const RuleTable& table,
                               RangeAnalysis& ranges, engine::RewriteLog log) {
    // The others that the analysis reads (mod constraints), and of those
    // only the ones whose facts can reach the nodes the rewriter sees (all
    // over the variables of this constraint): their analysis answers as the
    // one of all the others there.
    SmallVector<Constraint, 8> others;
    for (size_t j = 0; j < originals.size(); ++j) {
        const Constraint& c = j < i ? done[j] : originals[j];
        if (j != i && detail::kind_of(c.expr) == ExprKind::Mod) others.push_back(c);
    }
    engine::keep_facts_reaching(originals[i].expr, &others);
    DivisibilityAnalysis facts(others.begin(), others.end());
    Rewriter rewriter(table, ranges, facts, log);
    return simplify_one(originals[i], table, rewriter, log);
}

/// Simplifies every constraint expression and applies the constraint rules.
/// A constraint must not be used to simplify itself: the ranges here are the
/// variable bounds only, and the divisibility facts of a constraint are the
/// congruences of the others, each in its current form (the ones simplified
/// before it as they became), so two constraints never justify each other
/// away (two copies of `d0 mod 2 in [0, 0]`: the first becomes true, the
/// second stays).
///
/// `ranges`: the ranges over the current variable bounds of `map` alone.
bool simplify_constraints(IndexingMap& map, const RuleTable& table, engine::RewriteLog log,
                          RangeAnalysis& ranges) {
    DivisibilityAnalysis no_facts;
    Rewriter plain_rewriter(table, ranges, no_facts, log);
    const std::vector<Constraint>& originals = map.constraints();
    size_t congruences = 0;
    for (const Constraint& c : originals)
        congruences += is_congruence(c);
    // The constraints as they become, kept from the first that changes on:
    // until then they are the originals. Once they empty the map (taken in
    // in order, as set_constraints does), the constraints after are not
    // simplified (none of their rewrites would be in the result).
    std::vector<Constraint> out;
    bool changed = false;
    for (size_t i = 0; i < originals.size(); ++i) {
        const Constraint& original = originals[i];
        // The other constraints' congruences, when there are any (cheap
        // check first: most maps have none).
        const Constraint c =
            congruences > (is_congruence(original) ? 1u : 0u)
                ? simplify_with_facts(originals, i, changed ? out.data() : originals.data(), table,
                                      ranges, log)
                : simplify_one(original, table, plain_rewriter, log);
        if (!changed && !(c == original)) {
            out.reserve(originals.size());
            out.assign(originals.begin(), originals.begin() + static_cast<std::ptrdiff_t>(i));
            changed = true;
        }
        if (changed) {
            const bool empty = take_in(c, original, out, map, log);
            out.push_back(c);
            if (empty) break;
        }
    }
    if (changed) map.set_constraints(std::move(out));
    return changed;
}

using engine::kDomainPasses;
static_assert(std::size(kDomainPasses) + 2 <= engine::QuietPasses::kMaxPasses);

/// True if `ranges` was built over the variable bounds `map` has now.
bool over_bounds_of(const RangeAnalysis& ranges, const IndexingMap& map) {
    return ranges.has_bounds(map.bounds_by_id());
}

/// Rounds of the constraint rules and the domain passes until a round
/// changes nothing. Each step reads only the bounds and the constraints, so
/// a step that changed nothing is not run again until some step has changed
/// them (engine::QuietPasses): the round that confirms the fixpoint runs
/// only the steps that may still act. The constraint rules and
/// drop_decided_constraints read the ranges over the variable bounds alone,
/// a function of the bounds only: one analysis serves them while the bounds
/// stay the same (looked at only once some step has changed the state since
/// they were last found the same). Out of line: a map without constraints
/// (the caller checks) does not pay for the frame of the analyses.
__attribute__((noinline)) bool simplify_domain(IndexingMap& map, const RuleTable& table,
                                               engine::RewriteLog log) {
    engine::QuietPasses quiet(log);
    RangeAnalysis bounds_ranges(map, RangeAnalysis::Domain::Bounds);
    uint64_t bounds_seen_at = quiet.version();  // the state whose bounds they are over
    auto current_bounds_ranges = [&]() -> RangeAnalysis& {
        if (quiet.version() == bounds_seen_at) return bounds_ranges;
        if (!over_bounds_of(bounds_ranges, map)) bounds_ranges.use_bounds_of(map);
        bounds_seen_at = quiet.version();
        return bounds_ranges;
    };
    bool any = false;
    // Every step acts through the constraints (each reads them, and finds
    // nothing to do or report without one): the rounds stop once the last
    // constraint is gone.
    auto active = [&] { return !map.is_known_empty() && !map.constraints().empty(); };
    for (int round = 0; round < kMaxRounds && active(); ++round) {
        bool changed = quiet.run(
            0, [&] { return simplify_constraints(map, table, log, current_bounds_ranges()); });
        if (active())
            changed |= quiet.run(1, [&] {
                return engine::drop_decided_constraints(map, current_bounds_ranges(), log);
            });
        for (size_t p = 0; p < std::size(kDomainPasses) && active(); ++p)
            changed |= quiet.run(p + 2, [&] { return kDomainPasses[p](map, log); });
        any |= changed;
        if (!changed) break;
    }
    return any;
}

}  // namespace

bool is_lemma(const std::string& name) { return RuleTable::builtin().is_lemma(name); }

bool simplify(IndexingMap& map, const SimplifyOptions& options) {
    if (map.is_known_empty() || map.is_undefined()) return false;
    const RuleTable& table = RuleTable::builtin();
    engine::RewriteLog log{options.trace, options.counters};
    bool changed = map.canonicalize();
    // The domain passes only read constraints.
    if (!map.constraints().empty()) changed |= simplify_domain(map, table, log);
    if (map.is_known_empty()) return true;

    // The map's variables do not change until the results are simplified:
    // the analysis reads their bounds in place.
    RangeAnalysis ranges(map, RangeAnalysis::Domain::BoundsAndConstraints,
                         RangeAnalysis::Held::Borrowed);
    // The divisibility facts of the constraints: the range analysis has
    // built them when some constraint is a congruence (the same analysis of
    // the same constraints, shared with its memo), and there are none
    // otherwise (only congruences give facts).
    DivisibilityAnalysis no_facts;
    DivisibilityAnalysis& divisibility = ranges.congruences() ? *ranges.congruences() : no_facts;
    Rewriter rewriter(table, ranges, divisibility, log);
    for (int64_t i = 0; i < map.num_results(); ++i) {
        const Expr r = map.results()[static_cast<size_t>(i)];
        const Expr simplified = rewriter.simplify(r);
        if (simplified == r) continue;
        map.set_result(i, simplified);
        changed = true;
    }
    // Unused range variables are projected out (unused_variable), with
    // constraints over only them that always hold (decided_holds); runtime
    // variables are inputs the caller supplies and all stay.
    const size_t vars = static_cast<size_t>(map.num_variables()), cs = map.constraints().size();
    if (map.remove_unused_range_variables()) {
        if (map.constraints().size() < cs) log.fired(engine::lemma::decided_holds);
        if (static_cast<size_t>(map.num_variables()) < vars)
            log.fired(engine::lemma::unused_variable);
        changed = true;
    }
    return changed;
}

std::vector<Interval> result_ranges(const IndexingMap& map) {
    std::vector<Interval> out;
    if (map.is_known_empty() || map.is_undefined()) {
        out.assign(static_cast<size_t>(map.num_results()), Interval::empty());
        return out;
    }
    RangeAnalysis ranges(map, RangeAnalysis::Domain::BoundsAndConstraints,
                         RangeAnalysis::Held::Borrowed);  // `map` is const here
    for (Expr r : map.results())
        out.push_back(ranges.range(r));
    return out;
}

Expr simplify_expr(Expr e, const std::vector<Interval>& bounds) {
    RangeAnalysis ranges(bounds);
    DivisibilityAnalysis divisibility;
    Rewriter rewriter(RuleTable::builtin(), ranges, divisibility);
    return rewriter.simplify(e);
}

}  // namespace provix
