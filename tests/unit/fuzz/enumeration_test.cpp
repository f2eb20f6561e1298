// Exhaustive evaluation of two maps: values and definedness compared at
// every input point, runtime variables kept as inputs.

#include "provix/fuzz/enumeration.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "provix/parser.h"
#include "support/parsed_map.h"

namespace provix::fuzz {
namespace {

using Outcome = EnumerationResult::Outcome;

using testing_support::map_of;

EnumerationResult compare(const std::string& a, const std::string& b) {
    Context ctx;
    return compare_by_enumeration(map_of(ctx, a), map_of(ctx, b));
}

/// The comparison of `a` and `b` as text: its outcome, " | ", its detail,
/// e.g. "differ | at d0 = 2: ...".
std::string described(const std::string& a, const std::string& b) {
    EnumerationResult r = compare(a, b);
    const char* outcome = r.outcome == Outcome::Same     ? "same"
                          : r.outcome == Outcome::Differ ? "differ"
                                                         : "skipped";
    return outcome + std::string(" | ") + r.detail;
}

/// Passes when comparing `a` and `b` has the outcome `expected`; else fails
/// showing the comparison.
::testing::AssertionResult outcome_is(const std::string& a, const std::string& b,
                                      Outcome expected) {
    if (compare(a, b).outcome == expected) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << described(a, b);
}

TEST(Enumeration, EqualRelationsAreTheSame) {
    EnumerationResult r = compare("(d0)[s0] -> (d0 + s0), domain: d0 in [0, 3], s0 in [0, 2]",
                                  "(d0)[s0] -> (d0 + 2 - s0), domain: d0 in [0, 3], s0 in [0, 2]");
    EXPECT_EQ(r.outcome, Outcome::Same) << r.detail;
    EXPECT_EQ(r.evaluations, 4 * (3 + 3));
}

TEST(Enumeration, ValueDifferenceNamesThePoint) {
    EXPECT_EQ(described("(d0) -> (d0 floordiv 2), domain: d0 in [0, 3]",
                        "(d0) -> (d0 floordiv 4), domain: d0 in [0, 3]"),
              "differ | at d0 = 2:\n  first:  {(1)}\n  second: {(0)}");
}

TEST(Enumeration, DefinednessIsComparedPointByPoint) {
    EXPECT_EQ(described("(d0)[s0] -> (d0 floordiv s0), domain: d0 in [0, 0], s0 in [0, 1]",
                        "(d0)[s0] -> (0), domain: d0 in [0, 0], s0 in [0, 1]"),
              "differ | at d0 = 0:\n  first:  {(0)} and divides by zero\n  second: {(0)}");
}

TEST(Enumeration, UndefinedConstraintExcludesThePoint) {
    EXPECT_TRUE(
        outcome_is("(d0, d1) -> (d0), domain: d0 in [0, 2], d1 in [0, 1], "
                   "d0 mod d1 in [0, 5]",
                   "(d0, d1) -> (d0), domain: d0 in [0, 2], d1 in [1, 1]", Outcome::Same));
}

TEST(Enumeration, RuntimeVariablesAreInputs) {
    EXPECT_EQ(
        described(
            "(d0){rt0} -> (d0 + rt0), domain: d0 in [0, 1], rt0 in [0, 12], rt0 mod 6 in [4, 4]",
            "(d0){rt0} -> (d0 + rt0 * 6 + 4), domain: d0 in [0, 1], rt0 in [0, 1]"),
        "differ | at d0 = 0, rt0 = 0:\n  first:  not in domain\n  second: {(4)}");
}

TEST(Enumeration, RuntimeVariableFixedOnTheDomainMayBeDropped) {
    EXPECT_TRUE(outcome_is(
        "(d0){rt0, rt1} -> (d0 + rt1 + rt0), domain: d0 in [0, 1], rt0 in [0, 4], "
        "rt1 in [0, 3], rt0 * 2 in [6, 6]",
        "(d0){rt1} -> (d0 + rt1 + 3), domain: d0 in [0, 1], rt1 in [0, 3]", Outcome::Same));
}

TEST(Enumeration, RenamedRuntimeVariableDiffers) {
    EXPECT_TRUE(outcome_is(
        "(d0){rt0, rt1} -> (d0 + rt1), domain: d0 in [0, 3], rt0 in [0, 0], rt1 in [0, 2]",
        "(d0){rt0} -> (d0 + rt0), domain: d0 in [0, 3], rt0 in [0, 2]", Outcome::Differ));
}

TEST(Enumeration, KnownEmptyAgainstAnEmptyDomainIsTheSame) {
    EXPECT_EQ(
        compare("(d0) -> (d0), domain: d0 in [0, 9], d0 * 2 in [3, 3]", "KNOWN EMPTY").outcome,
        Outcome::Same);
    EXPECT_EQ(
        compare("(d0) -> (d0), domain: d0 in [0, 9], d0 * 2 in [4, 4]", "KNOWN EMPTY").outcome,
        Outcome::Differ);
}

TEST(Enumeration, LargeOrUnboundedDomainsAreSkipped) {
    EXPECT_EQ(
        compare("(d0) -> (d0), domain: d0 in [0, inf]", "(d0) -> (d0), domain: d0 in [0, inf]")
            .outcome,
        Outcome::Skipped);
    EXPECT_EQ(compare("(d0, d1) -> (d0), domain: d0 in [0, 999], d1 in [0, 999]",
                      "(d0, d1) -> (d0), domain: d0 in [0, 999], d1 in [0, 999]")
                  .outcome,
              Outcome::Skipped);
}

TEST(Enumeration, OverflowIsSkippedNotADifference) {
    EXPECT_EQ(described("(d0) -> (d0 * 9223372036854775807), domain: d0 in [0, 2]",
                        "(d0) -> (d0 * 9223372036854775807 + 1 - 1), domain: d0 in [0, 2]"),
              "skipped | a value leaves int64");
}

}  // namespace
}  // namespace provix::fuzz
