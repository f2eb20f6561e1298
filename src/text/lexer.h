#pragma once
/// \file
/// Tokens of the map syntax (docs/syntax.md). Private to src/text.
///
///     Lexed lx = lex("(d0) -> (d0 floordiv 4)");
///     lx.tokens[0].kind == TokenKind::LParen

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "provix/parser.h"

namespace provix::text {

enum class TokenKind : uint8_t {
    Integer,     ///< decimal digits (the sign is a separate token)
    Identifier,  ///< names and keywords
    LParen,
    RParen,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    Comma,
    Colon,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Arrow,      ///< `->`
    Separator,  ///< a line `// -----`
    End,        ///< end of input
    // MLIR's affine syntax only (`lex(text, LexMode::Mlir)`):
    Alias,         ///< `#map0`: '#' and a name of letters, digits, '_', '$', '.'
    Equal,         ///< `=`
    EqualEqual,    ///< `==`
    Less,          ///< `<`
    LessEqual,     ///< `<=`
    Greater,       ///< `>`
    GreaterEqual,  ///< `>=`
};

/// Which syntax is lexed: provix's map syntax, or MLIR's affine syntax (which
/// adds `#alias`, `=`, `==`, `<`, `<=`, `>`, `>=`).
enum class LexMode : uint8_t { Provix, Mlir };

/// One token: its kind, its text (a view into the source) and where it is.
struct Token {
    TokenKind kind = TokenKind::End;
    std::string_view text;
    SourceLocation location;
    /// Location just after the token's last character.
    SourceLocation end;
};

/// The tokens of a text, or where lexing failed.
struct Lexed {
    std::vector<Token> tokens;  ///< always ends with an End token on success
    bool ok = true;
    SourceLocation error_location;
    std::string error_message;
};

// The line-end rule (provix/parser.h): a line feed, or a lone carriage return.
using provix::ends_line;
using provix::line_end;

/// Splits `text` into tokens. `//` starts a comment to the end of the line;
/// a line holding only `// -----` (spaces aside) is a Separator token.
Lexed lex(std::string_view text, LexMode mode = LexMode::Provix);

/// A printable description of a token for diagnostics: `'floordiv'`,
/// `end of input`, `'// -----' separator`.
std::string describe(const Token& t);

}  // namespace provix::text
