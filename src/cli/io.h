#pragma once
/// \file
/// Input and output for the subcommands: read a file or standard input,
/// write to a file (`-o FILE`, atomically) or standard output, report errors.
///
///     auto in = read_input("maps.map");     // in->name == "maps.map"
///     auto in = read_input("-");            // standard input, name "<stdin>"
///     write_output("", text);               // standard output
///     write_output("out.map", text);        // out.map replaced in one step

#include <string>

#include "provix/result.h"

namespace provix::cli {

/// A whole input text and the name used for it in diagnostics.
struct InputText {
    std::string name;
    std::string text;
};

/// True for the names of the standard streams: empty or `-`.
bool is_standard_stream(const std::string& path);

/// Reads `path`, or standard input when `path` is empty or `-` (named
/// `<stdin>`). Errors, with the system's reason, if the file cannot be
/// opened or read, and if it (or standard input) is a directory:
/// `read_input("/tmp")` gives "cannot read '/tmp': it is a directory".
Result<InputText> read_input(const std::string& path);

/// Writes `text` to standard output when `path` is empty or `-`. Otherwise
/// replaces the regular file `path` atomically: the text goes to a temporary
/// file in the same folder, which is then renamed over `path`, so a failed
/// write (full disk, file size limit, ...) leaves the old file as it was and
/// never a half-written one. An existing file keeps its permissions; a new
/// one gets 0666 less the umask. A path naming something else than a regular
/// file (`/dev/null`, a pipe) is written in place. Errors name the file and
/// the system's reason: "cannot write 'out.map': No space left on device".
/// Returns the number of bytes written.
Result<size_t> write_output(const std::string& path, const std::string& text);

/// Whether write_output(path, ...) can succeed later, checked before long
/// work (a campaign's JUnit file), reporting a failure under `command`:
/// standard output can; a path must not be a directory, and it or (when
/// new) its directory must be writable.
///     if (!writable_or_report("fuzz", args.value("--junit"))) return kExitUsage;
bool writable_or_report(const std::string& command, const std::string& path);

/// `write_output(path, text)`, reporting a failure under `command`: false
/// after `provix simplify: error: cannot write 'out.map': ...`.
///
///     if (!write_or_report("simplify", args.value("-o"), out)) return kExitUsage;
bool write_or_report(const std::string& command, const std::string& path, const std::string& text);

/// False, after reporting `provix <command>: error: cannot write standard
/// output`, when standard output has failed (a full disk, a closed pipe).
bool standard_output_ok(const std::string& command);

/// Prints `provix <command>: error: <message>` to standard error:
/// `report_error("simplify", "cannot open 'x.map'")`.
void report_error(const std::string& command, const std::string& message);

/// Prints a diagnostic that is already formatted (`file:line:col: error: ...`,
/// source line, caret) to standard error, adding a final newline if missing.
void report_diagnostic(const std::string& diagnostic);

}  // namespace provix::cli
