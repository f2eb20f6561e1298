/// \file
/// Decimal integer text (provix/decimal.h).

#include "provix/decimal.h"

#include <charconv>
#include <system_error>

namespace provix {

std::optional<int64_t> parse_int64(std::string_view text) {
    int64_t v = 0;
    const char* end = text.data() + text.size();
    std::from_chars_result r = std::from_chars(text.data(), end, v);
    if (r.ec != std::errc() || r.ptr != end) return std::nullopt;
    return v;
}

}  // namespace provix
