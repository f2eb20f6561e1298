#pragma once
/// \file
/// Records as text, every field length-prefixed (`<length>:<bytes>`), so
/// that any bytes survive: how answers cross from a child process
/// (child_process.h) to its parent.
///
///     FieldWriter w;
///     w.put("a:b");
///     w.put_count(2);          // w.text() == "3:a:b1:2"
///     FieldReader r(w.text());
///     std::string s;
///     size_t n = 0;
///     r.get(s) && r.get_count(n) && r.at_end()   // s == "a:b", n == 2

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace provix::solvers {

/// Appends fields to a text.
class FieldWriter {
public:
    /// One field holding `s` as it is.
    void put(std::string_view s);
    /// A count (a decimal field).
    void put_count(size_t n);
    /// A flag (`"1"` or `"0"`).
    void put_flag(bool b) { put(b ? "1" : "0"); }
    /// An int64 (a decimal field).
    void put_int(int64_t v) { put(std::to_string(v)); }
    /// The text written so far.
    const std::string& text() const { return text_; }

private:
    std::string text_;
};

/// Reads the fields of a FieldWriter's text back, in order. Every getter
/// returns false on malformed text (and the reader should be abandoned).
class FieldReader {
public:
    explicit FieldReader(std::string_view text) : in_(text) {}
    /// The next field.
    bool get(std::string& s);
    /// The next field as a count of at most 9 digits.
    bool get_count(size_t& n);
    /// The next field as a flag written by put_flag.
    bool get_flag(bool& b);
    /// The next field as an int64 written by put_int.
    bool get_int(int64_t& v);
    /// True when every field has been read.
    bool at_end() const { return in_.empty(); }
    /// The bytes not read yet: a count read from the text is at most this
    /// many fields (each takes two bytes at least), so a reader checks it
    /// before it reserves room: `if (n > r.remaining()) return false;`.
    size_t remaining() const { return in_.size(); }

private:
    std::string_view in_;
};

}  // namespace provix::solvers
