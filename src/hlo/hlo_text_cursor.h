#pragma once
// A character cursor over HLO text with line/column locations, shared by the
// HLO reader's files (private to src/hlo).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "provix/parser.h"
#include "provix/result.h"

namespace provix::hlo::detail {

/// Maps byte offsets of a text to 1-based line/column locations and formats
/// diagnostics.
class SourceText {
public:
    SourceText(std::string_view text, std::string_view filename);

    std::string_view text() const { return text_; }
    std::string_view filename() const { return filename_; }
    /// The location of byte offset `pos` (tabs count as one column).
    SourceLocation location(size_t pos) const;
    /// A Parse error whose message is the full diagnostic at `pos`.
    Error error(size_t pos, std::string_view message) const;

private:
    std::string_view text_;
    std::string_view filename_;
    std::vector<size_t> line_starts_;
};

/// A cursor over `[begin, end)` of a SourceText.
class TextCursor {
public:
    TextCursor(const SourceText& source, size_t begin, size_t end)
        : source_(&source), pos_(begin), end_(end) {}
    explicit TextCursor(const SourceText& source) : TextCursor(source, 0, source.text().size()) {}

    size_t pos() const { return pos_; }
    void set_pos(size_t pos) { pos_ = pos; }
    size_t end() const { return end_; }
    bool at_end() const { return pos_ >= end_; }
    /// The character `k` ahead, or '\0' past the end.
    char peek(size_t k = 0) const;
    /// Advances one character.
    void advance() {
        if (pos_ < end_) ++pos_;
    }

    /// Skips white space and comments (`// ...` to end of line, `/* ... */`).
    void skip_space();
    /// Skips space, then consumes `c` if it is next.
    bool consume(char c);
    /// Skips space, then consumes `word` if it is next and not followed by a
    /// name character.
    bool consume_word(std::string_view word);
    /// Skips space and reads a name: an optional `%`, then
    /// `[A-Za-z_][A-Za-z0-9_.-]*`; the `%` is not part of the result.
    /// Empty if there is none (nothing consumed).
    std::string_view read_name();
    /// Skips space and reads `-?[0-9]+`; nullopt (nothing consumed) if there
    /// is none; `overflow` is set if the value leaves int64.
    std::optional<int64_t> read_integer(bool* overflow);
    /// Skips space and reads up to the matching close of the bracket at the
    /// cursor (`(`, `{` or `[`), skipping quoted strings; returns the text
    /// between the brackets, or nullopt if unbalanced.
    std::optional<std::string_view> read_balanced();
    /// Skips to the end of the current line.
    void skip_line();

    /// Error at the cursor / at `pos`.
    Error error(std::string_view message) const { return source_->error(pos_, message); }
    Error error_at(size_t pos, std::string_view message) const {
        return source_->error(pos, message);
    }
    const SourceText& source() const { return *source_; }

private:
    const SourceText* source_;
    size_t pos_;
    size_t end_;
};

/// True for `[A-Za-z0-9_.-]`.
bool is_name_char(char c);

}  // namespace provix::hlo::detail
