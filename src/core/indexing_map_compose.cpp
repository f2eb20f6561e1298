// Composition of indexing maps: `compose_indexing_maps(first, second)` is
// second ∘ first (XLA's ComposeIndexingMaps).
//
// Variable ids of the composed map, with D1 dims, R1/R2 range and T1/T2
// runtime variables in first/second:
//   dims            0 .. D1-1                 (first's dims)
//   range, first    D1 .. D1+R1-1
//   range, second   D1+R1 .. D1+R1+R2-1
//   runtime, first  D1+R1+R2 .. +T1-1
//   runtime, second D1+R1+R2+T1 .. +T2-1
// second's dim i is replaced by first.result(i) (renumbered).

#include <string>
#include <utility>

#include "expr_dag.h"
#include "provix/indexing_map.h"
#include "variable_names.h"

namespace provix {

Result<IndexingMap> compose_indexing_maps(const IndexingMap& first, const IndexingMap& second) {
    Context* ctx = first.context();
    if (!ctx || ctx != second.context()) {
        return Error::invalid("compose_indexing_maps: the maps must share one context");
    }
    if (first.is_undefined() || second.is_undefined()) return IndexingMap::undefined(*ctx);
    if (first.is_known_empty() || second.is_known_empty()) return IndexingMap::known_empty(*ctx);
    if (first.num_results() != second.num_dims()) {
        return Error::invalid(
            "compose_indexing_maps: the first map has " + std::to_string(first.num_results()) +
            " results but the second map has " + std::to_string(second.num_dims()) + " dims");
    }
    const int64_t d1 = first.num_dims();
    const int64_t r1 = first.num_range_vars();
    const int64_t r2 = second.num_range_vars();
    const int64_t t1 = first.num_rt_vars();
    const int64_t t2 = second.num_rt_vars();

    // Renumbering of first's variables.
    std::vector<Expr> first_repl;
    for (int64_t i = 0; i < d1; ++i)
        first_repl.push_back(ctx->variable(i));
    for (int64_t j = 0; j < r1; ++j)
        first_repl.push_back(ctx->variable(d1 + j));
    for (int64_t k = 0; k < t1; ++k)
        first_repl.push_back(ctx->variable(d1 + r1 + r2 + k));
    std::vector<Expr> first_results;
    for (Expr r : first.results())
        first_results.push_back(substitute(r, first_repl));

    // second's dims become first's results; its symbols move.
    std::vector<Expr> second_repl = first_results;
    for (int64_t j = 0; j < r2; ++j)
        second_repl.push_back(ctx->variable(d1 + r1 + j));
    for (int64_t k = 0; k < t2; ++k)
        second_repl.push_back(ctx->variable(d1 + r1 + r2 + t1 + k));
    std::vector<Expr> results;
    for (Expr r : second.results())
        results.push_back(substitute(r, second_repl));

    // The composed variables, in id order, with their names.
    std::vector<detail::MovedName> placed;
    auto place = [&](const IndexingVariables& vars, const char* prefix, int64_t new_index) {
        for (size_t i = 0; i < vars.size(); ++i) {
            placed.push_back({vars[i].name, prefix, static_cast<int64_t>(i),
                              new_index + static_cast<int64_t>(i)});
        }
    };
    place(first.dims(), "d", 0);
    place(first.range_vars(), "s", 0);
    place(second.range_vars(), "s", r1);
    place(first.rt_vars(), "rt", 0);
    place(second.rt_vars(), "rt", t1);
    std::vector<std::string> names = detail::names_after_move(placed);
    std::vector<IndexingVariable> vars;
    for (const auto* src : {&first.dims(), &first.range_vars(), &second.range_vars(),
                            &first.rt_vars(), &second.rt_vars()}) {
        for (const IndexingVariable& v : *src)
            vars.push_back({v.bounds, names[vars.size()]});
    }
    auto slice = [&](int64_t from, int64_t count) {
        return std::vector<IndexingVariable>(vars.begin() + from, vars.begin() + from + count);
    };

    std::vector<Constraint> constraints;
    for (const Constraint& c : first.constraints()) {
        constraints.push_back({substitute(c.expr, first_repl), c.range});
    }
    for (const Constraint& c : second.constraints()) {
        constraints.push_back({substitute(c.expr, second_repl), c.range});
    }
    for (int64_t i = 0; i < second.num_dims(); ++i) {
        const Interval& b = second.dims()[static_cast<size_t>(i)].bounds;
        constraints.push_back({first_results[static_cast<size_t>(i)], b});
    }

    // A result of `second` may divide by one of first's results that is the
    // constant 0: it then fails at every point, so no map can be computed.
    bool undefined_result = false;
    for (Expr r : results)
        undefined_result = undefined_result || detail::has_zero_divisor(r);

    SymbolicMap map = *SymbolicMap::get(*ctx, d1, r1 + r2 + t1 + t2, std::move(results));
    Result<IndexingMap> composed =
        IndexingMap::get(std::move(map), slice(0, d1), slice(d1, r1 + r2),
                         slice(d1 + r1 + r2, t1 + t2), std::move(constraints));
    if (composed.ok() && undefined_result && !composed->is_known_empty()) {
        return IndexingMap::undefined(*ctx);
    }
    return composed;
}

}  // namespace provix
