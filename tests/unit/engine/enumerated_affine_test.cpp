// The affine form of an expression over few points: the far-corner probe
// (the last corner of the box is checked against the line through the first
// points before the box is enumerated) only ends the step early where some
// possible domain point refutes the guess; the step refused before any
// point is evaluated only where a stepped term crosses a step.

#include "enumerated_affine.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "expr_steps.h"
#include "provix/parser.h"
#include "range_analysis.h"

namespace provix::engine {
namespace {

/// The step on the first result of `map_text`, with the map's bounds and
/// constraints as they are written (no tightening); "" when it does not
/// apply (variables print as v0, v1, ...).
std::string enumerated(const std::string& map_text) {
    Context ctx;
    Result<IndexingMap> m = parse_indexing_map(ctx, map_text);
    EXPECT_TRUE(m.ok()) << map_text;
    RangeAnalysis ranges(m->variable_bounds(), m->constraints());
    Expr r = enumerated_affine(m->results()[0], ranges);
    return r ? to_string(r) : std::string();
}

TEST(EnumeratedAffine, KeptPointsApartAlongOneVariableNeedAnIntegralStep) {
    // d0 = 2 is no domain point (no guess from the unit steps): the odd
    // points are enumerated. (d0 - 1) floordiv 2 rises by 1 for every 2 of
    // d0, a slope of 1/2: no affine form with integer coefficients.
    EXPECT_EQ(enumerated("(d0) -> ((d0 - 1) floordiv 2), domain: d0 in [1, 11], "
                         "(d0 - 1) mod 2 in [0, 0]"),
              "");
    // (d0 floordiv 2) * 2 + 1 rises by 2 for every 2 of d0 there: d0.
    EXPECT_EQ(enumerated("(d0) -> ((d0 floordiv 2) * 2 + 1), domain: d0 in [1, 11], "
                         "(d0 - 1) mod 2 in [0, 0]"),
              "v0");
    // Two variables, the second fixed along the first's steps: slope 3 in d0
    // (points apart by 2, values by 6), 1 in d1.
    EXPECT_EQ(enumerated("(d0, d1) -> ((d0 floordiv 2) * 6 + d1), domain: d0 in [1, 7], "
                         "d1 in [0, 2], (d0 - 1) mod 2 in [0, 0]"),
              "v0 * 3 + v1 - 3");
}

TEST(EnumeratedAffine, FarCornerOutsideTheDomainDoesNotStopTheStep) {
    // d0 = 4 (the far corner, where d0 mod 4 leaves the line d0) is no
    // domain point: the other points lie on the line.
    EXPECT_EQ(enumerated("(d0) -> (d0 mod 4), domain: d0 in [0, 4], d0 floordiv 4 in [0, 0]"),
              "v0");
    // Two variables: the corners (0, 4) and (1, 4) are left out.
    EXPECT_EQ(enumerated("(d0, d1) -> (d0 + d1 mod 4), domain: d0 in [0, 1], d1 in [0, 4], "
                         "d1 floordiv 4 in [0, 0]"),
              "v0 + v1");
}

TEST(EnumeratedAffine, FarCornerOnTheLineStillChecksEveryPoint) {
    // d0 + ((d0 mod 3) floordiv 2) * 2 at 0, 1, 2, 3 is 0, 1, 4, 3: the far
    // corner agrees with the line d0, the point 2 does not.
    EXPECT_EQ(enumerated("(d0) -> (d0 + ((d0 mod 3) floordiv 2) * 2), domain: d0 in [0, 3]"), "");
    EXPECT_EQ(enumerated("(d0) -> (d0 mod 4), domain: d0 in [0, 20]"), "");
}

TEST(EnumeratedAffine, FarCornerWhereTheExpressionIsUndefined) {
    // Undefined at the far corner d0 = 2 (a zero divisor): no affine form.
    EXPECT_EQ(enumerated("(d0)[s0] -> (s0 floordiv (2 - d0)), domain: d0 in [0, 2], s0 in [0, 0]"),
              "");
    // ... unless the constraints leave it out.
    EXPECT_EQ(enumerated("(d0)[s0] -> (s0 floordiv (2 - d0)), domain: d0 in [0, 2], "
                         "s0 in [0, 0], d0 floordiv 2 in [0, 0]"),
              "0");
}

TEST(EnumeratedAffine, OnlyConstraintsOverTheVariablesFilterThePoints) {
    // A constraint over another variable leaves every point of the box: the
    // far corner d0 = 4 refutes the line d0.
    EXPECT_EQ(enumerated("(d0, d1) -> (d0 mod 4), domain: d0 in [0, 4], d1 in [0, 10], "
                         "d1 floordiv 4 in [0, 0]"),
              "");
    // A constraint over d0 and d1 is not checked, but its divisor over d0
    // alone is: d0 = 4 (a zero divisor) is left out.
    EXPECT_EQ(enumerated("(d0, d1) -> (d0 mod 4), domain: d0 in [0, 4], d1 in [0, 10], "
                         "d1 floordiv (d0 - 4) in [-10, 10]"),
              "v0");
}

TEST(EnumeratedAffine, ValuesBeyondInt64AreEvaluatedExactly) {
    // At the far corner d0 = 2, d0 * 2^62 is 2^63 (beyond int64): the
    // 128-bit evaluation gives 2, on the line d0.
    EXPECT_EQ(enumerated("(d0) -> ((d0 * 4611686018427387904) floordiv 4611686018427387904), "
                         "domain: d0 in [0, 2]"),
              "v0");
}

TEST(EnumeratedAffine, RefusedAcrossAStepOnlyWhereNoAffineFormFits) {
    // e = A + k * ((d0 + b) op c) over d0 in [lo, hi], d1 in [0, 1] (every
    // point a domain point), for every op, small c, b, lo, hi and a few
    // affine parts A and multiples k: the step gives an affine form exactly
    // when the unit steps from the first corner predict every point (the
    // one candidate when every point is kept), and that form is equal to e
    // at every point.
    Context ctx;
    const Expr d0 = ctx.variable(0), d1 = ctx.variable(1);
    int fits = 0, refused = 0;
    for (int op = 0; op < 3; ++op)
        for (int64_t c = -5; c <= 5; ++c)
            for (int64_t b : {-2, 0, 3})
                for (int64_t lo = -5; lo <= 5; ++lo)
                    for (int64_t hi = lo; hi <= lo + 8; ++hi)
                        for (int shape = 0; shape < 4; ++shape) {
                            if (c >= -1 && c <= 1) continue;
                            const Expr x = d0 + b;
                            const Expr g = op == 0   ? floor_div(x, c)
                                           : op == 1 ? ceil_div(x, c)
                                                     : mod(x, c);
                            const Expr e = shape == 0   ? g
                                           : shape == 1 ? d1 * 2 + g + 3
                                           : shape == 2 ? d0 * 3 + g * -2
                                                        : d1 + g * 5;
                            auto at = [&](int64_t x0, int64_t x1) {
                                return *evaluate(e, {x0, x1});
                            };
                            const int64_t y0 = at(lo, 0);
                            const int64_t s0 = hi > lo ? at(lo + 1, 0) - y0 : 0;
                            const int64_t s1 = at(lo, 1) - y0;
                            bool fit = true;
                            for (int64_t x0 = lo; x0 <= hi; ++x0)
                                for (int64_t x1 = 0; x1 <= 1; ++x1)
                                    fit &= at(x0, x1) == y0 + s0 * (x0 - lo) + s1 * x1;
                            RangeAnalysis ranges({Interval(lo, hi), Interval(0, 1)});
                            const Expr r = enumerated_affine(e, ranges);
                            if (!may_rewrite_whole(e)) continue;  // folded to an affine node
                            ASSERT_EQ(static_cast<bool>(r), fit)
                                << to_string(e) << " over [" << lo << ", " << hi << "]";
                            fits += fit;
                            refused += !fit;
                            if (!r) continue;
                            for (int64_t x0 = lo; x0 <= hi; ++x0)
                                for (int64_t x1 = 0; x1 <= 1; ++x1)
                                    ASSERT_EQ(*evaluate(r, {x0, x1}), at(x0, x1)) << to_string(e);
                        }
    EXPECT_GT(fits, 1000);
    EXPECT_GT(refused, 1000);
    // v + b beyond int64: (d0 + 5) is 2^63 .. 2^63 + 2 in one block of 8,
    // a constant; 2^63 - 2 .. 2^63 crosses one.
    EXPECT_EQ(enumerated("(d0) -> ((d0 + 5) floordiv 8), domain: "
                         "d0 in [9223372036854775803, 9223372036854775805]"),
              "1152921504606846976");
    EXPECT_EQ(enumerated("(d0) -> ((d0 + 5) floordiv 8), domain: "
                         "d0 in [9223372036854775801, 9223372036854775803]"),
              "");
}

}  // namespace
}  // namespace provix::engine
