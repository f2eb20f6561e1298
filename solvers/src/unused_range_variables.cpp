// Dropping range variables that nothing mentions (see unused_range_variables.h).

#include "unused_range_variables.h"

#include <utility>
#include <vector>

#include "provix/expr.h"

namespace provix::solvers::detail {

IndexingMap without_unused_range_variables(const IndexingMap& map) {
    if (map.state() != IndexingMap::State::Normal || map.num_range_vars() == 0) return map;
    const int64_t first = map.num_dims(), end = first + map.num_range_vars();
    std::vector<bool> used(static_cast<size_t>(map.num_range_vars()), false);
    bool any_unused = false;
    for (int64_t id = first; id < end; ++id) {
        bool u = map.variable(id).bounds.is_empty();  // an empty one empties the map: kept
        for (size_t r = 0; !u && r < map.results().size(); ++r)
            u = uses_variable(map.results()[r], id);
        for (size_t c = 0; !u && c < map.constraints().size(); ++c)
            u = uses_variable(map.constraints()[c].expr, id);
        used[static_cast<size_t>(id - first)] = u;
        any_unused |= !u;
    }
    if (!any_unused) return map;
    // Old id -> the variable of the new map with the new id.
    Context& ctx = *map.context();
    std::vector<Expr> renamed;
    std::vector<IndexingVariable> range_vars;
    for (int64_t id = 0; id < map.num_variables(); ++id) {
        const bool range = id >= first && id < end;
        if (range && !used[static_cast<size_t>(id - first)]) {
            renamed.push_back(ctx.variable(id));  // never read: nothing uses it
            continue;
        }
        const int64_t new_id =
            id < first ? id
            : range    ? first + static_cast<int64_t>(range_vars.size())
                       : id - (map.num_range_vars() - static_cast<int64_t>(range_vars.size()));
        if (range) range_vars.push_back(map.variable(id));
        renamed.push_back(ctx.variable(new_id));
    }
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
    const IndexingVariables& dims = map.dims();
    const IndexingVariables& rt_vars = map.rt_vars();
    Result<IndexingMap> out = IndexingMap::get(
        std::move(*symbolic), std::vector<IndexingVariable>(dims.begin(), dims.end()),
        std::move(range_vars), std::vector<IndexingVariable>(rt_vars.begin(), rt_vars.end()),
        std::move(constraints));
    return out ? std::move(*out) : map;
}

}  // namespace provix::solvers::detail
