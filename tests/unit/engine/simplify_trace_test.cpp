// The trace and the counters of `simplify` name exactly the rules and lemmas
// of the steps that make the result: a rewrite that is thrown away is not
// named, and a step that changes the map is named once per change.

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "provix/parser.h"
#include "provix/simplify.h"
#include "support/simplified_text.h"

namespace provix {
namespace {

using testing_support::printed;
using testing_support::simplify_text;
using Names = std::vector<std::string>;

/// The rule and lemma counts of simplifying `text` (what `--stats` prints).
std::map<std::string, int64_t> counts_of(const std::string& text) {
    Context ctx;
    auto m = parse_indexing_map(ctx, text);
    EXPECT_TRUE(m.ok()) << text;
    std::map<std::string, int64_t> counters;
    if (!m.ok()) return counters;
    SimplifyOptions options;
    options.counters = &counters;
    simplify(*m, options);
    return counters;
}

TEST(SimplifyTrace, ADivisorFixedAtZeroStaysAndNothingIsNamed) {
    // d1 is 0 on the whole domain, so the quotient is undefined everywhere
    // and keeps its divisor: fixed_value's rewrite of d1 is not used.
    const std::string map = "(d0, d1) -> (d0 floordiv d1), domain: d0 in [0, 10], d1 in [0, 0]";
    const testing_support::Simplified s = simplify_text(map);
    EXPECT_EQ(s.text, printed(map));
    EXPECT_EQ(s.trace, Names{});
    EXPECT_TRUE(counts_of(map).empty());
    // A divisor that becomes 0 through its operands stays whole too.
    const std::string scaled =
        "(d0, d1) -> (d0 mod (d1 * 2 + d1)), domain: d0 in [0, 10], d1 in [0, 0]";
    EXPECT_EQ(simplify_text(scaled).trace, Names{});
    EXPECT_TRUE(counts_of(scaled).empty());
}

TEST(SimplifyTrace, ARewriteInAKeptDivisorIsNamedWhereItIsUsed) {
    // The rewrite of d1 to 0 is thrown away in the divisor and used in the
    // second result: named once, whichever result comes first.
    for (const char* text :
         {"(d0, d1) -> (d0 floordiv d1, d1), domain: d0 in [0, 10], d1 in [0, 0]",
          "(d0, d1) -> (d1, d0 floordiv d1), domain: d0 in [0, 10], d1 in [0, 0]"}) {
        const testing_support::Simplified s = simplify_text(text);
        EXPECT_EQ(s.trace, Names{"fixed_value"}) << text;
        EXPECT_EQ(counts_of(text), (std::map<std::string, int64_t>{{"fixed_value", 1}})) << text;
    }
    EXPECT_EQ(simplify_text("(d0, d1) -> (d0 floordiv d1, d1), domain: d0 in [0, 10], "
                            "d1 in [0, 0]")
                  .text,
              printed("(d0, d1) -> (d0 floordiv d1, 0), domain: d0 in [0, 10], d1 in [0, 0]"));
}

TEST(SimplifyTrace, ADivisorThatSimplifiesToAnotherDivisorIsNamed) {
    // d0 + d1 with d0 fixed at 0 becomes d1, which is no zero: the rewrite
    // is used and named.
    const testing_support::Simplified s =
        simplify_text("(d0, d1) -> (d1 floordiv (d0 + d1)), domain: d0 in [0, 0], d1 in [1, 9]");
    EXPECT_EQ(s.text, printed("(d0, d1) -> (1), domain: d0 in [0, 0], d1 in [1, 9]"));
    EXPECT_TRUE(s.fired("fixed_value"));
}

TEST(SimplifyTrace, AConstraintBecomingALaterOnesExpressionIsIntersectedWithIt) {
    // `d0 mod 4 + d1` (d1 is 0) becomes `d0 mod 4`, the expression of the
    // constraint after it: the two ranges are intersected. (d0's bounds
    // have residues 1 and 2 already: no residue lemma moves them.)
    const testing_support::Simplified s = simplify_text(
        "(d0, d1) -> (d0), domain: d0 in [1, 98], d1 in [0, 0], "
        "d0 mod 4 + d1 in [0, 2], d0 mod 4 in [1, 3]");
    EXPECT_EQ(s.text, printed("(d0, d1) -> (d0), domain: d0 in [1, 98], d1 in [0, 0], "
                              "d0 mod 4 in [1, 2]"));
    EXPECT_EQ(s.trace, (Names{"fixed_value", "bounds_intersect"}));
}

TEST(SimplifyTrace, AConstraintBecomingAnEarlierOnesExpressionIsIntersectedWithIt) {
    // `(d0 * d1) floordiv 7 in [0, 0]` becomes `d0 * d1 in [0, 6]`, the
    // constraint before it.
    const testing_support::Simplified s = simplify_text(
        "(d0, d1) -> (d0), domain: d0 in [0, 10], d1 in [0, 10], "
        "d0 * d1 in [0, 6], (d0 * d1) floordiv 7 in [0, 0]");
    EXPECT_EQ(s.trace, (Names{"cst_floordiv", "bounds_intersect"}));
}

TEST(SimplifyTrace, ConstraintsOnDistinctExpressionsAreNotIntersected) {
    // The first changes (d1 is 0), into an expression no other has. (d0's
    // bounds have residues in both ranges: no residue lemma moves them.)
    const testing_support::Simplified s = simplify_text(
        "(d0, d1) -> (d0), domain: d0 in [1, 98], d1 in [0, 0], "
        "d0 mod 4 + d1 in [0, 2], d0 mod 5 in [1, 3]");
    EXPECT_EQ(s.trace, Names{"fixed_value"});
}

TEST(SimplifyTrace, AConstraintBecomingAConstantIsDecided) {
    // `d1 floordiv 8` is 0 on d1 in [0, 7]: the constraint holds and goes
    // (decided_holds), twice for two of them (no intersection of the two).
    const std::string holds =
        "(d0, d1) -> (d0), domain: d0 in [0, 10], d1 in [0, 7], d1 floordiv 8 in [0, 5], "
        "(d1 + 1) floordiv 9 in [-1, 1], d0 mod 3 in [0, 1]";
    const testing_support::Simplified s = simplify_text(holds);
    EXPECT_EQ(s.text, printed("(d0, d1) -> (d0), domain: d0 in [0, 10], d1 in [0, 7], "
                              "d0 mod 3 in [0, 1]"));
    EXPECT_EQ(s.trace, (Names{"fixed_value", "decided_holds", "fixed_value", "decided_holds"}));
    EXPECT_EQ(counts_of(holds),
              (std::map<std::string, int64_t>{{"decided_holds", 2}, {"fixed_value", 2}}));
}

TEST(SimplifyTrace, AConstraintThatCanNeverHoldEmptiesTheMapAndNothingAfterItIsNamed) {
    // `d1 floordiv 8` is 0, outside [1, 5]: the map is empty, and the
    // rewrites of the constraints after it would not be part of the result.
    const testing_support::Simplified s = simplify_text(
        "(d0, d1) -> (d0), domain: d0 in [0, 10], d1 in [0, 7], d1 floordiv 8 in [1, 5], "
        "d0 mod 3 + d1 floordiv 8 in [0, 1]");
    EXPECT_EQ(s.text, "KNOWN EMPTY");
    EXPECT_EQ(s.trace, (Names{"fixed_value", "decided_empty"}));
}

TEST(SimplifyTrace, OnceTheMapIsEmptyNoLaterConstraintIsSimplified) {
    // d0 + d1 becomes d0, whose bounds [0, 10] miss [20, 30]: the map is
    // empty there; the rewrites of the constraint after it are not named.
    EXPECT_EQ(simplify_text("(d0, d1) -> (d0), domain: d0 in [0, 10], d1 in [0, 0], "
                            "d0 + d1 in [20, 30], (d0 * 2 + 4) floordiv 2 + d0 mod 3 in [0, 20]")
                  .trace,
              (Names{"fixed_value", "bounds_intersect"}));
    // An odd value of an even sum: the range becomes empty (cst_scale).
    const testing_support::Simplified s = simplify_text(
        "(d0, d1) -> (d0), domain: d0 in [0, 10], d1 in [0, 10], d0 * 2 + d1 * 4 in [3, 3], "
        "(d1 * 2 + 4) floordiv 2 + d0 mod 3 in [0, 20]");
    EXPECT_EQ(s.text, "KNOWN EMPTY");
    EXPECT_EQ(s.trace, Names{"cst_scale"});
    // Two constraints that become one expression with disjoint ranges (the
    // one node d1 is rewritten once, wherever it occurs).
    EXPECT_EQ(simplify_text("(d0, d1) -> (d0), domain: d0 in [0, 100], d1 in [0, 0], "
                            "d0 mod 4 + d1 in [0, 1], d0 mod 4 + d1 * 2 in [2, 3], "
                            "(d0 * 2) floordiv 2 + d0 mod 5 in [0, 200]")
                  .trace,
              (Names{"fixed_value", "bounds_intersect"}));
}

}  // namespace
}  // namespace provix
