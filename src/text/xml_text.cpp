/// \file
/// Escaping for XML reports (provix/xml_text.h).

#include "provix/xml_text.h"

#include <algorithm>
#include <cstdio>

#include "provix/utf8.h"

namespace provix {

std::string xml_text(std::string_view text) {
    const char* const fffd = "\xEF\xBF\xBD";
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size();) {
        unsigned char c = static_cast<unsigned char>(text[i]);
        const char* entity = c == '&'    ? "&amp;"
                             : c == '<'  ? "&lt;"
                             : c == '>'  ? "&gt;"
                             : c == '"'  ? "&quot;"
                             : c == '\'' ? "&apos;"
                                         : nullptr;
        size_t n = 1;
        if (entity) {
            out += entity;
        } else if (c == '\t' || c == '\n' || c == '\r') {
            out += static_cast<char>(c);
        } else {
            // Below 0x20 XML 1.0 cannot hold a byte, not even as a reference;
            // nor the non-characters U+FFFE and U+FFFF; a byte that is not
            // UTF-8 is replaced on its own.
            n = c < 0x20 || c == 0x7F ? 0 : utf8_sequence_length(text, i);
            const bool nonchar = n == 3 && text.compare(i, 2, "\xEF\xBF") == 0 &&
                                 static_cast<unsigned char>(text[i + 2]) >= 0xBE;
            if (n == 0 || nonchar) {
                out += fffd;
                n = std::max<size_t>(n, 1);
            } else {
                out.append(text.data() + i, n);
            }
        }
        i += n;
    }
    return out;
}

std::string xml_seconds(double seconds) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", seconds >= 0 ? seconds : 0.0);
    return buf;
}

}  // namespace provix
