// Every query of the suite: the expected verdict from the exact oracle, and
// the same answer from isl and from Z3 on every query within isl's fragment
// (quasi-affine, or divisors and factors split on their few values).

#include "query_suite.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "provix/solvers/oracle.h"
#include "provix/solvers/quasi_affine.h"
#include "solver_test_util.h"

namespace provix::solvers {
namespace {

using testing::expr_of;
using testing::map_of;
using testing::query_suite;
using testing::SuiteKind;
using testing::SuiteQuery;

/// The answer of one oracle to one suite query, as comparable text:
/// the verdict, and for ranges the bounds.
std::string answer(Oracle& oracle, Context& ctx, const SuiteQuery& q) {
    IndexingMap first = map_of(ctx, q.first);
    switch (q.kind) {
        case SuiteKind::Equivalent:
            return verdict_name(oracle.equivalent(first, map_of(ctx, q.second)).verdict);
        case SuiteKind::Pointwise:
            return verdict_name(oracle.equivalent_pointwise(first, map_of(ctx, q.second)).verdict);
        case SuiteKind::Empty:
            return verdict_name(oracle.is_empty(first).verdict);
        case SuiteKind::Range: {
            RangeDecision r = oracle.exact_range(first, 0);
            if (r.verdict != Verdict::Proven) return "unknown: " + r.reason;
            return r.empty ? std::string("proven empty") : "proven [" + r.lo + ", " + r.hi + "]";
        }
        case SuiteKind::Implies: {
            Constraint c{expr_of(ctx, first, q.second),
                         Interval{*parse_int64(q.lo), *parse_int64(q.hi)}};
            return verdict_name(oracle.implies(first, c).verdict);
        }
    }
    return "";
}

std::string expected(const SuiteQuery& q) {
    if (q.kind != SuiteKind::Range) return verdict_name(q.expected);
    if (std::string(q.lo).empty()) return "proven empty";
    return std::string("proven [") + q.lo + ", " + q.hi + "]";
}

/// True if isl takes every map of the query (the implied constraint of an
/// Implies query is checked by isl itself: it answers unknown outside).
bool isl_takes(Oracle& isl, Context& ctx, const SuiteQuery& q) {
    if (!isl.supports(map_of(ctx, q.first))) return false;
    if (q.kind == SuiteKind::Equivalent || q.kind == SuiteKind::Pointwise) {
        return isl.supports(map_of(ctx, q.second));
    }
    return true;
}

bool quasi_affine(Context& ctx, const SuiteQuery& q) {
    if (!is_quasi_affine(map_of(ctx, q.first))) return false;
    if (q.kind == SuiteKind::Equivalent || q.kind == SuiteKind::Pointwise) {
        return is_quasi_affine(map_of(ctx, q.second));
    }
    if (q.kind == SuiteKind::Implies) {
        return is_quasi_affine(expr_of(ctx, map_of(ctx, q.first), q.second));
    }
    return true;
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
}  // namespace provix::solvers
