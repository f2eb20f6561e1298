/// \file
/// Maps as fields (map_fields.h).

#include "map_fields.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "provix/operators.h"

namespace provix::solvers::detail {

namespace {

// ---------------------------------------------------------------------------
// Intervals: flags for an empty interval and infinite ends, then the ends.

void put_interval(FieldWriter& out, const Interval& r) {
    out.put_flag(r.is_empty());
    if (r.is_empty()) return;
    out.put_flag(r.lo_is_inf());
    if (!r.lo_is_inf()) out.put_int(r.lo());
    out.put_flag(r.hi_is_inf());
    if (!r.hi_is_inf()) out.put_int(r.hi());
}

bool get_end(FieldReader& in, std::optional<int64_t>& end) {
    bool inf = false;
    if (!in.get_flag(inf)) return false;
    end.reset();
    if (inf) return true;
    int64_t v = 0;
    if (!in.get_int(v)) return false;
    end = v;
    return true;
}

bool get_interval(FieldReader& in, Interval& r) {
    bool empty = false;
    if (!in.get_flag(empty)) return false;
    if (empty) {
        r = Interval::empty();
        return true;
    }
    std::optional<int64_t> lo, hi;
    if (!get_end(in, lo) || !get_end(in, hi)) return false;
    if (lo && hi && *lo > *hi) return false;  // written as empty above
    r = Interval::bounded_by(lo, hi);
    return true;
}

// ---------------------------------------------------------------------------
// Expressions: the nodes in an order where operands come first, each once;
// an expression is then the index of its node.

/// The nodes of the expressions written so far, numbered in writing order.
class NodeWriter {
public:
    /// Writes the nodes of `e` not written yet (operands before their
    /// node); returns e's number. Iterative: a deep tree needs no stack.
    size_t put(Expr e) {
        std::vector<std::pair<Expr, size_t>> stack{{e, 0}};
        while (!stack.empty()) {
            auto& [node, next] = stack.back();
            if (numbers_.count(node.id())) {
                stack.pop_back();
                continue;
            }
            if (next < node.num_operands()) {
                const Expr op = node.operand(next++);
                if (!numbers_.count(op.id())) stack.emplace_back(op, 0);
                continue;
            }
            write(node);
            stack.pop_back();
        }
        return numbers_.at(e.id());
    }

    /// The nodes written, after the last put (read with NodeReader).
    const std::vector<std::string>& records() const { return records_; }

private:
    void write(Expr e) {
        FieldWriter r;
        r.put_int(static_cast<int64_t>(e.kind()));
        if (e.is_constant()) {
            r.put_int(e.constant_value());
        } else if (e.is_variable()) {
            r.put_int(e.variable_id());
        } else {
            r.put_count(e.num_operands());
            for (size_t i = 0; i < e.num_operands(); ++i)
                r.put_count(numbers_.at(e.operand(i).id()));
        }
        numbers_.emplace(e.id(), records_.size());
        records_.push_back(r.text());
    }

    std::unordered_map<uint32_t, size_t> numbers_;
    std::vector<std::string> records_;
};

/// Builds the nodes a NodeWriter wrote, in `ctx`.
bool get_nodes(FieldReader& in, Context& ctx, std::vector<Expr>& nodes) {
    size_t n = 0;
    if (!in.get_count(n) || n > in.remaining()) return false;
    nodes.clear();
    nodes.reserve(n);
    constexpr auto kKinds = static_cast<int64_t>(std::size(kExprKindInfo));
    for (size_t i = 0; i < n; ++i) {
        std::string text;
        if (!in.get(text)) return false;
        FieldReader r(text);
        int64_t kind = 0;
        if (!r.get_int(kind) || kind < 0 || kind >= kKinds) return false;
        const auto k = static_cast<ExprKind>(kind);
        if (k == ExprKind::Constant || k == ExprKind::Variable) {
            int64_t v = 0;
            if (!r.get_int(v) || (k == ExprKind::Variable && v < 0)) return false;
            nodes.push_back(k == ExprKind::Constant ? ctx.constant(v) : ctx.variable(v));
        } else {
            size_t count = 0;
            if (!r.get_count(count) || count > r.remaining()) return false;
            std::vector<Expr> ops(count);
            for (Expr& op : ops) {
                size_t j = 0;
                if (!r.get_count(j) || j >= nodes.size()) return false;  // operands come first
                op = nodes[j];
            }
            Result<Expr> e = ctx.make(k, ops);
            if (!e) return false;
            nodes.push_back(*e);
        }
        if (!r.at_end()) return false;
    }
    return true;
}

bool get_node(FieldReader& in, const std::vector<Expr>& nodes, Expr& e) {
    size_t j = 0;
    if (!in.get_count(j) || j >= nodes.size()) return false;
    e = nodes[j];
    return true;
}

void put_variables(FieldWriter& out, const IndexingVariables& vars) {
    out.put_count(vars.size());
    for (const IndexingVariable& v : vars) {
        out.put(v.name);
        put_interval(out, v.bounds);
    }
}

bool get_variables(FieldReader& in, std::vector<IndexingVariable>& vars) {
    size_t n = 0;
    if (!in.get_count(n) || n > in.remaining()) return false;
    vars.resize(n);
    for (IndexingVariable& v : vars) {
        if (!in.get(v.name) || !get_interval(in, v.bounds)) return false;
    }
    return true;
}

/// The fields of `exprs` (their nodes, then each one's number) and of the
/// ranges beside them: what put_map and put_constraint share.
void put_exprs(FieldWriter& out, const std::vector<Expr>& exprs) {
    FieldWriter numbers;
    NodeWriter nodes;
    numbers.put_count(exprs.size());
    for (Expr e : exprs)
        numbers.put_count(nodes.put(e));
    out.put_count(nodes.records().size());
    for (const std::string& r : nodes.records())
        out.put(r);
    out.put(numbers.text());
}

bool get_exprs(FieldReader& in, Context& ctx, std::vector<Expr>& exprs) {
    std::vector<Expr> nodes;
    std::string numbers_text;
    if (!get_nodes(in, ctx, nodes) || !in.get(numbers_text)) return false;
    FieldReader numbers(numbers_text);
    size_t n = 0;
    if (!numbers.get_count(n) || n > numbers.remaining()) return false;
    exprs.resize(n);
    for (Expr& e : exprs) {
        if (!get_node(numbers, nodes, e)) return false;
    }
    return numbers.at_end();
}

}  // namespace

void put_map(FieldWriter& out, const IndexingMap& map) {
    out.put_int(static_cast<int64_t>(map.state()));
    if (map.state() != IndexingMap::State::Normal) return;
    put_variables(out, map.dims());
    put_variables(out, map.range_vars());
    put_variables(out, map.rt_vars());
    std::vector<Expr> exprs(map.results().begin(), map.results().end());
    for (const Constraint& c : map.constraints())
        exprs.push_back(c.expr);
    put_exprs(out, exprs);
    out.put_count(map.num_results());
    for (const Constraint& c : map.constraints())
        put_interval(out, c.range);
}

bool get_map(FieldReader& in, Context& ctx, IndexingMap& map) {
    int64_t state = 0;
    if (!in.get_int(state)) return false;
    if (state == static_cast<int64_t>(IndexingMap::State::KnownEmpty)) {
        map = IndexingMap::known_empty(ctx);
        return true;
    }
    if (state == static_cast<int64_t>(IndexingMap::State::Undefined)) {
        map = IndexingMap::undefined(ctx);
        return true;
    }
    if (state != static_cast<int64_t>(IndexingMap::State::Normal)) return false;
    std::vector<IndexingVariable> dims, range_vars, rt_vars;
    std::vector<Expr> exprs;
    size_t num_results = 0;
    if (!get_variables(in, dims) || !get_variables(in, range_vars) || !get_variables(in, rt_vars) ||
        !get_exprs(in, ctx, exprs) || !in.get_count(num_results) || num_results > exprs.size()) {
        return false;
    }
    std::vector<Constraint> constraints(exprs.size() - num_results);
    for (size_t i = 0; i < constraints.size(); ++i) {
        constraints[i].expr = exprs[num_results + i];
        if (!get_interval(in, constraints[i].range)) return false;
    }
    exprs.resize(num_results);
    const auto num_dims = static_cast<int64_t>(dims.size());
    const auto num_symbols = static_cast<int64_t>(range_vars.size() + rt_vars.size());
    Result<SymbolicMap> symbolic = SymbolicMap::get(ctx, num_dims, num_symbols, std::move(exprs));
    if (!symbolic) return false;
    // A map's constraints are as add_constraint left them (none on a bare
    // variable or a constant, no two on one expression, in structural
    // order), so adding them again keeps each as it is, in its place.
    Result<IndexingMap> m =
        IndexingMap::get(std::move(*symbolic), std::move(dims), std::move(range_vars),
                         std::move(rt_vars), std::move(constraints));
    if (!m) return false;
    map = std::move(*m);
    return true;
}

void put_constraint(FieldWriter& out, const Constraint& c) {
    put_exprs(out, {c.expr});
    put_interval(out, c.range);
}

bool get_constraint(FieldReader& in, Context& ctx, Constraint& c) {
    std::vector<Expr> exprs;
    if (!get_exprs(in, ctx, exprs) || exprs.size() != 1) return false;
    c.expr = exprs[0];
    return get_interval(in, c.range);
}

}  // namespace provix::solvers::detail
