// Probing a constraint over one variable with few values, called directly: it
// decides nothing where evaluation leaves 128 bits, nor over a range past its limit.
// Merging congruences finds the ones on the same expression wherever they
// stand. Without constraints no pass acts (the simplifier's rounds stop once
// the last constraint is gone).
// What the domain passes do to maps is checked by the examples in
// examples/domain_reasoning.map (simplify_examples_test.cpp).

#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include "domain_passes.h"
#include "enumerated_bounds.h"
#include "nonzero_divisors.h"
#include "provix/parser.h"
#include "provix/semantics.h"

namespace provix {
namespace {

TEST(DomainProbe, ValuesBeyondInt64AreExact) {
    // d0 * 2^62 leaves int64 at every value, and the constraint holds only at
    // d0 = 4 (2^64 is 1 modulo 3; 2^63 is 2, 3 * 2^62 is 0).
    Context ctx;
    auto m = parse_indexing_map(
        ctx, "(d0) -> (d0), domain: d0 in [2, 4], (d0 * 4611686018427387904) mod 3 in [1, 1]");
    ASSERT_TRUE(m.ok());
    EXPECT_TRUE(engine::tighten_by_probing(*m));
    ASSERT_FALSE(m->is_known_empty());
    EXPECT_EQ(m->variable(0).bounds, (Interval{4, 4}));
}

TEST(DomainProbe, AnEvaluationBeyond128BitsDecidesNothing) {
    // 2^186 * d0 modulo 3 is 1 only at d0 = 4, which no evaluation finds:
    // the bounds must not move.
    Context ctx;
    auto m = parse_indexing_map(ctx,
                                "(d0) -> (d0), domain: d0 in [2, 4], (d0 * 4611686018427387904 * "
                                "4611686018427387904 * 4611686018427387904) mod 3 in [1, 1]");
    ASSERT_TRUE(m.ok());
    EXPECT_FALSE(engine::tighten_by_probing(*m));
    ASSERT_FALSE(m->is_known_empty());
    EXPECT_EQ(m->variable(0).bounds, (Interval{2, 4}));
}

TEST(DomainProbe, RangesWiderThanTheLimitAreNotProbed) {
    // 0 is excluded, but d0 has 33 values: the probe does not run.
    Context ctx;
    auto m = parse_indexing_map(ctx, "(d0) -> (d0), domain: d0 in [0, 32], (-d0) mod 2 in [1, 1]");
    ASSERT_TRUE(m.ok());
    EXPECT_FALSE(engine::tighten_by_probing(*m));
    auto small =
        parse_indexing_map(ctx, "(d0) -> (d0), domain: d0 in [0, 31], (-d0) mod 2 in [1, 1]");
    ASSERT_TRUE(small.ok());
    EXPECT_TRUE(engine::tighten_by_probing(*small));
    EXPECT_EQ(small->variable(0).bounds, (Interval{1, 31}));
}

TEST(MergeNegatedConstraints, JoinsAnExpressionToItsProductByMinusOne) {
    // d0 floordiv 3 in [0, 2] is -(d0 floordiv 3) in [-2, 0]: joined to the
    // constraint on -(d0 floordiv 3), the first of the two in the map's
    // order, as [-1, 0]; the other constraint stays.
    Context ctx;
    auto m = parse_indexing_map(ctx,
                                "(d0, d1) -> (d0), domain: d0 in [0, 10], d1 in [0, 10], "
                                "d0 floordiv 3 in [0, 2], d0 + d1 in [0, 15], "
                                "(d0 floordiv 3) * -1 in [-1, 0]");
    ASSERT_TRUE(m.ok());
    std::vector<std::string> trace;
    EXPECT_TRUE(engine::merge_negated_constraints(*m, {&trace, nullptr}));
    EXPECT_EQ(trace, std::vector<std::string>{"negated_intersect"});
    ASSERT_EQ(m->constraints().size(), 2u);
    const std::string text = m->to_string();
    EXPECT_NE(text.find("-(d0 floordiv 3) in [-1, 0]"), std::string::npos) << text;
    EXPECT_EQ(text.find("d0 floordiv 3 in [0, 2]"), std::string::npos) << text;
    EXPECT_NE(text.find("d0 + d1 in [0, 15]"), std::string::npos) << text;
}

TEST(MergeNegatedConstraints, AnEndOfMinusTwoToThe63StaysApart) {
    // -(-2^63) is no int64: the pair is left as it is. With that end on the
    // constraint kept, the other's ends negate and the two join.
    Context ctx;
    auto apart =
        parse_indexing_map(ctx,
                           "(d0, d1) -> (d0), domain: d0 in [-inf, inf], d1 in [-inf, inf], "
                           "d0 - d1 in [0, 5], d1 - d0 in [-9223372036854775808, 3]");
    ASSERT_TRUE(apart.ok());
    EXPECT_FALSE(engine::merge_negated_constraints(*apart));
    EXPECT_EQ(apart->constraints().size(), 2u);
    auto joined =
        parse_indexing_map(ctx,
                           "(d0, d1) -> (d0), domain: d0 in [-inf, inf], d1 in [-inf, inf], "
                           "d0 - d1 in [-9223372036854775808, 5], d1 - d0 in [-3, inf]");
    ASSERT_TRUE(joined.ok());
    EXPECT_TRUE(engine::merge_negated_constraints(*joined));
    ASSERT_EQ(joined->constraints().size(), 1u);
    EXPECT_EQ(joined->constraints()[0].range, Interval::bounded_by(kInt64Min, 3));
}

TEST(MergeNegatedConstraints, RangesThatMissMakeTheMapEmpty) {
    Context ctx;
    auto m = parse_indexing_map(ctx,
                                "(d0, d1) -> (d0), domain: d0 in [0, 9], d1 in [0, 9], "
                                "d0 mod 2 in [0, 0], 2 * d0 - d1 in [1, 4], d1 - 2 * d0 in [0, 8]");
    ASSERT_TRUE(m.ok());
    std::vector<std::string> trace;
    EXPECT_TRUE(engine::merge_negated_constraints(*m, {&trace, nullptr}));
    EXPECT_EQ(trace, std::vector<std::string>{"negated_intersect"});
    EXPECT_TRUE(m->is_known_empty());
    // Sums that are not each other's negation are left alone.
    auto other = parse_indexing_map(ctx,
                                    "(d0, d1) -> (d0), domain: d0 in [0, 9], d1 in [0, 9], "
                                    "d0 - d1 in [0, 4], d1 - d0 * 2 in [0, 8]");
    ASSERT_TRUE(other.ok());
    EXPECT_FALSE(engine::merge_negated_constraints(*other));
}

TEST(MergeCongruences, FindsTheCongruencesOnOneExpressionAmongOthers) {
    // Whatever their places among the other constraints, the two
    // congruences on d0 merge; those on different expressions do not.
    Context ctx;
    for (const char* text :
         {"(d0, d1) -> (d0), domain: d0 in [0, 100], d1 in [0, 100], d0 mod 6 in [2, 2], "
          "d1 mod 5 in [1, 1], d0 + d1 in [3, 150], d0 mod 4 in [0, 0]",
          "(d0, d1) -> (d0), domain: d0 in [0, 100], d1 in [0, 100], d0 mod 4 in [0, 0], "
          "d0 mod 5 in [0, 2], d0 mod 6 in [2, 2], d1 mod 5 in [1, 1]"}) {
        auto m = parse_indexing_map(ctx, text);
        ASSERT_TRUE(m.ok()) << text;
        std::vector<std::string> trace;
        EXPECT_TRUE(engine::merge_congruences(*m, {&trace, nullptr})) << text;
        EXPECT_EQ(trace, std::vector<std::string>{"crt_merge"}) << text;
        EXPECT_EQ(m->constraints().size(), 3u) << text;
    }
    auto apart = parse_indexing_map(ctx,
                                    "(d0, d1) -> (d0), domain: d0 in [0, 100], d1 in [0, 100], "
                                    "d0 mod 6 in [2, 2], d1 mod 4 in [0, 0], d0 + d1 in [3, 150]");
    ASSERT_TRUE(apart.ok());
    EXPECT_FALSE(engine::merge_congruences(*apart));
}

TEST(MergeCongruences, MergesEachExpressionsGroupApart) {
    // Congruences on d0 and on d1 interleaved, three on d0: each group
    // merges into one congruence of its own.
    Context ctx;
    auto m = parse_indexing_map(ctx,
                                "(d0, d1) -> (d0), domain: d0 in [0, 100], d1 in [0, 100], "
                                "d0 mod 2 in [1, 1], d1 mod 3 in [0, 0], d0 mod 3 in [2, 2], "
                                "d1 mod 2 in [0, 0], d0 mod 5 in [0, 0]");
    ASSERT_TRUE(m.ok());
    std::vector<std::string> trace;
    EXPECT_TRUE(engine::merge_congruences(*m, {&trace, nullptr}));
    EXPECT_EQ(trace, (std::vector<std::string>{"crt_merge", "crt_merge"}));
    ASSERT_EQ(m->constraints().size(), 2u);
    const std::string text = m->to_string();
    EXPECT_NE(text.find("d0 mod 30 in [5, 5]"), std::string::npos) << text;
    EXPECT_NE(text.find("d1 mod 6 in [0, 0]"), std::string::npos) << text;
}

TEST(DomainPasses, WithoutConstraintsNoPassActs) {
    // Results that divide by a variable whose bounds hold 0, a range
    // variable of few values, bounds a residue could align: none of it is a
    // constraint, so every pass the simplifier's rounds run
    // (engine::kDomainPasses and drop_decided_constraints) leaves the map as
    // it is and reports nothing.
    std::vector<engine::DomainPass> passes(std::begin(engine::kDomainPasses),
                                           std::end(engine::kDomainPasses));
    passes.push_back(engine::drop_decided_constraints);
    Context ctx;
    auto m = parse_indexing_map(ctx,
                                "(d0, d1)[s0] -> (d0 floordiv s0 + d1 mod 4, s0 * 3 + 1), "
                                "domain: d0 in [0, 9], d1 in [-3, 7], s0 in [0, 2]");
    ASSERT_TRUE(m.ok());
    ASSERT_TRUE(m->constraints().empty());
    const std::string before = m->to_string();
    for (engine::DomainPass pass : passes) {
        std::vector<std::string> trace;
        EXPECT_FALSE(pass(*m, engine::RewriteLog{&trace, nullptr}));
        EXPECT_TRUE(trace.empty());
        EXPECT_EQ(m->to_string(), before);
    }
}

TEST(DomainPasses, ResiduesAlignBoundsUpToTheEndsOfInt64) {
    // align_bounds_to_residues finds the residues in int64 when the offsets
    // fit and in __int128 when not: both give the first and last value of
    // the residue class within the bounds.
    const __int128 kMin = kInt64Min, kMax = kInt64Max;
    struct Case {
        int64_t lo, hi, m, r;
    };
    for (Case k : {Case{-21, -2, 3, 0}, Case{kInt64Min, kInt64Max, 5, 3},
                   Case{kInt64Min, kInt64Min + 10, 7, 6}, Case{kInt64Max - 10, kInt64Max, 7, 0},
                   Case{-4, kInt64Max, 1000, 999}}) {
        Context ctx;
        auto m = parse_indexing_map(ctx, "(d0) -> (d0), domain: d0 in [0, 1], d0 mod " +
                                             std::to_string(k.m) + " in [" + std::to_string(k.r) +
                                             ", " + std::to_string(k.r) + "]");
        ASSERT_TRUE(m.ok());
        m->set_variable_bounds(0, Interval(k.lo, k.hi));
        __int128 lo = k.lo, hi = k.hi;
        while (((lo % k.m) + k.m) % k.m != k.r)
            ++lo;
        while (((hi % k.m) + k.m) % k.m != k.r)
            --hi;
        ASSERT_TRUE(lo >= kMin && hi <= kMax && lo <= hi);
        EXPECT_TRUE(engine::align_bounds_to_residues(*m));
        EXPECT_EQ(m->variable(0).bounds,
                  Interval(static_cast<int64_t>(lo), static_cast<int64_t>(hi)))
            << k.lo << " " << k.hi;
    }
}

}  // namespace
TEST(DomainPasses, RescaleSubstitutesWhereTheVariableOccurs) {
    // s0 := s0 * 4: the results and constraints with s0 are substituted, the
    // others (which skip the walk) stay the very same expressions; both as
    // substitute gives them.
    Context ctx;
    auto m = parse_indexing_map(ctx,
                                "(d0)[s0, s1] -> (d0, s1, s0 + d0), domain: d0 in [0, 3], "
                                "s0 in [0, 8], s1 in [0, 5], s0 mod 4 in [0, 0], "
                                "d0 + s1 in [0, 7], s0 + s1 in [0, 9]");
    ASSERT_TRUE(m.ok());
    const IndexingMap before = *m;
    std::vector<Expr> repl(3);
    repl[1] = ctx.variable(1) * 4;
    ASSERT_TRUE(engine::rescale_symbols(*m));
    EXPECT_EQ(m->variable(1).bounds, Interval(0, 2));
    ASSERT_EQ(m->results().size(), 3u);
    for (size_t i = 0; i < 3; ++i)
        EXPECT_EQ(m->results()[i], substitute(before.results()[i], repl)) << i;
    EXPECT_EQ(m->results()[0], before.results()[0]);
    EXPECT_NE(m->results()[2], before.results()[2]);
    std::vector<Constraint> expected;
    for (const Constraint& c : before.constraints())
        if (c.expr.kind() != ExprKind::Mod)
            expected.push_back(Constraint{substitute(c.expr, repl), c.range});
    IndexingMap want = before;
    want.set_constraints(expected);
    EXPECT_EQ(m->constraints(), want.constraints());
}

TEST(TightenBounds, AVariableSetIsScannedAgainOnceOthersNarrowItsBounds) {
    // d0 * d1 and max(...) are over {d0, d1}; d1 * 4 + d2, between them,
    // narrows d1 to 6. The first {d0, d1} scan gives d0 <= 5; the set is
    // scanned again after d1 narrows (d0 <= 4), though it was scanned
    // before in the same call.
    Context ctx;
    auto m = parse_indexing_map(ctx,
                                "(d0, d1, d2) -> (d0), domain: d0 in [0, 7], d1 in [0, 7], "
                                "d2 in [0, 3], d0 * d1 in [0, 49], d1 * 4 + d2 in [24, 27], "
                                "max(d0 * 2, d1 + d0) in [0, 10]");
    ASSERT_TRUE(m.ok());
    ASSERT_EQ(m->constraints().size(), 3u);
    ASSERT_EQ(to_string(m->constraints()[1].expr), "v1 * 4 + v2");  // between the two
    EXPECT_TRUE(engine::tighten_bounds_by_enumeration(*m));
    EXPECT_EQ(m->variable(0).bounds, Interval(0, 4));
    EXPECT_EQ(m->variable(1).bounds, Interval(6, 6));
    // A second call finds nothing left to narrow.
    EXPECT_FALSE(engine::tighten_bounds_by_enumeration(*m));
}

TEST(TightenBounds, NarrowsExactlyWhenSomeTermCanNarrow) {
    // The pass skips a constraint whose terms provably narrow nothing; it
    // must still narrow at every edge. Reference: term a*v narrows v when
    // a*v at one end of v's bounds plus the other terms' range misses the
    // constraint's range.
    Context ctx;
    struct Term {
        int64_t coef, lo, hi;
    };
    const std::vector<std::vector<Term>> sums = {
        {{1, 0, 15}, {1, 0, 7}}, {{1, 0, 15}, {-1, 0, 7}}, {{2, 0, 15}, {-3, 1, 7}, {1, -4, 4}}};
    for (const std::vector<Term>& terms : sums) {
        for (int64_t clo = -40; clo <= 40; clo += 3) {
            for (int64_t chi = clo; chi <= 50; chi += 4) {
                std::string dims, bounds, sum;
                bool narrows = false;
                for (size_t i = 0; i < terms.size(); ++i) {
                    const std::string d = "d" + std::to_string(i);
                    dims += (i ? ", " : "") + d;
                    bounds += d + " in [" + std::to_string(terms[i].lo) + ", " +
                              std::to_string(terms[i].hi) + "], ";
                    sum += (i ? " + " : "") + d + " * " + std::to_string(terms[i].coef);
                    int64_t rest_lo = 0, rest_hi = 0;
                    for (size_t j = 0; j < terms.size(); ++j) {
                        if (j == i) continue;
                        const Term& t = terms[j];
                        rest_lo += std::min(t.coef * t.lo, t.coef * t.hi);
                        rest_hi += std::max(t.coef * t.lo, t.coef * t.hi);
                    }
                    for (int64_t v : {terms[i].lo, terms[i].hi}) {
                        const int64_t av = terms[i].coef * v;
                        narrows = narrows || av + rest_lo > chi || av + rest_hi < clo;
                    }
                }
                const std::string text = "(" + dims + ") -> (d0), domain: " + bounds + sum +
                                         " in [" + std::to_string(clo) + ", " +
                                         std::to_string(chi) + "]";
                auto m = parse_indexing_map(ctx, text);
                ASSERT_TRUE(m.ok()) << text;
                EXPECT_EQ(engine::tighten_bounds_from_linear_constraints(*m), narrows) << text;
            }
        }
    }
}

}  // namespace provix
