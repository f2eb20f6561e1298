#pragma once
/// \file
/// Small text helpers of the tests: trimming, prefixes, word lists, and
/// `contains` for messages.

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace provix::testing_support {

/// Whether `s` starts with `prefix`: `starts_with("// XLA:", "//")` is true.
inline bool starts_with(const std::string& s, const std::string& prefix) {
    return s.compare(0, prefix.size(), prefix) == 0;
}

/// `s` without leading and trailing blanks: `trim(" a b\r")` is "a b".
inline std::string trim(const std::string& s) {
    const size_t b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    const size_t e = s.find_last_not_of(" \t\r");
    return s.substr(b, e - b + 1);
}

/// The blank-separated words of `s`: `words(" add  mul\n")` is {"add", "mul"}.
inline std::vector<std::string> words(const std::string& s) {
    std::istringstream in(s);
    std::vector<std::string> out;
    for (std::string w; in >> w;)
        out.push_back(w);
    return out;
}

/// Passes when `text` contains `part`; else fails showing both:
/// `EXPECT_TRUE(contains(diagnostic, "division by zero"))`.
inline ::testing::AssertionResult contains(const std::string& text, const std::string& part) {
    if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "no \"" << part << "\" in:\n" << text;
}

}  // namespace provix::testing_support
