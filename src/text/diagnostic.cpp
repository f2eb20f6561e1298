// Diagnostics in the `file:line:col: error: message` form, with the source
// line (a window of it around the column when the line is long, bytes that do
// not print escaped) and a caret under the column.

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "lexer.h"
#include "provix/parser.h"

namespace provix {

namespace {

/// Lines wider than this (in output columns) are shown as a window.
constexpr size_t kMaxShownWidth = 120;
/// Columns of the window before the caret (the rest goes after it).
constexpr size_t kWidthBeforeCaret = 50;

/// One piece of the shown line: the source bytes from `start`, as printed.
struct Cell {
    size_t start;      ///< byte offset in the line
    size_t bytes;      ///< source bytes it stands for
    std::string text;  ///< what is printed
    size_t width;      ///< output columns it takes (a tab counts as 1)
    bool tab;
};

/// The length of the valid UTF-8 sequence of two or more bytes starting at
/// `s[i]`, or 0.
size_t utf8_length(std::string_view s, size_t i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    size_t n = c >= 0xC2 && c <= 0xDF   ? 2
               : c >= 0xE0 && c <= 0xEF ? 3
               : c >= 0xF0 && c <= 0xF4 ? 4
                                        : 0;
    if (n == 0 || i + n > s.size()) return 0;
    for (size_t k = 1; k < n; ++k)
        if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 0;
    return n;
}

/// Splits `line` into cells: printable ASCII and tabs as they are, a valid
/// UTF-8 sequence as one column, every other byte as `\xNN`.
std::vector<Cell> cells_of(std::string_view line) {
    std::vector<Cell> cells;
    for (size_t i = 0; i < line.size();) {
        const unsigned char c = static_cast<unsigned char>(line[i]);
        if (c == '\t') {
            cells.push_back({i, 1, "\t", 1, true});
            ++i;
        } else if (c >= 0x20 && c < 0x7F) {
            cells.push_back({i, 1, std::string(1, line[i]), 1, false});
            ++i;
        } else if (size_t n = c >= 0x80 ? utf8_length(line, i) : 0) {
            cells.push_back({i, n, std::string(line.substr(i, n)), 1, false});
            i += n;
        } else {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            cells.push_back({i, 1, buf, 4, false});
            ++i;
        }
    }
    return cells;
}

/// The message with bytes that do not print escaped, and its middle cut
/// when it is long (a message quoting an 80 KB token stays one line).
std::string shown_message(std::string_view message) {
    std::string out;
    for (const Cell& c : cells_of(message))
        out += c.tab ? std::string(" ") : c.text;
    constexpr size_t kMaxMessage = 200, kHead = 120, kTail = 60;
    if (out.size() > kMaxMessage) {
        // Cut at UTF-8 boundaries (never inside a sequence).
        size_t head = kHead, tail = out.size() - kTail;
        while (head > 0 && (static_cast<unsigned char>(out[head]) & 0xC0) == 0x80)
            --head;
        while (tail < out.size() && (static_cast<unsigned char>(out[tail]) & 0xC0) == 0x80)
            ++tail;
        out = out.substr(0, head) + " ... " + out.substr(tail);
    }
    return out;
}

}  // namespace

std::string printable_text(std::string_view text) {
    std::string out;
    for (size_t start = 0; start <= text.size();) {
        size_t nl = text.find('\n', start);
        if (nl == std::string_view::npos) nl = text.size();
        for (const Cell& c : cells_of(text.substr(start, nl - start)))
            out += c.text;
        if (nl < text.size()) out += '\n';
        start = nl + 1;
    }
    return out;
}

std::string format_diagnostic(std::string_view filename, std::string_view text,
                              SourceLocation location, std::string_view message,
                              std::string_view severity) {
    std::string out;
    out += filename;
    out += ':' + std::to_string(location.line) + ':' + std::to_string(location.column);
    out += ": ";
    out += severity;
    out += ": ";
    out += shown_message(message);
    // Find the line (1-based); a line past the end shows as empty.
    size_t start = 0;
    for (int line = 1; line < location.line && start != std::string_view::npos; ++line) {
        size_t nl = text::line_end(text, start);
        start = nl == std::string_view::npos ? std::string_view::npos : nl + 1;
    }
    std::string_view source;
    if (start != std::string_view::npos && start <= text.size()) {
        size_t end = text::line_end(text, start);
        if (end == std::string_view::npos) end = text.size();
        source = text.substr(start, end - start);
        if (!source.empty() && source.back() == '\r') source.remove_suffix(1);
    }
    const std::vector<Cell> cells = cells_of(source);
    // The caret goes under the cell holding byte `column - 1`; a column past
    // the end of the line goes that many columns past its last cell.
    const size_t column = location.column > 1 ? static_cast<size_t>(location.column - 1) : 0;
    size_t caret = 0;
    while (caret < cells.size() && cells[caret].start + cells[caret].bytes <= column)
        ++caret;
    const size_t beyond =
        column > source.size() ? std::min(column - source.size(), kMaxShownWidth) : 0;

    // The window [first, last) of cells shown.
    size_t total = 0;
    for (const Cell& c : cells)
        total += c.width;
    size_t first = 0, last = cells.size();
    if (total + beyond > kMaxShownWidth) {
        size_t width = 0;
        first = caret;
        while (first > 0 && width + cells[first - 1].width <= kWidthBeforeCaret)
            width += cells[--first].width;
        last = caret;
        while (last < cells.size() && width + cells[last].width <= kMaxShownWidth - 6)
            width += cells[last++].width;
    }
    const bool cut_left = first > 0;
    const bool cut_right = last < cells.size();

    out += '\n';
    if (cut_left) out += "...";
    for (size_t i = first; i < last; ++i)
        out += cells[i].text;
    if (cut_right) out += "...";
    out += '\n';
    if (cut_left) out += "   ";
    for (size_t i = first; i < caret && i < last; ++i)
        out += cells[i].tab ? std::string("\t") : std::string(cells[i].width, ' ');
    out += std::string(beyond, ' ');
    out += '^';
    return out;
}

}  // namespace provix
