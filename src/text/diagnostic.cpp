// Diagnostics in the `file:line:col: error: message` form, with the source
// line and a caret under the column.

#include <string>

#include "provix/parser.h"

namespace provix {

std::string format_diagnostic(std::string_view filename, std::string_view text,
                              SourceLocation location, std::string_view message,
                              std::string_view severity) {
    std::string out;
    out += filename;
    out += ':' + std::to_string(location.line) + ':' + std::to_string(location.column);
    out += ": ";
    out += severity;
    out += ": ";
    out += message;
    // Find the line (1-based); a line past the end shows as empty.
    size_t start = 0;
    for (int line = 1; line < location.line && start != std::string_view::npos; ++line) {
        size_t nl = text.find('\n', start);
        start = nl == std::string_view::npos ? std::string_view::npos : nl + 1;
    }
    std::string_view source;
    if (start != std::string_view::npos && start <= text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        source = text.substr(start, end - start);
        if (!source.empty() && source.back() == '\r') source.remove_suffix(1);
    }
    out += '\n';
    out += source;
    out += '\n';
    // The caret line mirrors tabs so the caret lines up, and counts a UTF-8
    // sequence as one column of output.
    const size_t column = location.column > 1 ? static_cast<size_t>(location.column - 1) : 0;
    for (size_t i = 0; i < column; ++i) {
        if (i < source.size()) {
            const unsigned char c = static_cast<unsigned char>(source[i]);
            if (c == '\t') {
                out += '\t';
            } else if ((c & 0xC0) != 0x80) {
                out += ' ';
            }
        } else {
            out += ' ';
        }
    }
    out += '^';
    return out;
}

}  // namespace provix
