// Variable-name rules (see core/variable_names.h).

#include "variable_names.h"

#include <algorithm>
#include <set>

#include "provix/operators.h"
#include "provix/semantics.h"

namespace provix::detail {

bool is_reserved_word(std::string_view s) {
    if (provix::is_operator_word(s)) return true;  // floordiv, ceildiv, mod, min, max
    static constexpr std::string_view kReserved[] = {"in", "domain", "inf", "is_simplified"};
    for (std::string_view r : kReserved) {
        if (s == r) return true;
    }
    return false;
}

bool is_valid_variable_name(std::string_view s) {
    if (s.empty()) return false;
    auto alpha = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    };
    auto digit = [](char c) { return c >= '0' && c <= '9'; };
    if (!alpha(s[0])) return false;
    for (char c : s) {
        if (!alpha(c) && !digit(c)) return false;
    }
    return !is_reserved_word(s);
}

std::string default_variable_name(std::string_view prefix, int64_t i) {
    return std::string(prefix) + std::to_string(i);
}

bool is_default_variable_name(std::string_view name, std::string_view prefix, int64_t i) {
    if (name.size() <= prefix.size() || name.substr(0, prefix.size()) != prefix) return false;
    std::string_view digits = name.substr(prefix.size());
    if (i < 0) {  // std::to_string writes the sign
        if (digits.front() != '-') return false;
        digits.remove_prefix(1);
    }
    // The decimal digits of |i|, last first (no leading zeros).
    uint64_t v = magnitude(i);
    size_t end = digits.size();
    do {
        if (end == 0 || digits[end - 1] != static_cast<char>('0' + v % 10)) return false;
        --end;
        v /= 10;
    } while (v != 0);
    return end == 0;
}

std::vector<std::string> names_after_move(const std::vector<MovedName>& moved) {
    std::vector<std::string> names;
    names.reserve(moved.size());
    auto had_default = [](const MovedName& m) {
        return is_default_variable_name(m.name, m.prefix, m.old_index);
    };
    auto new_default = [](const MovedName& m) {
        return default_variable_name(m.prefix, m.new_index);
    };
    // Every name a default one (the common case): each becomes the default
    // name of its new position, as below, without the sets of taken names.
    if (std::all_of(moved.begin(), moved.end(), had_default)) {
        for (const MovedName& m : moved)
            names.push_back(new_default(m));
        return names;
    }
    // Default names of new positions are reserved first, so a custom name
    // never steals the default name of a later variable.
    std::set<std::string, std::less<>> taken;
    for (const MovedName& m : moved) {
        if (had_default(m)) taken.insert(new_default(m));
    }
    std::set<std::string, std::less<>> given;
    auto free = [&](std::string_view n) { return !taken.count(n) && !given.count(n); };
    for (const MovedName& m : moved) {
        std::string name;
        // A default name follows the new position; a custom one stays unless
        // taken, then the new default, then NAME_k.
        const bool default_name = had_default(m);
        if (!default_name && free(m.name)) {
            name = std::string(m.name);
        } else if (default_name || free(new_default(m))) {
            name = new_default(m);
        } else {
            for (int k = 1;; ++k) {
                name = std::string(m.name) + "_" + std::to_string(k);
                if (free(name)) break;
            }
        }
        given.insert(name);
        names.push_back(std::move(name));
    }
    return names;
}

}  // namespace provix::detail
