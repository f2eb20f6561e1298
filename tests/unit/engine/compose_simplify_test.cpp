// Composition followed by simplification: chains of reshapes cancel.

#include <gtest/gtest.h>

#include "provix/indexing_map.h"
#include "provix/parser.h"
#include "provix/simplify.h"
#include "support/parsed_map.h"

namespace provix {
namespace {

IndexingMap parse(Context& ctx, const std::string& text) {
    return testing_support::parsed_map(ctx, text);
}

// f32[10,10,10] -> reshape f32[50,20] -> reshape f32[10,10,10].
TEST(ComposeSimplify, ChainedReshapesCancel) {
    Context ctx;
    // Output-to-input map of reshape [10,10,10] -> [50,20].
    IndexingMap collapse = parse(ctx,
                                 "(d0, d1) -> ((d0 * 20 + d1) floordiv 100, "
                                 "((d0 * 20 + d1) mod 100) floordiv 10, (d0 * 20 + d1) mod 10), "
                                 "domain: d0 in [0, 49], d1 in [0, 19]");
    // Output-to-input map of reshape [50,20] -> [10,10,10].
    IndexingMap expand = parse(ctx,
                               "(d0, d1, d2) -> ((d0 * 100 + d1 * 10 + d2) floordiv 20, "
                               "(d0 * 100 + d1 * 10 + d2) mod 20), "
                               "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]");
    auto chain = compose_indexing_maps(expand, collapse);
    ASSERT_TRUE(chain.ok()) << chain.error().message;
    simplify(*chain);
    EXPECT_EQ(chain->to_string(), parse(ctx,
                                        "(d0, d1, d2) -> (d0, d1, d2), "
                                        "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]")
                                      .to_string());
}

// A transpose composed with its inverse is the identity.
TEST(ComposeSimplify, TransposeThenInverseIsIdentity) {
    Context ctx;
    IndexingMap t = parse(ctx,
                          "(d0, d1, d2) -> (d2, d0, d1), "
                          "domain: d0 in [0, 3], d1 in [0, 5], d2 in [0, 7]");
    IndexingMap inv = parse(ctx,
                            "(d0, d1, d2) -> (d1, d2, d0), "
                            "domain: d0 in [0, 7], d1 in [0, 3], d2 in [0, 5]");
    auto chain = compose_indexing_maps(t, inv);
    ASSERT_TRUE(chain.ok());
    simplify(*chain);
    EXPECT_EQ(chain->to_string(), parse(ctx,
                                        "(d0, d1, d2) -> (d0, d1, d2), "
                                        "domain: d0 in [0, 3], d1 in [0, 5], d2 in [0, 7]")
                                      .to_string());
}

}  // namespace
}  // namespace provix
