#include <gtest/gtest.h>
#include <pthread.h>

#include <optional>
#include <string>
#include <vector>

#include "provix/parser.h"
#include "support/text_helpers.h"

namespace provix {
namespace {

using testing_support::contains;

class DiagnosticsTest : public ::testing::Test {
protected:
    Context ctx;

    /// The diagnostic for a map that must not parse.
    std::string map_error(const std::string& text, ParseOptions options = {}) {
        Result<IndexingMap> m = parse_indexing_map(ctx, text, options);
        EXPECT_FALSE(m.ok()) << text;
        if (m.ok()) return "";
        EXPECT_EQ(m.error().kind, Error::Kind::Parse);
        return m.error().message;
    }

    /// The diagnostic for a file of maps (named `file`) that must not parse.
    std::string file_error(const std::string& text, const std::string& file) {
        Result<std::vector<ParsedMap>> maps = parse_indexing_maps(ctx, text, file);
        EXPECT_FALSE(maps.ok()) << text;
        return maps.ok() ? "" : maps.error().message;
    }

    std::string expr_error(const std::string& text, ParseOptions options = {}) {
        Result<Expr> e = parse_expr(ctx, text, {"d0", "d1"}, options);
        EXPECT_FALSE(e.ok()) << text;
        if (e.ok()) return "";
        EXPECT_EQ(e.error().kind, Error::Kind::Parse);
        return e.error().message;
    }
};

TEST_F(DiagnosticsTest, FormatShowsLocationSourceLineAndCaret) {
    EXPECT_EQ(format_diagnostic("input.map", "first\n(d0) -> (d0 floordiv 0),\nlast", {2, 22},
                                "division by zero"),
              "input.map:2:22: error: division by zero\n"
              "(d0) -> (d0 floordiv 0),\n"
              "                     ^");
}

TEST_F(DiagnosticsTest, CarriageReturnsAloneEndLinesAsLineFeedsDo) {
    // Line 2 of a file whose lines end in a carriage return alone, and of
    // one with line feeds: the same location and source line.
    for (const char* eol : {"\r", "\n", "\r\n"}) {
        const std::string text =
            std::string("// a comment") + eol + "(d0) -> (d0 $ 1), domain: d0 in [0, 1]" + eol;
        EXPECT_EQ(file_error(text, "f.map"),
                  "f.map:2:13: error: unexpected character '$'\n"
                  "(d0) -> (d0 $ 1), domain: d0 in [0, 1]\n"
                  "            ^");
    }
}

TEST_F(DiagnosticsTest, FormatMirrorsTabsAndCountsUtf8AsOneColumn) {
    EXPECT_EQ(format_diagnostic("f", "\tab x", {1, 5}, "m"), "f:1:5: error: m\n\tab x\n\t   ^");
    // "é" is two bytes: column 4 is the byte after it, printed under 'x'.
    EXPECT_EQ(format_diagnostic("f", "\xc3\xa9 x", {1, 4}, "m"),
              "f:1:4: error: m\n\xc3\xa9 x\n  ^");
}

TEST_F(DiagnosticsTest, FormatBeyondTheTextShowsAnEmptyLine) {
    EXPECT_EQ(format_diagnostic("f", "abc", {3, 2}, "m"), "f:3:2: error: m\n\n ^");
    EXPECT_EQ(format_diagnostic("f", "abc\r\n", {1, 4}, "m"), "f:1:4: error: m\nabc\n   ^");
}

TEST_F(DiagnosticsTest, FormatShowsAWindowOfALongLineAroundTheCaret) {
    // 200 'a', then "XY", then 200 'b': the caret at the 'X' (column 201).
    std::string line = std::string(200, 'a') + "XY" + std::string(200, 'b');
    std::string d = format_diagnostic("f", line, {1, 201}, "m");
    std::string first = d.substr(0, d.find('\n'));
    std::string shown = d.substr(first.size() + 1, d.rfind('\n') - first.size() - 1);
    std::string caret = d.substr(d.rfind('\n') + 1);
    EXPECT_EQ(first, "f:1:201: error: m");
    EXPECT_EQ(shown, "..." + std::string(50, 'a') + "XY" + std::string(62, 'b') + "...");
    EXPECT_EQ(caret, std::string(53, ' ') + "^");
    EXPECT_EQ(shown[caret.size() - 1], 'X');
    // Near the start only the right side is cut, near the end only the left.
    std::string start = format_diagnostic("f", line, {1, 3}, "m");
    EXPECT_TRUE(contains(start, "\naaa"));
    EXPECT_TRUE(contains(start, "...\n  ^"));
    std::string end = format_diagnostic("f", line, {1, 403}, "m");
    EXPECT_TRUE(contains(end, "\n..." + std::string(50, 'b') + "\n"));
    EXPECT_TRUE(contains(end, "\n" + std::string(53, ' ') + "^"));
}

TEST_F(DiagnosticsTest, FormatEscapesBytesThatDoNotPrint) {
    // \x01, \xff (not UTF-8) and DEL are shown as \xNN; the caret under 'c'.
    EXPECT_EQ(format_diagnostic("f",
                                std::string("ab\x01\xff\x7f"
                                            "c"),
                                {1, 6}, "m"),
              "f:1:6: error: m\nab\\x01\\xff\\x7fc\n" + std::string(14, ' ') + "^");
    EXPECT_EQ(format_diagnostic("f", std::string("a\0b", 3), {1, 3}, "m"),
              "f:1:3: error: m\na\\x00b\n     ^");
}

TEST_F(DiagnosticsTest, ALongBinaryLineGivesAShortDiagnostic) {
    // 81 KB on one line, bad bytes included: the diagnostic stays a few
    // hundred bytes and holds no raw control byte.
    std::string text =
        "(d0) -> (d0 + " + std::string(81920, '1') + "\x02\xfe), domain: d0 in [0, 1]";
    std::string d = map_error(text);
    EXPECT_LT(d.size(), 400u) << d;
    EXPECT_TRUE(contains(d, "error:"));
    for (char c : d)
        EXPECT_TRUE(c == '\n' || (c >= 0x20 && c < 0x7f)) << int(c);
}

TEST_F(DiagnosticsTest, UnknownVariable) {
    EXPECT_EQ(map_error("(d0) -> (d0 + d5), domain: d0 in [0, 9]"),
              "<input>:1:15: error: unknown variable 'd5'\n"
              "(d0) -> (d0 + d5), domain: d0 in [0, 9]\n"
              "              ^");
}

TEST_F(DiagnosticsTest, LiteralZeroDivisorPointsAtTheDivisor) {
    EXPECT_EQ(map_error("(d0) -> (d0 floordiv 0), domain: d0 in [0, 9]"),
              "<input>:1:22: error: division by zero\n"
              "(d0) -> (d0 floordiv 0), domain: d0 in [0, 9]\n"
              "                     ^");
    // A divisor that folds to zero is a zero divisor too.
    EXPECT_EQ(map_error("(d0) -> (d0 mod (1 - 1)), domain: d0 in [0, 9]"),
              "<input>:1:17: error: division by zero\n"
              "(d0) -> (d0 mod (1 - 1)), domain: d0 in [0, 9]\n"
              "                ^");
    EXPECT_TRUE(contains(expr_error("d0 ceildiv -0"), "1:12: error: division by zero"));
    EXPECT_TRUE(contains(expr_error("d0 % 0", {false, 256}), "1:6: error: division by zero"));
}

TEST_F(DiagnosticsTest, IntegersOutOfRange) {
    EXPECT_EQ(map_error("(d0) -> (d0 + 9223372036854775808), domain: d0 in [0, 9]"),
              "<input>:1:15: error: integer 9223372036854775808 does not fit in 64 bits\n"
              "(d0) -> (d0 + 9223372036854775808), domain: d0 in [0, 9]\n"
              "              ^");
    EXPECT_EQ(map_error("(d0) -> (d0), domain: d0 in [0, 99999999999999999999]"),
              "<input>:1:33: error: integer 99999999999999999999 does not fit in 64 bits\n"
              "(d0) -> (d0), domain: d0 in [0, 99999999999999999999]\n"
              "                                ^");
    EXPECT_TRUE(
        contains(expr_error("-9223372036854775809"), "1:2: error: integer -9223372036854775809"));
}

TEST_F(DiagnosticsTest, MissingBoundsAtTheEndOfAFile) {
    EXPECT_EQ(file_error("(d0, d1) -> (d0),\ndomain:\nd0 in [0, 9]\n", "f.map"),
              "f.map:3:13: error: missing the bounds of variable 'd1'\n"
              "d0 in [0, 9]\n"
              "            ^");
}

TEST_F(DiagnosticsTest, BoundsOutOfDeclarationOrder) {
    EXPECT_EQ(map_error("(d0, d1) -> (d0), domain: d1 in [0, 9], d0 in [0, 9]"),
              "<input>:1:27: error: expected the bounds of variable 'd0' (the domain lists every "
              "variable in declaration order, then the constraints)\n"
              "(d0, d1) -> (d0), domain: d1 in [0, 9], d0 in [0, 9]\n"
              "                          ^");
}

TEST_F(DiagnosticsTest, MissingDomain) {
    EXPECT_EQ(map_error("(d0) -> (d0)"),
              "<input>:1:13: error: expected ',' and 'domain:' with the bounds of 'd0', found end "
              "of input\n"
              "(d0) -> (d0)\n"
              "            ^");
}

TEST_F(DiagnosticsTest, MalformedBounds) {
    EXPECT_EQ(map_error("(d0) -> (d0), domain: d0 in [0 9]"),
              "<input>:1:32: error: expected ',', found '9'\n"
              "(d0) -> (d0), domain: d0 in [0 9]\n"
              "                               ^");
    EXPECT_TRUE(contains(map_error("(d0) -> (d0), domain: d0 in [0, x]"),
                         "error: expected an integer bound or 'inf', found 'x'"));
    EXPECT_TRUE(
        contains(map_error("(d0) -> (d0), domain: d0 in 5"), "error: expected '[', found '5'"));
}

TEST_F(DiagnosticsTest, DuplicateVariableNames) {
    EXPECT_EQ(map_error("(d0, d0) -> (d0), domain: d0 in [0, 9]"),
              "<input>:1:6: error: duplicate variable name 'd0'\n"
              "(d0, d0) -> (d0), domain: d0 in [0, 9]\n"
              "     ^");
    EXPECT_TRUE(
        contains(map_error("(d0)[s0]{d0} -> (d0)"), "1:10: error: duplicate variable name 'd0'"));
}

TEST_F(DiagnosticsTest, KeywordsCannotNameVariables) {
    EXPECT_EQ(map_error("(mod) -> (mod)"),
              "<input>:1:2: error: 'mod' is a keyword and cannot name a variable\n"
              "(mod) -> (mod)\n"
              " ^");
}

TEST_F(DiagnosticsTest, UnexpectedEndOfInputPointsAfterTheLastToken) {
    EXPECT_EQ(map_error("(d0) -> (d0 +"),
              "<input>:1:14: error: expected an expression, found end of input\n"
              "(d0) -> (d0 +\n"
              "             ^");
    EXPECT_EQ(map_error(""),
              "<input>:1:1: error: expected an indexing map, found end of input\n\n^");
    EXPECT_EQ(expr_error("min(d0, "),
              "<input>:1:8: error: expected an expression, found end of input\nmin(d0, \n       ^");
}

TEST_F(DiagnosticsTest, TrailingGarbage) {
    EXPECT_EQ(map_error("() -> () garbage"),
              "<input>:1:10: error: unexpected 'garbage' after the end of the map\n"
              "() -> () garbage\n"
              "         ^");
    EXPECT_EQ(expr_error("d0 + 1 )"),
              "<input>:1:8: error: unexpected ')' after the expression\nd0 + 1 )\n       ^");
    EXPECT_TRUE(contains(map_error("(d0) -> (d0), domain: d0 in [0, 9] d0 mod 2 in [0, 0] )"),
                         "1:55: error: expected an expression, found ')'"));
}

TEST_F(DiagnosticsTest, UnexpectedCharacter) {
    EXPECT_EQ(map_error("(d0) -> (d0 # 2), domain: d0 in [0, 9]"),
              "<input>:1:13: error: unexpected character '#'\n"
              "(d0) -> (d0 # 2), domain: d0 in [0, 9]\n"
              "            ^");
    EXPECT_TRUE(contains(expr_error("d0 \x01"), "1:4: error: unexpected character byte 0x01"));
}

TEST_F(DiagnosticsTest, OneMapOnlyInParseIndexingMap) {
    EXPECT_EQ(map_error("() -> ()\n// -----\n() -> ()"),
              "<input>:2:1: error: unexpected '// -----' separator after the end of the map\n"
              "// -----\n"
              "^");
}

TEST_F(DiagnosticsTest, ACommentThatLooksLikeASeparatorGetsANote) {
    // Without the space, or with four dashes, the line is a comment and the
    // two maps read as one: the error says why.
    // Lines ended by a carriage return alone count as the lexer counts them.
    for (const std::string eol : {"\n", "\r"}) {
        for (const std::string sep : {"//-----", "// ----", "  //  ------ "}) {
            EXPECT_EQ(file_error("(d0) -> (d0), domain: d0 in [0, 3]" + eol + sep + eol +
                                     "(d0) -> (d0 + 1), domain: d0 in [0, 3]" + eol,
                                 "in.map"),
                      "in.map:3:6: error: expected 'in', found '->'\n"
                      "(d0) -> (d0 + 1), domain: d0 in [0, 3]\n"
                      "     ^\n"
                      "in.map:2:1: note: this comment looks like a separator; maps are separated "
                      "by '// -----' lines\n" +
                          sep + "\n^")
                << sep << " " << int(eol[0]);
        }
    }
    // A real separator, another comment, an error in the same map: no note.
    for (const std::string text :
         {"() -> ()\n// -----\n(d0) -> (d0 +)", "() -> ()\n// ---- notes\n() -> ()",
          "// -----\n(d0) -> (d0 +)"}) {
        EXPECT_FALSE(contains(file_error(text, "in.map"), "note:")) << text;
    }
}

TEST_F(DiagnosticsTest, ErrorsInLaterMapsOfAFileHaveFileLines) {
    EXPECT_EQ(
        file_error("() -> ()\n// -----\n(d0) -> (d0 floordiv 0),\ndomain: d0 in [0, 1]", "in.map"),
        "in.map:3:22: error: division by zero\n"
        "(d0) -> (d0 floordiv 0),\n"
        "                     ^");
}

TEST_F(DiagnosticsTest, DeepNestingIsAnErrorNotACrash) {
    ParseOptions shallow;
    shallow.max_depth = 3;
    EXPECT_EQ(expr_error("((((d0))))", shallow),
              "<input>:1:4: error: expression nested too deeply (more than 3 levels)\n"
              "((((d0))))\n"
              "   ^");
    EXPECT_TRUE(parse_expr(ctx, "(((d0)))", {"d0"}, shallow).ok());
    EXPECT_TRUE(
        contains(expr_error("- - - - d0", shallow), "1:7: error: expression nested too deeply"));
    // Operator chains build tall trees without recursion; their height is bounded too.
    ParseOptions raw_shallow = shallow;
    raw_shallow.canonicalize = false;
    EXPECT_EQ(expr_error("d0 floordiv 2 floordiv 2 floordiv 2 floordiv 2", raw_shallow),
              "<input>:1:37: error: expression nested too deeply (more than 3 levels)\n"
              "d0 floordiv 2 floordiv 2 floordiv 2 floordiv 2\n"
              "                                    ^");
    // The default limit, and hostile depths far beyond the stack.
    std::string deep(100000, '(');
    deep += "d0";
    deep += std::string(100000, ')');
    EXPECT_TRUE(contains(expr_error(deep),
                         "1:257: error: expression nested too deeply (more than 256 "
                         "levels)"));
    std::string minus;
    for (int i = 0; i < 100000; ++i)
        minus += "-";
    EXPECT_TRUE(contains(expr_error(minus + "d0"), "expression nested too deeply"));
    std::string mins;
    for (int i = 0; i < 100000; ++i)
        mins += "min(d0, ";
    EXPECT_TRUE(contains(expr_error(mins + "d0"), "expression nested too deeply"));
}

/// Runs `job` on a new thread with a stack of `bytes` and waits for it.
void on_thread_with_stack(size_t bytes, void (*job)(void*), void* arg) {
    struct Call {
        void (*job)(void*);
        void* arg;
    } call{job, arg};
    pthread_attr_t attr;
    ASSERT_EQ(pthread_attr_init(&attr), 0);
    ASSERT_EQ(pthread_attr_setstacksize(&attr, bytes), 0);
    pthread_t thread;
    ASSERT_EQ(pthread_create(
                  &thread, &attr,
                  [](void* p) -> void* {
                      auto* c = static_cast<Call*>(p);
                      c->job(c->arg);
                      return nullptr;
                  },
                  &call),
              0);
    pthread_join(thread, nullptr);
    pthread_attr_destroy(&attr);
}

TEST_F(DiagnosticsTest, NestingBeyondTheThreadsStackIsAnErrorNotACrash) {
    // 2000 levels, the largest limit, take more than 256 KB of stack to
    // parse: on such a thread the parse stops with a diagnostic, on the
    // default stack it succeeds.
    struct Parse {
        std::string text;
        ParseOptions options;
        std::optional<Result<Expr>> result;
    } parse;
    parse.text = std::string(1999, '(') + "d0" + std::string(1999, ')');
    parse.options.max_depth = 2000;
    auto run = [](void* p) {
        auto* job = static_cast<Parse*>(p);
        Context local;
        job->result = parse_expr(local, job->text, {"d0"}, job->options);
    };
    on_thread_with_stack(size_t{256} << 10, run, &parse);
    ASSERT_TRUE(parse.result.has_value());
    ASSERT_FALSE(parse.result->ok());
    EXPECT_TRUE(contains(parse.result->error().message,
                         "error: expression nested too deeply for the stack left to this thread"))
        << parse.result->error().message;
    parse.result.reset();
    on_thread_with_stack(size_t{64} << 20, run, &parse);
    ASSERT_TRUE(parse.result.has_value());
    EXPECT_TRUE(parse.result->ok()) << parse.result->error().message;
}

TEST_F(DiagnosticsTest, PrintedNegationsAtTheDepthLimitParseBack) {
    // Found by the libFuzzer parser target: a tree kept as written prints
    // `- - - d0` as `-(-(-d0))`; the parenthesis after a minus is one level.
    ParseOptions raw;
    raw.canonicalize = false;
    raw.max_depth = 3;
    Result<Expr> e = parse_expr(ctx, "- - - d0", {"d0"}, raw);
    ASSERT_TRUE(e.ok());
    std::string printed = to_string(*e, [](int64_t) { return std::string("d0"); });
    EXPECT_EQ(printed, "-(-(-d0))");
    Result<Expr> again = parse_expr(ctx, printed, {"d0"}, raw);
    ASSERT_TRUE(again.ok()) << again.error().message;
    EXPECT_EQ(*again, *e);
    EXPECT_TRUE(
        contains(expr_error("-(-(-(-d0)))", raw), "1:7: error: expression nested too deeply"));
}

}  // namespace
}  // namespace provix
