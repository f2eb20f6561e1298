// The engine's result ranges where exactness needs more than interval
// arithmetic on int64: a sum whose partial sums leave int64 although the
// total fits, and a mod whose dividend has a known residue class.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "provix/parser.h"
#include "provix/simplify.h"

namespace provix {
namespace {

std::vector<Interval> ranges_of(const std::string& text) {
    Context ctx;
    auto m = parse_indexing_map(ctx, text);
    EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().message);
    return m.ok() ? result_ranges(*m) : std::vector<Interval>{};
}

/// Whether the result ranges of the map `text` are `expected`, e.g.
/// `ranges_are("(d0) -> (d0 mod 8), domain: d0 in [0, 99]", {Interval(0, 7)})`.
/// A failure prints both lists.
::testing::AssertionResult ranges_are(const std::string& text,
                                      const std::vector<Interval>& expected) {
    std::vector<Interval> ranges = ranges_of(text);
    if (ranges == expected) return ::testing::AssertionSuccess();
    auto listed = [](const std::vector<Interval>& v) {
        std::string s;
        for (const Interval& i : v)
            s += (s.empty() ? "" : ", ") + to_string(i);
        return "{" + s + "}";
    };
    return ::testing::AssertionFailure()
           << "ranges " << listed(ranges) << ", expected " << listed(expected);
}

TEST(ExactRanges, APartialSumBeyondInt64KeepsTheTotalFinite) {
    // d0 - s0 reaches 2^63 (d0 = 1, s0 = -(2^63 - 1)); minus 3 it fits.
    EXPECT_TRUE(
        ranges_are("(d0)[s0] -> (d0 - s0 - 3), domain: d0 in [0, 1], "
                   "s0 in [-9223372036854775807, -9223372036854775294]",
                   {Interval(9223372036854775291, 9223372036854775805)}));
}

TEST(ExactRanges, ATotalBeyondInt64StillWidens) {
    EXPECT_TRUE(
        ranges_are("(d0)[s0] -> (d0 - s0), domain: d0 in [0, 1], "
                   "s0 in [-9223372036854775807, -9223372036854775294]",
                   {Interval::at_least(9223372036854775294)}));
}

TEST(ExactRanges, AModKeepsOnlyTheResidueClassOfItsDividend) {
    // d0 == 3 (mod 4): d0 mod 8 is 3 or 7; mod 3 nothing is known (coprime).
    EXPECT_TRUE(
        ranges_are("(d0) -> (d0 mod 8, d0 mod 3, (d0 + 1) mod 4), domain: d0 in [0, 1000], "
                   "d0 mod 4 in [3, 3]",
                   {Interval(3, 7), Interval(0, 2), Interval(0, 0)}));
}

}  // namespace
}  // namespace provix
