#pragma once
/// \file
/// The simplifier entry point for indexing maps.
///
///     IndexingMap m = *parse_indexing_map(ctx, "(d0) -> ((d0 + 1) - 1), domain: d0 in [0, 9]");
///     simplify(m);   // m.to_string() starts with "(d0) -> (d0)"
///
/// All rewriting other than the constant-folding / term-ordering kernel is
/// done by the rules of `rules/*.rules` (docs/rules.md), compiled into the
/// library when it is built.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "provix/indexing_map.h"

namespace provix {

/// Options for `simplify`.
struct SimplifyOptions {
    /// If non-null, the name of every rule that fired is appended, in order.
    std::vector<std::string>* trace = nullptr;
    /// If non-null, per-rule firing counts are accumulated here.
    std::map<std::string, int64_t>* counters = nullptr;
};

/// Simplifies results and constraints of `map` in place; returns true if it
/// changed. Deterministic and idempotent.
bool simplify(IndexingMap& map, const SimplifyOptions& options = {});

/// The engine's range of every result of `map` over its domain (variable
/// bounds and constraints): a sound over-approximation, as the rule
/// conditions see it. `(d0) -> (d0 mod 4), domain: d0 in [0, 2]` gives
/// `{[0, 2]}`. Empty intervals for a known-empty map.
std::vector<Interval> result_ranges(const IndexingMap& map);

/// Simplifies one expression with variable i ranging over `bounds[i]`
/// (ids beyond the vector are unbounded):
/// `simplify_expr(d0 floordiv 16, {{0, 14}})` is 0.
Expr simplify_expr(Expr e, const std::vector<Interval>& bounds);

}  // namespace provix
