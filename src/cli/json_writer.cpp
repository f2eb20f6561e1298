#include "json_writer.h"

#include <cassert>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "provix/utf8.h"

namespace provix::cli {

void append_json_string(std::string& out, std::string_view text) {
    out += '"';
    for (size_t i = 0; i < text.size();) {
        unsigned char c = static_cast<unsigned char>(text[i]);
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\f':
                out += "\\f";
                break;
            default:
                if (c < 0x20 || c == 0x7F) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", c);
                    out += buf;
                } else {
                    size_t n = utf8_sequence_length(text, i);
                    if (n == 0) {
                        out += "\xEF\xBF\xBD";  // U+FFFD for a byte that is not UTF-8
                        ++i;
                        continue;
                    }
                    out.append(text.data() + i, n);
                    i += n;
                    continue;
                }
        }
        ++i;
    }
    out += '"';
}

bool is_json_integer(std::string_view text) {
    size_t i = !text.empty() && text[0] == '-' ? 1 : 0;
    if (i == text.size()) return false;
    if (text[i] == '0' && i + 1 != text.size()) return false;
    for (; i < text.size(); ++i)
        if (text[i] < '0' || text[i] > '9') return false;
    return true;
}

void JsonWriter::before_value() {
    if (stack_.empty()) {
        assert(!wrote_root_ && "JsonWriter: a second top-level value");
        wrote_root_ = true;
        return;
    }
    if (stack_.back() == Scope::Object) {
        assert(after_key_ && "JsonWriter: a value in an object needs a key first");
        after_key_ = false;
        return;
    }
    if (has_items_.back()) out_ += ',';
    has_items_.back() = true;
}

JsonWriter& JsonWriter::open(Scope scope, char bracket) {
    before_value();
    out_ += bracket;
    stack_.push_back(scope);
    has_items_.push_back(false);
    return *this;
}

JsonWriter& JsonWriter::close([[maybe_unused]] Scope scope, char bracket) {
    assert(!stack_.empty() && stack_.back() == scope && !after_key_);
    out_ += bracket;
    stack_.pop_back();
    has_items_.pop_back();
    return *this;
}

JsonWriter& JsonWriter::begin_object() { return open(Scope::Object, '{'); }

JsonWriter& JsonWriter::end_object() { return close(Scope::Object, '}'); }

JsonWriter& JsonWriter::begin_array() { return open(Scope::Array, '['); }

JsonWriter& JsonWriter::end_array() { return close(Scope::Array, ']'); }

JsonWriter& JsonWriter::key(std::string_view name) {
    assert(!stack_.empty() && stack_.back() == Scope::Object && !after_key_);
    if (has_items_.back()) out_ += ',';
    has_items_.back() = true;
    append_json_string(out_, name);
    out_ += ':';
    after_key_ = true;
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view text) {
    before_value();
    append_json_string(out_, text);
    return *this;
}

JsonWriter& JsonWriter::value(bool b) {
    before_value();
    out_ += b ? "true" : "false";
    return *this;
}

template <class T>
JsonWriter& JsonWriter::number(T n) {
    before_value();
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, n);
    out_.append(buf, r.ptr);
    return *this;
}

JsonWriter& JsonWriter::signed_value(int64_t n) { return number(n); }

JsonWriter& JsonWriter::unsigned_value(uint64_t n) { return number(n); }

JsonWriter& JsonWriter::value(double d) {
    if (!std::isfinite(d)) return null();
    return number(d);
}

JsonWriter& JsonWriter::null() {
    before_value();
    out_ += "null";
    return *this;
}

JsonWriter& JsonWriter::integer_text(std::string_view digits) {
    if (!is_json_integer(digits)) return value(digits);
    before_value();
    out_ += digits;
    return *this;
}

std::string JsonWriter::take() {
    std::string out = std::move(out_);
    out_.clear();
    stack_.clear();
    has_items_.clear();
    after_key_ = false;
    wrote_root_ = false;
    return out;
}

}  // namespace provix::cli
