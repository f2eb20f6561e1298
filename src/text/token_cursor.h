#pragma once
/// \file
/// What the two text parsers (the map syntax and MLIR's affine syntax) share:
/// the token stream, the first error as a diagnostic, the nesting limits,
/// integer literals and lists of variable names. Private to src/text.
///
///     TokenCursor c(text, "<input>", 256, lex(text).tokens);
///     c.expect(TokenKind::LParen, "'('")   // false, error set, if not '('

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "expr_height.h"
#include "lexer.h"
#include "provix/result.h"

namespace provix::text {

/// A parsed expression and where it starts.
struct Operand {
    Expr expr;
    SourceLocation location;
};

/// A declared variable name and where it stands.
struct Name {
    std::string text;
    SourceLocation location;
};

/// A position in a token stream that records the first error.
class TokenCursor {
public:
    /// `max_depth` is capped at 2000 whatever the caller asks.
    TokenCursor(std::string_view text, std::string_view filename, int max_depth,
                std::vector<Token> tokens);

    /// The token `k` places ahead (the End token past the end).
    const Token& peek(size_t k = 0) const {
        size_t i = pos_ + k;
        return i < tokens_.size() ? tokens_[i] : tokens_.back();
    }
    /// Consumes the current token and returns it.
    const Token& next() {
        const Token& t = peek();
        if (pos_ + 1 < tokens_.size()) ++pos_;
        return t;
    }
    bool at(TokenKind k) const { return peek().kind == k; }
    /// True if the token `k` places ahead is the identifier `w`.
    bool at_word(std::string_view w, size_t k = 0) const {
        return peek(k).kind == TokenKind::Identifier && peek(k).text == w;
    }

    /// Records the first error (`file:line:col: error: message`, the line
    /// and a caret); always returns false.
    bool fail(SourceLocation loc, const std::string& message);
    /// `expected <expected>, found <the current token>`.
    bool fail_here(const std::string& expected);
    const Error& error() const { return *error_; }
    bool has_error() const { return error_.has_value(); }

    /// Consumes a token of kind `k`, or fails with "expected <what>".
    bool expect(TokenKind k, const char* what);
    /// Consumes the identifier `w`, or fails.
    bool expect_word(std::string_view w);

protected:
    /// One more level of nesting (parentheses, unary minus, min/max) at
    /// `loc`; fails beyond the limit. `leave` undoes it.
    bool enter(SourceLocation loc);
    void leave() { --depth_; }
    /// Fails at `loc` if `e`'s tree is taller than the nesting limit.
    bool check_height(Expr e, SourceLocation loc);

    /// The value of the integer token `t` (negated if `negative`), or an
    /// error if it leaves int64.
    std::optional<int64_t> parse_integer(const Token& t, bool negative);
    /// The integer token `t` (negated if `negative`) as a constant of `ctx`
    /// located at `loc`.
    std::optional<Operand> integer_operand(Context& ctx, const Token& t, bool negative,
                                           SourceLocation loc);
    /// `'(' inner ')'` at the current '(': one level of nesting; the operand
    /// is located at the parenthesis.
    template <class F>
    std::optional<Operand> parenthesized(F inner) {
        const Token& open = next();
        if (!enter(open.location)) return std::nullopt;
        std::optional<Operand> e = inner();
        leave();
        if (!e || !expect(TokenKind::RParen, "')'")) return std::nullopt;
        return Operand{e->expr, open.location};
    }

    /// `open name (',' name)* close`, or `open close`, at the opening token;
    /// with `reject_keywords`, a keyword of the map syntax cannot be a name.
    bool parse_names(TokenKind close, const char* close_text, bool reject_keywords,
                     std::vector<Name>& out);

    int max_depth_;

private:
    std::string_view text_;
    std::string_view filename_;
    std::vector<Token> tokens_;
    size_t pos_ = 0;
    int depth_ = 0;
    HeightMemo heights_;
    std::optional<Error> error_;
};

}  // namespace provix::text
