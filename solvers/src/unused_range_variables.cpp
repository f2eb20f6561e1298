// Dropping range variables that nothing mentions (see unused_range_variables.h).

#include "unused_range_variables.h"

#include <utility>
#include <vector>

#include "provix/expr.h"

namespace provix::solvers::detail {

IndexingMap without_unused_range_variables(const IndexingMap& map) {
    if (map.state() != IndexingMap::State::Normal || map.num_range_vars() == 0) return map;
    std::vector<bool> used;
    for (Expr r : map.results())
        collect_variables(r, used);
    for (const Constraint& c : map.constraints())
        collect_variables(c.expr, used);
    used.resize(static_cast<size_t>(map.num_variables()), false);
    // Each variable renamed to its id less the range variables dropped
    // before it. A range variable with empty bounds empties the map: kept.
    Context& ctx = *map.context();
    std::vector<Expr> renamed;
    std::vector<IndexingVariable> range_vars;
    int64_t dropped = 0;
    for (int64_t id = 0; id < map.num_variables(); ++id) {
        const IndexingVariable& v = map.variable(id);
        if (map.variable_kind(id) == VariableKind::Range) {
            if (!used[static_cast<size_t>(id)] && !v.bounds.is_empty()) {
                ++dropped;
                renamed.push_back(ctx.variable(id));  // never read: nothing uses it
                continue;
            }
            range_vars.push_back(v);
        }
        renamed.push_back(ctx.variable(id - dropped));
    }
    if (dropped == 0) return map;
    std::vector<Expr> results;
    for (Expr r : map.results())
        results.push_back(substitute(r, renamed));
    std::vector<Constraint> constraints;
    for (const Constraint& c : map.constraints())
        constraints.push_back({substitute(c.expr, renamed), c.range});
    const int64_t symbols = static_cast<int64_t>(range_vars.size()) + map.num_rt_vars();
    Result<SymbolicMap> symbolic =
        SymbolicMap::get(ctx, map.num_dims(), symbols, std::move(results));
    if (!symbolic) return map;
    Result<IndexingMap> out =
        IndexingMap::get(std::move(*symbolic), map.dims().to_vector(), std::move(range_vars),
                         map.rt_vars().to_vector(), std::move(constraints));
    return out ? std::move(*out) : map;
}

}  // namespace provix::solvers::detail
