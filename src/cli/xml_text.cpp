#include "xml_text.h"

#include <cstdio>

#include "json_writer.h"

namespace provix::cli {

std::string xml_text(std::string_view text) {
    // The JSON string escaper already makes the text valid UTF-8: reuse its
    // validation by escaping, then undo the JSON escapes we do not want.
    std::string json;
    append_json_string(json, text);
    std::string out;
    const std::string fffd = "\xEF\xBF\xBD";
    for (size_t i = 1; i + 1 < json.size(); ++i) {
        char c = json[i];
        if (c == '\\') {
            char e = json[++i];
            switch (e) {
                case 'n':
                    out += '\n';
                    break;
                case 't':
                    out += '\t';
                    break;
                case 'r':
                    out += '\r';
                    break;
                case '"':
                    out += "&quot;";
                    break;
                case '\\':
                    out += '\\';
                    break;
                case 'u':  // \u00XX: a control byte XML cannot hold
                    i += 4;
                    out += fffd;
                    break;
                default:  // \b, \f
                    out += fffd;
                    break;
            }
            continue;
        }
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '\'':
                out += "&apos;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string xml_seconds(double seconds) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", seconds >= 0 ? seconds : 0.0);
    return buf;
}

}  // namespace provix::cli
