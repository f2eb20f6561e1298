#pragma once
/// \file
/// Text for XML reports (JUnit): escaping that always gives well-formed XML.
///
///     xml_text("a < b & \"c\"") == "a &lt; b &amp; &quot;c&quot;"
///     xml_seconds(0.25) == "0.250"

#include <string>
#include <string_view>

namespace provix::cli {

/// `text` escaped for XML content and attribute values: `& < > " '` as
/// entities; characters XML 1.0 forbids (control bytes other than tab,
/// newline, carriage return) and bytes that are not UTF-8 become U+FFFD.
std::string xml_text(std::string_view text);

/// Seconds with three decimals (`1.234`), as JUnit's `time` attribute.
std::string xml_seconds(double seconds);

}  // namespace provix::cli
