// Campaign reports: shards written by ReportWriter merge back into their
// campaign; shards that do not make one campaign are refused, every problem
// named.

#include "campaign_report.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>

#include "io.h"
#include "provix/parser.h"

namespace provix::cli {
namespace {

class CampaignReportTest : public ::testing::Test {
protected:
    /// Writes shard `shard` of a campaign of `total` cases in which the
    /// cases listed in `failing` fail and those in `unknown` are unknown;
    /// returns the file's name and text. `finish` false leaves it unfinished.
    InputText shard(int64_t shard, int64_t shards, int64_t total,
                    const std::vector<int64_t>& failing = {},
                    const std::vector<int64_t>& unknown = {}, bool finish = true,
                    const std::string& fingerprint = "seed=7", bool findings_only = false) {
        ReportHeader h;
        h.campaign = "fuzz";
        h.fingerprint = fingerprint;
        h.shard = shard;
        h.shards = shards;
        h.total = total;
        h.findings_only = findings_only;
        h.version = "test";
        // One file name per test and process: ctest runs the tests of this
        // fixture in parallel processes that share the temporary folder.
        const std::string path = ::testing::TempDir() + "provix-report-" +
                                 ::testing::UnitTest::GetInstance()->current_test_info()->name() +
                                 "-" + std::to_string(::getpid()) + "-" +
                                 std::to_string(counter_++) + ".jsonl";
        auto w = ReportWriter::open(path, h);
        EXPECT_TRUE(w.ok());
        for (int64_t i = shard; i < total; i += shards) {
            ReportRecord r;
            r.index = i;
            // The fingerprint's first word is its seed.
            r.key = "fuzz/" + fingerprint.substr(0, fingerprint.find(' ')) +
                    "/case=" + std::to_string(i);
            r.verdict = "passed";
            for (int64_t f : failing) {
                if (f == i) {
                    r.verdict = "failed";
                    r.kinds = {"range"};
                }
            }
            for (int64_t u : unknown)
                if (u == i) r.verdict = "unknown";
            r.digest = content_digest(r.key);
            r.reproduce = "provix fuzz --seed 7 --case " + std::to_string(i);
            w->add(r);
        }
        if (finish) {
            EXPECT_TRUE(w->finish().ok());
        }
        std::ifstream in(path);
        std::stringstream text;
        text << in.rdbuf();
        std::remove(path.c_str());
        return InputText{"shard" + std::to_string(shard) + ".jsonl", text.str()};
    }

    /// Merges reports given as texts.
    static Result<MergedReport> merge(const std::vector<InputText>& files) {
        std::vector<std::istringstream> streams;
        streams.reserve(files.size());
        std::vector<ReportSource> sources;
        for (const InputText& f : files) {
            streams.emplace_back(f.text);
            sources.push_back({f.name, &streams.back()});
        }
        return merge_reports(sources);
    }

    std::string merge_error(const std::vector<InputText>& files) {
        auto m = merge(files);
        EXPECT_FALSE(m.ok());
        return m.ok() ? "" : m.error().message;
    }

    int counter_ = 0;
};

TEST_F(CampaignReportTest, ShardsMergeIntoTheCampaignsTotals) {
    auto m = merge({shard(0, 3, 10, {3}), shard(2, 3, 10, {}, {5}), shard(1, 3, 10)});
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->counts.passed, 8);
    EXPECT_EQ(m->counts.failed, 1);
    EXPECT_EQ(m->counts.unknown, 1);
    EXPECT_EQ(m->records, 10);
    ASSERT_EQ(m->not_passed.size(), 2u);
    EXPECT_EQ(m->not_passed[0].index, 3);
    std::string text = format_merged(*m);
    EXPECT_NE(text.find("FAIL fuzz/seed=7/case=3: range\n"), std::string::npos) << text;
    EXPECT_NE(text.find("reproduce: provix fuzz --seed 7 --case 3\n"), std::string::npos);
    const std::string tail = "1 unknown\n8 passed, 1 failed\n";
    EXPECT_EQ(text.substr(text.size() - tail.size()), tail) << text;
}

TEST_F(CampaignReportTest, MergedTotalsAsJsonLines) {
    auto m = merge({shard(0, 3, 10, {3}), shard(2, 3, 10, {}, {5}), shard(1, 3, 10)});
    ASSERT_TRUE(m.ok()) << m.error().message;
    const std::string json = format_merged_json(*m);
    std::vector<std::string> lines;
    for (size_t at = 0, nl; (nl = json.find('\n', at)) != std::string::npos; at = nl + 1)
        lines.push_back(json.substr(at, nl - at));
    ASSERT_EQ(lines.size(), 3u) << json;
    // The cases that did not pass, by index, as the reports hold them.
    EXPECT_NE(
        lines[0].find(R"("type":"case","index":3,"key":"fuzz/seed=7/case=3","verdict":"failed")"),
        std::string::npos)
        << lines[0];
    EXPECT_NE(lines[1].find(R"("index":5,)"), std::string::npos) << lines[1];
    EXPECT_NE(lines[1].find(R"("verdict":"unknown")"), std::string::npos) << lines[1];
    EXPECT_EQ(lines[2].substr(0, 38), R"({"type":"summary","campaign":"fuzz","f)");
    EXPECT_NE(
        lines[2].find(R"("shards":3,"total":10,"records":10,"passed":8,"failed":1,"unknown":1})"),
        std::string::npos)
        << lines[2];
}

TEST_F(CampaignReportTest, MoreShardsThanCasesLeavesEmptyShards) {
    auto m = merge({shard(0, 4, 2), shard(1, 4, 2), shard(2, 4, 2), shard(3, 4, 2)});
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->counts.passed, 2);
}

TEST_F(CampaignReportTest, AMissingShardIsRefused) {
    EXPECT_EQ(merge_error({shard(0, 3, 9), shard(2, 3, 9)}), "shard 1/3 is missing\n");
}

TEST_F(CampaignReportTest, ADuplicatedShardIsRefused) {
    InputText a = shard(1, 2, 6);
    std::string e = merge_error({shard(0, 2, 6), a, a});
    EXPECT_NE(e.find("shard 1/2 appears 2 times (shard1.jsonl, shard1.jsonl)"), std::string::npos)
        << e;
}

TEST_F(CampaignReportTest, AnUnfinishedShardIsRefused) {
    std::string e = merge_error({shard(0, 2, 6), shard(1, 2, 6, {}, {}, /*finish=*/false)});
    EXPECT_NE(e.find("shard1.jsonl: shard 1/2 has no footer: it did not finish"), std::string::npos)
        << e;
}

TEST_F(CampaignReportTest, ShardsOfAnotherCampaignAreRefused) {
    std::string e = merge_error({shard(0, 2, 6), shard(1, 2, 6, {}, {}, true, "seed=8")});
    EXPECT_NE(e.find("shard1.jsonl: another campaign than shard0.jsonl"), std::string::npos) << e;
    EXPECT_NE(e.find("shard 1/2 is missing"), std::string::npos) << e;
}

TEST_F(CampaignReportTest, TheMessageNamesWhatDiffers) {
    // Only the total differs: the message says so, not two equal headers.
    std::string e = merge_error({shard(0, 2, 6), shard(1, 2, 8)});
    EXPECT_NE(e.find("shard1.jsonl: another campaign than shard0.jsonl (total 8 against 6)"),
              std::string::npos)
        << e;
    e = merge_error({shard(0, 2, 6), shard(1, 2, 6, {}, {}, true, "seed=8")});
    EXPECT_NE(e.find("(fingerprint 'seed=8' against 'seed=7')"), std::string::npos) << e;
}

TEST_F(CampaignReportTest, ARecordWhoseTextsWouldForgeLinesIsMalformed) {
    // A kind that is not a string, a line break in a key or a reproducer
    // (printed one per line by the merge).
    for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
             {"\"kinds\":[\"range\"]", "\"kinds\":[7]"},
             {"\"key\":\"fuzz/seed=7/case=1\"", "\"key\":\"fuzz/seed=7/case=1\\nFAIL x\""},
             {"\"reproduce\":\"provix fuzz --seed 7 --case 1\"",
              "\"reproduce\":\"provix fuzz\\r\\n3 passed\""}}) {
        InputText s1 = shard(1, 2, 4, {1});
        size_t at = s1.text.find(from);
        ASSERT_NE(at, std::string::npos) << from;
        s1.text.replace(at, from.size(), to);
        std::string e = merge_error({shard(0, 2, 4), s1});
        EXPECT_NE(e.find("shard1.jsonl:2: a malformed case record"), std::string::npos)
            << to << "\n"
            << e;
    }
}

TEST_F(CampaignReportTest, ARecordWhoseKeyNamesAnotherCaseIsRefused) {
    // Case 3's failure under case 1's key would be reported as case 1's.
    InputText s1 = shard(1, 2, 6, {3});
    const std::string from = "\"key\":\"fuzz/seed=7/case=3\"";
    size_t at = s1.text.find(from);
    ASSERT_NE(at, std::string::npos);
    s1.text.replace(at, from.size(), "\"key\":\"fuzz/seed=7/case=1\"");
    std::string e = merge_error({shard(0, 2, 6), s1});
    EXPECT_NE(e.find("shard1.jsonl:3: case 3: its key 'fuzz/seed=7/case=1' does not name it "
                     "(expected 'fuzz/seed=7/case=3')"),
              std::string::npos)
        << e;
    // Another campaign's prefix.
    s1 = shard(1, 2, 6);
    at = s1.text.find("\"key\":\"fuzz/");
    ASSERT_NE(at, std::string::npos);
    s1.text.replace(at, 12, "\"key\":\"prove/");
    e = merge_error({shard(0, 2, 6), s1});
    EXPECT_NE(e.find("does not name it"), std::string::npos) << e;
    EXPECT_TRUE(merge({shard(0, 2, 6), shard(1, 2, 6, {3})}).ok());
}

// Texts read from reports are printed with the bytes that do not print
// escaped (an ESC would reach the terminal), and a report of a campaign
// provix does not run is refused.
TEST_F(CampaignReportTest, TextsFromReportsAreEscapedAndCampaignsChecked) {
    InputText s0 = shard(0, 1, 2, {1}, {}, true, "seed=7 \x1b[31mred\x07");
    const std::string kind = "\"kinds\":[\"range\"]";
    size_t at = s0.text.find(kind);
    ASSERT_NE(at, std::string::npos);
    s0.text.replace(at, kind.size(), "\"kinds\":[\"range\\u001b[2J\"]");
    auto merged = merge({s0});
    ASSERT_TRUE(merged.ok()) << merged.error().message;
    const std::string out = format_merged(*merged);
    EXPECT_EQ(out.find('\x1b'), std::string::npos) << out;
    EXPECT_EQ(out.find('\x07'), std::string::npos) << out;
    EXPECT_NE(out.find("'seed=7 \\x1b[31mred\\x07'"), std::string::npos) << out;
    EXPECT_NE(out.find("FAIL fuzz/seed=7/case=1: range\\x1b[2J"), std::string::npos) << out;
    InputText bogus = shard(0, 1, 2);
    at = bogus.text.find("\"campaign\":\"fuzz\"");
    ASSERT_NE(at, std::string::npos);
    bogus.text.replace(at, 17, "\"campaign\":\"bogus\"");
    EXPECT_NE(merge_error({bogus}).find("a malformed header"), std::string::npos);
}

TEST(PrintableText, EscapesBytesThatDoNotPrint) {
    EXPECT_EQ(printable_text("a\x1b[31m\tb\nc\xff \xc3\xa9"), "a\\x1b[31m\tb\nc\\xff \xc3\xa9");
    EXPECT_EQ(printable_text(std::string("x\0y", 3)), "x\\x00y");
    EXPECT_EQ(printable_text("\r\n"), "\\x0d\n");
}

TEST_F(CampaignReportTest, ACaseOutsideItsShardOrMissingIsRefused) {
    InputText s1 = shard(1, 2, 6);
    // Move case 3 to index 2, which belongs to shard 0.
    size_t at = s1.text.find("\"index\":3,");
    ASSERT_NE(at, std::string::npos);
    s1.text.replace(at, 10, "\"index\":2,");
    std::string e = merge_error({shard(0, 2, 6), s1});
    EXPECT_NE(e.find("shard1.jsonl:3: case 2 is not in shard 1/2"), std::string::npos) << e;
    // Drop a record: the footer no longer matches.
    InputText s0 = shard(0, 2, 6);
    size_t line = s0.text.find("{\"type\":\"case\"");
    s0.text.erase(line, s0.text.find('\n', line) + 1 - line);
    e = merge_error({s0, shard(1, 2, 6)});
    EXPECT_NE(e.find("its records do not match its footer's counts"), std::string::npos) << e;
}

TEST_F(CampaignReportTest, FindingsOnlyReportsCountEveryCase) {
    auto m = merge({shard(0, 2, 1000, {10}, {}, true, "seed=7", true),
                    shard(1, 2, 1000, {}, {}, true, "seed=7", true)});
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->records, 1);  // only the failure has a line
    EXPECT_EQ(m->counts.passed, 999);
    EXPECT_EQ(m->counts.failed, 1);
}

TEST_F(CampaignReportTest, GarbageIsNotAReport) {
    std::string e = merge_error({InputText{"x.jsonl", "hello\n"}});
    EXPECT_NE(e.find("x.jsonl:1: not JSON"), std::string::npos) << e;
    EXPECT_NE(e.find("x.jsonl: not a provix campaign report"), std::string::npos) << e;
}

// A report is a file anyone may hand in: the numbers of its header and
// footer are checked, never trusted for an allocation, a loop or a sum.
TEST_F(CampaignReportTest, HeaderAndFooterNumbersAtTheInt64LimitsAreRefusedNotTrusted) {
    auto report = [](const std::string& shards, const std::string& total,
                     const std::string& footer) {
        return InputText{"r.jsonl",
                         "{\"type\":\"header\",\"campaign\":\"fuzz\",\"fingerprint\":\"x\","
                         "\"shard\":0,\"shards\":" +
                             shards + ",\"total\":" + total +
                             ",\"records\":\"findings\",\"version\":\"v\"}\n"
                             "{\"type\":\"footer\"," +
                             footer + "}\n"};
    };
    // A total of 10^18 cases with none reported: no bitmap of 10^18 bits.
    std::string e = merge_error(
        {report("1", "1000000000000000000", "\"passed\":0,\"failed\":0,\"unknown\":0")});
    EXPECT_NE(e.find("r.jsonl: shard 0/1 counts 0 cases, the shard has 1000000000000000000"),
              std::string::npos)
        << e;
    // 10^18 shards: the first few missing ones, then how many more.
    e = merge_error(
        {report("1000000000000000000", "0", "\"passed\":0,\"failed\":0,\"unknown\":0")});
    EXPECT_NE(e.find("shard 5/1000000000000000000 is missing\n... and 999999999999999994 more "
                     "shards are missing"),
              std::string::npos)
        << e;
    EXPECT_EQ(e.find("shard 6/1000000000000000000"), std::string::npos) << e;
    // Footer counts whose sum exceeds int64, or negative.
    for (const char* footer : {"\"passed\":9223372036854775807,\"failed\":0,\"unknown\":1",
                               "\"passed\":2,\"failed\":-1,\"unknown\":0"}) {
        e = merge_error({report("1", "1", footer)});
        EXPECT_NE(e.find("r.jsonl: shard 0/1: its footer's counts are negative or exceed int64"),
                  std::string::npos)
            << e;
    }
}

TEST(ContentDigest, IsFnv1a64) {
    EXPECT_EQ(content_digest(""), "cbf29ce484222325");
    EXPECT_EQ(content_digest("a"), "af63dc4c8601ec8c");
    EXPECT_NE(content_digest("(d0) -> (d0)"), content_digest("(d0) -> (d1)"));
}

TEST(ShardSize, CountsTheShardsIndices) {
    EXPECT_EQ(shard_size(10, 0, 3), 4);
    EXPECT_EQ(shard_size(10, 1, 3), 3);
    EXPECT_EQ(shard_size(10, 2, 3), 3);
    EXPECT_EQ(shard_size(2, 3, 4), 0);
    // At the int64 limit: no intermediate passes it.
    constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
    EXPECT_EQ(shard_size(kMax, 0, 1), kMax);
    EXPECT_EQ(shard_size(kMax, kMax - 1, kMax), 1);
    EXPECT_EQ(shard_size(kMax, 0, kMax), 1);
    EXPECT_EQ(shard_size(kMax, 1, 2), kMax / 2);
    auto s = parse_shard("2/5");
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(*s, (std::pair<int64_t, int64_t>{2, 5}));
    for (const char* bad : {"5/5", "1", "a/2", "1/0", "-1/2"})
        EXPECT_FALSE(parse_shard(bad).ok()) << bad;
}

}  // namespace
}  // namespace provix::cli
