#pragma once
/// \file
/// Reading the test data files whose cases start with a `// ===== NAME` line
/// (tests/peer/*.map and *.hlo, tests/unit/engine/examples/*.map): their lines
/// with numbers, the case headers, and errors as `file:line: message`. Each
/// format's reader says what the lines of a case mean.
///
///     CaseFileLines in("a.map", text, errors);
///     while (in.next()) {
///         if (in.starts_case()) cases.push_back(in.new_case<MyCase>());
///         else if (in.is_comment() && in.body() == "???") in.error("unknown directive");
///     }

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "support/text_helpers.h"

namespace provix::testing_support {

/// Where a case stands: its file (as named in messages), name and header line.
struct CaseOrigin {
    std::string file;
    std::string name;
    int line = 0;
};

/// How test messages name a case: `where(c)` is "xla_indexing_map.map:12: ModIsSub".
inline std::string where(const CaseOrigin& c) {
    return c.file + ":" + std::to_string(c.line) + ": " + c.name;
}

/// Passes when reading the data files met no error; else fails listing them:
/// `EXPECT_TRUE(no_errors(load_errors()))`.
inline ::testing::AssertionResult no_errors(const std::vector<std::string>& errors) {
    if (errors.empty()) return ::testing::AssertionSuccess();
    auto failure = ::testing::AssertionFailure();
    for (const std::string& e : errors)
        failure << e << "\n";
    return failure;
}

/// Passes when no two cases have the same name; else names one of them.
template <typename Case>
::testing::AssertionResult distinct_names(const std::vector<Case>& cases) {
    std::vector<std::string> names;
    for (const Case& c : cases)
        names.push_back(c.name);
    std::sort(names.begin(), names.end());
    auto twice = std::adjacent_find(names.begin(), names.end());
    if (twice == names.end()) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "two cases are named '" << *twice << "'";
}

/// The lines of one data file, read one after the other.
class CaseFileLines {
public:
    /// Reads `text`, named `file` in the messages added to `errors`.
    CaseFileLines(std::string file, const std::string& text, std::vector<std::string>& errors)
        : file_(std::move(file)), in_(text), errors_(errors) {}

    /// Moves to the next line; false after the last.
    bool next() {
        if (!std::getline(in_, raw_)) return false;
        ++number_;
        line_ = trim(raw_);
        return true;
    }

    int number() const { return number_; }
    /// The line as written, and without its leading and trailing blanks.
    const std::string& raw() const { return raw_; }
    const std::string& line() const { return line_; }

    /// A `//` comment line, and its text after the slashes (trimmed).
    bool is_comment() const { return starts_with(line_, "//"); }
    std::string body() const { return is_comment() ? trim(line_.substr(2)) : ""; }

    /// `// ===== NAME` (a case starts) and `// -----` (a case ends).
    bool starts_case() const { return starts_with(line_, "// ====="); }
    bool ends_case() const { return line_ == "// -----"; }

    /// The case this `// ===== NAME` line starts, of a type derived from
    /// CaseOrigin; its other fields are their defaults.
    template <typename Case>
    Case new_case() const {
        Case c;
        CaseOrigin& origin = c;
        origin = {file_, trim(line_.substr(8)), number_};
        return c;
    }

    /// Adds `file:line: message` (this line) to the errors.
    void error(const std::string& message) const {
        errors_.push_back(file_ + ":" + std::to_string(number_) + ": " + message);
    }

private:
    std::string file_;
    std::istringstream in_;
    std::vector<std::string>& errors_;
    std::string raw_, line_;
    int number_ = 0;
};

}  // namespace provix::testing_support
