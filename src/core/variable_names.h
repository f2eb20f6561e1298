#pragma once
/// \file
/// Rules for the names of indexing-map variables, shared by IndexingMap and
/// the text parser so that every map prints as text that parses back.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

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

/// True if `name` is `default_variable_name(prefix, i)`, decided without
/// building that name: `is_default_variable_name("s12", "s", 12)`,
/// `!is_default_variable_name("s012", "s", 12)`.
bool is_default_variable_name(std::string_view name, std::string_view prefix, int64_t i);

/// A variable moving to a new position (composition, removal of unused
/// variables): its name (which must outlive the call), the prefix of its
/// kind (`d`, `s`, `rt`) and its index among the variables of that kind
/// before and after the move: `{"s3", "s", 3, 1}`.
struct MovedName {
    std::string_view name;
    const char* prefix;
    int64_t old_index;
    int64_t new_index;
};

/// Names for moved variables, unique and deterministic: a variable that had
/// its default name gets the default name of its new position; a custom name
/// is kept unless taken, then the new default (or the name with a `_k`
/// suffix) is used. `{("s1", "s", 1, 0)}` gives `{"s0"}`.
std::vector<std::string> names_after_move(const std::vector<MovedName>& moved);

}  // namespace provix::detail
