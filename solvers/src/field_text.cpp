/// \file
/// Length-prefixed fields (provix/solvers/field_text.h).

#include "provix/solvers/field_text.h"

#include "provix/decimal.h"

namespace provix::solvers {

void FieldWriter::put(std::string_view s) {
    text_ += std::to_string(s.size());
    text_ += ':';
    text_ += s;
}

void FieldWriter::put_count(size_t n) { put(std::to_string(n)); }

bool FieldReader::get(std::string& s) {
    const size_t colon = in_.find(':');
    if (colon == std::string_view::npos || colon == 0 || colon > 18) return false;
    size_t n = 0;
    for (size_t i = 0; i < colon; ++i) {
        if (in_[i] < '0' || in_[i] > '9') return false;
        n = n * 10 + static_cast<size_t>(in_[i] - '0');
    }
    if (in_.size() - colon - 1 < n) return false;
    s.assign(in_.substr(colon + 1, n));
    in_.remove_prefix(colon + 1 + n);
    return true;
}

bool FieldReader::get_count(size_t& n) {
    std::string s;
    if (!get(s) || s.empty() || s.size() > 9) return false;
    n = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return false;
        n = n * 10 + static_cast<size_t>(c - '0');
    }
    return true;
}

bool FieldReader::get_flag(bool& b) {
    std::string s;
    if (!get(s) || (s != "0" && s != "1")) return false;
    b = s == "1";
    return true;
}

bool FieldReader::get_int(int64_t& v) {
    std::string s;
    if (!get(s)) return false;
    const std::optional<int64_t> parsed = parse_int64(s);
    if (!parsed) return false;
    v = *parsed;
    return true;
}

}  // namespace provix::solvers
