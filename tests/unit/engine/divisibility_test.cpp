// The congruences of the divisibility analysis: divisibility tests at the
// ends of int64, the Chinese remainder merge, and congruences whose
// intermediate moduli leave 64 bits (the gcd steps on 128-bit values).

#include "divisibility.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "provix/expr.h"
#include "provix/indexing_map.h"
#include "provix/semantics.h"
#include "support/box_points.h"

namespace provix::engine {
namespace {

constexpr int64_t k2to40 = int64_t{1} << 40;

TEST(Divisibility, DivisibleByAtTheEndsOfInt64) {
    EXPECT_TRUE((ModRem{0, kInt64Min}.divisible_by(kInt64Min)));
    EXPECT_TRUE((ModRem{0, kInt64Min}.divisible_by(-1)));
    EXPECT_TRUE((ModRem{0, kInt64Min}.divisible_by(2)));
    EXPECT_FALSE((ModRem{0, kInt64Min}.divisible_by(3)));
    EXPECT_FALSE((ModRem{0, kInt64Max}.divisible_by(kInt64Min)));
    EXPECT_TRUE((ModRem{0, -12}.divisible_by(-4)));
    EXPECT_FALSE((ModRem{0, -12}.divisible_by(5)));
    EXPECT_TRUE((ModRem{12, 4}.divisible_by(-4)));
    EXPECT_FALSE((ModRem{12, 4}.divisible_by(8)));   // 16 is, 4 is not
    EXPECT_FALSE((ModRem{12, 0}.divisible_by(24)));  // 12 is not
    EXPECT_FALSE((ModRem{12, 0}.divisible_by(0)));
    EXPECT_TRUE((ModRem{0, 0}.divisible_by(0)));
}

TEST(Divisibility, ResidueModuloADivisorOfTheModulus) {
    EXPECT_EQ((ModRem{6, 3}.residue_modulo(2)), 1);
    EXPECT_EQ((ModRem{6, 3}.residue_modulo(3)), 0);
    EXPECT_EQ((ModRem{6, 3}.residue_modulo(6)), 3);
    EXPECT_EQ((ModRem{6, 3}.residue_modulo(4)), std::nullopt);   // 3, 9, 15: 3 or 1
    EXPECT_EQ((ModRem{6, 3}.residue_modulo(12)), std::nullopt);  // 3 or 9
    EXPECT_EQ((ModRem{6, 3}.residue_modulo(0)), std::nullopt);
    EXPECT_EQ((ModRem{6, 3}.residue_modulo(-2)), std::nullopt);  // only positive moduli
    EXPECT_EQ((ModRem{1, 0}.residue_modulo(2)), std::nullopt);   // nothing known
    EXPECT_EQ((ModRem{1, 0}.residue_modulo(1)), 0);
    // A known value (modulus 0) of either sign, up to the ends of int64.
    EXPECT_EQ((ModRem{0, -7}.residue_modulo(4)), 1);
    EXPECT_EQ((ModRem{0, kInt64Min}.residue_modulo(3)), 1);  // -2^63 = 3 * k + 1
    EXPECT_EQ((ModRem{0, kInt64Max}.residue_modulo(kInt64Max)), 0);
    EXPECT_EQ((ModRem{kInt64Max, kInt64Max - 1}.residue_modulo(kInt64Max)), kInt64Max - 1);
}

TEST(Divisibility, ChineseRemainders) {
    bool empty = true;
    std::optional<ModRem> r = combine_exact({4, 1}, {3, 2}, &empty);
    ASSERT_TRUE(r);
    EXPECT_FALSE(empty);
    EXPECT_EQ(r->modulus, 12);
    EXPECT_EQ(r->remainder, 5);
    combine_exact({4, 1}, {6, 2}, &empty);  // odd and even
    EXPECT_TRUE(empty);
    r = combine_exact({k2to40 * 3, 7}, {k2to40 * 5, 7}, &empty);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->modulus, k2to40 * 15);
    EXPECT_EQ(r->remainder, 7);
}

TEST(Divisibility, SmallModuliCombineAsByEnumeration) {
    // combine_exact takes an int64 path for moduli up to 2^31: every pair of
    // small congruences gives the one solution below the lcm found by
    // enumeration, or empty when there is none.
    for (int64_t m1 = 1; m1 <= 12; ++m1)
        for (int64_t m2 = 1; m2 <= 12; ++m2)
            for (int64_t r1 = 0; r1 < m1; ++r1)
                for (int64_t r2 = 0; r2 < m2; ++r2) {
                    int64_t l = m1;
                    while (l % m2 != 0)
                        l += m1;
                    int64_t x = 0;
                    while (x < l && (x % m1 != r1 || x % m2 != r2))
                        ++x;
                    bool empty = false;
                    std::optional<ModRem> r = combine_exact({m1, r1}, {m2, r2}, &empty);
                    ASSERT_TRUE(r);
                    ASSERT_EQ(empty, x == l) << m1 << " " << r1 << " " << m2 << " " << r2;
                    if (empty) continue;
                    EXPECT_EQ(r->modulus, l);
                    EXPECT_EQ(r->remainder, x) << m1 << " " << r1 << " " << m2 << " " << r2;
                }
    // At and just past the int64 path's largest modulus, the same solution.
    for (int64_t m1 : {(int64_t{1} << 31) - 1, int64_t{1} << 31, (int64_t{1} << 31) + 1}) {
        const int64_t m2 = (int64_t{1} << 31) - 3;  // odd, coprime with each m1
        bool empty = true;
        std::optional<ModRem> r = combine_exact({m1, m1 - 2}, {m2, 12345}, &empty);
        ASSERT_TRUE(r);
        EXPECT_FALSE(empty);
        EXPECT_EQ(r->modulus, m1 * m2);
        EXPECT_EQ(r->remainder % m1, m1 - 2);
        EXPECT_EQ(r->remainder % m2, 12345);
    }
}

TEST(Divisibility, NothingKnownCombinesToTheOtherCongruence) {
    // x == 0 (mod 1) says nothing: combined with a congruence in canonical
    // form, in either order, it gives that congruence, up to the largest
    // modulus.
    const ModRem nothing{1, 0};
    for (ModRem c : {ModRem{1, 0}, ModRem{2, 1}, ModRem{6, 4}, ModRem{k2to40 * 5, 7},
                     ModRem{kInt64Max, kInt64Max - 1}, ModRem{kInt64Max, 0}}) {
        for (bool nothing_first : {true, false}) {
            bool empty = true;
            std::optional<ModRem> r = nothing_first ? combine_exact(nothing, c, &empty)
                                                    : combine_exact(c, nothing, &empty);
            ASSERT_TRUE(r);
            EXPECT_FALSE(empty);
            EXPECT_EQ(r->modulus, c.modulus);
            EXPECT_EQ(r->remainder, c.remainder);
        }
    }
}

TEST(Divisibility, NegatedFactKeepsACanonicalRemainder) {
    Context ctx;
    Expr d0 = ctx.variable(0);
    // d0 == 4 (mod 6): -d0 == -4 == 2 (mod 6), d0 * 3 + 1 == 13 == 1 (mod 18).
    const std::vector<Constraint> constraints = {{mod(d0, 6), Interval::point(4)}};
    DivisibilityAnalysis a(constraints);
    const ModRem fact = a.of(d0), neg = a.of(d0 * -1), affine = a.of(d0 * 3 + 1);
    EXPECT_EQ(fact.modulus, 6);
    EXPECT_EQ(fact.remainder, 4);
    EXPECT_EQ(neg.modulus, 6);
    EXPECT_EQ(neg.remainder, 2);
    EXPECT_EQ(affine.modulus, 18);
    EXPECT_EQ(affine.remainder, 13);
}

TEST(Divisibility, ACongruenceOnAProductIsOneOnItsFactor) {
    // d0 * 5 == 1 (mod 2) makes d0 odd; -d1 == 0 (mod 2) makes d1 even;
    // d2 * 6 == 4 (mod 8) makes d2 * 3 == 2 (mod 4), so d2 == 2 (mod 4);
    // d3 * 4 == 2 (mod 8) has no solution: nothing is derived (the domain
    // passes find the map empty).
    Context ctx;
    Expr d0 = ctx.variable(0), d1 = ctx.variable(1), d2 = ctx.variable(2), d3 = ctx.variable(3);
    const std::vector<Constraint> constraints = {
        {mod(d0 * 5, 2), Interval::point(1)},
        {mod(d1 * -1, 2), Interval::point(0)},
        {mod(d2 * 6, 8), Interval::point(4)},
        {mod(d3 * 4, 8), Interval::point(2)},
    };
    DivisibilityAnalysis a(constraints);
    auto congruence = [&](Expr x) {
        const ModRem f = a.of(x);
        return std::make_pair(f.modulus, f.remainder);
    };
    EXPECT_EQ(congruence(d0), std::make_pair(int64_t{2}, int64_t{1}));
    EXPECT_EQ(congruence(d1), std::make_pair(int64_t{2}, int64_t{0}));
    EXPECT_EQ(congruence(d2), std::make_pair(int64_t{4}, int64_t{2}));
    EXPECT_EQ(a.of(d3).modulus, 1);
}

TEST(Divisibility, TermsExceptOneAreTheSumOfTheOthers) {
    // d1 == 1 (mod 4): of `d0 + d1 * 6 + (d2 mod 3) * 9 + 5` without d0,
    // 6 + 5 (mod gcd(24, 9)), that is 2 (mod 3); without any operand, the
    // congruence of the sum of the others built as an expression.
    Context ctx;
    Expr d0 = ctx.variable(0), d1 = ctx.variable(1), d2 = ctx.variable(2);
    const std::vector<Constraint> constraints = {{mod(d1, 4), Interval::point(1)}};
    DivisibilityAnalysis a(constraints);
    const Expr sum = d0 + d1 * 6 + mod(d2, 3) * 9 + 5;
    ASSERT_EQ(sum.kind(), ExprKind::Add);
    bool saw_d0 = false;
    for (size_t j = 0; j < sum.num_operands(); ++j) {
        Expr others = ctx.constant(0);
        for (size_t i = 0; i < sum.num_operands(); ++i)
            if (i != j) others = others + sum.operand(i);
        const ModRem rest = a.of_terms_except(sum, j), built = a.of(others);
        EXPECT_EQ(rest.modulus, built.modulus) << "without operand " << j;
        EXPECT_EQ(rest.remainder, built.remainder) << "without operand " << j;
        if (sum.operand(j) == d0) {
            saw_d0 = true;
            EXPECT_EQ(rest.modulus, 3);
            EXPECT_EQ(rest.remainder, 2);
        }
    }
    EXPECT_TRUE(saw_d0);
}

TEST(Divisibility, SumWithATermOfNoCongruence) {
    // A sum with a bare variable without a fact, or with a term of modulus
    // 1 anywhere, is unknown (the analysis answers without the other
    // terms); a variable with a fact still counts.
    Context ctx;
    Expr d0 = ctx.variable(0), d1 = ctx.variable(1), d2 = ctx.variable(2);
    const std::vector<Constraint> constraints = {{mod(d1, 2), Interval::point(1)}};
    DivisibilityAnalysis no_facts, facts(constraints);
    for (DivisibilityAnalysis* a : {&no_facts, &facts}) {
        const ModRem bare = a->of(d0 * 4 + d2 + 2), inner = a->of(d0 * 4 + (d2 * d2) * 2 + 1);
        EXPECT_EQ(bare.modulus, 1);
        EXPECT_EQ(bare.remainder, 0);
        EXPECT_EQ(inner.modulus, 2);
        EXPECT_EQ(inner.remainder, 1);
    }
    DivisibilityAnalysis with_fact(constraints);
    const ModRem odd = with_fact.of(d0 * 4 + d1 + 2);  // 4k + (2j + 1) + 2
    EXPECT_EQ(odd.modulus, 2);
    EXPECT_EQ(odd.remainder, 1);
    DivisibilityAnalysis none;
    const ModRem unknown = none.of(d0 * 4 + d1 + 2);
    EXPECT_EQ(unknown.modulus, 1);
    EXPECT_EQ(unknown.remainder, 0);
}

/// True if every point of [-12, 12]^3 (variables 0..2) that meets the
/// constraints gives `e` a value congruent to `c` (a value at all).
bool holds_on_grid(const std::vector<Constraint>& constraints, Expr e, ModRem c) {
    const std::vector<Interval> box(3, Interval(-12, 12));
    std::vector<int64_t> p = testing_support::first_point(box);
    do {
        if (!testing_support::meets_constraints(constraints, p)) continue;
        const Result<int64_t> v = evaluate(e, p);
        if (!v.ok()) return false;
        const int64_t diff = v.value() - c.remainder;
        if (c.modulus == 0 ? diff != 0 : diff % c.modulus != 0) return false;
    } while (testing_support::next_point(p, box));
    return true;
}

TEST(Divisibility, ASumHoldingAMultipleOfAConstrainedSumTakesItsCongruence) {
    // (d0 + d1 * 7) mod 4 in [0, 0]: -d0 - d1 * 7 is -1 times that sum, a
    // multiple of 4; d0 * 3 + d1 * 21 + d2 * 8 + 5 is 3 times it plus
    // d2 * 8 + 5, so 1 (mod 4). The terms alone say nothing (d0 and d1 have
    // no congruence of their own).
    Context ctx;
    Expr d0 = ctx.variable(0), d1 = ctx.variable(1), d2 = ctx.variable(2);
    const std::vector<Constraint> constraints = {{mod(d0 + d1 * 7, 4), Interval::point(0)}};
    DivisibilityAnalysis a(constraints);
    const Expr negated = d0 * -1 + d1 * -7, scaled = d0 * 3 + d1 * 21 + d2 * 8 + 5;
    const ModRem n = a.of(negated), s = a.of(scaled);
    EXPECT_EQ(std::make_pair(n.modulus, n.remainder), std::make_pair(int64_t{4}, int64_t{0}));
    EXPECT_EQ(std::make_pair(s.modulus, s.remainder), std::make_pair(int64_t{4}, int64_t{1}));
    EXPECT_TRUE(holds_on_grid(constraints, negated, n));
    EXPECT_TRUE(holds_on_grid(constraints, scaled, s));
    EXPECT_EQ(a.of(d0).modulus, 1);
    EXPECT_EQ(a.of(d1).modulus, 1);
}

TEST(Divisibility, AnEqualityOnASumGivesItsMultiplesTheirValue) {
    // d0 + d1 * 2 in [5, 5]: d0 * 3 + d1 * 6 + 1 is 16, and
    // -d0 - d1 * 2 + d2 * 4 is -5 + 4k, 3 (mod 4).
    Context ctx;
    Expr d0 = ctx.variable(0), d1 = ctx.variable(1), d2 = ctx.variable(2);
    const std::vector<Constraint> constraints = {{d0 + d1 * 2, Interval::point(5)}};
    DivisibilityAnalysis a(constraints);
    const Expr tripled = d0 * 3 + d1 * 6 + 1, negated = d0 * -1 + d1 * -2 + d2 * 4;
    const ModRem t = a.of(tripled), n = a.of(negated);
    EXPECT_EQ(std::make_pair(t.modulus, t.remainder), std::make_pair(int64_t{0}, int64_t{16}));
    EXPECT_EQ(std::make_pair(n.modulus, n.remainder), std::make_pair(int64_t{4}, int64_t{3}));
    EXPECT_TRUE(holds_on_grid(constraints, tripled, t));
    EXPECT_TRUE(holds_on_grid(constraints, negated, n));
}

TEST(Divisibility, NoCommonMultipleOrAnUnknownRestClaimsNothing) {
    // (d0 + d1 * 7) mod 4 in [0, 0]: d0 * 2 + d1 * 7 holds no one multiple
    // of the sum (2 and 1 differ), d0 + d1 * 7 + d2 has a rest of no
    // congruence, and d0 + d2 * 7 lacks d1: none gets a congruence. Nor does
    // d0 * 2 + d1 * 14, twice a sum whose constant, doubled, leaves int64
    // (then the rest's constant has no int64 value).
    Context ctx;
    Expr d0 = ctx.variable(0), d1 = ctx.variable(1), d2 = ctx.variable(2);
    const std::vector<Constraint> constraints = {
        {mod(d0 + d1 * 7, 4), Interval::point(0)},
        {mod(d0 + d1 * 7 + int64_t{9000000000000000000}, 8), Interval::point(0)},
    };
    DivisibilityAnalysis a(constraints);
    for (Expr e : {d0 * 2 + d1 * 7, d0 + d1 * 7 + d2, d0 + d2 * 7})
        EXPECT_EQ(a.of(e).modulus, 1) << e;
    // Twice the first sum: a multiple of 8 (from the first constraint; the
    // second, whose doubled constant leaves int64, adds nothing).
    const ModRem doubled = a.of(d0 * 2 + d1 * 14);
    EXPECT_EQ(std::make_pair(doubled.modulus, doubled.remainder),
              std::make_pair(int64_t{8}, int64_t{0}));
}

TEST(Divisibility, ModuliBeyondSixtyFourBits) {
    Context ctx;
    Expr d0 = ctx.variable(0), d1 = ctx.variable(1);
    // d0 ≡ 0 and d1 ≡ 3 (mod 2^40): the product's congruence starts from
    // gcd(2^80, 3 * 2^40), which is 2^40.
    const std::vector<Constraint> constraints = {{mod(d0, k2to40), Interval::point(0)},
                                                 {mod(d1, k2to40), Interval::point(3)}};
    DivisibilityAnalysis a(constraints);
    const ModRem p = a.of(d0 * d1);
    EXPECT_EQ(p.modulus, k2to40);
    EXPECT_EQ(p.remainder, 0);
    const ModRem s = a.of(d1 * 2 + 1);
    EXPECT_EQ(s.modulus, 2 * k2to40);
    EXPECT_EQ(s.remainder, 7);
    // d1 * d1: gcd(2^80, 3 * 2^40, 3 * 2^40) = 2^40, remainder 9.
    const ModRem q = a.of(d1 * d1);
    EXPECT_EQ(q.modulus, k2to40);
    EXPECT_EQ(q.remainder, 9);
}

TEST(Divisibility, ConstraintsFromARangeAreTheSameFacts) {
    Context ctx;
    Expr d0 = ctx.variable(0), d1 = ctx.variable(1), d2 = ctx.variable(2);
    // The last one says the most: with it, d2 is 1 (mod 4) and the sum's
    // terms follow (div_sum_term).
    const std::vector<Constraint> constraints = {{mod(d0, 6), Interval::point(4)},
                                                 {mod(d1 * 3 + d2, 4), Interval::point(0)},
                                                 {mod(d2, 4), Interval::point(1)}};
    DivisibilityAnalysis from_vector(constraints);
    DivisibilityAnalysis from_range(constraints.data(), constraints.data() + constraints.size());
    for (Expr e : {d0, d1, d2, d0 * 2 + d2, d1 * 3 + d2 + 5}) {
        const ModRem v = from_vector.of(e), r = from_range.of(e);
        EXPECT_EQ(v.modulus, r.modulus) << to_string(e);
        EXPECT_EQ(v.remainder, r.remainder) << to_string(e);
    }
    const ModRem x = from_range.of(d2);
    EXPECT_EQ(x.modulus, 4);
    EXPECT_EQ(x.remainder, 1);
    // Only the first two: nothing on d2 alone but what the sum gives.
    DivisibilityAnalysis first_two(constraints.data(), constraints.data() + 2);
    EXPECT_EQ(first_two.of(d0).modulus, 6);
    EXPECT_FALSE((first_two.of(d2).modulus == 4 && first_two.of(d2).remainder == 1));
}

TEST(Divisibility, TheFactsReachingAnExpressionAnswerAsAllTheFacts) {
    Context ctx;
    const Expr d0 = ctx.variable(0), d1 = ctx.variable(1), d2 = ctx.variable(2),
               d3 = ctx.variable(3);
    const Constraint on_d0{mod(d0, 3), Interval::point(0)};
    const Constraint on_sum{mod(d1 + d2, 4), Interval::point(1)};
    const Constraint on_d2{mod(d2, 2), Interval::point(0)};
    const Constraint on_d3{mod(d3 * 5, 7), Interval::point(3)};
    const Constraint no_mod{d1 + d0, Interval(0, 9)};
    const std::vector<Constraint> all = {on_d0, on_sum, no_mod, on_d2, on_d3};
    SmallVector<Constraint, 8> kept(all.begin(), all.end());
    // d1 reaches the sum's congruence, and through d2 the one on d2; d0 and
    // d3 are apart, and a constraint that is no mod gives no fact.
    keep_facts_reaching(d1 * 2, &kept);
    ASSERT_EQ(kept.size(), 2u);
    EXPECT_EQ(kept[0], on_sum);
    EXPECT_EQ(kept[1], on_d2);
    DivisibilityAnalysis full(all), reaching(kept.begin(), kept.end());
    for (const Expr x : {d1, d2, d1 * 2, d1 + d2, d1 * 3 + 1, d2 * 4 + d1}) {
        EXPECT_EQ(reaching.of(x).modulus, full.of(x).modulus);
        EXPECT_EQ(reaching.of(x).remainder, full.of(x).remainder);
    }
    EXPECT_EQ(reaching.of(d1).modulus, 2);  // odd: d2 is even, d1 + d2 is 1 mod 4
    // From d0 only its own congruence; from d3 only its own.
    SmallVector<Constraint, 8> from_d0(all.begin(), all.end());
    keep_facts_reaching(d0 + 1, &from_d0);
    ASSERT_EQ(from_d0.size(), 1u);
    EXPECT_EQ(from_d0[0], on_d0);
    SmallVector<Constraint, 8> from_d3(all.begin(), all.end());
    keep_facts_reaching(floor_div(d3, 2), &from_d3);
    ASSERT_EQ(from_d3.size(), 1u);
    EXPECT_EQ(from_d3[0], on_d3);
    // A variable the node masks do not show (id 64 or more): all are kept.
    SmallVector<Constraint, 8> high(all.begin(), all.end());
    keep_facts_reaching(ctx.variable(70) + d0, &high);
    EXPECT_EQ(high.size(), all.size());
}

}  // namespace
}  // namespace provix::engine
