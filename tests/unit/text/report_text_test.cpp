// Text helpers of reports: decimal integers, UTF-8 validation, XML escaping.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "provix/decimal.h"
#include "provix/utf8.h"
#include "provix/xml_text.h"

namespace provix {
namespace {

TEST(Decimal, ParsesExactlyTheInt64Range) {
    EXPECT_EQ(parse_int64("-12"), -12);
    EXPECT_EQ(parse_int64("007"), 7);
    EXPECT_EQ(parse_int64("-9223372036854775808"), INT64_MIN);
    EXPECT_EQ(parse_int64("9223372036854775807"), INT64_MAX);
    EXPECT_FALSE(parse_int64("9223372036854775808"));
    EXPECT_FALSE(parse_int64("-9223372036854775809"));
}

TEST(Decimal, RejectsAnythingButDigitsAfterAnOptionalMinus) {
    for (const char* bad : {"", "-", "+3", " 3", "3 ", "inf", "-inf", "1e3", "0x10", "--1"})
        EXPECT_FALSE(parse_int64(bad)) << "'" << bad << "'";
}

TEST(Utf8, SequenceLengths) {
    EXPECT_EQ(utf8_sequence_length("a", 0), 1u);
    EXPECT_EQ(utf8_sequence_length("\xC3\xA9", 0), 2u);          // U+00E9
    EXPECT_EQ(utf8_sequence_length("\xE2\x82\xAC", 0), 3u);      // U+20AC
    EXPECT_EQ(utf8_sequence_length("\xF0\x9F\x98\x80", 0), 4u);  // U+1F600
    EXPECT_EQ(utf8_sequence_length("\xC0\x80", 0), 0u);          // overlong
    EXPECT_EQ(utf8_sequence_length("\xED\xA0\x80", 0), 0u);      // surrogate
    EXPECT_EQ(utf8_sequence_length("\xF4\x90\x80\x80", 0), 0u);  // above U+10FFFF
    EXPECT_EQ(utf8_sequence_length("\xE2\x82", 0), 0u);          // truncated
    EXPECT_EQ(utf8_sequence_length("\x80", 0), 0u);              // stray continuation
}

TEST(XmlText, EscapesMarkupAndReplacesWhatXmlCannotHold) {
    const std::string fffd = "\xEF\xBF\xBD";
    EXPECT_EQ(xml_text("a < b & \"c\" > 'd'"), "a &lt; b &amp; &quot;c&quot; &gt; &apos;d&apos;");
    EXPECT_EQ(xml_text("tab\tline\nret\r"), "tab\tline\nret\r");
    EXPECT_EQ(xml_text(std::string("nul\0del\x7F", 8)), "nul" + fffd + "del" + fffd);
    EXPECT_EQ(xml_text("caf\xC3\xA9 \xFF\xC3"), "caf\xC3\xA9 " + fffd + fffd);
    // U+FFFD and U+10FFFF are XML characters; U+FFFE and U+FFFF are not.
    EXPECT_EQ(xml_text("\xEF\xBF\xBD \xF4\x8F\xBF\xBF"), fffd + " \xF4\x8F\xBF\xBF");
    EXPECT_EQ(xml_text("\xEF\xBF\xBE|\xEF\xBF\xBF"), fffd + "|" + fffd);
    EXPECT_EQ(xml_seconds(1.2345), "1.234");
    EXPECT_EQ(xml_seconds(-2), "0.000");
}

}  // namespace
}  // namespace provix
