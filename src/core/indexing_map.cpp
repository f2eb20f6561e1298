// IndexingMap: construction, domain bookkeeping, evaluation.
// Composition lives in indexing_map_compose.cpp, symbol removal and
// conversion in indexing_map_symbols.cpp, printing in text/map_printer.cpp.

#include "provix/indexing_map.h"

#include <algorithm>
#include <cstddef>
#include <ostream>
#include <set>
#include <string>
#include <utility>

#include "evaluate_wide.h"
#include "expr_dag.h"
#include "expr_node.h"
#include "variable_names.h"

namespace provix {

namespace {

// Gives unnamed variables their default name and checks every name.
Result<bool> name_variables(std::vector<IndexingVariable>& vars, std::string_view prefix,
                            std::set<std::string>& seen) {
    for (size_t i = 0; i < vars.size(); ++i) {
        std::string& name = vars[i].name;
        if (name.empty()) name = detail::default_variable_name(prefix, static_cast<int64_t>(i));
        if (!detail::is_valid_variable_name(name)) {
            return Error::invalid("IndexingMap::get: invalid variable name '" + name + "'");
        }
        if (!seen.insert(name).second) {
            return Error::invalid("IndexingMap::get: duplicate variable name '" + name + "'");
        }
    }
    return true;
}

/// Fails the precondition check_expr_ids found violated (out of line: the
/// check that passes stays small).
[[noreturn]] __attribute__((noinline)) void expr_ids_failed(Expr e, int64_t num_vars,
                                                            const Context* ctx, const char* what) {
    detail::precondition_failed(what, detail::map_expr_problem(ctx, e, num_vars));
}

/// Precondition of the setters: `e` is non-null, in the map's context and
/// uses only the map's `num_vars` variables (map_expr_problem's conditions).
inline void check_expr_ids(Expr e, int64_t num_vars, const Context* ctx, const char* what) {
    if (!e || (ctx && &e.context() != ctx) || detail::num_variables_used_dag(e) > num_vars)
        expr_ids_failed(e, num_vars, ctx, what);
}

}  // namespace

Result<IndexingMap> IndexingMap::get(SymbolicMap map, std::vector<IndexingVariable> dims,
                                     std::vector<IndexingVariable> range_vars,
                                     std::vector<IndexingVariable> rt_vars,
                                     std::vector<Constraint> constraints) {
    if (!map.context()) return Error::invalid("IndexingMap::get: symbolic map has no context");
    if (map.num_dims() != static_cast<int64_t>(dims.size())) {
        return Error::invalid("IndexingMap::get: the symbolic map has " +
                              std::to_string(map.num_dims()) + " dims but " +
                              std::to_string(dims.size()) + " dimension variables are given");
    }
    if (map.num_symbols() != static_cast<int64_t>(range_vars.size() + rt_vars.size())) {
        return Error::invalid("IndexingMap::get: the symbolic map has " +
                              std::to_string(map.num_symbols()) + " symbols but " +
                              std::to_string(range_vars.size()) + " range and " +
                              std::to_string(rt_vars.size()) + " runtime variables are given");
    }
    std::set<std::string> seen;
    for (auto [vars, prefix] : {std::pair{&dims, "d"}, {&range_vars, "s"}, {&rt_vars, "rt"}}) {
        Result<bool> ok = name_variables(*vars, prefix, seen);
        if (!ok) return ok.error();
    }
    const int64_t num_vars = map.num_dims() + map.num_symbols();
    for (Expr r : map.results()) {
        if (!r || detail::num_variables_used_dag(r) > num_vars) {
            return Error::invalid("IndexingMap::get: a result uses an unknown variable");
        }
    }
    for (const Constraint& c : constraints) {
        if (!c.expr || detail::num_variables_used_dag(c.expr) > num_vars) {
            return Error::invalid("IndexingMap::get: a constraint uses an unknown variable");
        }
    }
    IndexingMap m;
    m.map_ = std::move(map);
    Variables& vars = m.vars_.write();
    vars.dims.assign(std::make_move_iterator(dims.begin()), std::make_move_iterator(dims.end()));
    vars.range_vars.assign(std::make_move_iterator(range_vars.begin()),
                           std::make_move_iterator(range_vars.end()));
    vars.rt_vars.assign(std::make_move_iterator(rt_vars.begin()),
                        std::make_move_iterator(rt_vars.end()));
    vars.index_bounds();
    for (int64_t id = 0; id < m.num_variables(); ++id) {
        if (m.variable(id).bounds.is_empty()) {
            m.mark_known_empty();
            return m;
        }
    }
    for (const Constraint& c : constraints) {
        m.add_constraint(c.expr, c.range);
        if (m.is_known_empty()) break;
    }
    return m;
}

Result<IndexingMap> IndexingMap::from_tensor_sizes(SymbolicMap map,
                                                   const std::vector<int64_t>& dim_sizes,
                                                   const std::vector<int64_t>& symbol_sizes) {
    if (map.num_dims() != static_cast<int64_t>(dim_sizes.size()) ||
        map.num_symbols() != static_cast<int64_t>(symbol_sizes.size())) {
        return Error::invalid("IndexingMap::from_tensor_sizes: the map has " +
                              std::to_string(map.num_dims()) + " dims and " +
                              std::to_string(map.num_symbols()) + " symbols, but " +
                              std::to_string(dim_sizes.size()) + " dim and " +
                              std::to_string(symbol_sizes.size()) + " symbol sizes are given");
    }
    auto vars = [](const std::vector<int64_t>& sizes) {
        std::vector<IndexingVariable> out;
        out.reserve(sizes.size());
        for (int64_t s : sizes) {
            // [0, s - 1]; s - 1 cannot overflow below for s <= 0 (empty).
            out.push_back({s <= 0 ? Interval::empty() : Interval{0, s - 1}, ""});
        }
        return out;
    };
    return get(std::move(map), vars(dim_sizes), vars(symbol_sizes), {});
}

IndexingMap IndexingMap::known_empty(Context& ctx) {
    IndexingMap m;
    m.map_ = *SymbolicMap::get(ctx, 0, 0, {});
    m.state_ = State::KnownEmpty;
    return m;
}

IndexingMap IndexingMap::undefined(Context& ctx) {
    IndexingMap m;
    m.map_ = *SymbolicMap::get(ctx, 0, 0, {});
    m.state_ = State::Undefined;
    return m;
}

void IndexingMap::no_variable(const char* function, int64_t id) {
    detail::precondition_failed(function, "no variable with id " + std::to_string(id));
}

std::vector<Interval> IndexingMap::variable_bounds() const {
    return std::vector<Interval>(vars_->bounds.begin(), vars_->bounds.end());
}

void IndexingMap::Variables::index_bounds() {
    bounds.clear();
    bounds.reserve(dims.size() + range_vars.size() + rt_vars.size());
    for (const IndexingVariables* vars : {&dims, &range_vars, &rt_vars}) {
        for (const IndexingVariable& v : *vars)
            bounds.push_back(v.bounds);
    }
}

void IndexingMap::add_constraint(Expr expr, Interval range) {
    if (state_ != State::Normal) return;
    check_expr_ids(expr, num_variables(), map_.context(), "IndexingMap::add_constraint");
    if (range.is_empty()) {
        mark_known_empty();
        return;
    }
    if (expr.is_constant()) {
        if (!range.contains(expr.constant_value())) mark_known_empty();
        return;
    }
    // A constraint dividing by the constant 0 excludes every point.
    if (detail::has_zero_divisor(expr)) {
        mark_known_empty();
        return;
    }
    if (expr.is_variable()) {
        const int64_t id = expr.variable_id();
        set_variable_bounds(id, variable(id).bounds.intersect(range));
        return;
    }
    std::vector<Constraint>& constraints = constraints_.write();
    auto it = std::lower_bound(constraints.begin(), constraints.end(), expr,
                               [](const Constraint& c, Expr e) { return compare(c.expr, e) < 0; });
    if (it != constraints.end() && it->expr == expr) {
        it->range = it->range.intersect(range);
        if (it->range.is_empty()) mark_known_empty();
        return;
    }
    constraints.insert(it, Constraint{expr, range});
}

void IndexingMap::set_results(std::vector<Expr> results) {
    if (state_ != State::Normal) return;
    for (Expr r : results)
        check_expr_ids(r, num_variables(), map_.context(), "IndexingMap::set_results");
    map_ = *SymbolicMap::get(*map_.context(), num_dims(), num_symbols(), std::move(results));
}

void IndexingMap::set_result(int64_t i, Expr e) {
    if (state_ != State::Normal) return;
    check_expr_ids(e, num_variables(), map_.context(), "IndexingMap::set_result");
    map_.set_result(i, e);
}

void IndexingMap::set_variable_bounds(int64_t id, Interval bounds) {
    if (state_ != State::Normal) return;
    const VariableKind kind = variable_kind(id);  // precondition: a valid id
    if (bounds.is_empty()) {
        mark_known_empty();
        return;
    }
    size_t i = static_cast<size_t>(id);
    Variables& vars = vars_.write();
    vars.bounds[i] = bounds;
    if (kind == VariableKind::Dimension) {
        vars.dims[i].bounds = bounds;
    } else if (kind == VariableKind::Range) {
        vars.range_vars[i - vars.dims.size()].bounds = bounds;
    } else {
        vars.rt_vars[i - vars.dims.size() - vars.range_vars.size()].bounds = bounds;
    }
}

void IndexingMap::set_constraints(std::vector<Constraint> constraints) {
    if (state_ != State::Normal) return;
    for (const Constraint& c : constraints) {
        check_expr_ids(c.expr, num_variables(), map_.context(), "IndexingMap::set_constraints");
    }
    clear_constraints();
    // Room at once for the ones not on a bare variable (those become
    // variable bounds; some others may merge) instead of the vector's growth
    // steps; a single one is one allocation either way.
    size_t listed = 0;
    for (const Constraint& c : constraints)
        listed += !c.expr.is_variable();
    if (listed > 1) constraints_.write().reserve(listed);
    for (const Constraint& c : constraints) {
        add_constraint(c.expr, c.range);
        if (state_ != State::Normal) return;
    }
}

void IndexingMap::clear_constraints() {
    if (constraints_.is_unique())
        constraints_.write().clear();  // keeps the storage for the new ones
    else
        constraints_ = {};  // the shared empty list: allocates nothing
}

void IndexingMap::mark_known_empty() {
    Context* ctx = map_.context();
    if (!ctx)
        detail::precondition_failed("IndexingMap::mark_known_empty", "the map has no context");
    *this = known_empty(*ctx);
}

Membership IndexingMap::membership(const std::vector<int64_t>& values) const {
    if (state_ != State::Normal) return Membership::Outside;
    if (static_cast<int64_t>(values.size()) != num_variables()) return Membership::Outside;
    for (int64_t id = 0; id < num_variables(); ++id) {
        if (!variable(id).bounds.contains(values[static_cast<size_t>(id)]))
            return Membership::Outside;
    }
    // An undecided constraint does not decide the point while another may
    // still exclude it.
    Membership out = Membership::Inside;
    for (const Constraint& c : *constraints_) {
        // The exact value, also beyond int64, against the range.
        Result<__int128> v = detail::evaluate_wide(c.expr, values);
        if (v ? !detail::in_range(c.range, *v) : v.error().kind == Error::Kind::DivisionByZero)
            return Membership::Outside;
        if (!v) out = Membership::Undecided;
    }
    return out;
}

Result<std::vector<int64_t>> IndexingMap::evaluate(const std::vector<int64_t>& values) const {
    if (state_ == State::KnownEmpty) return Error::invalid("evaluate: the map is known empty");
    if (state_ == State::Undefined) return Error::invalid("evaluate: the map is undefined");
    if (static_cast<int64_t>(values.size()) != num_variables()) {
        return Error::invalid("evaluate: expected " + std::to_string(num_variables()) +
                              " values, got " + std::to_string(values.size()));
    }
    std::vector<int64_t> out;
    out.reserve(results().size());
    for (Expr r : results()) {
        Result<int64_t> v = provix::evaluate(r, values);
        if (!v) return v.error();
        out.push_back(*v);
    }
    return out;
}

namespace {

/// `f` of every element of `in`; `out` is filled only from the first element
/// that changes (then true), so the usual unchanged case copies nothing.
template <class In, class T, class F>
bool map_if_changed(const In& in, F f, std::vector<T>& out) {
    bool changed = false;
    for (size_t i = 0; i < in.size(); ++i) {
        T t = f(in[i]);
        if (!changed && !(t == in[i])) {
            changed = true;
            out.reserve(in.size());
            out.assign(in.begin(), in.begin() + static_cast<std::ptrdiff_t>(i));
        }
        if (changed) out.push_back(t);
    }
    return changed;
}

/// True if `canonicalize` has nothing to do on `m`: every result and
/// constraint expression is flagged canonical (provix::canonicalize returns
/// it as it is) and no result divides by the constant 0. The usual case
/// (parsed and simplified maps), decided in one pass without the general
/// path's lists.
bool canonical_already(const IndexingMap& m) {
    for (Expr r : m.results())
        if (!detail::node_of(r)->canonical || detail::has_zero_divisor(r)) return false;
    for (const Constraint& c : m.constraints())
        if (!detail::node_of(c.expr)->canonical) return false;
    return true;
}

}  // namespace

bool IndexingMap::canonicalize() {
    if (state_ != State::Normal) return false;
    if (canonical_already(*this)) return false;
    std::vector<Expr> results;
    bool changed = map_if_changed(
        map_.results(), [](Expr r) { return provix::canonicalize(r); }, results);
    std::vector<Constraint> constraints;
    bool constraints_changed = map_if_changed(
        *constraints_,
        [](const Constraint& c) {
            return Constraint{provix::canonicalize(c.expr), c.range};
        },
        constraints);
    if (changed) set_results(std::move(results));
    if (constraints_changed) {
        set_constraints(std::move(constraints));
        changed = true;
    }
    if (state_ == State::Normal) {
        for (Expr r : map_.results()) {
            if (!detail::has_zero_divisor(r)) continue;
            *this = undefined(*map_.context());
            return true;
        }
    }
    return changed;
}

bool IndexingMap::operator==(const IndexingMap& o) const {
    if (state_ != o.state_ || !(map_ == o.map_)) return false;
    if (!vars_.shares_with(o.vars_) &&
        !(vars_->dims == o.vars_->dims && vars_->range_vars == o.vars_->range_vars &&
          vars_->rt_vars == o.vars_->rt_vars))
        return false;
    return constraints_.shares_with(o.constraints_) || *constraints_ == *o.constraints_;
}

std::ostream& operator<<(std::ostream& os, const IndexingMap& m) { return os << m.to_string(); }

}  // namespace provix
