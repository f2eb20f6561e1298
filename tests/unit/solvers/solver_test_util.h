#pragma once
// Helpers shared by the solver tests: maps are built from text.

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "provix/parser.h"
#include "provix/solvers/oracle.h"
#include "support/parsed_map.h"

namespace provix::solvers::testing {

/// Parses one map or throws (so a typo in a test fails loudly).
using testing_support::map_of;

/// Parses an expression over the variables of `m`.
inline Expr expr_of(Context& ctx, const IndexingMap& m, const std::string& text) {
    std::vector<std::string> names;
    for (int64_t i = 0; i < m.num_variables(); ++i)
        names.push_back(m.variable(i).name);
    auto e = parse_expr(ctx, text, names);
    if (!e) throw std::runtime_error("bad test expr: " + e.error().message);
    return *e;
}

/// A map whose values grow through `depth` nested `(e * 3 + k) floordiv 2`
/// around d0, plus `d1 mod 7` and `tail` (its range is an integer program
/// with `depth` variables; isl's piecewise translation nests one integer
/// division per level): growing_nest(1) is
/// `(d0, d1)[s0] -> ((d0 * 3 + 0) floordiv 2 + d1 mod 7), domain: ...`.
inline std::string growing_nest(int depth, const std::string& tail = "") {
    std::string e = "d0";
    for (int i = 0; i < depth; ++i)
        e = "(" + e + " * 3 + " + std::to_string(i % 5) + ") floordiv 2";
    return "(d0, d1)[s0] -> (" + e + " + d1 mod 7" + tail +
           "), domain: d0 in [0, 100], d1 in [0, 20], s0 in [0, 1]";
}

}  // namespace provix::solvers::testing
