// Character cursor and locations for the HLO reader.

#include "hlo_text_cursor.h"

#include <algorithm>

#include "provix/semantics.h"

namespace provix::hlo::detail {

SourceText::SourceText(std::string_view text, std::string_view filename)
    : text_(text), filename_(filename) {
    line_starts_.push_back(0);
    // Lines end as in every reader of provix (a lone '\r' too).
    for (size_t i = 0; i < text.size(); ++i) {
        if (ends_line(text, i)) line_starts_.push_back(i + 1);
    }
}

SourceLocation SourceText::location(size_t pos) const {
    pos = std::min(pos, text_.size());
    auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), pos);
    size_t line = static_cast<size_t>(it - line_starts_.begin());  // 1-based
    SourceLocation loc;
    loc.line = static_cast<int>(line);
    loc.column = static_cast<int>(pos - line_starts_[line - 1]) + 1;
    return loc;
}

Error SourceText::error(size_t pos, std::string_view message) const {
    Error e;
    e.kind = Error::Kind::Parse;
    e.message = format_diagnostic(filename_, text_, location(pos), message);
    return e;
}

bool is_name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '.' || c == '-';
}

namespace {

bool is_name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }

}  // namespace

char TextCursor::peek(size_t k) const {
    size_t p = pos_ + k;
    return p < end_ ? source_->text()[p] : '\0';
}

void TextCursor::skip_space() {
    while (!at_end()) {
        char c = peek();
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            ++pos_;
        } else if (c == '/' && peek(1) == '/') {
            skip_line();
        } else if (c == '/' && peek(1) == '*') {
            pos_ += 2;
            while (!at_end() && !(peek() == '*' && peek(1) == '/'))
                ++pos_;
            pos_ = std::min(end_, pos_ + 2);
        } else {
            break;
        }
    }
}

void TextCursor::skip_line() {
    while (!at_end() && !ends_line(source_->text(), pos_))
        ++pos_;
}

bool TextCursor::consume(char c) {
    skip_space();
    if (peek() != c || at_end()) return false;
    ++pos_;
    return true;
}

bool TextCursor::consume_word(std::string_view word) {
    skip_space();
    if (source_->text().substr(pos_, word.size()) != word || pos_ + word.size() > end_)
        return false;
    size_t after = pos_ + word.size();
    if (after < end_ && is_name_char(source_->text()[after])) return false;
    pos_ = after;
    return true;
}

std::string_view TextCursor::read_name() {
    skip_space();
    size_t p = pos_;
    if (peek() == '%') ++p;
    if (p >= end_ || !is_name_start(source_->text()[p])) return {};
    size_t name_start = p;
    while (p < end_ && is_name_char(source_->text()[p]))
        ++p;
    pos_ = p;
    return source_->text().substr(name_start, p - name_start);
}

std::optional<int64_t> TextCursor::read_integer(bool* overflow) {
    skip_space();
    *overflow = false;
    size_t p = pos_;
    bool negative = false;
    if (p < end_ && source_->text()[p] == '-') {
        negative = true;
        ++p;
    }
    if (p >= end_ || source_->text()[p] < '0' || source_->text()[p] > '9') return std::nullopt;
    int64_t value = 0;
    while (p < end_ && source_->text()[p] >= '0' && source_->text()[p] <= '9') {
        int64_t digit = source_->text()[p] - '0';
        auto times_ten = checked_mul(value, 10);
        auto next = times_ten ? checked_add(*times_ten, negative ? -digit : digit) : std::nullopt;
        if (!next) {
            *overflow = true;
        } else {
            value = *next;
        }
        ++p;
    }
    pos_ = p;
    return value;
}

std::optional<std::string_view> TextCursor::read_balanced() {
    skip_space();
    char open = peek();
    if (open != '(' && open != '{' && open != '[') return std::nullopt;
    size_t start = pos_ + 1;
    std::vector<char> closers;
    size_t p = pos_;
    std::string_view text = source_->text();
    while (p < end_) {
        char c = text[p];
        if (c == '"') {
            ++p;
            while (p < end_ && text[p] != '"') {
                if (text[p] == '\\') ++p;
                ++p;
            }
        } else if (c == '(') {
            closers.push_back(')');
        } else if (c == '{') {
            closers.push_back('}');
        } else if (c == '[') {
            closers.push_back(']');
        } else if (c == ')' || c == '}' || c == ']') {
            if (closers.empty() || closers.back() != c) return std::nullopt;
            closers.pop_back();
            if (closers.empty()) {
                pos_ = p + 1;
                return text.substr(start, p - start);
            }
        }
        ++p;
    }
    return std::nullopt;
}

}  // namespace provix::hlo::detail
