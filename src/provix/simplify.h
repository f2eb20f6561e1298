#pragma once
/// \file
/// The simplifier entry point for indexing maps.
///
///     IndexingMap m = *parse_indexing_map(ctx, "(d0) -> ((d0 + 1) - 1), domain: d0 in [0, 9]");
///     simplify(m);   // m.to_string() starts with "(d0) -> (d0)"
///
/// All rewriting other than the constant-folding / term-ordering kernel is
/// done by the rules of `rules/` (see `provix/rule_engine.h`).

#include <cstdint>
#include <string>
#include <vector>

#include "provix/indexing_map.h"

namespace provix {

/// Options for `simplify`.
struct SimplifyOptions {
    /// If non-null, the name of every rule that fired is appended, in order.
    std::vector<std::string>* trace = nullptr;
};

/// Simplifies results and constraints of `map` in place; returns true if it
/// changed. Deterministic and idempotent.
bool simplify(IndexingMap& map, const SimplifyOptions& options = {});

}  // namespace provix
