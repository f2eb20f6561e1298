// TrialRewrites: the names reported under a trial reach the log only when
// the outermost trial is kept, in order; a trial thrown away drops its names
// and forgets the memo entries it wrote first, nested trials included.

#include "trial_rewrites.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "node_memo.h"
#include "provix/expr.h"

namespace provix::engine {
namespace {

using Names = std::vector<std::string>;

/// A memo entry written under the trial (as the rewriter writes one).
void write_new(TrialRewrites& trial, detail::NodeMemo& memo, Expr e, Expr value) {
    trial.note_new_entry(e);
    memo.set(e, value);
}

TEST(TrialRewrites, AKeptTrialReportsItsNamesInOrderWhenTheOutermostEnds) {
    Names trace;
    std::map<std::string, int64_t> counters;
    RewriteLog log{&trace, &counters};
    TrialRewrites trial;
    trial.begin(&log);
    log.fired("fixed_value");
    trial.begin(&log);
    log.fired("fd_nested");
    trial.keep(&log);
    log.fired("fixed_value");
    EXPECT_EQ(trace, Names{});  // pending until the outermost trial ends
    trial.keep(&log);
    EXPECT_FALSE(trial.active());
    EXPECT_EQ(trace, (Names{"fixed_value", "fd_nested", "fixed_value"}));
    EXPECT_EQ(counters, (std::map<std::string, int64_t>{{"fd_nested", 1}, {"fixed_value", 2}}));
    log.fired("mod_in_block");  // the log is the caller's again
    EXPECT_EQ(trace.back(), "mod_in_block");
}

TEST(TrialRewrites, ADiscardedTrialDropsItsNamesAndForgetsItsNewMemoEntries) {
    Context ctx;
    const Expr x = ctx.variable(0), y = ctx.variable(1), zero = ctx.constant(0);
    detail::NodeMemo memo;
    memo.set(x, x);  // written before the trial: kept
    Names trace;
    RewriteLog log{&trace, nullptr};
    TrialRewrites trial;
    const TrialRewrites::Mark mark = trial.begin(&log);
    write_new(trial, memo, y, zero);
    log.fired("fixed_value");
    trial.discard(mark, memo, &log);
    EXPECT_FALSE(trial.active());
    EXPECT_EQ(trace, Names{});
    EXPECT_FALSE(memo.find(y));
    EXPECT_EQ(memo.find(x), x);
    log.fired("fd_nested");
    EXPECT_EQ(trace, Names{"fd_nested"});
}

TEST(TrialRewrites, AnInnerTrialThrownAwayLeavesWhatTheOuterFound) {
    Context ctx;
    const Expr x = ctx.variable(0), y = ctx.variable(1), zero = ctx.constant(0);
    detail::NodeMemo memo;
    Names trace;
    RewriteLog log{&trace, nullptr};
    TrialRewrites trial;
    trial.begin(&log);
    write_new(trial, memo, x, zero);
    log.fired("fd_nested");
    const TrialRewrites::Mark inner = trial.begin(&log);
    write_new(trial, memo, y, zero);
    log.fired("fixed_value");
    trial.discard(inner, memo, &log);
    EXPECT_TRUE(trial.active());
    trial.keep(&log);
    EXPECT_EQ(trace, Names{"fd_nested"});
    EXPECT_EQ(memo.find(x), zero);
    EXPECT_FALSE(memo.find(y));
}

TEST(TrialRewrites, AKeptInnerTrialIsThrownAwayWithTheOuter) {
    Context ctx;
    const Expr x = ctx.variable(0), y = ctx.variable(1), zero = ctx.constant(0);
    detail::NodeMemo memo;
    Names trace;
    std::map<std::string, int64_t> counters;
    RewriteLog log{&trace, &counters};
    TrialRewrites trial;
    const TrialRewrites::Mark outer = trial.begin(&log);
    write_new(trial, memo, x, zero);
    trial.begin(&log);
    write_new(trial, memo, y, zero);
    log.fired("fixed_value");
    trial.keep(&log);
    trial.discard(outer, memo, &log);
    EXPECT_EQ(trace, Names{});
    EXPECT_TRUE(counters.empty());
    EXPECT_FALSE(memo.find(x));
    EXPECT_FALSE(memo.find(y));
}

TEST(TrialRewrites, WithoutTraceOrCountersOnlyTheMemoIsKeptApart) {
    Context ctx;
    const Expr x = ctx.variable(0), zero = ctx.constant(0);
    detail::NodeMemo memo;
    RewriteLog log{};
    TrialRewrites trial;
    const TrialRewrites::Mark mark = trial.begin(&log);
    EXPECT_EQ(log.trace, nullptr);  // nothing to keep: no names are held
    EXPECT_EQ(log.counters, nullptr);
    write_new(trial, memo, x, zero);
    log.fired("fixed_value");
    trial.discard(mark, memo, &log);
    EXPECT_FALSE(memo.find(x));
}

}  // namespace
}  // namespace provix::engine
