// The campaign: report format, regression files, map splitting, sharding
// and determinism.

#include "provix/fuzz/campaign.h"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "provix/parser.h"

namespace provix::fuzz {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line))
        out.push_back(line);
    return out;
}

CampaignOptions small(int64_t cases) {
    CampaignOptions o;
    o.seed = 11;
    o.cases = cases;
    o.shrink = false;
    return o;
}

TEST(FuzzCampaign, SummaryEndsWithUnknownThenPassedFailedLines) {
    CampaignStats s;
    s.cases = 8;
    s.passed = 5;
    s.failed = 2;
    s.unknown = 1;
    std::ostringstream os;
    print_summary(s, os);
    std::vector<std::string> lines = lines_of(os.str());
    ASSERT_GE(lines.size(), 3u);
    EXPECT_EQ(lines[lines.size() - 1], "5 passed, 2 failed");
    EXPECT_EQ(lines[lines.size() - 2], "1 unknown");
    EXPECT_EQ(lines[0].rfind("completeness (8 cases", 0), 0u) << lines[0];
}

TEST(FuzzCampaign, SummaryGivesTheCompletenessFigures) {
    CampaignStats s;
    s.cases = s.passed = s.completeness_decided = 4;
    s.fully_simplified = 3;
    s.miss_kinds["div-affine"] = 1;
    s.exact_empty = 2;
    s.engine_detected_empty = 1;
    s.widening = {1.0, 1.0, 3.0};
    std::ostringstream os;
    print_summary(s, os);
    const std::string out = os.str();
    EXPECT_NE(out.find("fully simplified: 75.00% (3 of 4 decided cases)"), std::string::npos)
        << out;
    EXPECT_NE(out.find("div-affine 1;"), std::string::npos) << out;
    EXPECT_NE(out.find("empty domains: 1 of 2 detected by the engine (50.00%)"), std::string::npos)
        << out;
    EXPECT_NE(out.find("3 finite exact ranges, 66.67% exact, median widening 1.00x"),
              std::string::npos)
        << out;
}

TEST(FuzzCampaign, SplitMapsDropsCommentOnlyChunks) {
    std::vector<std::string> maps = split_maps(
        "// header\n(d0) -> (d0), domain: d0 in [0, 1]\n// -----\n// only a comment\n"
        "  // -----  \n() -> (3)\n");
    ASSERT_EQ(maps.size(), 2u);
    EXPECT_EQ(maps[0], "// header\n(d0) -> (d0), domain: d0 in [0, 1]\n");
    EXPECT_EQ(maps[1], "() -> (3)\n");
}

TEST(FuzzCampaign, RegressionFileNamesTheCaseAndParsesBack) {
    CampaignOptions o;
    o.seed = 7;
    o.generator.near_limit_constants = false;
    std::string text = regression_file_text("unsound", 7, 12, o.reproduce_command(12),
                                            "(d0) -> (d0),\ndomain:\nd0 in [0, 3]");
    EXPECT_EQ(text.rfind("// provix fuzz regression: unsound\n", 0), 0u);
    EXPECT_NE(text.find("(provix fuzz --seed 7 --case 12 --no-near-limit)"), std::string::npos)
        << text;
    Context ctx;
    auto maps = parse_indexing_maps(ctx, text);
    ASSERT_TRUE(maps.ok()) << maps.error().message;
    ASSERT_EQ(maps->size(), 1u);
    EXPECT_EQ((*maps)[0].map.to_string(), "(d0) -> (d0),\ndomain:\nd0 in [0, 3]");
}

TEST(FuzzCampaign, ARegressionFileIsWrittenWholeOrNotAtAll) {
    const std::string dir =
        ::testing::TempDir() + "provix_regressions_" + std::to_string(::getpid());
    const std::string path = regression_file_path(dir, "unsound", 7, 12);
    EXPECT_EQ(path, dir + "/unsound-s7-c12.map");
    const std::string text = regression_file_text("unsound", 7, 12, "provix fuzz --seed 7",
                                                  "(d0) -> (d0),\ndomain:\nd0 in [0, 3]");
    ASSERT_TRUE(write_regression_file(path, text));
    std::ifstream in(path);
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()),
              text);
    // Under a file-size limit shorter than the text, in a child (the limit
    // stays there): no file at all, rather than a cut-off one.
    const std::string cut = dir + "/unsound-s7-c13.map";
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        std::signal(SIGXFSZ, SIG_IGN);  // as provix runs: a write past the limit fails
        const rlimit limit{64, 64};
        ::setrlimit(RLIMIT_FSIZE, &limit);
        std::_Exit(write_regression_file(cut, text) ? 1 : 0);
    }
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "the write was reported done";
    EXPECT_FALSE(std::filesystem::exists(cut));
    for (const auto& e : std::filesystem::directory_iterator(dir))
        EXPECT_EQ(e.path(), path) << "left behind";
    std::filesystem::remove_all(dir);
}

TEST(FuzzCampaign, ShardsPartitionTheCampaign) {
    std::ostringstream sink;
    CampaignStats whole = run_campaign(small(12), sink);
    EXPECT_EQ(whole.cases, 12);
    int64_t cases = 0, passed = 0, failed = 0, unknown = 0;
    for (int64_t i = 0; i < 3; ++i) {
        CampaignOptions o = small(12);
        o.shard_index = i;
        o.shard_count = 3;
        CampaignStats s = run_campaign(o, sink);
        EXPECT_EQ(s.cases, 4) << "shard " << i;
        cases += s.cases;
        passed += s.passed;
        failed += s.failed;
        unknown += s.unknown;
    }
    EXPECT_EQ(cases, whole.cases);
    EXPECT_EQ(passed, whole.passed);
    EXPECT_EQ(failed, whole.failed);
    EXPECT_EQ(unknown, whole.unknown);
}

TEST(FuzzCampaign, SameSeedGivesTheSameFigures) {
    std::ostringstream a_out, b_out;
    CampaignStats a = run_campaign(small(10), a_out);
    CampaignStats b = run_campaign(small(10), b_out);
    EXPECT_EQ(a.passed, b.passed);
    EXPECT_EQ(a.failed, b.failed);
    EXPECT_EQ(a.miss_kinds, b.miss_kinds);
    EXPECT_EQ(a.widening, b.widening);
    EXPECT_EQ(a_out.str(), b_out.str());
}

TEST(FuzzCampaign, OnlyCaseRunsThatCase) {
    CampaignOptions o = small(1000);
    o.only_case = 537;
    std::ostringstream sink;
    CampaignStats s = run_campaign(o, sink);
    EXPECT_EQ(s.cases, 1);
}

// Case indices at the int64 limit: the last case alone, and the last shard
// of a campaign of 2^63 - 1 cases, each one case (the index used to step
// past int64 and wrap, running none or counting on into negative indices).
TEST(FuzzCampaign, IndicesAtTheInt64LimitRunOnce) {
    constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
    std::vector<int64_t> indices;
    CampaignOptions o = small(1);
    o.on_case = [&](const CaseOutcome& c) { indices.push_back(c.index); };
    o.only_case = kMax;
    std::ostringstream sink;
    EXPECT_EQ(run_campaign(o, sink).cases, 1);
    o = small(kMax);
    o.on_case = [&](const CaseOutcome& c) { indices.push_back(c.index); };
    o.shard_index = kMax - 1;
    o.shard_count = kMax;
    EXPECT_EQ(run_campaign(o, sink).cases, 1);
    EXPECT_EQ(indices, (std::vector<int64_t>{kMax, kMax - 1}));
}

}  // namespace
}  // namespace provix::fuzz
