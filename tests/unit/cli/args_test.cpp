// The command line's options table: parsing (--opt VALUE, --opt=VALUE,
// flags), the generated --help, and the shared options.

#include "args.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace provix::cli {
namespace {

ArgSpec spec() {
    ArgSpec s;
    s.options = {output_option(),
                 format_option(),
                 max_depth_option(),
                 {"--trace", "", "print the rules that fired", ""},
                 {"--cases", "N", "cases in the campaign", "1000"}};
    s.max_positional = 1;
    return s;
}

TEST(Args, ValuesAreGivenSeparatelyOrAfterAnEqualsSign) {
    auto a = parse_args({"in.map", "-o", "out.map", "--cases=12", "--trace"}, spec());
    ASSERT_TRUE(a.ok()) << a.error().message;
    EXPECT_EQ(a->positional, std::vector<std::string>{"in.map"});
    EXPECT_EQ(a->value("-o"), "out.map");
    EXPECT_EQ(a->value("--cases"), "12");
    EXPECT_TRUE(a->has("--trace"));
    auto b = parse_args({"-o=x=y.map", "--format=json"}, spec());
    ASSERT_TRUE(b.ok());
    EXPECT_EQ(b->value("-o"), "x=y.map");
    EXPECT_EQ(*output_format(*b), OutputFormat::Json);
}

TEST(Args, ErrorsNameTheOption) {
    EXPECT_EQ(parse_args({"--trace=1"}, spec()).error().message, "option '--trace' takes no value");
    EXPECT_EQ(parse_args({"--frob"}, spec()).error().message, "unknown option '--frob'");
    EXPECT_EQ(parse_args({"--cases"}, spec()).error().message, "option '--cases' needs a value");
    EXPECT_EQ(parse_args({"a", "b"}, spec()).error().message, "unexpected argument 'b'");
    auto a = parse_args({"--", "-o"}, spec());
    ASSERT_TRUE(a.ok());
    EXPECT_EQ(a->positional, std::vector<std::string>{"-o"});
}

TEST(Args, SharedOptionsCheckTheirValues) {
    auto a = *parse_args({"--format", "xml", "--max-depth", "0"}, spec());
    EXPECT_FALSE(output_format(a).ok());
    EXPECT_FALSE(max_depth(a).ok());
    auto b = *parse_args({"--max-depth=2000"}, spec());
    EXPECT_EQ(*max_depth(b), 2000);
    EXPECT_EQ(*max_depth(*parse_args({}, spec())), 256);
    EXPECT_FALSE(max_depth(*parse_args({"--max-depth=2001"}, spec())).ok());
}

TEST(Args, SecondsAreDecimalNumbersUpToABillion) {
    for (const auto& [text, seconds] : std::vector<std::pair<std::string, double>>{
             {"30", 30}, {"0.5", 0.5}, {".25", 0.25}, {"2e3", 2000}, {"1000000000", 1e9}}) {
        auto s = parse_seconds(text, "--timeout");
        ASSERT_TRUE(s.ok()) << text;
        EXPECT_EQ(*s, seconds) << text;
    }
    for (const std::string text : {"", "0", "0.0", "-1", "1000000001", "1e400", "0x10", "1s", " 1",
                                   "inf", "nan", "1e-400"}) {
        auto s = parse_seconds(text, "--timeout");
        ASSERT_FALSE(s.ok()) << text;
        EXPECT_EQ(s.error().message,
                  "--timeout expects a number of seconds in (0, 1e9], got '" + text + "'");
    }
}

TEST(Args, HelpListsEveryOptionWithItsDefaultWithin80Columns) {
    CommandHelp help{"provix x [FILE|-] [options]", "Does x.\n", "success", "a check failed"};
    std::string text = format_help(help, spec());
    // The text with every run of white space made one space.
    std::string flat;
    for (char c : text) {
        bool space = c == ' ' || c == '\n';
        if (!space || (!flat.empty() && flat.back() != ' ')) flat += space ? ' ' : c;
    }
    for (const char* expected : {"-o FILE write the output to FILE", "(default: standard output)",
                                 "(default: text)", "(default: 256)"}) {
        EXPECT_NE(flat.find(expected), std::string::npos) << expected << "\nin:\n" << text;
    }
    for (const char* expected :
         {"usage: provix x [FILE|-] [options]\n\nDoes x.\n\noptions:\n  -o FILE ",
          "  --trace                 print the rules that fired\n",
          "  --cases N               cases in the campaign (default: 1000)\n",
          "  -h, --help              print this help\n", "\nexit status:\n  0  success\n",
          "  1  a check failed\n", "  2  usage error or bad input",
          "  3  internal error (a bug in provix: please report it)\n"}) {
        EXPECT_NE(text.find(expected), std::string::npos) << expected << "\nin:\n" << text;
    }
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);)
        EXPECT_LE(line.size(), 80u) << line;
    // Without a meaning for exit status 1, its line is left out.
    help.exit_failed.clear();
    EXPECT_EQ(format_help(help, spec()).find("\n  1  "), std::string::npos);
}

}  // namespace
}  // namespace provix::cli
