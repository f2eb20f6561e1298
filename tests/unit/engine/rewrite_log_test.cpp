// RewriteLog: a name given as a C string (a lemma id) is reported exactly
// like the same name as a std::string, to the trace and to the counters.

#include "rewrite_log.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

namespace provix::engine {
namespace {

// Lemma ids are character arrays like these.
constexpr const char kTighten[] = "tighten_upper_pos";
constexpr const char kMerge[] = "crt_merge";

TEST(RewriteLog, CStringNamesReachTheTraceAndTheCountersInOrder) {
    std::vector<std::string> trace;
    std::map<std::string, int64_t> counters;
    const RewriteLog log{&trace, &counters};
    log.fired(kTighten);
    log.fired(std::string("cst_scale"));
    log.fired("cst_scale");
    EXPECT_EQ(trace, (std::vector<std::string>{"tighten_upper_pos", "cst_scale", "cst_scale"}));
    EXPECT_EQ(counters,
              (std::map<std::string, int64_t>{{"cst_scale", 2}, {"tighten_upper_pos", 1}}));
}

TEST(RewriteLog, EachSinkAloneGetsTheCStringNames) {
    std::vector<std::string> trace;
    RewriteLog{&trace, nullptr}.fired(kMerge);
    EXPECT_EQ(trace, std::vector<std::string>{"crt_merge"});
    std::map<std::string, int64_t> counters;
    RewriteLog{nullptr, &counters}.fired(kMerge);
    EXPECT_EQ(counters, (std::map<std::string, int64_t>{{"crt_merge", 1}}));
    RewriteLog{}.fired(kMerge);  // nothing kept: nothing to see, no failure
}

}  // namespace
}  // namespace provix::engine
