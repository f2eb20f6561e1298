// Rules of the source tree for the prover tests.

#include "prover_test_util.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace provix::solvers::testing {

std::vector<rules::Rule> rules_in_source_tree() {
    namespace fs = std::filesystem;
    std::vector<std::string> files;
    for (const auto& entry : fs::directory_iterator(fs::path(PROVIX_SOURCE_DIR) / "rules"))
        if (entry.path().extension() == ".rules") files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    std::vector<rules::Rule> out;
    for (const std::string& f : files) {
        std::ifstream in(f);
        std::stringstream text;
        text << in.rdbuf();
        auto parsed = rules::parse_rules(text.str(), fs::path(f).filename().string());
        EXPECT_TRUE(parsed.ok()) << (parsed.ok() ? "" : parsed.error().message);
        if (parsed.ok())
            for (rules::Rule& r : *parsed)
                out.push_back(std::move(r));
    }
    return out;
}

}  // namespace provix::solvers::testing
