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

}  // namespace
}  // namespace provix::solvers
