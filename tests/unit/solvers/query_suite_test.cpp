// Every query of the suite: the expected verdict from the exact oracle, and
// the same answer from isl and from Z3 on every query within isl's fragment
// (quasi-affine, or divisors and factors split on their few values).

#include "query_suite.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "provix/solvers/oracle.h"
#include "provix/solvers/quasi_affine.h"
#include "solver_test_util.h"
#include "support/case_file.h"

namespace provix::solvers::testing {
namespace {

/// The answer of one oracle to one suite query, as comparable text:
/// the verdict, and for ranges the bounds.
std::string answer(Oracle& oracle, Context& ctx, const SuiteQuery& q) {
    const Query query = query_of(ctx, q);
    switch (query.kind) {
        case QueryKind::Equivalent:
            return verdict_name(oracle.equivalent(query.first, query.second).verdict);
        case QueryKind::EquivalentPointwise:
            return verdict_name(oracle.equivalent_pointwise(query.first, query.second).verdict);
        case QueryKind::Empty:
            return verdict_name(oracle.is_empty(query.first).verdict);
        case QueryKind::Range: {
            RangeDecision r = oracle.exact_range(query.first, query.result);
            if (r.verdict != Verdict::Proven) return "unknown: " + r.reason;
            return r.empty ? std::string("proven empty") : "proven [" + r.lo + ", " + r.hi + "]";
        }
        case QueryKind::Implies:
            return verdict_name(oracle.implies(query.first, query.constraint).verdict);
    }
    return "";
}

std::string expected(const SuiteQuery& q) {
    if (q.kind != SuiteKind::Range) return verdict_name(q.expected);
    if (std::string(q.lo).empty()) return "proven empty";
    return std::string("proven [") + q.lo + ", " + q.hi + "]";
}

bool two_maps(const Query& query) {
    return query.kind == QueryKind::Equivalent || query.kind == QueryKind::EquivalentPointwise;
}

/// True if isl takes every map of the query (the implied constraint of an
/// Implies query is checked by isl itself: it answers unknown outside).
bool isl_takes(Oracle& isl, Context& ctx, const SuiteQuery& q) {
    const Query query = query_of(ctx, q);
    return isl.supports(query.first) && (!two_maps(query) || isl.supports(query.second));
}

bool quasi_affine(Context& ctx, const SuiteQuery& q) {
    const Query query = query_of(ctx, q);
    if (!is_quasi_affine(query.first)) return false;
    if (two_maps(query)) return is_quasi_affine(query.second);
    if (query.kind == QueryKind::Implies) return is_quasi_affine(query.constraint.expr);
    return true;
}

TEST(QuerySuite, DataFileIsWellFormed) {
    EXPECT_TRUE(testing_support::no_errors(query_suite_errors()));
    EXPECT_TRUE(testing_support::distinct_names(query_suite()));
    EXPECT_GE(query_suite().size(), 80u);
}

TEST(QuerySuite, MalformedCasesAreReported) {
    std::vector<std::string> errors;
    const auto cases = parse_query_suite("s.map",
                                         "// ===== a\n(d0) -> (d0)\n// EQUIVALENT: proven\n"
                                         "// -----\n// ===== b\n(d0) -> (d0)\n// RANGE: maybe\n"
                                         "// ===== c\n(d0) -> (d0)\n// IMPLIES: refuted\n"
                                         "// CONSTRAINT: d0 in [0, 5]\n",
                                         errors);
    EXPECT_EQ(errors, (std::vector<std::string>{
                          "s.map:4: case 'a': EQUIVALENT and POINTWISE take a TO line",
                          "s.map:7: expected 'proven' or 'refuted'",
                      }));
    ASSERT_EQ(cases.size(), 3u);
    EXPECT_EQ(cases[2].kind, SuiteKind::Implies);
    EXPECT_EQ(cases[2].second, "d0");
    EXPECT_EQ(cases[2].lo, "0");
    EXPECT_EQ(cases[2].hi, "5");
}

TEST(QuerySuite, ExactOracleGivesTheExpectedAnswer) {
    auto oracle = make_exact_oracle();
    for (const SuiteQuery& q : query_suite()) {
        Context ctx;
        EXPECT_EQ(answer(*oracle, ctx, q), expected(q)) << q.name;
    }
}

TEST(QuerySuite, IslAndZ3AgreeOnEveryQueryWithinIslsFragment) {
    auto isl = make_isl_oracle();
    auto z3 = make_z3_oracle();
    int compared = 0, split = 0;
    for (const SuiteQuery& q : query_suite()) {
        Context ctx;
        if (!isl_takes(*isl, ctx, q)) continue;
        std::string a = answer(*isl, ctx, q);
        std::string b = answer(*z3, ctx, q);
        EXPECT_EQ(a, b) << q.name;
        EXPECT_EQ(a, expected(q)) << q.name;
        ++compared;
        if (!quasi_affine(ctx, q)) ++split;
    }
    EXPECT_GE(compared, 70);
    // Divisors whose values include 0, decided by both back ends.
    EXPECT_GE(split, 20);
}

TEST(QuerySuite, IslIntegerProgramsAndSetOperationsAgree) {
    // The lifted integer programs (the default) and isl's piecewise
    // functions and set operations are two formulations of one question.
    auto programs = make_isl_oracle();
    Limits sets_only;
    sets_only.isl_integer_programs = false;
    auto sets = make_isl_oracle(sets_only);
    int compared = 0;
    for (const SuiteQuery& q : query_suite()) {
        Context ctx;
        if (!isl_takes(*programs, ctx, q)) continue;
        EXPECT_EQ(answer(*programs, ctx, q), answer(*sets, ctx, q)) << q.name;
        ++compared;
    }
    EXPECT_GE(compared, 70);
}

TEST(QuerySuite, Z3AnswersTheQueriesBeyondIslsFragment) {
    auto isl = make_isl_oracle();
    auto z3 = make_z3_oracle();
    int beyond = 0;
    for (const SuiteQuery& q : query_suite()) {
        Context ctx;
        if (isl_takes(*isl, ctx, q)) continue;
        EXPECT_EQ(answer(*z3, ctx, q), expected(q)) << q.name;
        // isl declines instead of guessing.
        std::string a = answer(*isl, ctx, q);
        EXPECT_EQ(a.substr(0, 7), "unknown") << q.name;
        ++beyond;
    }
    EXPECT_GE(beyond, 3);
}

}  // namespace
}  // namespace provix::solvers::testing
