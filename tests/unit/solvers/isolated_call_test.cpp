// Computations in child processes killed by a deadline (the bound on isl).

#include "isolated_call.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>

#include "provix/solvers/oracle.h"

namespace provix::solvers::detail {
namespace {

TEST(IsolatedCall, TheChildsTextComesBack) {
    std::string why = "stale";
    const std::string big(100000, 'x');  // more than a pipe holds at once
    auto text = run_isolated(
        60, [&] { return "answer:" + big; }, &why);
    ASSERT_TRUE(text.has_value()) << why;
    EXPECT_EQ(*text, "answer:" + big);
    EXPECT_EQ(why, "");
}

TEST(IsolatedCall, AChildPastItsDeadlineIsKilled) {
    std::string why;
    auto text = run_isolated(
        0.2,
        [] {
            std::this_thread::sleep_for(std::chrono::hours(1));  // never returns in time
            return std::string("late");
        },
        &why);
    EXPECT_FALSE(text.has_value());
    EXPECT_EQ(why, "timeout");
}

TEST(IsolatedCall, AChildThatDiesGivesNoAnswer) {
    std::string why;
    auto text = run_isolated(
        60,
        [] {
            std::_Exit(3);
            return std::string("never");
        },
        &why);
    EXPECT_FALSE(text.has_value());
    EXPECT_EQ(why, "the process deciding it ended without an answer");
}

TEST(IsolatedCall, AnIsolatedOracleAnswersAsTheOracleItWraps) {
    // Counterexamples and exact ranges cross the pipe intact.
    Context ctx;
    Limits limits;
    limits.timeout_seconds = 60;
    Limits isolated = limits;
    isolated.isolate = true;
    auto plain = make_exact_oracle(limits), child = make_exact_oracle(isolated);
    auto map = [&](Expr r, Interval b) {
        return *IndexingMap::get(*SymbolicMap::get(ctx, 1, 0, {r}), {{b, "d0"}}, {}, {});
    };
    Expr d0 = ctx.variable(0);
    IndexingMap a = map(floor_div(d0, 4), {-5, 9}), b = map(floor_div(d0 + 1, 4), {-5, 9});
    Decision p = plain->equivalent(a, b), c = child->equivalent(a, b);
    EXPECT_EQ(p.verdict, Verdict::Refuted);
    EXPECT_EQ(c.verdict, p.verdict);
    ASSERT_TRUE(c.counterexample && p.counterexample);
    EXPECT_EQ(to_string(*c.counterexample), to_string(*p.counterexample));
    EXPECT_EQ(child->exact_range(a, 0).to_string(), plain->exact_range(a, 0).to_string());
    EXPECT_EQ(child->is_empty(a).verdict, Verdict::Refuted);
}

}  // namespace
}  // namespace provix::solvers::detail
