// The lexer of the map syntax (see lexer.h).

#include "lexer.h"

#include <cstdio>

namespace provix::text {

namespace {

bool is_ident_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

// True if the line starting at `pos` holds only `// -----` (spaces aside).
bool is_separator_line(std::string_view text, size_t line_start) {
    size_t end = text.find_first_of("\r\n", line_start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(line_start, end - line_start);
    size_t a = 0;
    size_t b = line.size();
    while (a < b && is_space(line[a]))
        ++a;
    while (b > a && is_space(line[b - 1]))
        --b;
    return line.substr(a, b - a) == "// -----";
}

class Lexer {
public:
    Lexer(std::string_view text, LexMode mode) : text_(text), mode_(mode) {}

    Lexed run() {
        Lexed out;
        out.tokens.reserve(text_.size() / 4 + 1);
        while (true) {
            skip_space();
            if (pos_ >= text_.size()) break;
            const size_t start = pos_;
            const SourceLocation loc = here();
            const char c = text_[pos_];
            if (c == '/' && peek(1) == '/') {
                if (!comment(out, start, loc)) return out;
                continue;
            }
            if (is_digit(c)) {
                while (pos_ < text_.size() && is_digit(text_[pos_]))
                    advance();
                out.tokens.push_back(token(TokenKind::Integer, start, loc));
                continue;
            }
            if (is_ident_start(c)) {
                while (pos_ < text_.size() &&
                       (is_ident_start(text_[pos_]) || is_digit(text_[pos_]))) {
                    advance();
                }
                out.tokens.push_back(token(TokenKind::Identifier, start, loc));
                continue;
            }
            if (mode_ == LexMode::Mlir && c == '#') {
                advance();
                while (pos_ < text_.size() && is_alias_char(text_[pos_]))
                    advance();
                if (pos_ == start + 1) {
                    out.ok = false;
                    out.error_location = loc;
                    out.error_message = "expected a name after '#'";
                    return out;
                }
                out.tokens.push_back(token(TokenKind::Alias, start, loc));
                continue;
            }
            TokenKind kind;
            size_t len = 1;
            if (mode_ == LexMode::Mlir && mlir_operator(c, &kind, &len)) {
                for (size_t i = 0; i < len; ++i)
                    advance();
                out.tokens.push_back(token(kind, start, loc));
                continue;
            }
            switch (c) {
                case '(':
                    kind = TokenKind::LParen;
                    break;
                case ')':
                    kind = TokenKind::RParen;
                    break;
                case '[':
                    kind = TokenKind::LBracket;
                    break;
                case ']':
                    kind = TokenKind::RBracket;
                    break;
                case '{':
                    kind = TokenKind::LBrace;
                    break;
                case '}':
                    kind = TokenKind::RBrace;
                    break;
                case ',':
                    kind = TokenKind::Comma;
                    break;
                case ':':
                    kind = TokenKind::Colon;
                    break;
                case '+':
                    kind = TokenKind::Plus;
                    break;
                case '*':
                    kind = TokenKind::Star;
                    break;
                case '/':
                    kind = TokenKind::Slash;
                    break;
                case '%':
                    kind = TokenKind::Percent;
                    break;
                case '-':
                    if (peek(1) == '>') {
                        kind = TokenKind::Arrow;
                        len = 2;
                    } else {
                        kind = TokenKind::Minus;
                    }
                    break;
                default: {
                    out.ok = false;
                    out.error_location = loc;
                    out.error_message = "unexpected character " + describe_char(c);
                    return out;
                }
            }
            for (size_t i = 0; i < len; ++i)
                advance();
            out.tokens.push_back(token(kind, start, loc));
        }
        Token end;
        end.kind = TokenKind::End;
        end.text = text_.substr(text_.size());
        // Diagnostics at the end of input point just after the last token.
        end.location = out.tokens.empty() ? SourceLocation{} : out.tokens.back().end;
        end.end = end.location;
        out.tokens.push_back(end);
        return out;
    }

private:
    static std::string describe_char(char c) {
        const unsigned char u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7f) return std::string("'") + c + "'";
        char buf[16];
        std::snprintf(buf, sizeof buf, "0x%02x", u);
        return std::string("byte ") + buf;
    }

    static bool is_alias_char(char c) {
        return is_ident_start(c) || is_digit(c) || c == '$' || c == '.';
    }

    /// MLIR's comparison and definition operators at the current position.
    bool mlir_operator(char c, TokenKind* kind, size_t* len) const {
        const bool eq = peek(1) == '=';
        *len = eq ? 2 : 1;
        switch (c) {
            case '=':
                *kind = eq ? TokenKind::EqualEqual : TokenKind::Equal;
                return true;
            case '<':
                *kind = eq ? TokenKind::LessEqual : TokenKind::Less;
                return true;
            case '>':
                *kind = eq ? TokenKind::GreaterEqual : TokenKind::Greater;
                return true;
            default:
                return false;
        }
    }

    char peek(size_t k) const { return pos_ + k < text_.size() ? text_[pos_ + k] : '\0'; }
    SourceLocation here() const { return {line_, column_}; }

    /// Skips the comment at `start` (its `//` at the cursor), adding a
    /// Separator token for a `// -----` line. In the map syntax a comment is
    /// a line of its own: after a token, `d0 // 4` would silently drop the
    /// rest of the line (Python's floor division reads the same), so it is
    /// an error (false, with `out`'s error set). MLIR's syntax ends lines
    /// with comments.
    bool comment(Lexed& out, size_t start, SourceLocation loc) {
        if (mode_ == LexMode::Provix && !at_line_start(start)) {
            out.ok = false;
            out.error_location = loc;
            out.error_message =
                "'//' after a token: a comment is a line that starts with '//'; floor "
                "division is 'floordiv' (or '/')";
            return false;
        }
        const bool sep = at_line_start(start) && is_separator_line(text_, line_start_);
        // A comment ends at a line feed or a carriage return (files with
        // carriage returns alone end their lines so).
        while (pos_ < text_.size() && text_[pos_] != '\n' && text_[pos_] != '\r')
            advance();
        if (sep) out.tokens.push_back(token(TokenKind::Separator, start, loc));
        return true;
    }

    bool at_line_start(size_t start) const {
        for (size_t i = line_start_; i < start; ++i) {
            if (!is_space(text_[i])) return false;
        }
        return true;
    }

    void advance() {
        if (ends_line(text_, pos_)) {
            ++line_;
            column_ = 1;
            line_start_ = pos_ + 1;
        } else {
            ++column_;
        }
        ++pos_;
    }

    void skip_space() {
        while (pos_ < text_.size() && is_space(text_[pos_]))
            advance();
    }

    Token token(TokenKind kind, size_t start, SourceLocation loc) const {
        Token t;
        t.kind = kind;
        t.text = text_.substr(start, pos_ - start);
        t.location = loc;
        t.end = here();
        return t;
    }

    std::string_view text_;
    LexMode mode_;
    size_t pos_ = 0;
    size_t line_start_ = 0;
    int line_ = 1;
    int column_ = 1;
};

}  // namespace

Lexed lex(std::string_view text, LexMode mode) { return Lexer(text, mode).run(); }

std::string describe(const Token& t) {
    switch (t.kind) {
        case TokenKind::End:
            return "end of input";
        case TokenKind::Separator:
            return "'// -----' separator";
        default:
            return "'" + std::string(t.text) + "'";
    }
}

}  // namespace provix::text
