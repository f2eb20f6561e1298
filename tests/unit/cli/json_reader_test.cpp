// The JSON reader: what the writer writes reads back; malformed text is an
// error naming the column.

#include "json_reader.h"

#include <gtest/gtest.h>

#include "json_writer.h"

namespace provix::cli {
namespace {

TEST(JsonReader, ReadsWhatTheWriterWrites) {
    JsonWriter w;
    w.begin_object()
        .field("type", "case")
        .field("index", int64_t{-12})
        .field("ok", true)
        .key("none")
        .null()
        .key("kinds")
        .begin_array()
        .value("range")
        .value("a\"b\\c\n\x01")
        .end_array()
        .key("nested")
        .begin_object()
        .field("x", 0.25)
        .end_object()
        .end_object();
    auto v = parse_json(w.str());
    ASSERT_TRUE(v.ok()) << v.error().message;
    EXPECT_EQ(v->get("type")->as_string(), "case");
    EXPECT_EQ(v->get("index")->as_int(), -12);
    EXPECT_TRUE(v->get("ok")->boolean);
    EXPECT_EQ(v->get("none")->kind, JsonValue::Kind::Null);
    ASSERT_EQ(v->get("kinds")->items.size(), 2u);
    EXPECT_EQ(v->get("kinds")->items[1].text, "a\"b\\c\n\x01");
    EXPECT_EQ(v->get("nested")->get("x")->text, "0.25");
    EXPECT_EQ(v->get("nested")->get("x")->as_int(), std::nullopt);
    EXPECT_EQ(v->get("missing"), nullptr);
}

TEST(JsonReader, DecodesUnicodeEscapes) {
    auto v = parse_json(R"(["\u00e9", "\ud83d\ude00", "\ud800x"])");
    ASSERT_TRUE(v.ok());
    EXPECT_EQ(v->items[0].text, "\xc3\xa9");
    EXPECT_EQ(v->items[1].text, "\xf0\x9f\x98\x80");
    EXPECT_EQ(v->items[2].text, "\xef\xbf\xbdx");  // a lone surrogate is U+FFFD
}

TEST(JsonReader, AnEscapeAfterALoneHighSurrogateIsKept) {
    auto v = parse_json(R"(["\ud800\u0041", "\ud800\ud83d\ude00", "\udc00\u00e9"])");
    ASSERT_TRUE(v.ok());
    EXPECT_EQ(v->items[0].text,
              "\xef\xbf\xbd"
              "A");
    EXPECT_EQ(v->items[1].text, "\xef\xbf\xbd\xf0\x9f\x98\x80");
    EXPECT_EQ(v->items[2].text, "\xef\xbf\xbd\xc3\xa9");
}

TEST(JsonReader, AMemberNameGivenTwiceIsAnError) {
    auto v = parse_json(R"({"verdict": "passed", "index": 3, "verdict": "failed"})");
    ASSERT_FALSE(v.ok());
    EXPECT_NE(v.error().message.find("a member name given twice"), std::string::npos);
    EXPECT_TRUE(parse_json(R"({"a": {"x": 1}, "b": {"x": 2}})").ok());  // per object
}

TEST(JsonReader, IntegersBeyondInt64AreNotInts) {
    auto v = parse_json("[9223372036854775807, 9223372036854775808, -9223372036854775808]");
    ASSERT_TRUE(v.ok());
    EXPECT_EQ(v->items[0].as_int(), INT64_MAX);
    EXPECT_EQ(v->items[1].as_int(), std::nullopt);
    EXPECT_EQ(v->items[1].text, "9223372036854775808");
    EXPECT_EQ(v->items[2].as_int(), INT64_MIN);
}

TEST(JsonReader, MalformedTextIsAnErrorWithItsColumn) {
    for (const char* bad : {"", "{", "{\"a\" 1}", "[1,]", "01", "1.", "-", "\"abc", "tru",
                            "{\"a\":1} x", "\"a\tb\"", "\"\\q\"", "[1 2]", "1e"}) {
        auto v = parse_json(bad);
        EXPECT_FALSE(v.ok()) << bad;
        if (!v.ok()) {
            EXPECT_EQ(v.error().message.rfind("column ", 0), 0u) << v.error().message;
        }
    }
    std::string deep(100, '[');
    EXPECT_FALSE(parse_json(deep + std::string(100, ']')).ok());
    EXPECT_TRUE(parse_json(std::string(60, '[') + std::string(60, ']')).ok());
}

}  // namespace
}  // namespace provix::cli
