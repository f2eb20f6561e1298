// Case checks in child processes: reports cross intact, a hang is unknown, a
// crash is a failure, and a campaign gives the same output either way.

#include "provix/fuzz/isolated_check.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdint>
#include <sstream>
#include <string>
#include <thread>

#include "provix/fuzz/campaign.h"

namespace provix::fuzz {
namespace {

CaseReport full_report() {
    CaseReport r;
    r.input_text = "(d0) -> (d0 mod 4),\ndomain: d0 in [0, 2]";
    r.simplified_text = "(d0) -> (d0)";
    r.failures = {{"unsound", "two\nlines: with 3:colons\n"}, {"range", ""}};
    r.misses = {{"div-affine", "d0 * 2"}};
    r.unknowns = {"timeout"};
    r.completeness_unknowns = {"a", ""};
    r.ranges = {{Interval(0, 2), Interval(0, 2)},
                {Interval::at_least(INT64_MIN), Interval::all()},
                {Interval::at_most(INT64_MAX), Interval::empty()}};
    r.unbounded_ranges = 3;
    r.exact_empty = true;
    r.engine_empty = false;
    r.input_known_empty = true;
    r.enumerated = true;
    return r;
}

void expect_same(const CaseReport& a, const CaseReport& b) {
    EXPECT_EQ(a.input_text, b.input_text);
    EXPECT_EQ(a.simplified_text, b.simplified_text);
    ASSERT_EQ(a.failures.size(), b.failures.size());
    for (size_t i = 0; i < a.failures.size(); ++i) {
        EXPECT_EQ(a.failures[i].kind, b.failures[i].kind);
        EXPECT_EQ(a.failures[i].detail, b.failures[i].detail);
    }
    ASSERT_EQ(a.misses.size(), b.misses.size());
    for (size_t i = 0; i < a.misses.size(); ++i) {
        EXPECT_EQ(a.misses[i].kind, b.misses[i].kind);
        EXPECT_EQ(a.misses[i].detail, b.misses[i].detail);
    }
    EXPECT_EQ(a.unknowns, b.unknowns);
    EXPECT_EQ(a.completeness_unknowns, b.completeness_unknowns);
    ASSERT_EQ(a.ranges.size(), b.ranges.size());
    for (size_t i = 0; i < a.ranges.size(); ++i) {
        EXPECT_EQ(a.ranges[i].engine, b.ranges[i].engine) << i;
        EXPECT_EQ(a.ranges[i].exact, b.ranges[i].exact) << i;
    }
    EXPECT_EQ(a.unbounded_ranges, b.unbounded_ranges);
    EXPECT_EQ(a.exact_empty, b.exact_empty);
    EXPECT_EQ(a.engine_empty, b.engine_empty);
    EXPECT_EQ(a.input_known_empty, b.input_known_empty);
    EXPECT_EQ(a.enumerated, b.enumerated);
}

TEST(IsolatedCheck, AReportCrossesAsText) {
    const CaseReport r = full_report();
    std::optional<CaseReport> back = decode_report(encode_report(r));
    ASSERT_TRUE(back.has_value());
    expect_same(r, *back);
    std::string text = encode_report(r);
    EXPECT_FALSE(decode_report(text.substr(0, text.size() - 1)).has_value());
    EXPECT_FALSE(decode_report(text + "0:").has_value());
}

TEST(IsolatedCheck, TheChildsReportComesBack) {
    const CaseReport r = check_in_child(60, "map", [] { return full_report(); });
    expect_same(r, full_report());
}

TEST(IsolatedCheck, AHangIsUnknownAndACrashIsAFailure) {
    const CaseReport hang = check_in_child(0.2, "the map", [] {
        std::this_thread::sleep_for(std::chrono::hours(1));
        return CaseReport();
    });
    EXPECT_TRUE(hang.failures.empty());
    ASSERT_EQ(hang.unknowns.size(), 1u);
    EXPECT_EQ(hang.unknowns[0],
              "the case's checks did not end within 0.2 s (its process was killed)");
    EXPECT_EQ(hang.input_text, "the map");
    EXPECT_FALSE(hang.passed());
    EXPECT_FALSE(hang.completeness_unknowns.empty());  // nothing was decided

    const CaseReport crash = check_in_child(60, "the map", [] {
        std::raise(SIGFPE);  // the campaign's crash handlers are reset in the child
        return CaseReport();
    });
    ASSERT_EQ(crash.failures.size(), 1u);
    EXPECT_TRUE(crash.has_failure("crash"));
    EXPECT_EQ(crash.failures[0].detail, "the process checking the case ended by signal " +
                                            std::to_string(SIGFPE) +
                                            " (Floating point exception)\n");
    EXPECT_EQ(crash.input_text, "the map");
    EXPECT_FALSE(crash.completeness_unknowns.empty());
}

TEST(IsolatedCheck, AWorkerGoesOnAfterACrash) {
    CaseWorker worker(60, [](const std::string& request) {
        if (request == "crash") std::raise(SIGABRT);
        CaseReport r;
        r.input_text = request;
        return r;
    });
    EXPECT_EQ(worker.check("a", "a").input_text, "a");
    const CaseReport crash = worker.check("crash", "the crashing map");
    EXPECT_TRUE(crash.has_failure("crash"));
    EXPECT_EQ(crash.input_text, "the crashing map");
    EXPECT_EQ(worker.check("b", "b").input_text, "b");
    EXPECT_EQ(worker.children_started(), 2);
}

// Checking cases in child processes changes nothing a campaign prints or counts.
TEST(IsolatedCheck, ACampaignIsTheSameInChildProcessesAndInProcess) {
    CampaignOptions o;
    o.seed = 5;
    o.cases = 60;
    o.shrink = false;
    std::ostringstream isolated_out, in_process_out;
    const CampaignStats isolated = run_campaign(o, isolated_out);
    o.isolate_cases = false;
    const CampaignStats in_process = run_campaign(o, in_process_out);
    EXPECT_EQ(isolated.cases, 60);
    EXPECT_EQ(isolated.passed, in_process.passed);
    EXPECT_EQ(isolated.failed, in_process.failed);
    EXPECT_EQ(isolated.unknown, in_process.unknown);
    EXPECT_EQ(isolated.miss_kinds, in_process.miss_kinds);
    EXPECT_EQ(isolated.widening, in_process.widening);
    EXPECT_EQ(isolated.enumerated, in_process.enumerated);
    EXPECT_EQ(isolated.exact_empty, in_process.exact_empty);
    EXPECT_EQ(isolated_out.str(), in_process_out.str());
}

TEST(IsolatedCheck, ACampaignWhoseCasesRunOutCountsThemUnknown) {
    CampaignOptions o;
    o.seed = 5;
    o.cases = 3;
    o.case_timeout_seconds = 1e-9;  // every case's process killed at once
    std::ostringstream sink;
    const CampaignStats s = run_campaign(o, sink);
    EXPECT_EQ(s.cases, 3);
    EXPECT_EQ(s.unknown, 3);
    EXPECT_EQ(s.failed, 0);
    EXPECT_EQ(s.completeness_decided, 0);
    EXPECT_EQ(s.fully_simplified, 0);
}

}  // namespace
}  // namespace provix::fuzz
