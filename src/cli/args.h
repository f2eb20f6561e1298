#pragma once
/// \file
/// A small command-line argument parser shared by the subcommands.
///
///     ArgSpec spec{{"--trace"}, {"-o"}, 1};
///     auto a = parse_args({"in.map", "-o", "out.map", "--trace"}, spec);
///     // a->positional == {"in.map"}, a->value("-o") == "out.map", a->has("--trace")

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "provix/result.h"

namespace provix::cli {

/// What a subcommand accepts. `--help` / `-h` is always accepted.
struct ArgSpec {
    /// Options without a value: `--trace`.
    std::vector<std::string> flags;
    /// Options with a value, given as `-o FILE`, `--junit FILE` or `--junit=FILE`.
    std::vector<std::string> valued;
    /// Maximum number of positional arguments (`-` counts as one).
    size_t max_positional = 0;
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

/// Parses `args` against `spec`. Errors (message without program name) on an
/// unknown option, a missing value or too many positional arguments.
/// Everything after `--` is positional.
Result<Args> parse_args(const std::vector<std::string>& args, const ArgSpec& spec);

/// Parses a non-negative decimal integer option value: `parse_count("100")`.
Result<long long> parse_count(const std::string& text, const std::string& option);

}  // namespace provix::cli
