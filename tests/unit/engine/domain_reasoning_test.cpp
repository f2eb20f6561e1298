// Probing a constraint over one variable with few values, called directly: it
// decides nothing where evaluation overflows, nor over a range past its limit.
// What the domain passes do to maps is checked by the examples in
// examples/domain_reasoning.map (simplify_examples_test.cpp).

#include <gtest/gtest.h>

#include <algorithm>

#include "domain_passes.h"
#include "provix/parser.h"

namespace provix {
namespace {

TEST(DomainProbe, AnOverflowingEvaluationDecidesNothing) {
    // d0 * 2^62 overflows int64 at every value, yet the constraint holds at
    // d0 = 4 (2^62 is 1 modulo 3): the bounds must not move.
    Context ctx;
    auto m = parse_indexing_map(
        ctx, "(d0) -> (d0), domain: d0 in [2, 4], (d0 * 4611686018427387904) mod 3 in [1, 1]");
    ASSERT_TRUE(m.ok());
    EXPECT_FALSE(engine::tighten_by_probing(*m));
    ASSERT_FALSE(m->is_known_empty());
    EXPECT_EQ(m->variable(0).bounds, (Interval{2, 4}));
}

TEST(DomainProbe, RangesWiderThanTheLimitAreNotProbed) {
    // 0 is excluded, but d0 has 33 values: the probe does not run.
    Context ctx;
    auto m = parse_indexing_map(ctx, "(d0) -> (d0), domain: d0 in [0, 32], (-d0) mod 2 in [1, 1]");
    ASSERT_TRUE(m.ok());
    EXPECT_FALSE(engine::tighten_by_probing(*m));
    auto small =
        parse_indexing_map(ctx, "(d0) -> (d0), domain: d0 in [0, 31], (-d0) mod 2 in [1, 1]");
    ASSERT_TRUE(small.ok());
    EXPECT_TRUE(engine::tighten_by_probing(*small));
    EXPECT_EQ(small->variable(0).bounds, (Interval{1, 31}));
}

}  // namespace
}  // namespace provix
