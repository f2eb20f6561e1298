#pragma once
/// \file
/// `MapSpec`: an indexing map as plain parts (variables, result and
/// constraint expressions), before `IndexingMap::get` folds constraints on
/// bare variables into bounds. The generator produces specs and the shrinker
/// edits them; `build_map` turns one into a map.
///
///     MapSpec s;
///     s.dims = {{{0, 15}, "d0"}};
///     s.results = {floor_div(ctx.variable(0), 4)};
///     build_map(ctx, s)->to_string()   // "(d0) -> (d0 floordiv 4),\ndomain:\nd0 in [0, 15]"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "provix/expr.h"
#include "provix/indexing_map.h"
#include "provix/result.h"

namespace provix::fuzz {

/// The parts of an indexing map. Variable ids: dims, then range variables,
/// then runtime variables (as in `IndexingMap`).
struct MapSpec {
    std::vector<IndexingVariable> dims;
    std::vector<IndexingVariable> range_vars;
    std::vector<IndexingVariable> rt_vars;
    std::vector<Expr> results;
    std::vector<Constraint> constraints;
    /// Print infinite bounds as the int64 limits `-9223372036854775808` /
    /// `9223372036854775807`, which mean those finite numbers: the map as
    /// read from its text then has finite bounds at the limits.
    bool limit_literals = false;
    /// The generator's edge template mixed into this map (`""`: none).
    std::string edge_template;

    /// dims + range variables + runtime variables.
    int64_t num_variables() const {
        return static_cast<int64_t>(dims.size() + range_vars.size() + rt_vars.size());
    }
    /// The variable with id `id`.
    IndexingVariable& variable(int64_t id);
    const IndexingVariable& variable(int64_t id) const;
};

/// The map of `spec` (results and constraints kept as built: not
/// canonicalized). Errors as `IndexingMap::get` does.
Result<IndexingMap> build_map(Context& ctx, const MapSpec& spec);

/// The parts of a map in the Normal state (its constraints as stored).
MapSpec spec_of(const IndexingMap& map);

/// A size measure the shrinker decreases: expression nodes, variables,
/// constraints, and the magnitudes of constants and bounds (bits).
/// `spec_size` of a smaller map is never larger.
int64_t spec_size(const MapSpec& spec);

/// The sum of the magnitudes of constants and finite bounds (saturating):
/// the shrinker's tie-breaker when `spec_size` does not change, so moving a
/// bound from 50 to 49 counts as progress.
uint64_t spec_magnitude(const MapSpec& spec);

/// The canonical text of `spec` (as `build_map(...)->to_string()`, with
/// `limit_literals` applied), or `"<invalid map: ...>"` when it cannot be
/// built.
std::string spec_text(Context& ctx, const MapSpec& spec);

/// The text of `map` (built from `spec`): its canonical text, infinite
/// bounds written as the int64 limits when `spec.limit_literals`.
std::string map_text(const IndexingMap& map, const MapSpec& spec);

}  // namespace provix::fuzz
