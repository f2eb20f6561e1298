#include "args.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>

namespace provix::cli {

namespace {

bool contains(const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

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
        if (contains(spec.flags, arg)) {
            out.flags.insert(arg);
            continue;
        }
        std::string name = arg;
        std::string value;
        bool inline_value = false;
        size_t eq = arg.find('=');
        if (arg.rfind("--", 0) == 0 && eq != std::string::npos) {
            name = arg.substr(0, eq);
            value = arg.substr(eq + 1);
            inline_value = true;
        }
        if (!contains(spec.valued, name)) {
            return Error::invalid("unknown option '" + name + "'");
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

}  // namespace provix::cli
