// Tile propagation through an output-to-input map (see provix/hlo/tiling.h).
//
// Each output dimension i is split as d_i = t_i * size_i + u_i with the
// tile index t_i and the position inside the tile u_i in [0, size_i - 1].
// Each result of the map is then classified:
//  - affine in the u's and range variables: its values over the tile are
//    the sumset of arithmetic progressions (one per variable); it is one
//    strided interval when the progressions nest without gaps;
//  - `e floordiv m` and `e mod m` of the same affine e over one u (a
//    reshape's collapse): a tile when the tile size is a multiple of m (full
//    rows) or divides m (part of one row), under a divisibility constraint
//    on the offset.
// A variable may feed only one result (else the footprint is not a product
// of intervals), except for the floordiv/mod pair.

#include "provix/hlo/tiling.h"

#include <algorithm>
#include <map>

#include "provix/interval_eval.h"
#include "provix/semantics.h"
#include "provix/simplify.h"

namespace provix::hlo {

namespace {

/// `e` as `sum(coefficient * variable) + rest`: `coefficients[v]` for the
/// variables in `local` (the u's and range variables); `rest` uses only the
/// other variables. Nullopt when e is not affine in the local variables.
struct AffineParts {
    std::map<int64_t, int64_t> coefficients;
    Expr rest;
};

std::optional<AffineParts> split_affine(Expr e, const std::vector<bool>& local) {
    Context& ctx = e.context();
    std::vector<bool> used(local.size(), false);
    collect_variables(e, used);
    AffineParts parts;
    std::vector<Expr> zero;
    for (size_t v = 0; v < local.size(); ++v) {
        Expr var = ctx.variable(static_cast<int64_t>(v));
        zero.push_back(local[v] ? ctx.constant(0) : var);
    }
    parts.rest = canonicalize(substitute(e, zero));
    // e - rest must be linear in the local variables: check e(v + 1) - e(v)
    // is constant for each, and no product of locals (checked by
    // reconstructing).
    Expr rebuilt = parts.rest;
    for (size_t v = 0; v < local.size(); ++v) {
        if (!local[v] || !used[v]) continue;
        std::vector<Expr> shift;
        for (size_t k = 0; k < local.size(); ++k) {
            Expr var = ctx.variable(static_cast<int64_t>(k));
            shift.push_back(k == v ? var + 1 : var);
        }
        Expr step = canonicalize(substitute(e, shift) - e);
        if (!step.is_constant()) return std::nullopt;
        if (step.constant_value() != 0) {
            parts.coefficients[static_cast<int64_t>(v)] = step.constant_value();
            rebuilt = rebuilt + ctx.variable(static_cast<int64_t>(v)) * step.constant_value();
        }
    }
    if (canonicalize(rebuilt - e) != ctx.constant(0)) return std::nullopt;
    return parts;
}

/// True if `e` over the tile indices' `bounds` is always in `range`, as
/// proven by simplification.
bool always(Expr e, Interval range, const std::vector<Interval>& bounds) {
    bool may_fail = false;
    Interval r = interval_of(e, bounds, &may_fail);
    if (!may_fail && range.contains(r)) return true;
    std::vector<IndexingVariable> dims;
    for (const Interval& b : bounds)
        dims.push_back({b, ""});
    auto m = IndexingMap::get(
        *SymbolicMap::get(e.context(), static_cast<int64_t>(bounds.size()), 0, {e}), dims, {}, {});
    if (!m) return false;
    simplify(*m);
    if (m->state() != IndexingMap::State::Normal) return false;
    r = interval_of(m->results()[0], bounds, &may_fail);
    return !may_fail && range.contains(r);
}

/// `e` simplified over the tile indices' `bounds`.
Expr simplified(Expr e, const std::vector<Interval>& bounds) {
    std::vector<IndexingVariable> dims;
    for (const Interval& b : bounds)
        dims.push_back({b, ""});
    auto m = IndexingMap::get(
        *SymbolicMap::get(e.context(), static_cast<int64_t>(bounds.size()), 0, {e}), dims, {}, {});
    if (!m) return e;
    simplify(*m);
    return m->state() == IndexingMap::State::Normal ? m->results()[0] : e;
}

}  // namespace

OperandTile propagate_tile(const IndexingMap& map, const std::vector<int64_t>& output_dims,
                           const std::vector<int64_t>& sizes) {
    OperandTile out;
    auto fail = [&](const std::string& why) {
        out = OperandTile{};
        out.reason = why;
        return out;
    };
    if (map.state() != IndexingMap::State::Normal) return fail("no map");
    if (map.num_rt_vars() > 0) return fail("the map depends on runtime values");
    if (static_cast<int64_t>(sizes.size()) != map.num_dims() ||
        static_cast<int64_t>(output_dims.size()) != map.num_dims()) {
        return fail("the tile has " + std::to_string(sizes.size()) + " sizes, the output " +
                    std::to_string(map.num_dims()) + " dimensions");
    }
    Context& ctx = *map.context();
    const int64_t rank = map.num_dims();
    const int64_t r = map.num_range_vars();
    // New variables: t_0..t_{rank-1}, u_0..u_{rank-1}, then range vars.
    std::vector<Interval> bounds;
    // Where the map is defined on part of an output dimension only (pad,
    // concatenate), the tiles inside that part: a condition on t_i.
    std::vector<std::pair<int64_t, Interval>> inside;
    for (int64_t i = 0; i < rank; ++i) {
        const Interval& b = map.dims()[static_cast<size_t>(i)].bounds;
        const int64_t size = sizes[static_cast<size_t>(i)];
        const int64_t out_size = output_dims[static_cast<size_t>(i)];
        if (size < 1) return fail("tile sizes must be positive");
        if (b.is_empty() || !b.is_bounded() || b.lo() < 0 || b.hi() > out_size - 1) {
            return fail("the map's domain of output dimension " + std::to_string(i) +
                        " is not inside the output");
        }
        if (b.lo() != 0 || b.hi() != out_size - 1) {
            if (b.hi() - size + 1 < b.lo()) {
                return fail("no tile of output dimension " + std::to_string(i) +
                            " lies where the map is defined");
            }
            inside.push_back({i, Interval{b.lo(), b.hi() - size + 1}});
        }
        bounds.push_back({0, *ceil_div(out_size, size) - 1});  // size >= 1: no overflow
    }
    for (int64_t i = 0; i < rank; ++i)
        bounds.push_back({0, sizes[static_cast<size_t>(i)] - 1});
    for (const IndexingVariable& v : map.range_vars())
        bounds.push_back(v.bounds);
    std::vector<bool> local(bounds.size(), false);
    for (size_t k = static_cast<size_t>(rank); k < local.size(); ++k)
        local[k] = true;
    std::vector<Expr> repl;
    for (int64_t i = 0; i < rank; ++i) {
        repl.push_back(ctx.variable(i) * sizes[static_cast<size_t>(i)] + ctx.variable(rank + i));
    }
    for (int64_t j = 0; j < r; ++j)
        repl.push_back(ctx.variable(2 * rank + j));
    std::vector<Interval> t_bounds(bounds.begin(), bounds.begin() + rank);
    for (const auto& [i, range] : inside) {
        out.constraints.push_back({ctx.variable(i) * sizes[static_cast<size_t>(i)], range});
    }
    // A constraint affine in the output dims holds on a whole tile when it
    // holds at the tile's extreme corners: a condition on the t_i. Others
    // (on range variables, not affine) cut tiles or footprints.
    for (const Constraint& c : map.constraints()) {
        std::vector<bool> used(static_cast<size_t>(map.num_variables()), false);
        collect_variables(c.expr, used);
        for (int64_t j = 0; j < r; ++j) {
            if (used[static_cast<size_t>(rank + j)]) {
                return fail("the map's domain constrains its range variables (" +
                            map.expr_to_string(c.expr) + ")");
            }
        }
        auto parts = split_affine(canonicalize(substitute(c.expr, repl)), local);
        if (!parts || c.range.lo_is_inf() || c.range.hi_is_inf()) {
            return fail("the map's domain has a constraint (" + map.expr_to_string(c.expr) +
                        ") that cuts tiles");
        }
        std::optional<int64_t> low = 0, high = 0;  // the tile's extent of the sum
        for (const auto& [v, a] : parts->coefficients) {
            const int64_t n = bounds[static_cast<size_t>(v)].hi();
            std::optional<int64_t>& end = a < 0 ? low : high;
            const std::optional<int64_t> step = checked_mul(a, n);
            end = end && step ? checked_add(*end, *step) : std::nullopt;
        }
        const std::optional<int64_t> lo = low ? checked_sub(c.range.lo(), *low) : std::nullopt;
        const std::optional<int64_t> hi = high ? checked_sub(c.range.hi(), *high) : std::nullopt;
        if (!lo || !hi) {
            return fail("the map's constraint (" + map.expr_to_string(c.expr) +
                        ") over a tile exceeds int64");
        }
        if (*hi < *lo) {
            return fail("no tile satisfies the map's constraint (" + map.expr_to_string(c.expr) +
                        ")");
        }
        out.constraints.push_back({canonicalize(parts->rest), Interval{*lo, *hi}});
    }
    std::vector<int> feeds(bounds.size(), 0);
    const size_t n_results = static_cast<size_t>(map.num_results());
    out.offsets.assign(n_results, ctx.constant(0));
    out.sizes.assign(n_results, 1);
    out.strides.assign(n_results, 1);
    std::vector<bool> done(n_results, false);
    std::vector<Expr> results;
    for (Expr e : map.results())
        results.push_back(canonicalize(substitute(e, repl)));
    for (size_t j = 0; j < n_results; ++j) {
        if (done[j]) continue;
        Expr e = results[j];
        if (auto parts = split_affine(e, local)) {
            // Sumset of progressions {c * [0, n - 1]}: sorted by |c|, each
            // must start inside the span so far (in units of the smallest).
            std::vector<std::pair<int64_t, int64_t>> terms;  // |c|, n
            Expr offset = parts->rest;
            auto too_large = [&] {
                return fail("result " + std::to_string(j) + " (" +
                            map.expr_to_string(map.results()[j]) + ") over a tile exceeds int64");
            };
            for (const auto& [v, c] : parts->coefficients) {
                ++feeds[static_cast<size_t>(v)];
                const Interval& vb = bounds[static_cast<size_t>(v)];
                std::optional<int64_t> n = checked_sub(vb.hi(), vb.lo());
                if (n) n = checked_add(*n, 1);
                // The smallest value of c * v: at v's upper end for c < 0.
                const std::optional<int64_t> least = checked_mul(c, c < 0 ? vb.hi() : vb.lo());
                if (!n || !least || c == kInt64Min) return too_large();
                offset = offset + ctx.constant(*least);
                if (*n > 1) terms.push_back({c < 0 ? -c : c, *n});
            }
            std::sort(terms.begin(), terms.end());
            int64_t stride = terms.empty() ? 1 : terms[0].first;
            int64_t span = 1;  // values covered, in units of `stride`
            for (const auto& [c, n] : terms) {
                if (c % stride != 0 || c / stride > span) {
                    return fail("result " + std::to_string(j) + " (" +
                                map.expr_to_string(map.results()[j]) +
                                ") takes values with gaps over a tile");
                }
                const std::optional<int64_t> step = checked_mul(c / stride, n - 1);
                const std::optional<int64_t> next = step ? checked_add(span, *step) : std::nullopt;
                if (!next) return too_large();
                span = *next;
            }
            out.offsets[j] = canonicalize(offset);
            out.sizes[j] = span;
            out.strides[j] = stride;
            done[j] = true;
            continue;
        }
        // A floordiv/mod pair of one affine expression over one variable.
        if (e.kind() != ExprKind::FloorDiv && e.kind() != ExprKind::Mod) {
            return fail("result " + std::to_string(j) + " (" +
                        map.expr_to_string(map.results()[j]) + ") is not affine in the tile");
        }
        Expr inner = e.lhs();
        if (!e.rhs().is_constant() || e.rhs().constant_value() <= 0) {
            return fail("result " + std::to_string(j) + " divides by a non-constant");
        }
        const int64_t m = e.rhs().constant_value();
        auto parts = split_affine(inner, local);
        if (!parts || parts->coefficients.size() != 1 || parts->coefficients.begin()->second != 1) {
            return fail("result " + std::to_string(j) + " (" +
                        map.expr_to_string(map.results()[j]) +
                        ") is not a division of one tile position");
        }
        const int64_t v = parts->coefficients.begin()->first;
        ++feeds[static_cast<size_t>(v)];
        // The divided position takes the n values [0, n - 1] (a tile offset
        // does; a range variable must start at 0 too).
        const Interval& vb = bounds[static_cast<size_t>(v)];
        if (vb.lo() != 0 || vb.hi() < 0 || vb.hi() == kInt64Max) {
            return fail("result " + std::to_string(j) + " (" +
                        map.expr_to_string(map.results()[j]) +
                        ") divides a position that does not range over [0, n - 1]");
        }
        const int64_t n = vb.hi() + 1;
        Expr k = parts->rest;  // the offset of the divided expression
        // The partner (mod for floordiv and vice versa) of the same inner.
        size_t partner = n_results;
        for (size_t q = 0; q < n_results; ++q) {
            if (q == j || done[q]) continue;
            Expr o = results[q];
            if ((o.kind() == ExprKind::FloorDiv || o.kind() == ExprKind::Mod) &&
                o.kind() != e.kind() && o.lhs() == inner && o.rhs() == e.rhs()) {
                partner = q;
            }
        }
        size_t div_j = e.kind() == ExprKind::FloorDiv ? j : partner;
        size_t mod_j = e.kind() == ExprKind::Mod ? j : partner;
        if (n % m == 0) {
            // Whole rows: needs the offset at a row start.
            if (!always(mod(k, m), {0, 0}, t_bounds)) {
                out.constraints.push_back({canonicalize(mod(k, m)), {0, 0}});
            }
            if (div_j < n_results) {
                out.offsets[div_j] = canonicalize(floor_div(k, m));
                out.sizes[div_j] = n / m;
            }
            if (mod_j < n_results) {
                out.offsets[mod_j] = ctx.constant(0);
                out.sizes[mod_j] = m;
            }
        } else if (m % n == 0) {
            // Part of one row: the tile must not cross a row end.
            if (!always(mod(k, m), {0, m - n}, t_bounds)) {
                out.constraints.push_back({canonicalize(mod(k, m)), {0, m - n}});
            }
            if (div_j < n_results) {
                out.offsets[div_j] = canonicalize(floor_div(k, m));
                out.sizes[div_j] = 1;
            }
            if (mod_j < n_results) {
                out.offsets[mod_j] = canonicalize(mod(k, m));
                out.sizes[mod_j] = n;
            }
        } else {
            return fail("result " + std::to_string(j) + " (" +
                        map.expr_to_string(map.results()[j]) + "): the tile size " +
                        std::to_string(n) + " and the divisor " + std::to_string(m) +
                        " do not divide one another");
        }
        done[j] = true;
        if (partner < n_results) done[partner] = true;
    }
    for (int f : feeds) {
        if (f > 1) {
            return fail(
                "a tile position feeds two operand dimensions (the footprint is not a "
                "product of intervals)");
        }
    }
    for (Expr& e : out.offsets)
        e = simplified(e, t_bounds);
    for (Constraint& c : out.constraints)
        c.expr = simplified(c.expr, t_bounds);
    out.is_tile = true;
    return out;
}

std::string to_string(const OperandTile& tile) {
    if (!tile.is_tile) return "not a tile: " + tile.reason;
    auto names = [](int64_t id) { return "t" + std::to_string(id); };
    std::string s = "offsets (";
    for (size_t j = 0; j < tile.offsets.size(); ++j)
        s += (j ? ", " : "") + provix::to_string(tile.offsets[j], names);
    s += ") sizes (";
    for (size_t j = 0; j < tile.sizes.size(); ++j)
        s += (j ? ", " : "") + std::to_string(tile.sizes[j]);
    s += ") strides (";
    for (size_t j = 0; j < tile.strides.size(); ++j)
        s += (j ? ", " : "") + std::to_string(tile.strides[j]);
    s += ")";
    for (size_t c = 0; c < tile.constraints.size(); ++c) {
        const Constraint& k = tile.constraints[c];
        s += (c ? ", " : " if ") + provix::to_string(k.expr, names) + " in [" +
             std::to_string(k.range.lo()) + ", " + std::to_string(k.range.hi()) + "]";
    }
    return s;
}

}  // namespace provix::hlo
