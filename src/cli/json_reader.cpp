// A small JSON reader (see json_reader.h).

#include "json_reader.h"

#include <unordered_set>

#include "provix/decimal.h"

namespace provix::cli {

namespace {

constexpr int kMaxDepth = 64;

class Reader {
public:
    explicit Reader(std::string_view text) : text_(text) {}

    Result<JsonValue> run() {
        JsonValue v;
        if (!value(v, 0)) return error();
        skip_space();
        if (pos_ != text_.size()) return fail("unexpected text after the value"), error();
        return v;
    }

private:
    Error error() const { return Error::invalid(message_); }

    bool fail(const std::string& what) {
        if (message_.empty()) message_ = "column " + std::to_string(pos_ + 1) + ": " + what;
        return false;
    }

    void skip_space() {
        while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                                       text_[pos_] == '\n' || text_[pos_] == '\r')) {
            ++pos_;
        }
    }

    bool literal(std::string_view word) {
        if (text_.substr(pos_, word.size()) != word) return fail("expected a JSON value");
        pos_ += word.size();
        return true;
    }

    bool value(JsonValue& v, int depth) {
        if (depth > kMaxDepth) return fail("nested too deeply");
        skip_space();
        if (pos_ >= text_.size()) return fail("unexpected end of text");
        const char c = text_[pos_];
        switch (c) {
            case '{':
                return object(v, depth);
            case '[':
                return array(v, depth);
            case '"':
                v.kind = JsonValue::Kind::String;
                return string(v.text);
            case 't':
                v.kind = JsonValue::Kind::Bool;
                v.boolean = true;
                return literal("true");
            case 'f':
                v.kind = JsonValue::Kind::Bool;
                return literal("false");
            case 'n':
                v.kind = JsonValue::Kind::Null;
                return literal("null");
            default:
                return number(v);
        }
    }

    bool object(JsonValue& v, int depth) {
        v.kind = JsonValue::Kind::Object;
        ++pos_;
        skip_space();
        if (eat('}')) return true;
        std::unordered_set<std::string> names;
        while (true) {
            skip_space();
            if (pos_ >= text_.size() || text_[pos_] != '"') return fail("expected a member name");
            std::string name;
            if (!string(name)) return false;
            // Which of two values a reader takes is unspecified: refuse both.
            if (!names.insert(name).second) return fail("a member name given twice");
            skip_space();
            if (!eat(':')) return fail("expected ':'");
            JsonValue member;
            if (!value(member, depth + 1)) return false;
            v.members.emplace_back(std::move(name), std::move(member));
            skip_space();
            if (eat(',')) continue;
            if (eat('}')) return true;
            return fail("expected ',' or '}'");
        }
    }

    bool array(JsonValue& v, int depth) {
        v.kind = JsonValue::Kind::Array;
        ++pos_;
        skip_space();
        if (eat(']')) return true;
        while (true) {
            JsonValue item;
            if (!value(item, depth + 1)) return false;
            v.items.push_back(std::move(item));
            skip_space();
            if (eat(',')) continue;
            if (eat(']')) return true;
            return fail("expected ',' or ']'");
        }
    }

    /// Consumes `c` if it is the next character.
    bool eat(char c) {
        if (pos_ >= text_.size() || text_[pos_] != c) return false;
        ++pos_;
        return true;
    }

    bool digit() const { return pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9'; }

    /// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
    bool number(JsonValue& v) {
        const size_t start = pos_;
        eat('-');
        if (!digit()) return fail("expected a JSON value");
        if (text_[pos_] == '0') {
            ++pos_;
        } else {
            while (digit())
                ++pos_;
        }
        if (eat('.')) {
            if (!digit()) return fail("expected a digit after '.'");
            while (digit())
                ++pos_;
        }
        if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
            ++pos_;
            if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
            if (!digit()) return fail("expected a digit in the exponent");
            while (digit())
                ++pos_;
        }
        v.kind = JsonValue::Kind::Number;
        v.text = std::string(text_.substr(start, pos_ - start));
        return true;
    }

    static void append_utf8(std::string& out, uint32_t cp) {
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        }
    }

    bool hex4(uint32_t& out) {
        if (pos_ + 4 > text_.size()) return fail("truncated \\u escape");
        out = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = text_[pos_++];
            out <<= 4;
            if (c >= '0' && c <= '9') {
                out |= static_cast<uint32_t>(c - '0');
            } else if (c >= 'a' && c <= 'f') {
                out |= static_cast<uint32_t>(c - 'a' + 10);
            } else if (c >= 'A' && c <= 'F') {
                out |= static_cast<uint32_t>(c - 'A' + 10);
            } else {
                return fail("bad \\u escape");
            }
        }
        return true;
    }

    bool string(std::string& out) {
        ++pos_;  // the opening quote
        while (pos_ < text_.size()) {
            const char c = text_[pos_++];
            if (c == '"') return true;
            if (static_cast<unsigned char>(c) < 0x20) return fail("control character in a string");
            if (c != '\\') {
                out += c;
                continue;
            }
            if (pos_ >= text_.size()) break;
            const char e = text_[pos_++];
            switch (e) {
                case '"':
                    out += '"';
                    break;
                case '\\':
                    out += '\\';
                    break;
                case '/':
                    out += '/';
                    break;
                case 'b':
                    out += '\b';
                    break;
                case 'f':
                    out += '\f';
                    break;
                case 'n':
                    out += '\n';
                    break;
                case 'r':
                    out += '\r';
                    break;
                case 't':
                    out += '\t';
                    break;
                case 'u': {
                    uint32_t cp = 0;
                    if (!hex4(cp)) return false;
                    if (cp >= 0xD800 && cp < 0xDC00 && text_.substr(pos_, 2) == "\\u") {
                        pos_ += 2;
                        uint32_t low = 0;
                        if (!hex4(low)) return false;
                        if (low >= 0xDC00 && low < 0xE000) {
                            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                        } else {
                            cp = 0xFFFD;  // a lone high surrogate; the escape after
                            pos_ -= 6;    // it is a character of its own
                        }
                    } else if (cp >= 0xD800 && cp < 0xE000) {
                        cp = 0xFFFD;
                    }
                    append_utf8(out, cp);
                    break;
                }
                default:
                    return fail("bad escape in a string");
            }
        }
        return fail("unterminated string");
    }

    std::string_view text_;
    size_t pos_ = 0;
    std::string message_;
};

}  // namespace

const JsonValue* JsonValue::get(std::string_view name) const {
    if (kind != Kind::Object) return nullptr;
    for (const auto& [key, value] : members) {
        if (key == name) return &value;
    }
    return nullptr;
}

std::optional<int64_t> JsonValue::as_int() const {
    if (kind != Kind::Number) return std::nullopt;
    return parse_int64(text);
}

std::optional<std::string> JsonValue::as_string() const {
    if (kind != Kind::String) return std::nullopt;
    return text;
}

Result<JsonValue> parse_json(std::string_view text) { return Reader(text).run(); }

}  // namespace provix::cli
