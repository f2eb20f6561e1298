// Composition followed by simplification: chains of reshapes cancel.

#include <gtest/gtest.h>

#include <string>

#include "provix/indexing_map.h"
#include "provix/parser.h"
#include "provix/simplify.h"
#include "support/parsed_map.h"

namespace provix {
namespace {

IndexingMap parse(Context& ctx, const std::string& text) {
    return testing_support::parsed_map(ctx, text);
}

/// `first` composed with `second` (`compose_indexing_maps(first, second)`),
/// simplified and printed; a failed composition fails the test and gives "".
std::string composed(const std::string& first, const std::string& second) {
    Context ctx;
    auto chain = compose_indexing_maps(parse(ctx, first), parse(ctx, second));
    EXPECT_TRUE(chain.ok()) << (chain.ok() ? "" : chain.error().message);
    if (!chain.ok()) return "";
    simplify(*chain);
    return chain->to_string();
}

/// `text` parsed and printed: the expected form of a result.
std::string printed(const std::string& text) {
    Context ctx;
    return parse(ctx, text).to_string();
}

// f32[10,10,10] -> reshape f32[50,20] -> reshape f32[10,10,10]: the
// output-to-input maps of reshape [50,20] -> [10,10,10] and of reshape
// [10,10,10] -> [50,20].
TEST(ComposeSimplify, ChainedReshapesCancel) {
    EXPECT_EQ(composed("(d0, d1, d2) -> ((d0 * 100 + d1 * 10 + d2) floordiv 20, "
                       "(d0 * 100 + d1 * 10 + d2) mod 20), "
                       "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]",
                       "(d0, d1) -> ((d0 * 20 + d1) floordiv 100, "
                       "((d0 * 20 + d1) mod 100) floordiv 10, (d0 * 20 + d1) mod 10), "
                       "domain: d0 in [0, 49], d1 in [0, 19]"),
              printed("(d0, d1, d2) -> (d0, d1, d2), "
                      "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]"));
}

// A transpose composed with its inverse is the identity.
TEST(ComposeSimplify, TransposeThenInverseIsIdentity) {
    EXPECT_EQ(composed("(d0, d1, d2) -> (d2, d0, d1), "
                       "domain: d0 in [0, 3], d1 in [0, 5], d2 in [0, 7]",
                       "(d0, d1, d2) -> (d1, d2, d0), "
                       "domain: d0 in [0, 7], d1 in [0, 3], d2 in [0, 5]"),
              printed("(d0, d1, d2) -> (d0, d1, d2), "
                      "domain: d0 in [0, 3], d1 in [0, 5], d2 in [0, 7]"));
}

}  // namespace
}  // namespace provix
