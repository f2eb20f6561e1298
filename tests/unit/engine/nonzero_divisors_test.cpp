// The divisors of the domain's constraints, which the domain passes keep off
// zero. What the step does to maps is checked by the examples in
// examples/nonzero_divisors.map (simplify_examples_test.cpp).

#include "nonzero_divisors.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "provix/parser.h"

namespace provix {
namespace {

TEST(NonzeroDivisors, ListsEachVariableDivisorOnce) {
    Context ctx;
    auto m = parse_indexing_map(ctx,
                                "(d0, d1) -> (d0), domain: d0 in [0, 9], d1 in [-1, 1], "
                                "d0 mod (d1 * 2) in [0, 5], (d0 floordiv (d1 * 2)) floordiv 3 "
                                "in [0, 5], d0 floordiv (d0 + 1) in [0, 1]");
    ASSERT_TRUE(m.ok());
    std::vector<std::string> names;
    for (Expr d : engine::constraint_divisors(m->constraints()))
        names.push_back(to_string(d));
    // `3` is a constant divisor: left out; `d1 * 2` appears twice.
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"v0 + 1", "v1 * 2"}));
}

}  // namespace
}  // namespace provix
