#pragma once
// The oracle queries with known answers, read from query_suite.map (the
// format is described at its top). They drive three tests: the expected
// verdicts (query_suite_test), the isl/Z3 agreement on every entry within
// isl's fragment, and the cvc5 re-check of the exported SMT-LIB.

#include <cstdint>
#include <string>
#include <vector>

#include "provix/solvers/smtlib.h"
#include "provix/solvers/verdict.h"
#include "solver_test_util.h"

namespace provix::solvers::testing {

enum class SuiteKind { Equivalent, Pointwise, Range, Empty, Implies };

struct SuiteQuery {
    std::string name;
    SuiteKind kind = SuiteKind::Empty;
    /// The (first) map.
    std::string first;
    /// Equivalent / Pointwise: the second map. Implies: the constraint
    /// expression (over the first map's variables). Otherwise unused.
    std::string second;
    Verdict expected = Verdict::Unknown;
    /// Range: the exact bounds of result 0 (both empty: it takes no value).
    /// Implies: the constraint's range.
    std::string lo;
    std::string hi;
};

/// Reads the queries of `text` (a file named `file` in messages); each
/// malformed case adds a `file:line: message` to `errors`:
/// `parse_query_suite("s.map", "// ===== e\n(d0) -> (d0)\n// EMPTY: refuted\n", errors)`.
std::vector<SuiteQuery> parse_query_suite(const std::string& file, const std::string& text,
                                          std::vector<std::string>& errors);

/// The queries of tests/unit/solvers/query_suite.map, read once.
const std::vector<SuiteQuery>& query_suite();

/// The errors of reading query_suite.map (a missing file is one).
const std::vector<std::string>& query_suite_errors();

/// Entry `q` as a query over maps of `ctx`: its kind, maps and constraint
/// (Range: the claim that result 0 ranges exactly over [lo, hi]).
inline Query query_of(Context& ctx, const SuiteQuery& q) {
    IndexingMap first = map_of(ctx, q.first);
    switch (q.kind) {
        case SuiteKind::Equivalent:
            return Query::equivalent(first, map_of(ctx, q.second));
        case SuiteKind::Pointwise:
            return Query::equivalent_pointwise(first, map_of(ctx, q.second));
        case SuiteKind::Empty:
            return Query::empty(first);
        case SuiteKind::Implies: {
            Constraint c{expr_of(ctx, first, q.second),
                         Interval{*parse_int64(q.lo), *parse_int64(q.hi)}};
            return Query::implies(first, c);
        }
        case SuiteKind::Range:
            return Query::range(first, 0, q.lo, q.hi);
    }
    return Query::empty(first);
}

}  // namespace provix::solvers::testing
