// The reduction order: every rule of rules/ decreases it; size-increasing,
// commuting and looping rules are rejected.

#include <gtest/gtest.h>

#include "prover_test_util.h"
#include "provix/solvers/rule_order.h"

namespace provix::solvers {
namespace {

using testing::rule_of;

TEST(ReductionOrder, EveryRuleOfTheRulesFolderDecreases) {
    auto all = testing::rules_in_source_tree();
    ASSERT_GE(all.size(), 20u);
    for (const rules::Rule& r : all) {
        OrderCheck c = check_reduction_order(r);
        EXPECT_TRUE(c.ok) << r.file << ":" << r.line << ": " << r.name << ": " << c.message;
    }
}

TEST(ReductionOrder, NestedDivisionsMergeIntoOne) {
    OrderCheck c =
        check_reduction_order(rule_of("nested: (x floordiv c0) floordiv c1 => x floordiv (c0 * c1) "
                                      "if c0 > 0 && c1 > 0"));
    ASSERT_TRUE(c.ok) << c.message;
    ASSERT_EQ(c.cases.size(), 1u);
    EXPECT_EQ(c.cases[0].first.to_string(), "(0, 2, 0, 4, 0, 0, 5, 1)");
    EXPECT_EQ(c.cases[0].second.to_string(), "(0, 1, 0, 1, 0, 0, 3, 1)");
}

TEST(ReductionOrder, NegativeDivisorNormalizationRemovesANegativeDivisor) {
    OrderCheck c = check_reduction_order(
        rule_of("neg: x floordiv c0 => (x * -1) floordiv (c0 * -1) if c0 < 0"));
    ASSERT_TRUE(c.ok) << c.message;
    ASSERT_EQ(c.cases.size(), 1u);
    // Bigger, but one negative divisor fewer: component 1 decides.
    EXPECT_EQ(c.cases[0].first.to_string(), "(1, 1, 0, 1, 0, 0, 3, 1)");
    EXPECT_EQ(c.cases[0].second.to_string(), "(0, 1, 0, 3, 0, 0, 5, 1)");
}

TEST(ReductionOrder, NegativeDivisorNormalizationWithoutSignIsRejected) {
    // Without c0 < 0 the rule may fire on a positive divisor and make it
    // negative: (x * -1) floordiv (c0 * -1) is then rewritten back.
    OrderCheck c =
        check_reduction_order(rule_of("flip: x floordiv c0 => (x * -1) floordiv (c0 * -1)"));
    EXPECT_FALSE(c.ok);
    EXPECT_EQ(c.message,
              "left side (0, 1, 0, 1, 0, 0, 3, 1) is not greater than right side "
              "(1, 1, 0, 3, 0, 0, 5, 1) when c0 > 0");
}

TEST(ReductionOrder, UnknownDivisorSignIsSplitIntoCases) {
    OrderCheck c = check_reduction_order(
        rule_of("pull: (c0 * X + Y) floordiv c1 => (c0 floordiv c1) * X + Y floordiv c1 "
                "if c0 mod c1 == 0"));
    EXPECT_TRUE(c.ok) << c.message;
    EXPECT_EQ(c.cases.size(), 2u);  // c1 < 0 and c1 > 0
}

TEST(ReductionOrder, RejectsSizeIncreasingRule) {
    OrderCheck c = check_reduction_order(
        rule_of("grow: x floordiv c0 => (x * 2) floordiv (c0 * 2) if c0 > 0"));
    EXPECT_FALSE(c.ok);
    EXPECT_EQ(c.message,
              "left side (0, 1, 0, 1, 0, 0, 3, 1) is not greater than right side "
              "(0, 1, 0, 3, 0, 0, 5, 1)");
}

TEST(ReductionOrder, RejectsCommutation) {
    OrderCheck c = check_reduction_order(rule_of("comm: min(x, y) => min(y, x)"));
    EXPECT_FALSE(c.ok);
}

TEST(ReductionOrder, RejectsDuplicatedVariable) {
    OrderCheck c = check_reduction_order(rule_of("dup: x * 2 => x + x"));
    EXPECT_FALSE(c.ok);
    EXPECT_NE(c.message.find("variable 'x' occurs 2 times on the right but 1 on the left"),
              std::string::npos)
        << c.message;
}

TEST(ReductionOrder, RejectsVariableMovedDeeperIntoDividends) {
    // Same counts, but y moves inside a dividend: instances of y would be
    // counted once more in components 3 and 4.
    OrderCheck c = check_reduction_order(
        rule_of("deeper: x floordiv c0 + y * c1 => (x + y * c1) floordiv c0 if c0 > 0"));
    EXPECT_FALSE(c.ok);
    EXPECT_NE(c.message.find("variable 'y' sits deeper inside dividends on the right"),
              std::string::npos)
        << c.message;
}

TEST(ReductionOrder, RejectsOneDirectionOfALoopingPair) {
    // Together these two rules loop; the order accepts at most one of them.
    auto split = rule_of("split: x mod c0 => x - (x floordiv c0) * c0 if c0 > 0");
    auto join = rule_of("join: x - (x floordiv c0) * c0 => x mod c0 if c0 > 0");
    OrderCheck s = check_reduction_order(split);
    OrderCheck j = check_reduction_order(join);
    EXPECT_FALSE(s.ok) << s.message;
    EXPECT_TRUE(j.ok) << j.message;
}

}  // namespace
}  // namespace provix::solvers
