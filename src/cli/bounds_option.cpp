// `--bounds NAME=LO:HI,...` (see bounds_option.h).

#include "bounds_option.h"

#include <cerrno>
#include <cstdlib>

namespace provix::cli {

namespace {

/// An integer bound, or infinity on its side (`-inf` for a lower bound,
/// `inf` or `+inf` for an upper one), which sets `infinite`.
Result<int64_t> parse_bound(const std::string& text, bool upper, bool* infinite) {
    *infinite = upper ? text == "inf" || text == "+inf" : text == "-inf";
    if (*infinite) return int64_t{0};
    size_t i = text.size() > 0 && (text[0] == '-' || text[0] == '+') ? 1 : 0;
    bool digits = i < text.size();
    for (size_t j = i; j < text.size(); ++j)
        digits = digits && text[j] >= '0' && text[j] <= '9';
    if (!digits) return Error::invalid("'" + text + "' is not an integer bound");
    errno = 0;
    long long v = std::strtoll(text.c_str(), nullptr, 10);
    if (errno == ERANGE) return Error::invalid("bound " + text + " does not fit in 64 bits");
    return static_cast<int64_t>(v);
}

}  // namespace

Result<std::vector<VariableBound>> parse_bounds_option(const std::string& text) {
    std::vector<VariableBound> out;
    size_t start = 0;
    while (start <= text.size()) {
        size_t comma = text.find(',', start);
        if (comma == std::string::npos) comma = text.size();
        std::string entry = text.substr(start, comma - start);
        size_t eq = entry.find('=');
        size_t colon = entry.find(':', eq == std::string::npos ? 0 : eq);
        if (eq == std::string::npos || eq == 0 || colon == std::string::npos) {
            return Error::invalid("--bounds expects NAME=LO:HI[,NAME=LO:HI...], got '" + entry +
                                  "'");
        }
        VariableBound b{entry.substr(0, eq), Interval::all()};
        bool lo_inf = false, hi_inf = false;
        auto lo = parse_bound(entry.substr(eq + 1, colon - eq - 1), false, &lo_inf);
        if (!lo) return Error::invalid("--bounds " + b.name + ": " + lo.error().message);
        auto hi = parse_bound(entry.substr(colon + 1), true, &hi_inf);
        if (!hi) return Error::invalid("--bounds " + b.name + ": " + hi.error().message);
        b.bounds = Interval::bounded_by(lo_inf ? std::nullopt : std::optional<int64_t>(*lo),
                                        hi_inf ? std::nullopt : std::optional<int64_t>(*hi));
        for (const VariableBound& o : out) {
            if (o.name == b.name) return Error::invalid("--bounds gives '" + b.name + "' twice");
        }
        out.push_back(std::move(b));
        start = comma + 1;
    }
    return out;
}

void apply_bounds(IndexingMap& map, const std::vector<VariableBound>& bounds,
                  std::vector<bool>& used) {
    used.resize(bounds.size(), false);
    if (map.is_known_empty() || map.is_undefined()) {
        // Its variables (and their names) are gone: it may have any name.
        used.assign(bounds.size(), true);
        return;
    }
    // Every name the map has counts, also after a bound has emptied it.
    for (size_t i = 0; i < bounds.size(); ++i) {
        for (int64_t id = 0; id < map.num_variables(); ++id)
            used[i] = used[i] || map.variable(id).name == bounds[i].name;
    }
    for (size_t i = 0; i < bounds.size(); ++i) {
        for (int64_t id = 0; id < map.num_variables(); ++id) {
            if (map.variable(id).name != bounds[i].name) continue;
            map.set_variable_bounds(id, map.variable(id).bounds.intersect(bounds[i].bounds));
            if (map.is_known_empty()) return;
        }
    }
}

}  // namespace provix::cli
