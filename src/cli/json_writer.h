#pragma once
/// \file
/// A small streaming JSON writer: compact output (no whitespace), strings
/// escaped and made valid UTF-8, integers written exactly (int64 and uint64
/// as decimal text; integers beyond 64 bits from exact decimal text), commas
/// and nesting tracked by the writer. One document per writer; JSON Lines are
/// one writer per line.
///
///     JsonWriter w;
///     w.begin_object()
///         .field("type", "map")
///         .field("index", 1)
///         .key("rules").begin_array().value("fd_nested").end_array()
///         .end_object();
///     w.str() == R"({"type":"map","index":1,"rules":["fd_nested"]})"
///
/// Misuse (a value where a key is expected, an unbalanced end) is a bug in
/// the caller and is caught by assertions, not reported at run time.

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace provix::cli {

/// Appends `text` to `out` as a JSON string literal, quotes included.
/// `"`, `\` and control characters are escaped (`\n`, `\t`, `\u001b`, ...);
/// bytes that are not valid UTF-8 become U+FFFD, so the output is always
/// valid JSON: `append_json_string(s, "a\"b")` appends `"a\"b"`.
void append_json_string(std::string& out, std::string_view text);

/// True if `text` is an optionally signed decimal integer (`-12`, `0`,
/// `170141183460469231731687303715884105727`) without leading zeros, which
/// JSON accepts as a number as it is.
bool is_json_integer(std::string_view text);

/// Writes one JSON value (usually an object) into a string.
class JsonWriter {
public:
    /// Starts `{`; inside an object, call `key` before each member.
    JsonWriter& begin_object();
    /// Ends the innermost object.
    JsonWriter& end_object();
    /// Starts `[`.
    JsonWriter& begin_array();
    /// Ends the innermost array.
    JsonWriter& end_array();
    /// The name of the next member of the innermost object.
    JsonWriter& key(std::string_view name);

    /// A string value.
    JsonWriter& value(std::string_view text);
    JsonWriter& value(const char* text) { return value(std::string_view(text)); }
    JsonWriter& value(const std::string& text) { return value(std::string_view(text)); }
    /// `true` / `false`.
    JsonWriter& value(bool b);
    /// An integer, exactly: `value(int64_t{-9223372036854775807 - 1})`.
    template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
    JsonWriter& value(T n) {
        if constexpr (std::is_signed_v<T>) {
            return signed_value(static_cast<int64_t>(n));
        } else {
            return unsigned_value(static_cast<uint64_t>(n));
        }
    }
    /// A floating-point number in the shortest text that reads back as the
    /// same double (`0.25`, `1e-06`); NaN and infinities become `null`.
    JsonWriter& value(double d);
    /// `null`.
    JsonWriter& null();
    /// An exact integer given as decimal text (`"-170141183460469231731687303715884105728"`)
    /// written as a JSON number; text that is not an integer (`"inf"`) is
    /// written as a string instead.
    JsonWriter& integer_text(std::string_view digits);

    /// `key(name)` then `value(v)`.
    template <class T>
    JsonWriter& field(std::string_view name, const T& v) {
        key(name);
        return value(v);
    }

    /// The text written so far.
    const std::string& str() const { return out_; }
    /// True once the outermost value is complete.
    bool complete() const { return stack_.empty() && wrote_root_; }
    /// Moves the text out and resets the writer for a new document.
    std::string take();

private:
    enum class Scope : uint8_t { Object, Array };
    /// Writes the comma (if needed) before a value and checks it is allowed.
    void before_value();
    /// Starts an object or array (`{`, `[`).
    JsonWriter& open(Scope scope, char bracket);
    /// Ends the innermost object or array, which must be `scope`.
    JsonWriter& close(Scope scope, char bracket);
    JsonWriter& signed_value(int64_t n);
    JsonWriter& unsigned_value(uint64_t n);
    /// `n` in its shortest round-trip decimal form (std::to_chars).
    template <class T>
    JsonWriter& number(T n);

    std::string out_;
    std::vector<Scope> stack_;
    /// For each open scope: true once it holds a member or element.
    std::vector<bool> has_items_;
    /// Inside an object: true between `key` and its value.
    bool after_key_ = false;
    bool wrote_root_ = false;
};

}  // namespace provix::cli
