// Diagnostics of rule and lemma files: the text syntax's formatter
// (`file:line:col: error: message`, the source line, a caret).

#include <gtest/gtest.h>

#include <string>

#include "rule_errors.h"

namespace provix::rules {
namespace {

using testing::rule_error;

TEST(RuleDiagnostics, CaretUnderTheColumnOfAContinuationLine) {
    EXPECT_EQ(rule_error("r: x mod c0 => x\n    if c0 > y\n"),
              "t.rules:2:13: error: variable 'y' is not bound by the left side\n"
              "    if c0 > y\n"
              "            ^\n");
}

TEST(RuleDiagnostics, TabsKeptInTheCaretLine) {
    EXPECT_EQ(rule_error("r: x mod c0 => x\n\tif c0 > y\n"),
              "t.rules:2:10: error: variable 'y' is not bound by the left side\n"
              "\tif c0 > y\n"
              "\t        ^\n");
}

TEST(RuleDiagnostics, UnprintableBytesEscaped) {
    EXPECT_EQ(rule_error("r: x \x01 => x\n"),
              "t.rules:1:6: error: unexpected character '\\x01'\n"
              "r: x \\x01 => x\n"
              "     ^\n");
}

}  // namespace
}  // namespace provix::rules
