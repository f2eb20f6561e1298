// QuietPasses: a pass that ran without effect is skipped until some pass
// changes the state, and never skipped when its report could be lost.

#include "quiet_passes.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

namespace provix::engine {
namespace {

/// A pass that counts its runs and returns the next answer from a script.
struct ScriptedPass {
    std::vector<bool> answers;
    size_t runs = 0;
    bool operator()() { return answers.at(runs++); }
};

TEST(QuietPasses, SkipsAPassThatFoundNothingUntilTheStateChanges) {
    QuietPasses quiet(RewriteLog{});
    ScriptedPass a{{false, false}}, b{{true, false}};
    EXPECT_FALSE(quiet.run(0, [&] { return a(); }));  // quiet at the start
    EXPECT_TRUE(quiet.run(1, [&] { return b(); }));   // b changes the state
    EXPECT_TRUE(quiet.may_change(0));
    EXPECT_FALSE(quiet.run(0, [&] { return a(); }));  // a runs again: the state changed
    EXPECT_FALSE(quiet.run(1, [&] { return b(); }));  // b runs again, finds nothing
    EXPECT_EQ(a.runs, 2u);
    EXPECT_EQ(b.runs, 2u);
    // Nothing changed since either ran without effect: both are skipped.
    EXPECT_FALSE(quiet.may_change(0));
    EXPECT_FALSE(quiet.may_change(1));
    EXPECT_FALSE(quiet.run(0, [&] { return a(); }));
    EXPECT_FALSE(quiet.run(1, [&] { return b(); }));
    EXPECT_EQ(a.runs, 2u);
    EXPECT_EQ(b.runs, 2u);
}

TEST(QuietPasses, APassThatChangedTheStateRunsAgain) {
    QuietPasses quiet(RewriteLog{});
    ScriptedPass a{{true, true, false}};
    EXPECT_TRUE(quiet.run(0, [&] { return a(); }));
    EXPECT_TRUE(quiet.run(0, [&] { return a(); }));
    EXPECT_FALSE(quiet.run(0, [&] { return a(); }));
    EXPECT_FALSE(quiet.run(0, [&] { return a(); }));  // skipped
    EXPECT_EQ(a.runs, 3u);
}

TEST(QuietPasses, APassThatReportedWithoutChangeIsNotSkipped) {
    std::vector<std::string> trace;
    QuietPasses quiet(RewriteLog{&trace, nullptr});
    int runs = 0;
    auto reports = [&] {
        ++runs;
        trace.push_back("lemma");
        return false;
    };
    EXPECT_FALSE(quiet.run(0, reports));
    EXPECT_FALSE(quiet.run(0, reports));
    EXPECT_EQ(runs, 2);
    EXPECT_EQ(trace.size(), 2u);
    // With the trace kept, a pass that reports nothing is skipped as before.
    int silent_runs = 0;
    auto silent = [&] {
        ++silent_runs;
        return false;
    };
    EXPECT_FALSE(quiet.run(1, silent));
    EXPECT_FALSE(quiet.run(1, silent));
    EXPECT_EQ(silent_runs, 1);
}

TEST(QuietPasses, NothingIsSkippedWhenOnlyCountsAreKept) {
    std::map<std::string, int64_t> counters;
    QuietPasses quiet(RewriteLog{nullptr, &counters});
    int runs = 0;
    auto silent = [&] {
        ++runs;
        return false;
    };
    EXPECT_FALSE(quiet.run(0, silent));
    EXPECT_FALSE(quiet.run(0, silent));
    EXPECT_EQ(runs, 2);
}

TEST(QuietPasses, TheVersionCountsTheChangesOfTheState) {
    QuietPasses quiet(RewriteLog{});
    ScriptedPass a{{false, true, false}}, b{{true, false}};
    EXPECT_EQ(quiet.version(), 0u);
    quiet.run(0, [&] { return a(); });  // quiet: same state
    EXPECT_EQ(quiet.version(), 0u);
    quiet.run(1, [&] { return b(); });  // a change
    EXPECT_EQ(quiet.version(), 1u);
    quiet.run(0, [&] { return a(); });  // another
    EXPECT_EQ(quiet.version(), 2u);
    quiet.run(1, [&] { return b(); });  // quiet
    quiet.run(0, [&] { return a(); });  // quiet
    quiet.run(1, [&] { return b(); });  // skipped
    EXPECT_EQ(quiet.version(), 2u);
    EXPECT_EQ(b.runs, 2u);
}

}  // namespace
}  // namespace provix::engine
