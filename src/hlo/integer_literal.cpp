// Integer HLO literals: nested braces checked against the constant's shape.

#include "integer_literal.h"

#include <cctype>
#include <optional>

#include "provix/decimal.h"

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

    /// An element: the text up to the next blank, `,` or `}`, which must be
    /// `true`, `false` or an int64 in decimal (so `1.5`, `2e3`, `--1` and a
    /// value beyond int64 are none).
    bool read_integer(std::vector<int64_t>& out) {
        skip_blanks();
        const size_t start = pos_;
        while (pos_ < text_.size() && text_[pos_] != ',' && text_[pos_] != '}' &&
               !std::isspace(static_cast<unsigned char>(text_[pos_]))) {
            ++pos_;
        }
        const std::string_view token = text_.substr(start, pos_ - start);
        const std::optional<int64_t> v = token == "true"    ? std::optional<int64_t>(1)
                                         : token == "false" ? std::optional<int64_t>(0)
                                                            : parse_int64(token);
        if (!v) return false;
        out.push_back(*v);
        return true;
    }

    std::string_view text_;
    size_t pos_ = 0;
};

}  // namespace

std::optional<std::vector<int64_t>> parse_integer_literal(std::string_view literal,
                                                          const std::vector<int64_t>& dims) {
    for (int64_t d : dims) {
        if (d < 0) return std::nullopt;
    }
    // Every entry read takes a character of the text at least, so a short
    // text ends the read whatever the dimensions claim.
    std::vector<int64_t> out;
    LiteralReader reader(literal);
    const bool braced_scalar = dims.empty() && reader.consume('{');  // `{7}`
    if (!reader.read(dims, 0, out) || (braced_scalar && !reader.consume('}')) || !reader.at_end()) {
        return std::nullopt;
    }
    return out;
}

}  // namespace provix::hlo::detail
