#pragma once
/// \file
/// Decimal integer text, as reports and oracles exchange exact values.
///
///     parse_int64("-12") == -12
///     !parse_int64("inf") && !parse_int64("+3") && !parse_int64("9223372036854775808")

#include <cstdint>
#include <optional>
#include <string_view>

namespace provix {

/// The int64 that `text` writes in decimal: digits after an optional `-`,
/// nothing else (no `+`, no blanks); nullopt for any other text and for a
/// value that does not fit.
///
///     parse_int64("007") == 7
///     !parse_int64("")
std::optional<int64_t> parse_int64(std::string_view text);

}  // namespace provix
