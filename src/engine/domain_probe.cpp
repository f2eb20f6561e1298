/// \file
/// Bounds of a variable from a non-linear constraint over that variable
/// alone, by evaluating the constraint at the ends of a small range
/// (eval_excluded_lower, eval_excluded_upper of rules/domain.lemmas).

#include <optional>

#include "domain_passes.h"
#include "evaluate_wide.h"
#include "expr_node.h"
#include "lemma_ids.h"
#include "sum_term.h"

namespace provix::engine {
namespace {

/// Ranges of at most this many values are probed: the two ends move inwards
/// one value per evaluation, so a probe costs at most this many evaluations.
constexpr int64_t kMaxProbedValues = 32;

/// What the constraint says at one point.
enum class PointVerdict { Holds, Excluded, Unknown };

/// The constraint `c` at the point where its one variable `id` is `value`:
/// excluded when its expression divides by zero there or its value lies
/// outside the constraint's range (compared exactly, also beyond int64);
/// unknown when evaluation leaves 128 bits (the mathematical value may still
/// satisfy the constraint).
PointVerdict verdict_at(const Constraint& c, std::vector<int64_t>& values, size_t id,
                        int64_t value) {
    values[id] = value;
    Result<__int128> r = detail::evaluate_wide(c.expr, values);
    if (r) return detail::in_range(c.range, *r) ? PointVerdict::Holds : PointVerdict::Excluded;
    return r.error().kind == Error::Kind::DivisionByZero ? PointVerdict::Excluded
                                                         : PointVerdict::Unknown;
}

/// The variable id of an expression over exactly one variable (id < 64), or
/// nullopt.
std::optional<size_t> single_variable(Expr e) {
    const detail::ExprNode* n = detail::node_of(e);
    if (n->has_high_var || n->var_mask == 0 || (n->var_mask & (n->var_mask - 1)) != 0)
        return std::nullopt;
    return static_cast<size_t>(__builtin_ctzll(n->var_mask));
}

/// True if `c` is `v mod m in [r, r]` with v a variable and m constant.
bool is_variable_congruence(const Constraint& c) {
    return c.expr.kind() == ExprKind::Mod && c.expr.lhs().is_variable() &&
           c.expr.rhs().is_constant() && c.range.is_point();
}

/// True if `e` is a sum of variable * coefficient terms plus a constant
/// (bound tightening decides those exactly).
bool is_linear_sum(Expr e) {
    for (const SumTerm& t : sum_terms(e))
        if (t.monomial && !t.monomial.is_variable()) return false;
    return true;
}

/// Moves the bounds `[lo, hi]` of variable `id` inwards past the values at
/// which `c` is excluded; the empty interval when every value is.
Interval probe(const Constraint& c, size_t id, int64_t lo, int64_t hi, RewriteLog log) {
    std::vector<int64_t> values(id + 1, 0);
    // Each end steps only while it stays inside [lo, hi] (no step past
    // INT64_MAX or INT64_MIN, where hi or lo may sit).
    int64_t new_lo = lo, new_hi = hi;
    while (verdict_at(c, values, id, new_lo) == PointVerdict::Excluded) {
        if (new_lo == hi) {  // every value is excluded
            log.fired(lemma::eval_excluded_lower);
            return Interval::empty();
        }
        ++new_lo;
    }
    if (new_lo != lo) log.fired(lemma::eval_excluded_lower);
    while (new_hi > new_lo && verdict_at(c, values, id, new_hi) == PointVerdict::Excluded)
        --new_hi;
    if (new_hi != hi) log.fired(lemma::eval_excluded_upper);
    return Interval{new_lo, new_hi};
}

}  // namespace

bool tighten_by_probing(IndexingMap& map, RewriteLog log) {
    bool changed = false;
    // Only bounds change below, and the loop stops as soon as the map becomes
    // known empty (which clears the constraints): they are read in place.
    const std::vector<Constraint>& constraints = map.constraints();
    for (const Constraint& c : constraints) {
        std::optional<size_t> id = single_variable(c.expr);
        // A bare variable is a bound; a congruence `v mod m in [r, r]` on a
        // bare variable is aligned exactly (align_bounds_to_residues).
        if (!id || c.expr.is_variable() || is_variable_congruence(c)) continue;
        const Interval b = map.variable(static_cast<int64_t>(*id)).bounds;
        if (!b.is_bounded() || b.is_empty()) continue;
        const __int128 size = static_cast<__int128>(b.hi()) - b.lo() + 1;
        if (size > kMaxProbedValues || is_linear_sum(c.expr)) continue;
        const Interval nb = probe(c, *id, b.lo(), b.hi(), log);
        if (nb == b) continue;
        map.set_variable_bounds(static_cast<int64_t>(*id), nb);
        changed = true;
        if (map.is_known_empty()) return true;
    }
    return changed;
}

}  // namespace provix::engine
