#pragma once
/// \file
/// A small JSON reader, the counterpart of json_writer.h, for the files
/// provix itself writes (campaign reports): one value per text, objects
/// keeping their members in order, integers kept exactly as decimal text.
///
///     auto v = parse_json(R"({"case":12,"verdict":"passed","kinds":["range"]})");
///     v->get("case")->as_int() == 12
///     v->get("kinds")->items[0].text == "range"
///
/// Errors (malformed text, nesting deeper than 64, an object naming a member
/// twice) are values whose message names the column. A surrogate escape that
/// is not half of a pair decodes to U+FFFD.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "provix/result.h"

namespace provix::cli {

/// One JSON value.
struct JsonValue {
    enum class Kind : uint8_t { Null, Bool, Number, String, Array, Object };
    Kind kind = Kind::Null;
    /// String: the decoded text. Number: the number as written (`-12`, `0.5`).
    std::string text;
    bool boolean = false;
    /// Array elements.
    std::vector<JsonValue> items;
    /// Object members, in order.
    std::vector<std::pair<std::string, JsonValue>> members;

    /// The member `name` of an object, or nullptr (also for non-objects).
    const JsonValue* get(std::string_view name) const;
    /// An integer number that fits int64, or nullopt.
    std::optional<int64_t> as_int() const;
    /// The text of a string, or nullopt.
    std::optional<std::string> as_string() const;
};

/// Parses `text` as exactly one JSON value (whitespace around it allowed).
Result<JsonValue> parse_json(std::string_view text);

}  // namespace provix::cli
