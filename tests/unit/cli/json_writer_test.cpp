// The JSON writer of the command: escaping, nesting, exact integers.

#include "json_writer.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>

namespace provix::cli {
namespace {

std::string json_quoted(std::string_view text) {
    std::string out;
    append_json_string(out, text);
    return out;
}

TEST(JsonString, EscapesQuotesBackslashesAndControlCharacters) {
    EXPECT_EQ(json_quoted("a\"b\\c"), R"("a\"b\\c")");
    EXPECT_EQ(json_quoted("line\nnext\ttab\r"), R"("line\nnext\ttab\r")");
    EXPECT_EQ(json_quoted(std::string("nul\0x", 5)), R"("nul\u0000x")");
    EXPECT_EQ(json_quoted("\x1b[0m\x7f"), R"("\u001b[0m\u007f")");
    EXPECT_EQ(json_quoted("\b\f"), R"("\b\f")");
}

TEST(JsonString, KeepsValidUtf8AndReplacesInvalidBytes) {
    EXPECT_EQ(json_quoted("\xE2\x8C\x8A x \xE2\x8C\x8B"),
              "\"\xE2\x8C\x8A x \xE2\x8C\x8B\"");                        // ⌊ x ⌋
    EXPECT_EQ(json_quoted("\xF0\x9F\x98\x80"), "\"\xF0\x9F\x98\x80\"");  // 4 bytes
    const std::string fffd = "\xEF\xBF\xBD";
    EXPECT_EQ(json_quoted("a\xFFz"), "\"a" + fffd + "z\"");
    EXPECT_EQ(json_quoted("\xC0\xAF"), "\"" + fffd + fffd + "\"");             // overlong '/'
    EXPECT_EQ(json_quoted("\xED\xA0\x80"), "\"" + fffd + fffd + fffd + "\"");  // a surrogate
    EXPECT_EQ(json_quoted("\xE2\x8C"), "\"" + fffd + fffd + "\"");  // truncated at the end
}

TEST(JsonWriter, WritesNestedObjectsAndArraysWithCommas) {
    JsonWriter w;
    w.begin_object()
        .field("type", "map")
        .field("index", 1)
        .key("rules")
        .begin_array()
        .value("a")
        .value("b")
        .end_array()
        .key("empty")
        .begin_object()
        .end_object()
        .key("list")
        .begin_array()
        .begin_array()
        .end_array()
        .null()
        .value(true)
        .value(false)
        .end_array()
        .end_object();
    EXPECT_TRUE(w.complete());
    EXPECT_EQ(
        w.str(),
        R"({"type":"map","index":1,"rules":["a","b"],"empty":{},"list":[[],null,true,false]})");
}

TEST(JsonWriter, WritesIntegersExactly) {
    JsonWriter w;
    w.begin_array()
        .value(std::numeric_limits<int64_t>::min())
        .value(std::numeric_limits<int64_t>::max())
        .value(std::numeric_limits<uint64_t>::max())
        .value(0)
        .value(-7)
        .value(size_t{12})
        .end_array();
    EXPECT_EQ(w.str(), "[-9223372036854775808,9223372036854775807,18446744073709551615,0,-7,12]");
}

TEST(JsonWriter, IntegerTextBeyondInt64IsANumberAndOtherTextAString) {
    JsonWriter w;
    w.begin_array()
        .integer_text("-170141183460469231731687303715884105728")
        .integer_text("0")
        .integer_text("inf")
        .integer_text("-inf")
        .integer_text("007")
        .integer_text("")
        .integer_text("-")
        .end_array();
    EXPECT_EQ(w.str(), R"([-170141183460469231731687303715884105728,0,"inf","-inf","007","","-"])");
}

TEST(JsonWriter, DoublesRoundTripAndNonFiniteIsNull) {
    JsonWriter w;
    w.begin_array()
        .value(0.25)
        .value(1e-6)
        .value(3.0)
        .value(std::numeric_limits<double>::infinity())
        .value(std::numeric_limits<double>::quiet_NaN())
        .end_array();
    EXPECT_EQ(w.str(), "[0.25,1e-06,3,null,null]");
}

TEST(JsonWriter, StringKeysAreEscaped) {
    JsonWriter w;
    w.begin_object().field("a\"b", std::string("x\ny")).end_object();
    EXPECT_EQ(w.str(), R"({"a\"b":"x\ny"})");
}

TEST(JsonWriter, TakeResetsForTheNextDocument) {
    JsonWriter w;
    w.begin_object().field("n", 1).end_object();
    EXPECT_EQ(w.take(), R"({"n":1})");
    EXPECT_FALSE(w.complete());
    w.value("second");
    EXPECT_TRUE(w.complete());
    EXPECT_EQ(w.take(), R"("second")");
}

TEST(JsonInteger, RecognizesDecimalIntegersOnly) {
    for (const char* text : {"0", "-12", "99999999999999999999999"})
        EXPECT_TRUE(is_json_integer(text)) << text;
    for (const char* text : {"", "-", "01", "+1", "1.5", "inf"})
        EXPECT_FALSE(is_json_integer(text)) << text;
}

}  // namespace
}  // namespace provix::cli
