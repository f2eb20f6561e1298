#pragma once
/// \file
/// The command-line options of the subcommands: one table per command
/// (`OptionSpec`s) drives both the parser and the options list of `--help`,
/// so every option is listed with its default.
///
///     ArgSpec spec;
///     spec.options = {output_option(), {"--trace", "", "print the rules that fired", ""}};
///     spec.max_positional = 1;
///     auto a = parse_args({"in.map", "--output=out.map"}, spec);   // error: unknown option
///     auto b = parse_args({"in.map", "-o", "out.map", "--trace"}, spec);
///     // b->positional == {"in.map"}, b->value("-o") == "out.map", b->has("--trace")

#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "provix/result.h"

namespace provix::cli {

/// One option as the parser accepts it and `--help` lists it.
struct OptionSpec {
    /// `--cases`, `-o`.
    std::string name;
    /// The value's placeholder (`N`, `FILE`); empty for a flag (no value).
    std::string metavar;
    /// What it does; may hold several lines.
    std::string help;
    /// The value used when the option is absent, shown as `(default: ...)`;
    /// every option with a value has one (flags are off by default).
    std::string default_value;
};

/// What a subcommand accepts. `--help` / `-h` is always accepted.
struct ArgSpec {
    std::vector<OptionSpec> options;
    /// Maximum number of positional arguments (`-` counts as one).
    size_t max_positional = 0;

    /// The option named `name`, or null.
    const OptionSpec* find(const std::string& name) const;
};

/// The parsed arguments.
struct Args {
    std::vector<std::string> positional;
    std::set<std::string> flags;
    std::map<std::string, std::string> values;
    /// True if `--help` or `-h` was given.
    bool help = false;

    /// True if flag `name` was given: `has("--trace")`.
    bool has(const std::string& name) const { return flags.count(name) != 0; }
    /// The value of option `name`, or `fallback`: `value("-o", "")`.
    std::string value(const std::string& name, const std::string& fallback = "") const;
    /// True if option `name` was given a value.
    bool has_value(const std::string& name) const { return values.count(name) != 0; }
};

/// Parses `args` against `spec`. Options with a value are written `--opt
/// VALUE` or `--opt=VALUE` (`-o FILE`, `-o=FILE`); a flag given a value
/// (`--trace=1`) is an error. Errors (message without program name) on an
/// unknown option, a missing value or too many positional arguments.
/// Everything after `--` is positional. A repeated option keeps its last
/// value.
Result<Args> parse_args(const std::vector<std::string>& args, const ArgSpec& spec);

/// The `options:` section of `--help`: one entry per option, aligned, each
/// option with a value followed by its default, then `-h, --help`.
std::string format_options(const ArgSpec& spec);

/// Parses a non-negative decimal integer option value: `parse_count("100")`.
Result<long long> parse_count(const std::string& text, const std::string& option);

/// The longest time in seconds a `--timeout` accepts (a later deadline
/// would pass the range of the clock's int64 nanoseconds).
inline constexpr double kMaxOptionSeconds = 1e9;

/// Parses a time in seconds, a decimal number in (0, kMaxOptionSeconds]
/// (`30`, `0.5`, `2e3`; no blanks, hexadecimal or words):
/// `parse_seconds("0.5", "--timeout")` is 0.5, `parse_seconds("0", ...)` an
/// error "--timeout expects a number of seconds in (0, 1e9], got '0'".
Result<double> parse_seconds(const std::string& text, const std::string& option);

// ---- Options several commands share -----------------------------------------

/// `-o FILE`: the output goes to FILE, replaced in one step.
OptionSpec output_option();
/// `--format FORMAT`: `text` or `json` (one JSON object per line).
OptionSpec format_option();
/// `--max-depth N`: the nesting limit of the input's expressions.
OptionSpec max_depth_option();

/// The output format chosen by `--format`.
enum class OutputFormat { Text, Json };

/// The value of `--format` (`text` by default); an error names the bad value.
Result<OutputFormat> output_format(const Args& args);

/// The value of `--max-depth` (256 by default); errors outside [1, 2000].
Result<int> max_depth(const Args& args);

/// The `--format` and `--max-depth` of a command that reads maps.
struct FormatAndDepth {
    OutputFormat format = OutputFormat::Text;
    int max_depth = 256;
    /// True for `--format json`.
    bool json() const { return format == OutputFormat::Json; }
};

/// The text of a command's `--help` around its options.
struct CommandHelp {
    /// `provix simplify [FILE|-] [options]` (without `usage: `).
    std::string usage;
    /// What the command does: paragraphs, each line under 80 columns.
    std::string description;
    /// What exit status 0 means for this command (`every map decided`).
    std::string exit_success;
    /// What exit status 1 means (`some map unknown`); empty if never used.
    std::string exit_failed;
};

/// The whole `--help`: usage, description, `options:` (`format_options`),
/// and the exit statuses 0, 1 (if used), 2 (usage or input error) and 3
/// (internal error).
std::string format_help(const CommandHelp& help, const ArgSpec& spec);

/// The shared start of a command: parses `argv` against `spec`; prints the
/// help for `--help`, or the error and a pointer to `--help`. Returns the
/// arguments, or nullopt with `*exit` set to the status to return.
std::optional<Args> start_command(const std::vector<std::string>& argv, const std::string& command,
                                  const ArgSpec& spec, const CommandHelp& help, int* exit);

/// The arguments of a command that reads maps, with their `--format` and
/// `--max-depth`.
struct MapCommandStart {
    Args args;
    FormatAndDepth io;
};

/// `start_command`, then `--format` and `--max-depth`: an error in either
/// (the first of the two) is reported under `command` and gives nullopt with
/// `*exit` = 2: `provix simplify --max-depth 0` prints
/// `provix simplify: error: option '--max-depth' takes a value in ...`.
std::optional<MapCommandStart> start_map_command(const std::vector<std::string>& argv,
                                                 const std::string& command, const ArgSpec& spec,
                                                 const CommandHelp& help, int* exit);

}  // namespace provix::cli
