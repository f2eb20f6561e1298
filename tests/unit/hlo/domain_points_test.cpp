// The box walk behind the enumerating analyses (coalescing, utilization,
// equivalence by enumeration).

#include "domain_points.h"

#include <gtest/gtest.h>

#include <limits>
#include <vector>

namespace provix::hlo::detail {
namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

TEST(DomainPoints, CountsTheBoxUpToTheLimit) {
    EXPECT_EQ(box_points({{0, 3}, {1, 2}}, 100), 8);
    EXPECT_EQ(box_points({{0, 3}, {1, 2}}, 8), 8);
    EXPECT_EQ(box_points({{0, 3}, {1, 2}}, 7), std::nullopt);
    EXPECT_EQ(box_points({}, 100), 1);  // the one point of a 0-dimensional box
}

TEST(DomainPoints, AnEmptySideEmptiesTheBoxEvenBesideAnUnboundedOne) {
    EXPECT_EQ(box_points({Interval::all(), Interval::empty()}, 100), 0);
    EXPECT_EQ(box_points({{0, 3}, Interval::empty()}, 100), 0);
    EXPECT_EQ(box_points({Interval::at_least(0), {0, 3}}, 100), std::nullopt);
}

TEST(DomainPoints, SizesBeyondInt64AreNotCounted) {
    // [-2^63, 2^63 - 1] has 2^64 points; two sides of 2^32 multiply to 2^64.
    EXPECT_EQ(box_points({{kMin, kMax}}, kMax), std::nullopt);
    EXPECT_EQ(box_points({{0, (int64_t{1} << 32) - 1}, {0, (int64_t{1} << 32) - 1}}, kMax),
              std::nullopt);
    EXPECT_EQ(box_points({{kMax - 1, kMax}}, kMax), 2);
}

TEST(DomainPoints, WalksEveryPointInRowMajorOrderAndStopsAtTheLimit) {
    const std::vector<Interval> box{{0, 1}, {kMax - 2, kMax}};
    std::vector<int64_t> point = first_point(box);
    std::vector<std::vector<int64_t>> seen;
    do {
        seen.push_back(point);
    } while (next_point(point, box));
    const std::vector<std::vector<int64_t>> expected{{0, kMax - 2}, {0, kMax - 1}, {0, kMax},
                                                     {1, kMax - 2}, {1, kMax - 1}, {1, kMax}};
    EXPECT_EQ(seen, expected);
    EXPECT_EQ(point, first_point(box));  // back at the start, no overflow past kMax
}

}  // namespace
}  // namespace provix::hlo::detail
