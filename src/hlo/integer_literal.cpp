// Integer HLO literals: nested braces checked against the constant's shape.

#include "integer_literal.h"

#include <algorithm>
#include <cctype>
#include <limits>

namespace provix::hlo::detail {

namespace {

/// Reads a literal's text left to right.
class LiteralReader {
public:
    explicit LiteralReader(std::string_view text) : text_(text) {}

    /// Reads the value nested at `depth` of `dims` into `out`: a brace nest
    /// with `dims[depth]` entries, or an integer at the innermost depth.
    bool read(const std::vector<int64_t>& dims, size_t depth, std::vector<int64_t>& out) {
        if (depth == dims.size()) return read_integer(out);
        if (!consume('{')) return false;
        for (int64_t k = 0; k < dims[depth]; ++k) {
            if (k > 0 && !consume(',')) return false;
            if (!read(dims, depth + 1, out)) return false;
        }
        return consume('}');
    }

    /// True when only blanks are left.
    bool at_end() {
        skip_blanks();
        return pos_ == text_.size();
    }

    /// Consumes `c` (after blanks) if it is next.
    bool consume(char c) {
        skip_blanks();
        if (pos_ == text_.size() || text_[pos_] != c) return false;
        ++pos_;
        return true;
    }

private:
    void skip_blanks() {
        while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_])))
            ++pos_;
    }

    bool read_word(std::string_view word) {
        if (text_.substr(pos_, word.size()) != word) return false;
        const size_t end = pos_ + word.size();
        if (end < text_.size() && std::isalnum(static_cast<unsigned char>(text_[end]))) {
            return false;
        }
        pos_ = end;
        return true;
    }

    bool read_integer(std::vector<int64_t>& out) {
        skip_blanks();
        if (read_word("true")) return out.push_back(1), true;
        if (read_word("false")) return out.push_back(0), true;
        const bool negative = pos_ < text_.size() && text_[pos_] == '-';
        if (negative) ++pos_;
        const size_t digits = pos_;
        // The magnitude in uint64, so that -2^63 reads too.
        uint64_t magnitude = 0;
        const uint64_t max = negative ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
        while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
            const auto digit = static_cast<uint64_t>(text_[pos_] - '0');
            if (magnitude > (max - digit) / 10) return false;
            magnitude = magnitude * 10 + digit;
            ++pos_;
        }
        if (pos_ == digits) return false;
        // A float (`1.5`, `2e3`) or anything glued to the digits is no integer.
        if (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) ||
                                    text_[pos_] == '.' || text_[pos_] == '_')) {
            return false;
        }
        out.push_back(negative ? static_cast<int64_t>(0 - magnitude)
                               : static_cast<int64_t>(magnitude));
        return true;
    }

    std::string_view text_;
    size_t pos_ = 0;
};

}  // namespace

std::optional<std::vector<int64_t>> parse_integer_literal(std::string_view literal,
                                                          const std::vector<int64_t>& dims) {
    uint64_t count = 1;
    for (int64_t d : dims) {
        if (d < 0 || (d > 0 && count > std::numeric_limits<uint32_t>::max() / uint64_t(d))) {
            return std::nullopt;  // no literal this large is written out
        }
        count *= static_cast<uint64_t>(d);
    }
    std::vector<int64_t> out;
    // Each element takes a character at least: the text bounds what to reserve.
    out.reserve(static_cast<size_t>(std::min<uint64_t>(count, literal.size())));
    LiteralReader scalar_reader(literal);
    if (dims.empty() && scalar_reader.read(dims, 0, out) && scalar_reader.at_end()) return out;
    out.clear();
    if (dims.empty()) {
        // A scalar in braces: `{7}`.
        LiteralReader braced(literal);
        if (braced.consume('{') && braced.read(dims, 0, out) && braced.consume('}') &&
            braced.at_end()) {
            return out;
        }
        return std::nullopt;
    }
    LiteralReader reader(literal);
    if (!reader.read(dims, 0, out) || !reader.at_end()) return std::nullopt;
    return out;
}

}  // namespace provix::hlo::detail
