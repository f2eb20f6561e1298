#pragma once
/// \file
/// The simplifier entry point for indexing maps.
///
///     IndexingMap m = *parse_indexing_map(ctx, "(d0) -> ((d0 + 1) - 1), domain: d0 in [0, 9]");
///     simplify(m);   // m.to_string() starts with "(d0) -> (d0)"
///
/// Every rewrite is a rule of `rules/*.rules`; the folding kernel, the domain
/// passes and the analyses rewrite only as the lemmas of `rules/*.lemmas`
/// state, and the domain passes name the lemma each time they change a map.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "provix/indexing_map.h"

namespace provix {

/// Options for `simplify`.
struct SimplifyOptions {
    /// If non-null, the name of every rule that fired and of every lemma a
    /// domain pass applied is appended, in order (`is_lemma` tells which).
    std::vector<std::string>* trace = nullptr;
    /// If non-null, per-rule and per-lemma counts are accumulated here.
    std::map<std::string, int64_t>* counters = nullptr;
};

/// True if `name` names a lemma of rules/*.lemmas rather than a rule:
/// `is_lemma("tighten_lower_pos")`, `!is_lemma("fd_nested")`.
bool is_lemma(const std::string& name);

/// Simplifies results and constraints of `map` in place; returns true if it
/// changed. Deterministic and idempotent. The result is defined at exactly
/// the domain points where the input is, and equal there; runtime variables
/// are kept as they are (inputs).
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
