// Greedy shrinking of failing maps: candidate edits in order of how much
// they remove, the first that still fails is kept, until none does.

#include "provix/fuzz/shrinker.h"

#include <optional>
#include <utility>
#include <vector>

#include "provix/semantics.h"

namespace provix::fuzz {

namespace {

bool is_division(ExprKind k) {
    return k == ExprKind::FloorDiv || k == ExprKind::CeilDiv || k == ExprKind::Mod;
}

/// Rebuilds `kind(ops)` exactly as given when possible (canonically when
/// `Context::make` refuses, e.g. an Add left with one operand).
Expr rebuild(Context& ctx, ExprKind kind, const std::vector<Expr>& ops) {
    if (ops.size() == 1 && (kind == ExprKind::Add || kind == ExprKind::Mul)) return ops[0];
    Result<Expr> r = ctx.make(kind, ops);
    if (r) return *r;
    return build(kind, ops);
}

/// `e` with the node of preorder index `target` replaced by `with`.
Expr replace_node(Context& ctx, Expr e, int64_t& target, Expr with) {
    if (target == 0) {
        target = -1;
        return with;
    }
    --target;
    if (e.num_operands() == 0) return e;
    std::vector<Expr> ops = e.operands();
    bool changed = false;
    for (Expr& op : ops) {
        if (target < 0) break;
        Expr n = replace_node(ctx, op, target, with);
        changed |= n != op;
        op = n;
    }
    return changed ? rebuild(ctx, e.kind(), ops) : e;
}

/// `e` with every variable `id` replaced by `f(id)`.
template <class F>
Expr map_variables(Context& ctx, Expr e, const F& f) {
    if (e.is_variable()) return f(e.variable_id());
    if (e.num_operands() == 0) return e;
    std::vector<Expr> ops = e.operands();
    for (Expr& op : ops)
        op = map_variables(ctx, op, f);
    return rebuild(ctx, e.kind(), ops);
}

/// Values closer to 0 than `v` (never 0 itself when `nonzero`).
std::vector<int64_t> smaller_values(int64_t v, bool nonzero) {
    std::vector<int64_t> out;
    auto add = [&](int64_t x) {
        if (x == v || (nonzero && x == 0)) return;
        for (int64_t y : out) {
            if (y == x) return;
        }
        out.push_back(x);
    };
    add(0);
    add(1);
    if (v < 0) add(-1);
    if (nonzero && v < 0) add(-2);
    if (nonzero) add(2);
    add(v / 2);
    if (v > 0) add(v - 1);
    if (v < 0) add(v + 1);
    return out;
}

/// Collects the nodes of `e` in preorder, with whether each is a divisor.
void preorder(Expr e, bool divisor, std::vector<std::pair<Expr, bool>>& out) {
    out.push_back({e, divisor});
    for (size_t i = 0; i < e.num_operands(); ++i) {
        preorder(e.operand(i), is_division(e.kind()) && i == 1, out);
    }
}

/// Replacements for one node: its operands, terms dropped from a sum,
/// smaller constants.
std::vector<Expr> node_variants(Context& ctx, Expr node, bool divisor) {
    std::vector<Expr> out;
    if (node.is_constant()) {
        for (int64_t v : smaller_values(node.constant_value(), divisor))
            out.push_back(ctx.constant(v));
        return out;
    }
    if (divisor) {
        // A non-constant divisor expression: replace it by a small constant.
        out.push_back(ctx.constant(2));
        out.push_back(ctx.constant(1));
        return out;
    }
    for (size_t i = 0; i < node.num_operands(); ++i)
        out.push_back(node.operand(i));
    if ((node.kind() == ExprKind::Add || node.kind() == ExprKind::Mul) && node.num_operands() > 2) {
        for (size_t i = 0; i < node.num_operands(); ++i) {
            std::vector<Expr> ops = node.operands();
            ops.erase(ops.begin() + static_cast<long>(i));
            out.push_back(rebuild(ctx, node.kind(), ops));
        }
    }
    out.push_back(ctx.constant(0));
    out.push_back(ctx.constant(1));
    Expr canonical = canonicalize(node);
    if (canonical != node) out.push_back(canonical);
    return out;
}

/// Every edit of one expression.
std::vector<Expr> expr_variants(Context& ctx, Expr e) {
    std::vector<std::pair<Expr, bool>> nodes;
    preorder(e, false, nodes);
    std::vector<Expr> out;
    for (size_t k = 0; k < nodes.size(); ++k) {
        for (Expr with : node_variants(ctx, nodes[k].first, nodes[k].second)) {
            int64_t target = static_cast<int64_t>(k);
            out.push_back(replace_node(ctx, e, target, with));
        }
    }
    return out;
}

/// Smaller intervals: each end towards 0 (infinite ends are kept).
std::vector<Interval> interval_variants(const Interval& b) {
    std::vector<Interval> out;
    auto add = [&](std::optional<int64_t> lo, std::optional<int64_t> hi) {
        Interval c = Interval::bounded_by(lo, hi);
        if (!c.is_empty() && !(c == b)) out.push_back(c);
    };
    if (!b.lo_is_inf()) {
        for (int64_t v : smaller_values(b.lo(), false))
            add(v, b.finite_hi());
    }
    if (!b.hi_is_inf()) {
        for (int64_t v : smaller_values(b.hi(), false))
            add(b.finite_lo(), v);
    }
    if (b.is_empty()) out.push_back({1, 0});
    return out;
}

/// Removes variable `id`: its uses become `value`, later ids move down.
MapSpec remove_variable(Context& ctx, const MapSpec& s, int64_t id, int64_t value) {
    MapSpec out = s;
    auto f = [&](int64_t v) {
        if (v == id) return ctx.constant(value);
        return ctx.variable(v > id ? v - 1 : v);
    };
    for (Expr& r : out.results)
        r = map_variables(ctx, r, f);
    for (Constraint& c : out.constraints)
        c.expr = map_variables(ctx, c.expr, f);
    size_t i = static_cast<size_t>(id);
    if (i < s.dims.size()) {
        out.dims.erase(out.dims.begin() + static_cast<long>(i));
    } else if (i < s.dims.size() + s.range_vars.size()) {
        out.range_vars.erase(out.range_vars.begin() + static_cast<long>(i - s.dims.size()));
    } else {
        out.rt_vars.erase(out.rt_vars.begin() +
                          static_cast<long>(i - s.dims.size() - s.range_vars.size()));
    }
    return out;
}

/// Every candidate edit of `s`, the largest removals first.
std::vector<MapSpec> candidates(Context& ctx, const MapSpec& s) {
    std::vector<MapSpec> out;
    for (size_t i = 0; i < s.results.size(); ++i) {
        MapSpec c = s;
        c.results.erase(c.results.begin() + static_cast<long>(i));
        out.push_back(std::move(c));
    }
    for (size_t i = 0; i < s.constraints.size(); ++i) {
        MapSpec c = s;
        c.constraints.erase(c.constraints.begin() + static_cast<long>(i));
        out.push_back(std::move(c));
    }
    for (int64_t id = 0; id < s.num_variables(); ++id) {
        const Interval& b = s.variable(id).bounds;
        int64_t value = !b.lo_is_inf() ? b.lo() : !b.hi_is_inf() ? b.hi() : 0;
        out.push_back(remove_variable(ctx, s, id, value));
    }
    for (size_t i = 0; i < s.results.size(); ++i) {
        for (Expr e : expr_variants(ctx, s.results[i])) {
            MapSpec c = s;
            c.results[i] = e;
            out.push_back(std::move(c));
        }
    }
    for (size_t i = 0; i < s.constraints.size(); ++i) {
        for (Expr e : expr_variants(ctx, s.constraints[i].expr)) {
            MapSpec c = s;
            c.constraints[i].expr = e;
            out.push_back(std::move(c));
        }
        for (const Interval& r : interval_variants(s.constraints[i].range)) {
            MapSpec c = s;
            c.constraints[i].range = r;
            out.push_back(std::move(c));
        }
    }
    for (int64_t id = 0; id < s.num_variables(); ++id) {
        for (const Interval& b : interval_variants(s.variable(id).bounds)) {
            MapSpec c = s;
            c.variable(id).bounds = b;
            out.push_back(std::move(c));
        }
    }
    return out;
}

}  // namespace

ShrinkResult shrink(Context& ctx, const MapSpec& spec,
                    const std::function<bool(const MapSpec&)>& still_fails, int64_t max_checks) {
    ShrinkResult r;
    r.spec = spec;
    // Progress is a smaller (size, magnitude) pair: both are natural
    // numbers, so shrinking ends.
    std::pair<int64_t, uint64_t> size{spec_size(spec), spec_magnitude(spec)};
    bool progress = true;
    while (progress && r.checks < max_checks) {
        progress = false;
        for (MapSpec& c : candidates(ctx, r.spec)) {
            std::pair<int64_t, uint64_t> c_size{spec_size(c), spec_magnitude(c)};
            if (c_size >= size) continue;
            if (!build_map(ctx, c)) continue;
            ++r.checks;
            if (still_fails(c)) {
                r.spec = std::move(c);
                size = c_size;
                ++r.steps;
                progress = true;
                break;
            }
            if (r.checks >= max_checks) break;
        }
    }
    return r;
}

}  // namespace provix::fuzz
