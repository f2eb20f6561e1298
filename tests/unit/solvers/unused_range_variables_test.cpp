// Range variables that nothing mentions are dropped before the pointwise
// check of an equivalence (solvers/src/unused_range_variables.h).

#include "unused_range_variables.h"

#include <gtest/gtest.h>

#include "provix/solvers/oracle.h"
#include "solver_test_util.h"

namespace provix::solvers {
namespace {

using detail::without_unused_range_variables;
using testing::map_of;

TEST(UnusedRangeVariables, DroppedAndTheRestRenumbered) {
    Context ctx;
    auto m = map_of(ctx,
                    "(d0)[s0, s1, s2]{rt0} -> (d0 + s1 + rt0), domain: d0 in [0, 3], s0 in [0, 7], "
                    "s1 in [0, 5], s2 in [1, 2], rt0 in [0, 9], s2 mod 2 in [1, 1]");
    IndexingMap out = without_unused_range_variables(m);
    EXPECT_EQ(out.to_string(), map_of(ctx,
                                      "(d0)[s1, s2]{rt0} -> (d0 + s1 + rt0), domain: d0 in [0, 3], "
                                      "s1 in [0, 5], s2 in [1, 2], rt0 in [0, 9], "
                                      "s2 mod 2 in [1, 1]")
                                   .to_string());
    // Nothing to drop: the map as it is.
    auto all_used = map_of(ctx, "(d0)[s0] -> (d0 * s0), domain: d0 in [0, 3], s0 in [0, 7]");
    EXPECT_EQ(without_unused_range_variables(all_used).to_string(), all_used.to_string());
    // Runtime variables and dims are inputs: they stay, used or not.
    auto inputs = map_of(ctx,
                         "(d0, d1){rt0} -> (d0), domain: d0 in [0, 3], d1 in [0, 1], "
                         "rt0 in [0, 4]");
    EXPECT_EQ(without_unused_range_variables(inputs).to_string(), inputs.to_string());
}

// The engine drops an unused range variable and renumbers the others. The
// relational check of this pair (a fuzz case) needs more than a million isl
// operations, the fuzz campaign's budget (some 15 s); the pointwise check
// over the variables left takes a few milliseconds.
TEST(UnusedRangeVariables, LinedUpForThePointwiseProof) {
    Context ctx;
    Limits limits;
    limits.isl_max_operations = 1'000'000;
    auto isl = make_isl_oracle(limits);
    auto input =
        map_of(ctx,
               "(d0, d1, d2)[s0, s1]{rt0} -> (((d2 + d1 * 8 + s1 * 96) floordiv 96) mod 128, "
               "((d2 + d1 * 8 + s1 * 96) floordiv 7) mod 12, (d2 + d1 * 8 + s1 * 96) mod 8), "
               "domain: d0 in [0, 15], d1 in [0, 11], d2 in [9, 26], s0 in [0, 7], s1 in [0, 127], "
               "rt0 in [0, 4], d2 mod 4 in [2, 2]");
    auto simplified =
        map_of(ctx,
               "(d0, d1, d2)[s0]{rt0} -> ((s0 + (d1 * 8 + d2) floordiv 96) mod 128, "
               "((d1 * 8 + d2 + s0 * 96) floordiv 7) mod 12, d2 mod 8), domain: d0 in [0, 15], "
               "d1 in [0, 11], d2 in [10, 26], s0 in [0, 127], rt0 in [0, 4], d2 mod 4 in [2, 2]");
    Decision d = isl->equivalent(input, simplified);
    EXPECT_EQ(d.verdict, Verdict::Proven) << d.reason;
    // Pointwise unequal over the variables left (the kept ones in another
    // order): the relational check decides, over the maps as given.
    auto swapped = map_of(ctx,
                          "(d0)[s0, s1, s2] -> (s0 * 10 + s2), domain: d0 in [0, 3], "
                          "s0 in [0, 9], s1 in [0, 1], s2 in [0, 9]");
    auto renamed = map_of(ctx,
                          "(d0)[s0, s1] -> (s1 * 10 + s0), domain: d0 in [0, 3], "
                          "s0 in [0, 9], s1 in [0, 9]");
    d = isl->equivalent(swapped, renamed);
    EXPECT_EQ(d.verdict, Verdict::Proven) << d.reason;
    // And a pair that differs is still refuted: s0 * 10 + s2 takes 99, the
    // other side at most 98.
    auto smaller = map_of(ctx,
                          "(d0)[s0, s1] -> (s1 * 10 + s0), domain: d0 in [0, 3], "
                          "s0 in [0, 8], s1 in [0, 9]");
    d = isl->equivalent(swapped, smaller);
    EXPECT_EQ(d.verdict, Verdict::Refuted) << d.reason;
}

}  // namespace
}  // namespace provix::solvers
