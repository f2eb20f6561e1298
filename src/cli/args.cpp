#include "args.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <iostream>
#include <vector>

#include "commands.h"
#include "io.h"

namespace provix::cli {

namespace {

/// Help lines are indented to this column.
constexpr size_t kHelpColumn = 26;
constexpr size_t kLineWidth = 80;

/// Appends `text` word-wrapped at the help column, the first line after
/// `lead` (on a line of its own when `lead` reaches the column).
void append_help_lines(std::string& out, const std::string& lead, const std::string& text) {
    std::vector<std::string> words;
    std::string word;
    for (char c : text + " ") {
        if (c == ' ' || c == '\n') {
            if (!word.empty()) words.push_back(word);
            word.clear();
        } else {
            word += c;
        }
    }
    std::string line = lead;
    if (line.size() + 1 >= kHelpColumn) {
        out += line + "\n";
        line.clear();
    }
    line.resize(kHelpColumn, ' ');
    size_t width = kHelpColumn;
    bool empty = true;
    for (const std::string& w : words) {
        if (!empty && width + 1 + w.size() > kLineWidth) {
            out += line + "\n";
            line = std::string(kHelpColumn, ' ');
            width = kHelpColumn;
            empty = true;
        }
        if (!empty) {
            line += ' ';
            ++width;
        }
        line += w;
        width += w.size();
        empty = false;
    }
    out += line + "\n";
}

}  // namespace

const OptionSpec* ArgSpec::find(const std::string& name) const {
    for (const OptionSpec& o : options)
        if (o.name == name) return &o;
    return nullptr;
}

std::string Args::value(const std::string& name, const std::string& fallback) const {
    auto it = values.find(name);
    return it == values.end() ? fallback : it->second;
}

Result<Args> parse_args(const std::vector<std::string>& args, const ArgSpec& spec) {
    Args out;
    bool only_positional = false;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        bool is_option = !only_positional && arg.size() > 1 && arg[0] == '-';
        if (!is_option) {
            if (out.positional.size() >= spec.max_positional) {
                return Error::invalid("unexpected argument '" + arg + "'");
            }
            out.positional.push_back(arg);
            continue;
        }
        if (arg == "--") {
            only_positional = true;
            continue;
        }
        if (arg == "--help" || arg == "-h") {
            out.help = true;
            continue;
        }
        std::string name = arg;
        std::string value;
        bool inline_value = false;
        size_t eq = arg.find('=');
        if (eq != std::string::npos) {
            name = arg.substr(0, eq);
            value = arg.substr(eq + 1);
            inline_value = true;
        }
        const OptionSpec* option = spec.find(name);
        if (!option) return Error::invalid("unknown option '" + name + "'");
        if (option->metavar.empty()) {
            if (inline_value) return Error::invalid("option '" + name + "' takes no value");
            out.flags.insert(name);
            continue;
        }
        if (!inline_value) {
            if (i + 1 >= args.size()) {
                return Error::invalid("option '" + name + "' needs a value");
            }
            value = args[++i];
        }
        out.values[name] = value;
    }
    return out;
}

std::string format_options(const ArgSpec& spec) {
    std::string out = "options:\n";
    for (const OptionSpec& o : spec.options) {
        std::string lead = "  " + o.name + (o.metavar.empty() ? "" : " " + o.metavar);
        std::string text = o.help;
        if (!o.metavar.empty()) text += " (default: " + o.default_value + ")";
        append_help_lines(out, lead, text);
    }
    append_help_lines(out, "  -h, --help", "print this help");
    return out;
}

std::string format_help(const CommandHelp& help, const ArgSpec& spec) {
    std::string out = "usage: " + help.usage + "\n\n" + help.description;
    if (!help.description.empty() && help.description.back() != '\n') out += '\n';
    out += "\n" + format_options(spec) + "\nexit status:\n";
    out += "  0  " + help.exit_success + "\n";
    if (!help.exit_failed.empty()) out += "  1  " + help.exit_failed + "\n";
    out += "  2  usage error or bad input (diagnostics on standard error)\n";
    out += "  3  internal error (a bug in provix: please report it)\n";
    return out;
}

Result<long long> parse_count(const std::string& text, const std::string& option) {
    bool digits = !text.empty() && std::all_of(text.begin(), text.end(),
                                               [](char c) { return c >= '0' && c <= '9'; });
    if (!digits) {
        return Error::invalid("option '" + option + "' expects a non-negative integer, got '" +
                              text + "'");
    }
    errno = 0;
    long long v = std::strtoll(text.c_str(), nullptr, 10);
    if (errno == ERANGE) {
        return Error::invalid("option '" + option + "' value '" + text + "' is too large");
    }
    return v;
}

Result<double> parse_seconds(const std::string& text, const std::string& option) {
    const bool decimal = !text.empty() &&
                         (std::isdigit(static_cast<unsigned char>(text[0])) || text[0] == '.') &&
                         text.find_first_not_of("0123456789.eE+-") == std::string::npos;
    char* end = nullptr;
    errno = 0;
    const double seconds = decimal ? std::strtod(text.c_str(), &end) : 0;
    if (!decimal || end != text.c_str() + text.size() || errno == ERANGE || !(seconds > 0) ||
        seconds > kMaxOptionSeconds) {
        return Error::invalid(option + " expects a number of seconds in (0, 1e9], got '" + text +
                              "'");
    }
    return seconds;
}

OptionSpec output_option() {
    return {"-o", "FILE",
            "write the output to FILE; the file is replaced in one step,\n"
            "so a failed write leaves it as it was",
            "standard output"};
}

OptionSpec format_option() {
    return {"--format", "FORMAT", "'text', or 'json': one JSON object per line (docs/json.md)",
            "text"};
}

OptionSpec max_depth_option() {
    return {"--max-depth", "N",
            "nesting limit of parentheses and operators in the input;\n"
            "deeper input is an error (at most 2000)",
            "256"};
}

Result<OutputFormat> output_format(const Args& args) {
    std::string f = args.value("--format", "text");
    if (f == "text") return OutputFormat::Text;
    if (f == "json") return OutputFormat::Json;
    return Error::invalid("option '--format' expects 'text' or 'json', got '" + f + "'");
}

Result<int> max_depth(const Args& args) {
    if (!args.has_value("--max-depth")) return 256;
    auto n = parse_count(args.value("--max-depth"), "--max-depth");
    if (!n || *n < 1 || *n > 2000)
        return Error::invalid("option '--max-depth' takes a value in [1, 2000], got '" +
                              args.value("--max-depth") + "'");
    return static_cast<int>(*n);
}

std::optional<Args> start_command(const std::vector<std::string>& argv, const std::string& command,
                                  const ArgSpec& spec, const CommandHelp& help, int* exit) {
    auto parsed = parse_args(argv, spec);
    if (!parsed) {
        report_error(command, parsed.error().message);
        std::cerr << "run 'provix " << command << " --help' for usage\n";
        *exit = kExitUsage;
        return std::nullopt;
    }
    if (parsed->help) {
        std::cout << format_help(help, spec);
        *exit = std::cout.flush() ? kExitSuccess : kExitUsage;
        return std::nullopt;
    }
    // A file option given an empty name (`-o ''`) names no file: it would
    // read as standard output or input.
    for (const auto& [name, value] : parsed->values) {
        const OptionSpec* o = spec.find(name);
        if (value.empty() && o && (o->metavar == "FILE" || o->metavar == "DIR")) {
            report_error(command, "option '" + name + "' needs a file name, got ''");
            *exit = kExitUsage;
            return std::nullopt;
        }
    }
    *exit = kExitSuccess;
    return std::move(*parsed);
}

std::optional<MapCommandStart> start_map_command(const std::vector<std::string>& argv,
                                                 const std::string& command, const ArgSpec& spec,
                                                 const CommandHelp& help, int* exit) {
    auto args = start_command(argv, command, spec, help, exit);
    if (!args) return std::nullopt;
    auto format = output_format(*args);
    auto depth = max_depth(*args);
    if (!format || !depth) {
        report_error(command, (!format ? format.error() : depth.error()).message);
        *exit = kExitUsage;
        return std::nullopt;
    }
    return MapCommandStart{std::move(*args), FormatAndDepth{*format, *depth}};
}

}  // namespace provix::cli
