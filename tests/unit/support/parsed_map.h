#pragma once
/// \file
/// Indexing maps of the tests, built from their text:
///
///     IndexingMap m = parsed_map(ctx, "(d0) -> (d0 mod 4), domain: d0 in [0, 3]");
///     IndexingMap n = map_of(ctx, "(d0) -> (d0)");  // throws on a parse error

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "provix/parser.h"

namespace provix::testing_support {

/// `text` parsed (with `options`); a parse error fails the running test with
/// its diagnostic and gives UNDEFINED.
inline IndexingMap parsed_map(Context& ctx, std::string_view text,
                              const ParseOptions& options = {}) {
    auto m = parse_indexing_map(ctx, text, options);
    if (!m.ok()) {
        ADD_FAILURE() << "map parse error:\n" << m.error().message;
        return IndexingMap::undefined(ctx);
    }
    return std::move(*m);
}

/// `text` parsed; a parse error throws std::runtime_error (for code that
/// cannot fail a test, such as a RapidCheck property, or must stop at once).
inline IndexingMap map_of(Context& ctx, std::string_view text) {
    auto m = parse_indexing_map(ctx, text);
    if (!m) throw std::runtime_error("bad test map: " + m.error().message);
    return std::move(*m);
}

}  // namespace provix::testing_support
