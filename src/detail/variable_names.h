#pragma once
/// \file
/// Rules for the names of indexing-map variables, shared by IndexingMap and
/// the text parser so that every map prints as text that parses back.

#include <cstdint>
#include <string>
#include <string_view>

namespace provix::detail {

/// True for the keywords of the map syntax, which cannot name variables:
/// `is_reserved_word("mod")`.
bool is_reserved_word(std::string_view s);

/// True for an identifier `[A-Za-z_][A-Za-z0-9_]*` that is not reserved:
/// `is_valid_variable_name("th_x")`, `!is_valid_variable_name("2x")`.
bool is_valid_variable_name(std::string_view s);

/// The default name of the i-th variable of a kind: prefix `d`, `s` or `rt`
/// followed by i: `default_variable_name("rt", 2) == "rt2"`.
std::string default_variable_name(std::string_view prefix, int64_t i);

}  // namespace provix::detail
