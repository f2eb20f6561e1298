// The differential checker on hand-picked maps: what is a failure, what is a
// miss, and that wrong engine output is caught.

#include "provix/fuzz/checker.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "provix/parser.h"
#include "support/parsed_map.h"
#include "support/text_helpers.h"

namespace provix::fuzz {
namespace {

using testing_support::contains;
using testing_support::map_of;

std::string kinds(const std::vector<Finding>& findings) {
    std::string s;
    for (const Finding& f : findings)
        s += (s.empty() ? "" : " ") + f.kind;
    return s;
}

/// Passes when `findings` are of the space-separated `expected_kinds` and
/// the detail of finding i contains `parts[i]`; else fails showing them:
/// `EXPECT_TRUE(findings_are(r.misses, "constant", {"is the constant 4"}))`.
::testing::AssertionResult findings_are(const std::vector<Finding>& findings,
                                        const std::string& expected_kinds,
                                        const std::vector<std::string>& parts) {
    if (kinds(findings) != expected_kinds)
        return ::testing::AssertionFailure()
               << "findings \"" << kinds(findings) << "\", expected \"" << expected_kinds << "\"";
    for (size_t i = 0; i < parts.size(); ++i)
        if (auto found = contains(findings[i].detail, parts[i]); !found)
            return found << "\n(finding " << i << ")";
    return ::testing::AssertionSuccess();
}

/// What the engine is said to have returned in `checked`.
enum class Output { Itself, KnownEmpty };

/// The checker's report on `output` as the engine's output for the map
/// `input` (no simplification is run), e.g.
/// `checked("(d0) -> (d0), domain: d0 in [0, 9]", Output::Itself)`.
CaseReport checked(const std::string& input, Output output, const solvers::Limits& limits = {}) {
    Context ctx;
    IndexingMap in = map_of(ctx, input);
    CaseChecker checker(limits);
    return checker.check_result(in, output == Output::Itself ? in : IndexingMap::known_empty(ctx));
}

/// The misses the checker finds in `input` taken as the engine's output for
/// itself: `misses_of("(d0) -> (min(d0, 5)), domain: d0 in [0, 3]")`.
std::vector<Finding> misses_of(const std::string& input) {
    return checked(input, Output::Itself).misses;
}

/// The checker's report on the map `output` as the engine's output for `input`.
CaseReport checked(const std::string& input, const std::string& output) {
    Context ctx;
    CaseChecker checker;
    return checker.check_result(map_of(ctx, input), map_of(ctx, output));
}

// --- Ranges ---------------------------------------------------------------------

TEST(RangeContains, ComparesDecimalTextExactly) {
    EXPECT_TRUE(range_contains({0, 9}, "0", "9"));
    EXPECT_TRUE(range_contains({-1, 10}, "0", "9"));
    EXPECT_FALSE(range_contains({0, 9}, "0", "10"));
    EXPECT_FALSE(range_contains({1, 9}, "0", "9"));
    EXPECT_TRUE(range_contains(Interval::at_most(5), "-inf", "5"));
    EXPECT_FALSE(range_contains({kInt64Min, 5}, "-inf", "5"));  // -2^63 is finite
    EXPECT_FALSE(range_contains({-5, 5}, "-inf", "5"));
    EXPECT_TRUE(range_contains(Interval::at_least(0), "0", "99999999999999999999"));
    EXPECT_FALSE(range_contains({0, kInt64Max}, "0", "99999999999999999999"));
    EXPECT_FALSE(range_contains({5, 5}, "-99999999999999999999", "5"));
    // A lower end 2^63 - 1 (widened from beyond int64) holds larger values.
    EXPECT_FALSE(range_contains(Interval::at_least(kInt64Max), "9223372036852678658",
                                "9223372036852678658"));
    EXPECT_TRUE(range_contains(Interval::at_least(kInt64Max), "9223372036854775808",
                               "9223372036854775808"));
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
    CaseReport r = checked("(d0) -> (d0 floordiv 2), domain: d0 in [0, 9]",
                           "(d0) -> (d0 floordiv 4), domain: d0 in [0, 9]");
    // The oracle and exhaustive evaluation both see it.
    EXPECT_TRUE(findings_are(r.failures, "unsound enumeration", {"value mismatch"}));
    EXPECT_TRUE(r.enumerated);
    EXPECT_FALSE(r.passed());
}

TEST(FuzzChecker, DefinedWhereTheInputIsNotIsUnsound) {
    CaseReport r = checked("(d0)[s0] -> (d0 floordiv s0), domain: d0 in [0, 0], s0 in [0, 1]",
                           "(d0)[s0] -> (0), domain: d0 in [0, 0], s0 in [0, 1]");
    EXPECT_TRUE(findings_are(r.failures, "unsound enumeration",
                             {"only the first map divides by zero",
                              "first:  {(0)} and divides by zero\n  second: {(0)}"}));
}

TEST(FuzzChecker, RescaledRuntimeVariableIsUnsound) {
    CaseReport r = checked(
        "(d0){rt0} -> (d0 + rt0), domain: d0 in [0, 1], rt0 in [0, 12], "
        "rt0 mod 6 in [4, 4]",
        "(d0){rt0} -> (d0 + rt0 * 6 + 4), domain: d0 in [0, 1], rt0 in [0, 1]");
    EXPECT_EQ(kinds(r.failures), "unsound enumeration");
}

TEST(FuzzChecker, DroppedFixedRuntimeVariableIsSound) {
    CaseReport r = checked(
        "(d0){rt0, rt1} -> (d0 + rt1 + rt0), domain: d0 in [0, 1], "
        "rt0 in [0, 4], rt1 in [0, 3], rt0 * 2 in [6, 6]",
        "(d0){rt1} -> (d0 + rt1 + 3), domain: d0 in [0, 1], rt1 in [0, 3]");
    EXPECT_TRUE(r.passed()) << kinds(r.failures);
    EXPECT_TRUE(r.enumerated);
}

TEST(FuzzChecker, FiniteLiteralBoundsAreNeverReadAsInfinite) {
    const std::string text =
        "(d0) -> (d0), domain: d0 in [-3, 1], d0 * 4611686018427387904 in "
        "[-9223372036854775808, 0]";
    Context ctx;
    ParseOptions raw;
    raw.canonicalize = false;
    IndexingMap read = *parse_indexing_map(ctx, text, raw);
    bool read_as_infinite = false;
    for (const Constraint& c : read.constraints())
        read_as_infinite = read_as_infinite || c.range.lo_is_inf();
    CaseChecker checker;
    CaseReport r = checker.check_text(text);
    // The checker reports exactly when the parser reads the literal as -inf,
    // whatever comments say.
    EXPECT_EQ(r.has_failure("literal"), read_as_infinite) << kinds(r.failures);
    CaseReport commented = checker.check_text("// read as -inf, not inf\n" + text);
    EXPECT_EQ(commented.has_failure("literal"), read_as_infinite) << kinds(commented.failures);
    // An infinite bound written as such is no failure.
    CaseReport fine = checker.check_text("(d0) -> (d0), domain: d0 in [0, inf], d0 in [-inf, 7]");
    EXPECT_FALSE(fine.has_failure("literal")) << kinds(fine.failures);
}

TEST(FuzzChecker, KnownEmptyForANonEmptyDomainIsFalseEmpty) {
    CaseReport r =
        checked("(d0) -> (d0), domain: d0 in [0, 9], d0 mod 4 in [1, 1]", Output::KnownEmpty);
    // The oracle's witness and exhaustive evaluation both see it.
    EXPECT_EQ(kinds(r.failures), "false-empty enumeration");
}

TEST(FuzzChecker, KnownEmptyForAnEmptyDomainIsDetected) {
    CaseReport r =
        checked("(d0) -> (d0), domain: d0 in [0, 9], d0 * 2 in [3, 3]", Output::KnownEmpty);
    EXPECT_TRUE(r.passed());
    EXPECT_TRUE(r.exact_empty);
    EXPECT_TRUE(r.engine_empty);
}

TEST(FuzzChecker, EmptyDomainKeptIsAMiss) {
    CaseReport r = checked("(d0) -> (d0), domain: d0 in [0, 9], d0 * 2 in [3, 3]", Output::Itself);
    EXPECT_TRUE(r.passed());
    EXPECT_EQ(kinds(r.misses), "empty-missed");
}

TEST(FuzzChecker, DivisionThatIsAffineOnTheDomainIsAMiss) {
    CaseReport r =
        checked("(d0, d1) -> ((d0 * 4 + d1) floordiv 4), domain: d0 in [0, 9], d1 in [0, 3]",
                Output::Itself);
    EXPECT_TRUE(r.passed());
    EXPECT_TRUE(findings_are(r.misses, "div-affine", {"equals `d0` on the domain"}));
    EXPECT_FALSE(r.fully_simplified());
}

TEST(FuzzChecker, ResultConstantOnTheDomainIsAMiss) {
    EXPECT_TRUE(findings_are(misses_of("(d0, d1) -> (d0 + d1), domain: d0 in [0, 9], "
                                       "d1 in [0, 9], d0 + d1 in [4, 4]"),
                             "constant", {"is the constant 4"}));
}

TEST(FuzzChecker, ConstantBeyondInt64IsNoMiss) {
    // 2^63 and -2^63 - 1: no int64 constant states them, so the div-free
    // expressions are as simple as they get; 2^63 - 2 is a miss.
    EXPECT_TRUE(
        findings_are(misses_of("(d0) -> (9223372036854775807 + 1, -9223372036854775808 - 1, "
                               "9223372036854775807 - 1 + d0 * 0 + d0), domain: d0 in [0, 0]"),
                     "constant", {"result 2"}));
}

TEST(FuzzChecker, MinThatIsAffineOnTheDomainIsAMiss) {
    EXPECT_EQ(kinds(misses_of("(d0) -> (min(d0, 5)), domain: d0 in [0, 3]")), "minmax-affine");
}

TEST(FuzzChecker, UnparsableTextIsARoundTripFailure) {
    CaseChecker checker;
    CaseReport r = checker.check_text("(d0) -> (d0 +");
    EXPECT_EQ(kinds(r.failures), "roundtrip");
}

TEST(FuzzChecker, UnknownIsNeverAPass) {
    solvers::Limits tiny;
    tiny.isl_max_operations = 10;
    CaseReport r = checked(
        "(d0, d1, d2) -> (((d0 * 100 + d1 * 10 + d2) mod 100) floordiv 10), "
        "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]",
        Output::Itself, tiny);
    EXPECT_TRUE(r.failures.empty()) << kinds(r.failures);
    EXPECT_FALSE(r.unknowns.empty());
    EXPECT_FALSE(r.passed());
}

}  // namespace
}  // namespace provix::fuzz
