#pragma once
/// \file
/// The rule and lemma parsers' diagnostics of a text, for the tests of the
/// parsers: `rule_error("r: x floordiv c0 => y\n")` is the `t.rules:1:...:
/// error: ...` message (with the source line and caret), "<ok>" where the
/// text parses.

#include <string>

#include "provix/rules/rule.h"

namespace provix::rules::testing {

/// The diagnostic of a parse result, or "<ok>".
template <typename Parsed>
std::string error_text(const Parsed& r) {
    return r.ok() ? std::string("<ok>") : r.error().message;
}

/// The diagnostic of rule text read as the file `t.rules`.
inline std::string rule_error(const std::string& text) {
    return error_text(parse_rules(text, "t.rules"));
}

/// The diagnostic of lemma text read as the file `t.lemmas`.
inline std::string lemma_error(const std::string& text) {
    return error_text(parse_lemmas(text, "t.lemmas"));
}

}  // namespace provix::rules::testing
