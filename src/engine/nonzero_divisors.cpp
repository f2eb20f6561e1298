/// \file
/// Constraint divisors and the bounds they exclude (see nonzero_divisors.h).

#include "nonzero_divisors.h"

#include <optional>

#include "expr_node.h"
#include "id_map.h"
#include "lemma_ids.h"
#include "sum_term.h"

namespace provix::engine {
namespace {

/// The marks of `e` in `seen`: 1 walked, 2 recorded as a divisor.
uint8_t marks(const IdMap<uint8_t>& seen, Expr e) {
    const uint8_t* s = seen.find(detail::id_of(e));
    return s ? *s : uint8_t{0};
}

void mark(IdMap<uint8_t>& seen, Expr e, uint8_t bit) {
    seen.set(detail::id_of(e), static_cast<uint8_t>(marks(seen, e) | bit));
}

/// Walks the nodes with a variable divisor, recording each divisor once.
void collect_divisors(Expr e, IdMap<uint8_t>& seen, std::vector<Expr>& out) {
    if (detail::is_total(e) || (marks(seen, e) & 1u) != 0) return;
    mark(seen, e, 1);
    if (detail::is_division(detail::kind_of(e))) {
        const Expr d = detail::op_at(e, 1);
        if (!detail::is_const(d) && (marks(seen, d) & 2u) == 0) {
            mark(seen, d, 2);
            out.push_back(d);
        }
    }
    for (size_t i = 0; i < detail::num_ops(e); ++i)
        collect_divisors(detail::op_at(e, i), seen, out);
}

/// `d` as `a*v + b` with a != 0 (the variable id in *id), or false (also
/// when its constant terms do not add up in int64: split_sum).
bool as_affine_in_one_variable(Expr d, int64_t* id, int64_t* a, int64_t* b) {
    const std::optional<SplitSum> s = split_sum(d);
    if (!s || s->terms.size() != 1) return false;
    const SumTerm& t = s->terms[0];
    if (!t.monomial.is_variable() || t.coef == 0) return false;
    *id = t.monomial.variable_id();
    *a = t.coef;
    *b = s->constant;
    return true;
}

}  // namespace

std::vector<Expr> constraint_divisors(const std::vector<Constraint>& constraints) {
    std::vector<Expr> out;
    IdMap<uint8_t> seen;
    for (const Constraint& c : constraints)
        collect_divisors(c.expr, seen, out);
    return out;
}

bool exclude_zero_divisors_at_bounds(IndexingMap& map, RewriteLog log) {
    bool changed = false;
    for (Expr d : constraint_divisors(map.constraints())) {
        int64_t id, a, b;
        if (!as_affine_in_one_variable(d, &id, &a, &b)) continue;
        // The zero of a*v + b, when it is an integer (exact on 128 bits).
        const __int128 minus_b = -static_cast<__int128>(b);
        if (minus_b % a != 0) continue;
        const __int128 zero = minus_b / a;
        const Interval bounds = map.variable(id).bounds;
        std::optional<int64_t> lo = bounds.finite_lo(), hi = bounds.finite_hi();
        const bool at_lo = lo && *lo == zero, at_hi = hi && *hi == zero;
        if (!at_lo && !at_hi) continue;
        if (at_lo && at_hi) {  // the zero is the only value left
            log.fired(lemma::nonzero_divisor_lower);
            map.mark_known_empty();
            return true;
        }
        // lo < hi here, so lo + 1 and hi - 1 do not overflow.
        if (at_lo) {
            log.fired(lemma::nonzero_divisor_lower);
            lo = *lo + 1;
        } else {
            log.fired(lemma::nonzero_divisor_upper);
            hi = *hi - 1;
        }
        map.set_variable_bounds(id, Interval::bounded_by(lo, hi));
        changed = true;
        if (map.is_known_empty()) return true;
    }
    return changed;
}

}  // namespace provix::engine
