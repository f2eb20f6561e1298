#pragma once
/// \file
/// UTF-8 validation for text written into reports (JSON, XML).
///
///     utf8_sequence_length("\xC3\xA9t\xC3\xA9", 0) == 2   // é
///     utf8_sequence_length("\xFF", 0) == 0

#include <cstddef>
#include <string_view>

namespace provix {

/// The length of the valid UTF-8 sequence starting at `s[i]` (1 to 4), or 0
/// if the bytes there are not one: a stray continuation byte, a truncated
/// sequence, an overlong form, a surrogate or a code point above U+10FFFF.
/// `i` must be below `s.size()`.
///
///     utf8_sequence_length("a", 0) == 1
///     utf8_sequence_length("\xE2\x82\xAC", 0) == 3      // U+20AC
///     utf8_sequence_length("\xC0\x80", 0) == 0          // overlong NUL
size_t utf8_sequence_length(std::string_view s, size_t i);

}  // namespace provix
