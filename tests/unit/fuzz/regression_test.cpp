// Replays tests/fuzz_regressions/*.map: every map that a fuzz campaign
// found failing (shrunk) must now pass every check of `provix fuzz`
// (equivalence with the input by isl, ranges containing the exact ones, no
// false KNOWN EMPTY, idempotence, determinism, printing round trip). A
// regression stays failing until the engine is fixed; unknown is never a
// pass.

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "provix/fuzz/campaign.h"
#include "provix/fuzz/checker.h"

namespace provix::fuzz {
namespace {

const std::string kDir = std::string(PROVIX_SOURCE_DIR) + "/tests/fuzz_regressions";

std::vector<std::string> regression_files() {
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(kDir, ec)) {
        if (e.path().extension() == ".map") out.push_back(e.path().filename().string());
    }
    std::sort(out.begin(), out.end());
    return out;
}

class FuzzRegression : public ::testing::TestWithParam<std::string> {};

TEST_P(FuzzRegression, PassesEveryCheck) {
    std::ifstream in(kDir + "/" + GetParam());
    ASSERT_TRUE(in) << "cannot read " << GetParam();
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::vector<std::string> maps = split_maps(buffer.str());
    ASSERT_FALSE(maps.empty()) << GetParam() << " holds no map";
    CaseChecker checker(CampaignOptions::default_limits());
    for (const std::string& text : maps) {
        CaseReport r = checker.check_text(text);
        for (const Finding& f : r.failures)
            ADD_FAILURE() << f.kind << ":\n" << f.detail;
        for (const std::string& u : r.unknowns)
            ADD_FAILURE() << "unknown: " << u;
    }
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
    std::string name = info.param.substr(0, info.param.size() - 4);
    for (char& c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    }
    return name;
}

INSTANTIATE_TEST_SUITE_P(Files, FuzzRegression, ::testing::ValuesIn(regression_files()), test_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(FuzzRegression);

TEST(FuzzRegressions, DirectoryHoldsCases) { EXPECT_FALSE(regression_files().empty()) << kDir; }

}  // namespace
}  // namespace provix::fuzz
