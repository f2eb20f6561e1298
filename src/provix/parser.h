#pragma once
/// \file
/// The text syntax (docs/syntax.md): XLA's printed indexing maps, several per file
/// separated by a line `// -----`, other `//` lines being comments.
///
///     Context ctx;
///     auto m = parse_indexing_map(ctx, "(d0) -> (d0 floordiv 4), domain: d0 in [0, 15]");
///     auto e = parse_expr(ctx, "d0 * 4 + d1 mod 3", {"d0", "d1"});
///
/// Errors are values whose message is a full diagnostic:
///
///     input.map:3:12: error: division by zero
///     (d0) -> (d0 floordiv 0),
///                          ^

#include <string>
#include <string_view>
#include <vector>

#include "provix/expr.h"
#include "provix/indexing_map.h"
#include "provix/result.h"

namespace provix {

/// Parser settings.
struct ParseOptions {
    /// Build expressions canonically (the default). With false, the
    /// expression tree is kept as written (`Context::make`), for tests of
    /// canonicalization and for the fuzzer.
    bool canonicalize = true;
    /// Maximum nesting depth of parentheses / operators before a diagnostic.
    int max_depth = 256;
};

/// A position in the source (1-based line and column).
struct SourceLocation {
    int line = 1;
    int column = 1;
};

/// One map of a file and where it started.
struct ParsedMap {
    IndexingMap map;
    SourceLocation location;
};

/// Parses every map of `text` (separated by `// -----` lines). `filename`
/// is used in diagnostics. An empty file (only comments) yields no maps.
Result<std::vector<ParsedMap>> parse_indexing_maps(Context& ctx, std::string_view text,
                                                   std::string_view filename = "<input>",
                                                   const ParseOptions& options = {});

/// The text of each map of `text`, separated as parse_indexing_maps
/// separates them (lines `// -----`, found by the same lexer: any line
/// ending, any spaces); the text between two separators that holds only
/// comments and spaces is no map. Each view keeps the map's comments; lex
/// errors are diagnostics naming `filename`.
/// `split_map_texts("(d0) -> (d0), domain: d0 in [0, 1]\n// -----\n() -> ()")`
/// gives the two maps' texts.
Result<std::vector<std::string_view>> split_map_texts(std::string_view text,
                                                      std::string_view filename = "<input>");

/// Parses exactly one map (no separators).
Result<IndexingMap> parse_indexing_map(Context& ctx, std::string_view text,
                                       const ParseOptions& options = {});

/// Parses an expression whose variables are `names[i]` for id i. The names
/// must be valid (is_valid_variable_name) and distinct, as a map's are: an
/// `Invalid` error otherwise (`parse_expr(ctx, "x + x", {"x", "x"})`).
Result<Expr> parse_expr(Context& ctx, std::string_view text, const std::vector<std::string>& names,
                        const ParseOptions& options = {});

/// True if `name` can name a variable in the text syntax: a letter or `_`,
/// then letters, digits and `_`, and not a keyword (`floordiv`, `mod`, `in`,
/// `domain`, ...). Text printed with such names parses back.
/// `is_valid_variable_name("th_x")`, `!is_valid_variable_name("2x")`,
/// `!is_valid_variable_name("mod")`.
bool is_valid_variable_name(std::string_view name);

/// True if the character at `i` ends a line: a line feed, or a carriage
/// return not followed by one (files with carriage returns alone end their
/// lines so; in `\r\n` the line feed does). Every reader of provix (maps,
/// rules, HLO) and the diagnostics count lines so.
/// `ends_line("a\rb", 1) == true`, `ends_line("a\r\nb", 1) == false`.
inline bool ends_line(std::string_view text, size_t i) {
    return text[i] == '\n' || (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'));
}

/// Where the line from `from` ends: the index of the character that ends it
/// (ends_line); npos on the last line.
/// `line_end("a\rb\r\nc", 0) == 1`, `line_end("a\rb\r\nc", 2) == 4`.
inline size_t line_end(std::string_view text, size_t from) {
    for (size_t i = from; i < text.size(); ++i) {
        if (ends_line(text, i)) return i;
    }
    return std::string_view::npos;
}

/// `text` with every byte that does not print written `\xNN`, as the
/// diagnostics show them: control bytes other than tab and line feed, and
/// bytes that are not valid UTF-8. For texts read from input and echoed to
/// a terminal: `printable_text("a\x1b[31m") == "a\\x1b[31m"`.
std::string printable_text(std::string_view text);

/// Formats a diagnostic: `file:line:col: error: message`, the source line,
/// and a caret under the column. `severity` replaces `error` (`warning`,
/// `note`). Lines of `text` are 1-based; columns count bytes. A line wider
/// than 120 columns is shown as a window around the column (`...` marks a
/// cut); bytes that do not print (control bytes, invalid UTF-8) are shown as
/// `\xNN` in the line and in the message; a message longer than 200 bytes is
/// cut in the middle.
///
///     format_diagnostic("in.map", "(d0) -> (d0 @ 1)", {1, 13}, "unexpected character '@'")
///     // in.map:1:13: error: unexpected character '@'
///     // (d0) -> (d0 @ 1)
///     //             ^
std::string format_diagnostic(std::string_view filename, std::string_view text,
                              SourceLocation location, std::string_view message,
                              std::string_view severity = "error");

}  // namespace provix
