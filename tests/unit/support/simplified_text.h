#pragma once
/// \file
/// A map simplified from its text form, with the rules and lemmas that fired,
/// for tests that compare results in text form.
///
///     Simplified s = simplify_text("(d0) -> (d0 mod 4), domain: d0 in [0, 3]");
///     EXPECT_EQ(s.text, printed("(d0) -> (d0), domain: d0 in [0, 3]"));
///     EXPECT_TRUE(s.fired("mod_in_block"));

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "provix/parser.h"
#include "provix/simplify.h"

namespace provix::testing_support {

/// A simplified map printed, and the names its trace logged in order.
struct Simplified {
    std::string text;
    std::vector<std::string> trace;
    /// Whether `name` fired: `s.fired("fd_nested")`.
    bool fired(const std::string& name) const {
        return std::find(trace.begin(), trace.end(), name) != trace.end();
    }
};

/// `text` parsed (a parse error fails the test and gives "<parse error>"),
/// simplified with a trace, and printed.
inline Simplified simplify_text(const std::string& text) {
    Context ctx;
    auto m = parse_indexing_map(ctx, text);
    EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().message);
    if (!m.ok()) return {"<parse error>", {}};
    Simplified out;
    SimplifyOptions options;
    options.trace = &out.trace;
    simplify(*m, options);
    out.text = m->to_string();
    return out;
}

/// `text` parsed and printed unchanged (the canonical text of an expected
/// result): `printed("(d0) -> (d0 + 0)")` is "(d0) -> (d0)".
inline std::string printed(const std::string& text) {
    Context ctx;
    auto m = parse_indexing_map(ctx, text);
    EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().message);
    return m.ok() ? m->to_string() : "<parse error>";
}

}  // namespace provix::testing_support
