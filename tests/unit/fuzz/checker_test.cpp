// The differential checker and the affine probe on hand-picked maps: what is
// a failure, what is a miss, and that wrong engine output is caught.

#include "provix/fuzz/checker.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "provix/fuzz/affine_probe.h"
#include "provix/parser.h"

namespace provix::fuzz {
namespace {

IndexingMap map_of(Context& ctx, const std::string& text) {
    Result<IndexingMap> m = parse_indexing_map(ctx, text);
    if (!m) throw std::runtime_error("bad test map: " + m.error().message);
    return *m;
}

std::string kinds(const std::vector<Finding>& findings) {
    std::string s;
    for (const Finding& f : findings)
        s += (s.empty() ? "" : " ") + f.kind;
    return s;
}

// --- The affine probe --------------------------------------------------------

struct ProbeCase {
    const char* map;
    const char* expected;  // the affine expression, or "" for NotFound
};

class AffineProbeTest : public ::testing::TestWithParam<ProbeCase> {};

TEST_P(AffineProbeTest, FindsTheDivFreeFormExactlyWhenOneExists) {
    Context ctx;
    IndexingMap m = map_of(ctx, GetParam().map);
    AffineProber prober;
    AffineProbe p = prober.probe(m, 0);
    if (std::string(GetParam().expected).empty()) {
        EXPECT_EQ(p.outcome, AffineProbe::Outcome::NotFound) << m.expr_to_string(p.expr);
    } else {
        ASSERT_EQ(p.outcome, AffineProbe::Outcome::Affine) << p.reason;
        EXPECT_EQ(m.expr_to_string(p.expr), GetParam().expected);
    }
}

INSTANTIATE_TEST_SUITE_P(
    Maps, AffineProbeTest,
    ::testing::Values(
        ProbeCase{"(d0, d1) -> ((d0 * 4 + d1) floordiv 4), domain: d0 in [0, 9], d1 in [0, 3]",
                  "d0"},
        ProbeCase{"(d0) -> (d0 floordiv 16), domain: d0 in [0, 14]", "0"},
        ProbeCase{"(d0) -> (d0 mod -4), domain: d0 in [-3, 0]", "d0"},
        ProbeCase{"(d0) -> (d0 ceildiv 8), domain: d0 in [1, 8]", "1"},
        ProbeCase{"(d0) -> (min(d0, 5)), domain: d0 in [0, 3]", "d0"},
        ProbeCase{"(d0)[s0] -> ((d0 * 8 + s0) floordiv 8), domain: d0 in [0, 3], s0 in [0, 7]",
                  "d0"},
        ProbeCase{"(d0) -> (d0 mod 3 + (d0 floordiv 3) * 3), domain: d0 in [-50, 50]", "d0"},
        ProbeCase{"(d0) -> ((d0 + 7) floordiv 8), domain: d0 in [1, 64], d0 mod 8 in [1, 1]", ""},
        ProbeCase{"(d0) -> (d0 floordiv 2), domain: d0 in [0, 9]", ""},
        // d0 floordiv 2 is d0 / 2 here, but that needs a coefficient 1/2.
        ProbeCase{"(d0) -> (d0 floordiv 2), domain: d0 in [0, 9], d0 mod 2 in [0, 0]", ""},
        ProbeCase{"(d0) -> (max(d0, 0)), domain: d0 in [-1, 1]", ""}));

TEST(AffineProbe, EmptyDomainHasNoForm) {
    Context ctx;
    IndexingMap m = map_of(ctx, "(d0) -> (d0 floordiv 2), domain: d0 in [0, 9], d0 * 2 in [3, 3]");
    AffineProber prober;
    EXPECT_EQ(prober.probe(m, 0).outcome, AffineProbe::Outcome::NotFound);
}

TEST(AffineProbe, NonQuasiAffineResultIsUnknown) {
    Context ctx;
    IndexingMap m = map_of(ctx, "(d0, d1) -> (d0 floordiv d1), domain: d0 in [0, 9], d1 in [1, 3]");
    AffineProber prober;
    AffineProbe p = prober.probe(m, 0);
    EXPECT_EQ(p.outcome, AffineProbe::Outcome::Unknown);
    EXPECT_EQ(p.reason, "not quasi-affine");
}

TEST(AffineProbe, TinyBudgetIsUnknownNotAnAnswer) {
    Context ctx;
    IndexingMap m = map_of(ctx,
                           "(d0, d1, d2) -> (((d0 * 100 + d1 * 10 + d2) mod 100) floordiv 10), "
                           "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]");
    AffineProber prober(10);
    AffineProbe p = prober.probe(m, 0);
    EXPECT_EQ(p.outcome, AffineProbe::Outcome::Unknown);
    EXPECT_NE(p.reason.find("operation limit"), std::string::npos) << p.reason;
}

// --- Ranges ---------------------------------------------------------------------

TEST(RangeContains, ComparesDecimalTextExactly) {
    EXPECT_TRUE(range_contains({0, 9}, "0", "9"));
    EXPECT_TRUE(range_contains({-1, 10}, "0", "9"));
    EXPECT_FALSE(range_contains({0, 9}, "0", "10"));
    EXPECT_FALSE(range_contains({1, 9}, "0", "9"));
    EXPECT_TRUE(range_contains({kInt64Min, 5}, "-inf", "5"));
    EXPECT_FALSE(range_contains({-5, 5}, "-inf", "5"));
    EXPECT_TRUE(range_contains({0, kInt64Max}, "0", "99999999999999999999"));
    EXPECT_FALSE(range_contains({0, kInt64Max - 1}, "0", "99999999999999999999"));
    EXPECT_FALSE(range_contains({5, 5}, "-99999999999999999999", "5"));
    // A lower bound saturated to +inf claims every value lies beyond int64.
    EXPECT_FALSE(
        range_contains({kInt64Max, kInt64Max}, "9223372036852678658", "9223372036852678658"));
    EXPECT_TRUE(
        range_contains({kInt64Max, kInt64Max}, "9223372036854775808", "9223372036854775808"));
    EXPECT_FALSE(range_contains(Interval::empty(), "0", "0"));
}

// --- Whole cases ----------------------------------------------------------------

TEST(FuzzChecker, SpecExamplePassesFullySimplified) {
    CaseChecker checker;
    CaseReport r = checker.check_text(
        "(d0, d1) -> (d0 + d1 floordiv 16, d1 mod 16), domain: d0 in [0, 6], d1 in [0, 14]");
    EXPECT_TRUE(r.passed()) << kinds(r.failures);
    EXPECT_TRUE(r.fully_simplified()) << kinds(r.misses);
    EXPECT_EQ(r.simplified_text.substr(0, 21), "(d0, d1) -> (d0, d1),");
    ASSERT_EQ(r.ranges.size(), 2u);
    EXPECT_EQ(r.ranges[0].engine, (Interval{0, 6}));
    EXPECT_EQ(r.ranges[0].exact, (Interval{0, 6}));
}

TEST(FuzzChecker, WrongSimplificationIsUnsound) {
    Context ctx;
    IndexingMap in = map_of(ctx, "(d0) -> (d0 floordiv 2), domain: d0 in [0, 9]");
    IndexingMap wrong = map_of(ctx, "(d0) -> (d0 floordiv 4), domain: d0 in [0, 9]");
    CaseChecker checker;
    CaseReport r = checker.check_result(in, wrong);
    ASSERT_EQ(kinds(r.failures), "unsound");
    EXPECT_NE(r.failures[0].detail.find("value mismatch"), std::string::npos)
        << r.failures[0].detail;
    EXPECT_FALSE(r.passed());
}

TEST(FuzzChecker, KnownEmptyForANonEmptyDomainIsFalseEmpty) {
    Context ctx;
    IndexingMap in = map_of(ctx, "(d0) -> (d0), domain: d0 in [0, 9], d0 mod 4 in [1, 1]");
    CaseChecker checker;
    CaseReport r = checker.check_result(in, IndexingMap::known_empty(ctx));
    EXPECT_EQ(kinds(r.failures), "false-empty");
}

TEST(FuzzChecker, KnownEmptyForAnEmptyDomainIsDetected) {
    Context ctx;
    IndexingMap in = map_of(ctx, "(d0) -> (d0), domain: d0 in [0, 9], d0 * 2 in [3, 3]");
    CaseChecker checker;
    CaseReport r = checker.check_result(in, IndexingMap::known_empty(ctx));
    EXPECT_TRUE(r.passed());
    EXPECT_TRUE(r.exact_empty);
    EXPECT_TRUE(r.engine_empty);
}

TEST(FuzzChecker, EmptyDomainKeptIsAMiss) {
    Context ctx;
    IndexingMap in = map_of(ctx, "(d0) -> (d0), domain: d0 in [0, 9], d0 * 2 in [3, 3]");
    CaseChecker checker;
    CaseReport r = checker.check_result(in, in);
    EXPECT_TRUE(r.passed());
    EXPECT_EQ(kinds(r.misses), "empty-missed");
}

TEST(FuzzChecker, DivisionThatIsAffineOnTheDomainIsAMiss) {
    Context ctx;
    IndexingMap in =
        map_of(ctx, "(d0, d1) -> ((d0 * 4 + d1) floordiv 4), domain: d0 in [0, 9], d1 in [0, 3]");
    CaseChecker checker;
    CaseReport r = checker.check_result(in, in);
    EXPECT_TRUE(r.passed());
    ASSERT_EQ(kinds(r.misses), "div-affine");
    EXPECT_NE(r.misses[0].detail.find("equals `d0` on the domain"), std::string::npos)
        << r.misses[0].detail;
    EXPECT_FALSE(r.fully_simplified());
}

TEST(FuzzChecker, ResultConstantOnTheDomainIsAMiss) {
    Context ctx;
    IndexingMap in = map_of(ctx,
                            "(d0, d1) -> (d0 + d1), domain: d0 in [0, 9], d1 in [0, 9], "
                            "d0 + d1 in [4, 4]");
    CaseChecker checker;
    CaseReport r = checker.check_result(in, in);
    ASSERT_EQ(kinds(r.misses), "constant");
    EXPECT_NE(r.misses[0].detail.find("is the constant 4"), std::string::npos);
}

TEST(FuzzChecker, MinThatIsAffineOnTheDomainIsAMiss) {
    Context ctx;
    IndexingMap in = map_of(ctx, "(d0) -> (min(d0, 5)), domain: d0 in [0, 3]");
    CaseChecker checker;
    CaseReport r = checker.check_result(in, in);
    EXPECT_EQ(kinds(r.misses), "minmax-affine");
}

TEST(FuzzChecker, UnparsableTextIsARoundTripFailure) {
    CaseChecker checker;
    CaseReport r = checker.check_text("(d0) -> (d0 +");
    EXPECT_EQ(kinds(r.failures), "roundtrip");
}

TEST(FuzzChecker, UnknownIsNeverAPass) {
    Context ctx;
    IndexingMap in = map_of(ctx,
                            "(d0, d1, d2) -> (((d0 * 100 + d1 * 10 + d2) mod 100) floordiv 10), "
                            "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]");
    solvers::Limits tiny;
    tiny.isl_max_operations = 10;
    CaseChecker checker(tiny);
    CaseReport r = checker.check_result(in, in);
    EXPECT_TRUE(r.failures.empty()) << kinds(r.failures);
    EXPECT_FALSE(r.unknowns.empty());
    EXPECT_FALSE(r.passed());
}

}  // namespace
}  // namespace provix::fuzz
