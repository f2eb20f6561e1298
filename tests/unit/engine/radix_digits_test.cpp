// Mixed-radix recombination (src/engine/radix_digits.cpp), point by point:
// the negative-range and refused cases of examples/radix_digits.map (which
// checks the lemmas fired and the printed results) compared with their input
// at every point of the domain, so an unsound merge or rebase fails here.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "provix/parser.h"
#include "provix/simplify.h"

namespace provix {
namespace {

/// Number of points where the map `text` and its simplified form both
/// evaluate and agree; a disagreement (or a point only one side defines)
/// fails the test. Every variable's range must be small enough to walk.
int64_t agreeing_points(const std::string& text) {
    Context ctx;
    auto in = parse_indexing_map(ctx, text);
    EXPECT_TRUE(in.ok());
    if (!in.ok()) return 0;
    IndexingMap out = *in;
    simplify(out);
    const std::vector<Interval> bounds = in->variable_bounds();
    std::vector<int64_t> point;
    for (const Interval& b : bounds)
        point.push_back(b.lo());
    int64_t agreed = 0;
    while (true) {
        auto a = in->evaluate(point);
        auto b = out.evaluate(point);
        EXPECT_EQ(a.ok(), b.ok());
        if (a.ok() && b.ok()) {
            EXPECT_EQ(*a, *b) << out.to_string();
            agreed += *a == *b;
        }
        size_t i = 0;  // the next point, the first variable fastest
        for (; i < point.size(); ++i) {
            if (point[i] < bounds[i].hi()) {
                ++point[i];
                break;
            }
            point[i] = bounds[i].lo();
        }
        if (i == point.size()) return agreed;
    }
}

TEST(RadixDigitsPointwise, NegativeRangesAgreeEverywhere) {
    EXPECT_EQ(agreeing_points("(d0, d1) -> (((d1 * 2 + d0 floordiv 64) mod 3) * 256 + (d0 mod 64) "
                              "* 4 + ((d1 * 128 + d0) floordiv 192) * 768), domain: d0 in "
                              "[-128, 127], d1 in [-20, 20]"),
              256 * 41);
}

TEST(RadixDigitsPointwise, UnrebasedQuotientAgreesEverywhere) {
    EXPECT_EQ(agreeing_points("(d0, d1) -> ((d0 floordiv 24) * 12288 + (((d0 * 2 + d1 floordiv "
                              "64) floordiv 3) mod 16) * 768 + ((d0 * 2 + d1 floordiv 64) mod 3) "
                              "* 256 + (d1 mod 64) * 4), domain: d0 in [0, 47], d1 in [-64, 127]"),
              48 * 192);
}

TEST(RadixDigitsPointwise, SeveralInnerFloorDivsAgreeEverywhere) {
    EXPECT_EQ(agreeing_points("(d0, d1) -> (((d0 + d1) floordiv 6) * 6 + ((d0 floordiv 2 + d1 "
                              "floordiv 2) mod 3) * 2), domain: d0 in [0, 40], d1 in [0, 40]"),
              41 * 41);
}

TEST(RadixDigitsPointwise, OffsetIndexAgreesEverywhere) {
    EXPECT_EQ(agreeing_points("(d0, d1) -> (((d0 + d1 + 2) floordiv 4) * 4 + (d0 + d1) mod 2 + "
                              "(((d0 + d1) floordiv 2 + 1) mod 2) * 2), domain: d0 in [0, 1], d1 "
                              "in [0, 7]"),
              2 * 8);
}

}  // namespace
}  // namespace provix
