// The isl back end on hand-picked cases whose answers are known.

#include <gtest/gtest.h>

#include "provix/solvers/oracle.h"
#include "solver_test_util.h"

namespace provix::solvers {
namespace {

using testing::map_of;

TEST(IslRange, FloorDivByNegativeDivisorRoundsDown) {
    Context ctx;
    auto isl = make_isl_oracle();
    // d0 in [-7, 7]: d0 floordiv -2 ranges over [floor(7/-2), floor(-7/-2)] = [-4, 3].
    auto m = map_of(ctx, "(d0) -> (d0 floordiv -2), domain: d0 in [-7, 7]");
    RangeDecision r = isl->exact_range(m, 0);
    ASSERT_EQ(r.verdict, Verdict::Proven) << r.reason;
    EXPECT_EQ(r.lo, "-4");
    EXPECT_EQ(r.hi, "3");
}

// A divisor or factor whose variables take few values is split on them,
// unless a value leaves int64 somewhere and its own values are no small
// int64 interval: such a point would get no piece and drop out of the
// function as if it divided by zero. Such maps are outside isl's fragment.
TEST(IslFragment, SplitsAreExactOrRefused) {
    Context ctx;
    auto isl = make_isl_oracle();
    EXPECT_TRUE(
        isl->supports(map_of(ctx,
                             "(d0) -> (d0 floordiv (d0 * 3)), domain: d0 in [1537228672809129301, "
                             "1537228672809129302]")));  // every divisor value in int64
    EXPECT_FALSE(
        isl->supports(map_of(ctx,
                             "(d0) -> (d0 floordiv (d0 * 3)), domain: d0 in [4611686018427387904, "
                             "4611686018427387905]")));
    EXPECT_FALSE(
        isl->supports(map_of(ctx,
                             "(d0, d1) -> (d0 * max(d1 * 3, 0)), domain: d0 in [-1, 1], d1 in "
                             "[4611686018427387904, 4611686018427387905]")));
    EXPECT_FALSE(isl->supports(
        map_of(ctx,
               "(d0, d1) -> (d1), domain: d0 in [4611686018427387904, 4611686018427387905], "
               "d1 in [-5, 5], d1 floordiv (d0 * 3) in [0, 0]")));
    // Zero or beyond int64: the split has no piece at d0 = 1, and the
    // divisor's interval is unbounded.
    EXPECT_FALSE(isl->supports(
        map_of(ctx,
               "(d0, d1) -> (d1 floordiv (d0 * 4 * 4611686018427387904)), domain: d0 in [0, 1], "
               "d1 in [-3, 3]")));
}

}  // namespace
}  // namespace provix::solvers
