#pragma once
/// \file
/// Input and output for the subcommands: read a file or standard input,
/// write to a file (`-o FILE`) or standard output, report errors.
///
///     auto in = read_input("maps.map");     // in->name == "maps.map"
///     auto in = read_input("-");            // standard input, name "<stdin>"
///     write_output("", text);               // standard output

#include <string>

#include "provix/result.h"

namespace provix::cli {

/// A whole input text and the name used for it in diagnostics.
struct InputText {
    std::string name;
    std::string text;
};

/// Reads `path`, or standard input when `path` is empty or `-` (named
/// `<stdin>`). Errors if the file cannot be opened or read.
Result<InputText> read_input(const std::string& path);

/// Writes `text` to `path` (created or truncated), or to standard output when
/// `path` is empty or `-`. Returns the number of bytes written, or an error.
Result<size_t> write_output(const std::string& path, const std::string& text);

/// Prints `provix <command>: error: <message>` to standard error:
/// `report_error("simplify", "cannot open 'x.map'")`.
void report_error(const std::string& command, const std::string& message);

/// Prints a diagnostic that is already formatted (`file:line:col: error: ...`,
/// source line, caret) to standard error, adding a final newline if missing.
void report_diagnostic(const std::string& diagnostic);

}  // namespace provix::cli
