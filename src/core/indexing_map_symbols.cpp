// IndexingMap: removal of unused range/runtime variables and conversion of
// symbols to dimensions.

#include <cstddef>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "expr_build.h"
#include "expr_dag.h"
#include "expr_node.h"
#include "id_map.h"
#include "provix/indexing_map.h"
#include "provix/interval_eval.h"
#include "provix/small_vector.h"
#include "variable_names.h"

namespace provix {

namespace {

/// New variable ids by old id (inline for a map with few variables).
using NewIds = SmallVector<int64_t, 16>;

/// Renames variable ids by `new_id` (old id -> new id), keeping the tree's
/// shape exactly (Context::make), so a non-canonical expression stays as
/// written. `new_id` must be increasing on the ids that occur, so a canonical
/// expression stays canonical (the term order only compares ids). One
/// renamer serves all the expressions of a map: nodes they share are renamed
/// once.
class VariableRenamer {
public:
    explicit VariableRenamer(const NewIds& new_id) : new_id_(new_id) {
        for (size_t id = 0; id < new_id.size() && id < 64; ++id)
            if (new_id[id] != static_cast<int64_t>(id)) moved_ |= uint64_t{1} << id;
    }

    /// `e` with its variables renamed.
    Expr rename(Expr e) {
        if (keeps_ids(e)) return e;
        Context& ctx = e.context();
        // A node that keeps its ids is known (as itself) without a memo
        // entry, so the walk does not descend into it.
        auto known = [&](Expr node) { return keeps_ids(node) || memo_.find(node.id()) != nullptr; };
        auto renamed = [&](Expr node) {
            if (keeps_ids(node)) return node;
            return *memo_.find(node.id());
        };
        detail::for_each_post_order(e, known, [&](Expr node) {
            if (node.is_variable()) {
                memo_.set(node.id(),
                          ctx.variable(new_id_[static_cast<size_t>(node.variable_id())]));
            } else {
                ops_.clear();
                for (size_t i = 0; i < node.num_operands(); ++i)
                    ops_.push_back(renamed(node.operand(i)));
                Result<Expr> made = ctx.make(node.kind(), ops_);
                memo_.set(node.id(),
                          made ? *made : detail::build(node.kind(), ops_.data(), ops_.size()));
            }
        });
        return *memo_.find(e.id());
    }

private:
    /// True if every variable of `e` keeps its id (all below 64, read from
    /// the node's mask) and no node of it divides by the constant 0 (the one
    /// shape of a node that Context::make refuses): make would return every
    /// node itself, so the renamed expression is `e` (constants included).
    bool keeps_ids(Expr e) const {
        const detail::ExprNode* n = detail::node_of(e);
        return !n->has_high_var && !n->zero_divisor && (n->var_mask & moved_) == 0;
    }

    const NewIds& new_id_;
    /// Variables (ids below 64) whose id changes.
    uint64_t moved_ = 0;
    engine::IdMap<Expr> memo_;  // renamed node by old node id
    std::vector<Expr> ops_;
};

/// A set of variable ids: bit `i % 64` of word `i / 64` (one word inline, so
/// a map with fewer than 64 variables allocates nothing for it).
using VariableSet = SmallVector<uint64_t, 1>;

/// The empty set of ids below `num_vars`.
VariableSet no_variables(size_t num_vars) {
    VariableSet s;
    for (size_t w = 0; w < (num_vars + 63) / 64; ++w)
        s.push_back(0);
    return s;
}

void insert_variable(VariableSet& s, size_t id) { s[id / 64] |= uint64_t{1} << (id % 64); }

bool has_variable(const VariableSet& s, size_t id) { return (s[id / 64] >> (id % 64)) & 1; }

/// The variables of `e` (ids below `num_vars`), from the node's cached mask
/// when every id is below 64.
VariableSet variables_of(Expr e, size_t num_vars) {
    VariableSet s = no_variables(num_vars);
    const detail::ExprNode* node = detail::node_of(e);
    if (!node->has_high_var) {
        if (!s.empty()) s[0] = node->var_mask;
        return s;
    }
    std::vector<bool> used;
    detail::collect_variables_dag(e, used);
    for (size_t v = 0; v < used.size() && v < num_vars; ++v)
        if (used[v]) insert_variable(s, v);
    return s;
}

/// `a |= b` (sets over the same ids).
void unite(VariableSet& a, const VariableSet& b) {
    for (size_t w = 0; w < a.size(); ++w)
        a[w] |= b[w];
}

/// True if `a` and `b` (over the same ids) have a variable in common.
bool intersects(const VariableSet& a, const VariableSet& b) {
    for (size_t w = 0; w < a.size(); ++w)
        if (a[w] & b[w]) return true;
    return false;
}

/// True if remove_unused_symbols has nothing to remove because every
/// variable is a dim or occurs in a result and every constraint has a
/// variable (so all are kept), decided from the nodes' cached variable masks
/// (fewer than 64 variables); false when unsure, and the full pass decides.
bool nothing_to_remove_fast(const IndexingMap& m, bool keep_runtime) {
    const auto n = static_cast<size_t>(m.num_variables());
    if (n > 63) return false;
    uint64_t needed = (uint64_t{1} << static_cast<size_t>(m.num_dims())) - 1;
    if (keep_runtime)
        for (int64_t id = m.num_dims() + m.num_range_vars(); id < m.num_variables(); ++id)
            needed |= uint64_t{1} << id;
    for (Expr r : m.results())
        needed |= detail::node_of(r)->var_mask;
    if (needed != (uint64_t{1} << n) - 1) return false;
    for (const Constraint& c : m.constraints()) {
        if (detail::node_of(c.expr)->var_mask == 0) return false;
    }
    return true;
}

enum class Fate { Undecided, Keep, Drop };

/// What removing unused variables does to a map: the variables that stay
/// (by id) and, per constraint, whether it stays.
struct Pruning {
    VariableSet needed;
    SmallVector<Fate, 16> fate;  // inline for a map with few constraints

    /// True if a range or runtime variable or a constraint goes.
    bool removes_something(size_t num_dims, size_t num_vars) const {
        for (Fate f : fate)
            if (f == Fate::Drop) return true;
        for (size_t v = num_dims; v < num_vars; ++v)
            if (!has_variable(needed, v)) return true;
        return false;
    }
};

/// The variables that must stay before looking at constraints: dims, kept
/// runtime variables and every variable a result uses.
VariableSet variables_needed_by_results(const IndexingMap& m, bool keep_runtime) {
    const auto nu = static_cast<size_t>(m.num_variables());
    VariableSet needed = no_variables(nu);
    for (size_t v = 0; v < static_cast<size_t>(m.num_dims()); ++v)
        insert_variable(needed, v);
    if (keep_runtime)
        for (size_t v = static_cast<size_t>(m.num_dims() + m.num_range_vars()); v < nu; ++v)
            insert_variable(needed, v);
    for (Expr r : m.results())
        unite(needed, variables_of(r, nu));
    return needed;
}

/// Decides which variables and constraints stay. Constraints touching a
/// needed variable are kept and make all their variables needed, to a
/// fixpoint. The rest mention only unneeded symbols: such a constraint may
/// go when it holds at every point of its variables' bounds (it then
/// constrains nothing, since every bound is non-empty); otherwise it stays,
/// with its variables.
Pruning plan_pruning(const IndexingMap& m, bool keep_runtime) {
    const int64_t n = m.num_variables();
    const auto nu = static_cast<size_t>(n);
    const std::vector<Constraint>& constraints = m.constraints();
    Pruning p{variables_needed_by_results(m, keep_runtime), {}};
    SmallVector<VariableSet, 8> vars;
    vars.reserve(constraints.size());
    for (const Constraint& c : constraints) {
        p.fate.push_back(Fate::Undecided);
        vars.push_back(variables_of(c.expr, nu));
    }
    auto keep = [&](size_t i) {
        p.fate[i] = Fate::Keep;
        unite(p.needed, vars[i]);
    };
    auto touches_needed = [&](size_t i) { return intersects(vars[i], p.needed); };
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t i = 0; i < constraints.size(); ++i) {
            if (p.fate[i] != Fate::Undecided || !touches_needed(i)) continue;
            keep(i);
            changed = true;
        }
    }
    std::vector<Interval> bounds;  // taken when a constraint is still undecided
    for (size_t i = 0; i < constraints.size(); ++i) {
        if (p.fate[i] != Fate::Undecided) continue;
        if (bounds.empty()) bounds = m.variable_bounds();
        bool may_fail = false;
        Interval values = interval_of(constraints[i].expr, bounds, &may_fail);
        p.fate[i] =
            (!may_fail && constraints[i].range.contains(values)) ? Fate::Drop : Fate::Undecided;
    }
    for (size_t i = 0; i < constraints.size(); ++i) {
        if (p.fate[i] == Fate::Undecided) keep(i);
    }
    return p;
}

/// The kept variables renumbered in id order, with their names after the
/// move (renamed like composition does: default names follow the new
/// position).
struct Renumbering {
    NewIds new_id;  // old id -> new id, -1 for removed ones
    /// The dims' names after the move, or empty when every dim keeps its name.
    std::vector<std::string> dim_names;
    IndexingVariables range_vars;
    IndexingVariables rt_vars;
};

/// The prefix of the default names of variables of `kind`.
const char* default_prefix(VariableKind kind) {
    return kind == VariableKind::Dimension ? "d" : kind == VariableKind::Range ? "s" : "rt";
}

/// The index of variable `id` among the variables of its kind in `m`.
int64_t index_in_kind(const IndexingMap& m, int64_t id, VariableKind kind) {
    if (kind == VariableKind::Dimension) return id;
    if (kind == VariableKind::Range) return id - m.num_dims();
    return id - m.num_dims() - m.num_range_vars();
}

Renumbering renumber(const IndexingMap& m, const VariableSet& needed) {
    const auto nu = static_cast<size_t>(m.num_variables());
    const auto d = static_cast<size_t>(m.num_dims());
    Renumbering r;
    r.new_id.reserve(nu);
    for (size_t v = 0; v < nu; ++v)
        r.new_id.push_back(-1);
    // Every kept variable with its default name (the common case): each gets
    // the default name of its new position, as names_after_move gives it, so
    // only the ones whose index changes are renamed (no dim moves: all stay).
    bool all_default = true;
    for (size_t v = 0; v < nu && all_default; ++v) {
        if (!has_variable(needed, v)) continue;
        const auto id = static_cast<int64_t>(v);
        const VariableKind kind = m.variable_kind(id);
        all_default = detail::is_default_variable_name(m.variable(id).name, default_prefix(kind),
                                                       index_in_kind(m, id, kind));
    }
    std::vector<detail::MovedName> moved;
    if (!all_default) moved.reserve(nu);
    int64_t next = 0;
    for (size_t v = 0; v < nu; ++v) {
        if (!has_variable(needed, v)) continue;
        r.new_id[v] = next++;
        const auto id = static_cast<int64_t>(v);
        const VariableKind kind = m.variable_kind(id);
        IndexingVariables* into = kind == VariableKind::Range     ? &r.range_vars
                                  : kind == VariableKind::Runtime ? &r.rt_vars
                                                                  : nullptr;
        const int64_t old_index = index_in_kind(m, id, kind);
        const int64_t new_index = into ? static_cast<int64_t>(into->size()) : id;
        if (into) into->push_back(m.variable(id));
        if (!all_default) {
            moved.push_back({m.variable(id).name, default_prefix(kind), old_index, new_index});
        } else if (into && new_index != old_index) {
            into->back().name = detail::default_variable_name(default_prefix(kind), new_index);
        }
    }
    if (all_default) return r;
    std::vector<std::string> names = detail::names_after_move(moved);
    for (size_t i = 0; i < r.range_vars.size(); ++i)
        r.range_vars[i].name = std::move(names[d + i]);
    for (size_t i = 0; i < r.rt_vars.size(); ++i)
        r.rt_vars[i].name = std::move(names[d + r.range_vars.size() + i]);
    r.dim_names.assign(std::make_move_iterator(names.begin()),
                       std::make_move_iterator(names.begin() + static_cast<std::ptrdiff_t>(d)));
    return r;
}

}  // namespace

bool IndexingMap::remove_unused_symbols() { return remove_unused(/*keep_runtime=*/false); }

bool IndexingMap::remove_unused_range_variables() { return remove_unused(/*keep_runtime=*/true); }

bool IndexingMap::remove_unused(bool keep_runtime) {
    if (state_ != State::Normal) return false;
    if (nothing_to_remove_fast(*this, keep_runtime)) return false;
    const Pruning p = plan_pruning(*this, keep_runtime);
    if (!p.removes_something(vars_->dims.size(), static_cast<size_t>(num_variables())))
        return false;

    Renumbering r = renumber(*this, p.needed);
    Variables& vars = vars_.write();
    for (size_t i = 0; i < r.dim_names.size(); ++i)
        vars.dims[i].name = std::move(r.dim_names[i]);
    VariableRenamer renamer(r.new_id);
    std::vector<Expr> new_results;
    new_results.reserve(results().size());
    for (Expr e : results())
        new_results.push_back(renamer.rename(e));
    std::vector<Constraint> kept;
    const std::vector<Constraint>& constraints = *constraints_;
    kept.reserve(constraints.size());
    for (size_t i = 0; i < constraints.size(); ++i) {
        if (p.fate[i] == Fate::Keep) {
            kept.push_back({renamer.rename(constraints[i].expr), constraints[i].range});
        }
    }
    const auto num_symbols = static_cast<int64_t>(r.range_vars.size() + r.rt_vars.size());
    map_ = *SymbolicMap::get(*map_.context(), num_dims(), num_symbols, std::move(new_results));
    vars.range_vars = std::move(r.range_vars);
    vars.rt_vars = std::move(r.rt_vars);
    vars.index_bounds();
    clear_constraints();
    for (const Constraint& c : kept)
        add_constraint(c.expr, c.range);
    return true;
}

IndexingMap IndexingMap::convert_symbols_to_dims() const {
    if (state_ != State::Normal) return *this;
    IndexingMap m = *this;
    Variables& vars = m.vars_.write();
    for (IndexingVariables* symbols : {&vars.range_vars, &vars.rt_vars}) {
        for (const IndexingVariable& v : *symbols)
            vars.dims.push_back(v);
        symbols->clear();
    }
    // Ids do not change: symbols already follow the dims (so do the bounds
    // by id).
    m.map_ = *SymbolicMap::get(*map_.context(), num_variables(), 0, results().to_vector());
    return m;
}

}  // namespace provix
