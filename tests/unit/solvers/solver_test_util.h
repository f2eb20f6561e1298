#pragma once
// Helpers shared by the solver tests: maps are built from text.

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "provix/parser.h"
#include "provix/solvers/oracle.h"

namespace provix::solvers::testing {

/// Parses one map or throws (so a typo in a test fails loudly).
inline IndexingMap map_of(Context& ctx, const std::string& text) {
    auto m = parse_indexing_map(ctx, text);
    if (!m) throw std::runtime_error("bad test map: " + m.error().message);
    return *m;
}

/// Parses an expression over the variables of `m`.
inline Expr expr_of(Context& ctx, const IndexingMap& m, const std::string& text) {
    std::vector<std::string> names;
    for (int64_t i = 0; i < m.num_variables(); ++i)
        names.push_back(m.variable(i).name);
    auto e = parse_expr(ctx, text, names);
    if (!e) throw std::runtime_error("bad test expr: " + e.error().message);
    return *e;
}

}  // namespace provix::solvers::testing
