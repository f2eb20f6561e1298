#pragma once
/// \file
/// Text for XML reports (JUnit files of `provix prove` and `provix fuzz`):
/// escaping that always gives well-formed XML 1.0, whatever the bytes of a
/// rule name, a file name or a message.
///
///     xml_text("a < b & \"c\"") == "a &lt; b &amp; &quot;c&quot;"
///     xml_seconds(0.25) == "0.250"

#include <string>
#include <string_view>

namespace provix {

/// `text` escaped for XML content and attribute values: `& < > " '` as
/// entities; tab, newline and carriage return kept; every other control
/// byte (below 0x20, and 0x7F), the non-characters U+FFFE and U+FFFF, and
/// every byte that is not part of a valid UTF-8 sequence become U+FFFD.
///
///     xml_text("x => y") == "x =&gt; y"
///     xml_text("bell\x07") == "bell\xEF\xBF\xBD"
///     xml_text("bad \xFF") == "bad \xEF\xBF\xBD"
std::string xml_text(std::string_view text);

/// Seconds with three decimals, as JUnit's `time` attribute; a negative
/// duration is written 0.000.
///
///     xml_seconds(1.2345) == "1.234"
std::string xml_seconds(double seconds);

}  // namespace provix
