// The matcher's pieces: the partition candidates a sum pattern `c0 * X + Y`
// tries, in order, and rules beyond the tracked-conjunct limit.

#include "rule_matcher.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <new>
#include <optional>
#include <set>
#include <string>
#include <tuple>

#include "bit_count.h"
#include "divisibility.h"
#include "partition_candidates.h"
#include "provix/parser.h"
#include "provix/rules/rule.h"
#include "provix/semantics.h"
#include "range_analysis.h"
#include "rule_table.h"

namespace provix::engine {
namespace {

/// Terms with these coefficients (the candidates read only coefficients).
std::vector<SumTerm> terms_with(const std::vector<int64_t>& coefs) {
    std::vector<SumTerm> out;
    for (int64_t c : coefs)
        out.push_back(SumTerm{Expr(), c, Expr()});
    return out;
}

std::vector<uint64_t> all_candidates(const std::vector<SumTerm>& terms, uint64_t remaining) {
    PartitionCandidates c(terms, remaining);
    std::vector<uint64_t> out;
    for (uint64_t s = 0; c.next(s);)
        out.push_back(s);
    return out;
}

TEST(PartitionCandidates, SmallSumsLargerSubsetsFirstThenInNumericOrder) {
    auto terms = terms_with({4, 1, 2});
    EXPECT_EQ(all_candidates(terms, 0b111),
              (std::vector<uint64_t>{0b111, 0b011, 0b101, 0b110, 0b001, 0b010, 0b100}));
}

TEST(PartitionCandidates, OnlyTheRemainingTermsAreChosen) {
    // Terms 1, 3 and 4 remain (0, 2 were matched by other patterns).
    auto terms = terms_with({1, 2, 3, 4, 5});
    EXPECT_EQ(
        all_candidates(terms, 0b11010),
        (std::vector<uint64_t>{0b11010, 0b01010, 0b10010, 0b11000, 0b00010, 0b01000, 0b10000}));
    EXPECT_TRUE(all_candidates(terms, 0).empty());
}

TEST(PartitionCandidates, RemainingTermsInOneRunAreShifted) {
    // Terms 0 and 1 were matched by other patterns; 2 and 3 remain.
    auto terms = terms_with({1, 2, 3, 4});
    EXPECT_EQ(all_candidates(terms, 0b1100), (std::vector<uint64_t>{0b1100, 0b0100, 0b1000}));
}

/// The scale of `subset` by its definition: the gcd of its coefficients in
/// position order, or the bound scale if it divides them all; none for 0.
std::optional<int64_t> reference_scale(const std::vector<SumTerm>& terms, uint64_t subset,
                                       std::optional<int64_t> bound) {
    int64_t g = 0;
    for (size_t i = 0; i < terms.size(); ++i) {
        if (!((subset >> i) & 1)) continue;
        int64_t coef = terms[i].coef;
        if (bound) {
            if (*bound == 0 || (*bound == -1 && coef == kInt64Min)) return std::nullopt;
            if (*bound != -1 && coef % *bound != 0) return std::nullopt;
            continue;
        }
        auto next = gcd(g, coef);
        if (!next) return std::nullopt;
        g = *next;
    }
    if (bound) g = *bound;
    if (g == 0) return std::nullopt;
    return g;
}

/// Every candidate's scale from PartitionScales, compared with the
/// reference; the number of candidates checked.
size_t check_scales(const std::vector<SumTerm>& terms, uint64_t remaining,
                    std::optional<int64_t> bound) {
    PartitionCandidates candidates(terms, remaining);
    PartitionScales scales(terms, remaining, bound, candidates.exhaustive());
    size_t checked = 0;
    for (uint64_t s = 0; candidates.next(s); ++checked)
        EXPECT_EQ(scales.of(s, candidates.compact()), reference_scale(terms, s, bound))
            << "subset " << s << " remaining " << remaining;
    return checked;
}

TEST(PartitionScales, MemoizedGcdsAreTheGcdsOfEachCandidate) {
    // Gcds that grow, shrink, are zero, and overflow (INT64_MIN alone).
    auto terms = terms_with({12, 18, 8, 0, -6, kInt64Min, 5, 0});
    EXPECT_EQ(check_scales(terms, all_terms(8), std::nullopt), 255u);
    EXPECT_EQ(check_scales(terms, 0b10110101, std::nullopt), 31u);  // with holes
    EXPECT_EQ(check_scales(terms, 0b00101000, std::nullopt), 3u);   // 0 and INT64_MIN
    // Above the exhaustive limit: the shared-factor candidates.
    auto many = terms_with({8, 4, 2, 1, 8, 8, 8, 8, 8, 8, 8, 8, 0, 6});
    EXPECT_GT(check_scales(many, all_terms(14), std::nullopt), 0u);
}

TEST(PartitionScales, BoundScaleMustDivideEveryCoefficient) {
    auto terms = terms_with({8, 12, 6, kInt64Min, 0});
    PartitionScales by4(terms, all_terms(5), 4, true);
    EXPECT_EQ(by4.of(0b00011, 0), std::optional<int64_t>(4));
    EXPECT_EQ(by4.of(0b00101, 0), std::nullopt);  // 6 is not a multiple of 4
    for (int64_t bound : std::vector<int64_t>{4, 3, 2, 1, -1, 0, kInt64Min})
        EXPECT_EQ(check_scales(terms, all_terms(5), bound), 31u) << "bound " << bound;
}

TEST(FewTermCandidates, TheSameCandidatesInTheSameOrder) {
    // Every set of at most three remaining terms among seven positions: the
    // matcher's few-term path must try what PartitionCandidates yields.
    auto terms = terms_with({1, 2, 3, 4, 5, 6, 7});
    size_t sets = 0;
    for (uint64_t remaining = 0; remaining < 128; ++remaining) {
        if (popcount64(remaining) > static_cast<int>(FewTermCandidates::kMaxTerms)) continue;
        FewTermCandidates few(remaining);
        std::vector<uint64_t> got;
        for (uint64_t s = 0; few.next(s);)
            got.push_back(s);
        EXPECT_EQ(got, all_candidates(terms, remaining)) << "remaining " << remaining;
        ++sets;
    }
    EXPECT_EQ(sets, 1u + 7u + 21u + 35u);
}

TEST(FewTermCandidates, FitsCountsUpToTheLimit) {
    // fits() decides the matcher's few-term path: at most kMaxTerms bits.
    for (uint64_t m : std::vector<uint64_t>{0, 1, 0b1010, 0b111, uint64_t{1} << 63 | 0b11, 0b1111,
                                            0b10101010, ~uint64_t{0}})
        EXPECT_EQ(FewTermCandidates::fits(m),
                  popcount64(m) <= static_cast<int>(FewTermCandidates::kMaxTerms))
            << m;
}

TEST(PartitionScales, TermByTermScaleIsTheScaleOfEachCandidate) {
    // partition_scale (the few-term path) against the reference, with and
    // without a bound scale, on gcds that are zero or overflow.
    auto terms = terms_with({12, 18, 0, kInt64Min, -6, 5, -1});
    for (std::optional<int64_t> bound :
         std::vector<std::optional<int64_t>>{std::nullopt, 6, 3, 1, -1, 0, kInt64Min}) {
        for (uint64_t subset = 1; subset < 128; ++subset)
            EXPECT_EQ(partition_scale(terms, subset, bound), reference_scale(terms, subset, bound))
                << "subset " << subset;
    }
}

TEST(PartitionCandidates, EveryNonEmptySubsetUpToTheExhaustiveLimit) {
    const size_t n = PartitionCandidates::kMaxExhaustiveTerms;
    auto terms = terms_with(std::vector<int64_t>(n, 3));
    auto got = all_candidates(terms, all_terms(n));
    std::set<uint64_t> distinct(got.begin(), got.end());
    EXPECT_EQ(got.size(), (size_t{1} << n) - 1);
    EXPECT_EQ(distinct.size(), got.size());
    EXPECT_EQ(distinct.count(0), 0u);
    for (size_t i = 1; i < got.size(); ++i)  // sizes never grow
        EXPECT_GE(__builtin_popcountll(got[i - 1]), __builtin_popcountll(got[i]));
}

TEST(PartitionCandidates, LargeSumsTrySharedFactorSubsetsOnly) {
    // 13 terms: above the exhaustive limit.
    std::vector<int64_t> coefs = {8, 4, 2, 1, 8, 8, 8, 8, 8, 8, 8, 8, 0};
    ASSERT_GT(coefs.size(), PartitionCandidates::kMaxExhaustiveTerms);
    auto terms = terms_with(coefs);
    uint64_t all = all_terms(coefs.size());
    // Multiples of 8 (and 0), of 4, of 2, of 1: one candidate per distinct
    // set, larger first; the coefficient 0 starts none.
    uint64_t by8 = 0b1111111110001, by4 = by8 | 0b10, by2 = by4 | 0b100;
    EXPECT_EQ(all_candidates(terms, all), (std::vector<uint64_t>{all, by2, by4, by8}));
}

/// The shared-factor candidates by their definition: for each remaining
/// term's coefficient f (not 0 or INT64_MIN), the remaining terms whose
/// coefficient f divides, first occurrences only, larger first (stable).
std::vector<uint64_t> reference_shared_factor(const std::vector<SumTerm>& terms,
                                              uint64_t remaining) {
    std::vector<uint64_t> out;
    for (size_t i = 0; i < terms.size(); ++i) {
        int64_t f = terms[i].coef;
        if (!((remaining >> i) & 1) || f == 0 || f == kInt64Min) continue;
        uint64_t s = 0;
        for (size_t j = 0; j < terms.size(); ++j)
            if (((remaining >> j) & 1) && (f == -1 || terms[j].coef % f == 0))
                s |= uint64_t{1} << j;
        if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
    }
    std::stable_sort(out.begin(), out.end(), [](uint64_t a, uint64_t b) {
        return __builtin_popcountll(a) > __builtin_popcountll(b);
    });
    return out;
}

TEST(PartitionCandidates, SharedFactorCandidatesFollowTheirDefinition) {
    // Powers of two (divided by bit masks), negative coefficients, 0, -1,
    // INT64_MIN, repeats, other factors; 13 to 40 terms.
    const std::vector<int64_t> pool = {1,  2,  4,  8,   16, 1024, -2, -4, -8,        3,
                                       6,  12, 0,  -1,  5,  7,    9,  -6, kInt64Min, 4096,
                                       24, 48, 96, -96, 10, 20,   40, 80, 160,       320};
    uint64_t state = 12345;
    auto next_random = [&state] {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return state >> 33;
    };
    for (int trial = 0; trial < 200; ++trial) {
        size_t n = 13 + next_random() % 28;
        std::vector<int64_t> coefs;
        for (size_t i = 0; i < n; ++i)
            coefs.push_back(pool[next_random() % pool.size()]);
        auto terms = terms_with(coefs);
        uint64_t remaining = all_terms(n) & ~(uint64_t{1} << (next_random() % n));
        if (__builtin_popcountll(remaining) <= 12) remaining = all_terms(n);
        EXPECT_EQ(all_candidates(terms, remaining), reference_shared_factor(terms, remaining))
            << "trial " << trial;
    }
}

TEST(PartitionCandidates, MinusOneDividesEveryCoefficient) {
    std::vector<int64_t> coefs(13, 6);
    coefs[0] = -1;
    coefs[1] = kInt64Min;  // starts no subset, but -1 divides it
    auto terms = terms_with(coefs);
    uint64_t all = all_terms(coefs.size());
    EXPECT_EQ(all_candidates(terms, all), (std::vector<uint64_t>{all, all & ~uint64_t{0b11}}));
}

/// The rule of `text` applied once at the root of `expr` over `bounds`.
std::string apply_rule(const std::string& text, const std::string& expr,
                       const std::vector<Interval>& bounds) {
    auto rules = rules::parse_rules(text, "t.rules");
    EXPECT_TRUE(rules.ok()) << (rules.ok() ? "" : rules.error().message);
    if (!rules.ok()) return "<rule error>";
    RuleTable table(*rules);
    Context ctx;
    auto e = parse_expr(ctx, expr, {"d0", "d1"});
    EXPECT_TRUE(e.ok());
    if (!e.ok()) return "<parse error>";
    RangeAnalysis ranges(bounds);
    DivisibilityAnalysis divisibility;
    RuleMatcher matcher(ranges, divisibility);
    auto r = matcher.apply(table.rules().at(0), *e);
    return r ? to_string(*r) : "<no match>";
}

/// A pull rule whose condition repeats `c1 > 0` to `conjuncts` conjuncts and
/// ends with `last`.
std::string pull_rule(size_t conjuncts, const std::string& last) {
    std::string cond;
    for (size_t i = 0; i + 1 < conjuncts; ++i)
        cond += "c1 > 0 && ";
    return "pull: (c0 * X + Y) floordiv c1 => (c0 floordiv c1) * X + Y floordiv c1 if " + cond +
           last + "\n";
}

TEST(Continuation, PassingOneOnCopiesIt) {
    // A copy calls the callable itself: it is no thunk over the original,
    // which may be rebound (or gone) by the time the copy runs.
    int calls_f = 0, calls_g = 0;
    auto f = [&] { return ++calls_f > 0; };
    auto g = [&] { return ++calls_g < 0; };
    Continuation a(f);
    Continuation lvalue_copy(a);  // a non-const lvalue: still a copy
    const Continuation& const_a = a;
    Continuation const_copy(const_a);
    a = Continuation(g);
    EXPECT_TRUE(lvalue_copy());
    EXPECT_TRUE(const_copy());
    EXPECT_FALSE(a());
    EXPECT_EQ(calls_f, 2);
    EXPECT_EQ(calls_g, 1);
}

TEST(RuleMatcher, TermPatternsFindTheirTermsWhereverTheyStand) {
    // Each term pattern needs a term of its kind: a floordiv and a mod of
    // the same x, scaled, anywhere in the sum, plain or scaled terms beside.
    const std::string rule =
        "recombine: (x floordiv c0) * c1 + (x mod c0) * c2 + Y => x * c2 + Y"
        " if c0 != 0 && c1 == c0 * c2\n";
    const std::vector<Interval> bounds = {Interval{0, 99}, Interval{0, 9}};
    EXPECT_EQ(apply_rule(rule, "(d0 floordiv 4) * 8 + (d0 mod 4) * 2", bounds), "v0 * 2");
    EXPECT_EQ(apply_rule(rule, "d1 + (d0 mod 4) * 2 + (d0 floordiv 4) * 8", bounds), "v0 * 2 + v1");
    EXPECT_EQ(apply_rule(rule, "d1 * 3 + d0 mod 4 + d0 floordiv 4 * 4 + 7", bounds),
              "v0 + v1 * 3 + 7");
    // No mod term (or no floordiv term): no match.
    EXPECT_EQ(apply_rule(rule, "(d0 floordiv 4) * 8 + d1 * 2", bounds), "<no match>");
    EXPECT_EQ(apply_rule(rule, "(d0 mod 4) * 2 + d1 + 5", bounds), "<no match>");
}

TEST(RuleMatcher, APartitionWithoutRestTakesEveryTerm) {
    // No Y: X is the whole sum, c0 the gcd of all its coefficients.
    const std::string rule = "scale: c0 * X => X * c0 floordiv 1 + c0 if c0 > 1\n";
    const std::vector<Interval> bounds = {Interval{0, 9}, Interval{0, 9}};
    EXPECT_EQ(apply_rule(rule, "d0 * 4 + d1 * 6", bounds), "v0 * 4 + v1 * 6 + 2");
    EXPECT_EQ(apply_rule(rule, "d0 * 4 + d1 * 6 + 8", bounds), "v0 * 4 + v1 * 6 + 10");
    EXPECT_EQ(apply_rule(rule, "d0 * 6", bounds), "v0 * 6 + 6");
    // The gcd of every coefficient is 1 (a subset's would be 2): no match.
    EXPECT_EQ(apply_rule(rule, "d0 * 4 + d1 * 6 + 3", bounds), "<no match>");
    EXPECT_EQ(apply_rule(rule, "d0 * 4 + d1", bounds), "<no match>");
    // Four terms and more: the same single candidate.
    EXPECT_EQ(apply_rule(rule, "d0 * 4 + d1 * 6 + (d0 floordiv 3) * 2 + 8", bounds),
              "v0 * 4 + v1 * 6 + (v0 floordiv 3) * 2 + 10");
    EXPECT_EQ(apply_rule(rule, "d0 * 4 + d1 * 6 + (d0 floordiv 3) * 2 + 3", bounds), "<no match>");
}

TEST(RuleMatcher, ASuccessfulMatchLeavesNothingBound) {
    // One matcher, one rule, applied again and again: each match starts
    // with every variable unbound (a sum variable still bound from the
    // previous match would refuse the next sum).
    auto rules = rules::parse_rules("offset: X + c0 => X + c0 * 2\n", "t.rules");
    ASSERT_TRUE(rules.ok());
    RuleTable table(*rules);
    Context ctx;
    RangeAnalysis ranges({Interval{0, 9}, Interval{0, 9}});
    DivisibilityAnalysis divisibility;
    RuleMatcher matcher(ranges, divisibility);
    const CompiledRule& rule = table.rules().at(0);
    for (const auto& [expr, want] :
         std::vector<std::pair<std::string, std::string>>{{"d0 + 7", "v0 + 14"},
                                                          {"d1 * 3 - 2", "v1 * 3 - 4"},
                                                          {"d0 * 7", "<no match>"},
                                                          {"d0 + d1 + 1", "v0 + v1 + 2"}}) {
        auto e = parse_expr(ctx, expr, {"d0", "d1"});
        ASSERT_TRUE(e.ok());
        std::optional<Expr> r = matcher.apply(rule, *e);
        EXPECT_EQ(r ? to_string(*r) : "<no match>", want) << expr;
    }
}

TEST(RuleMatcher, BindingsStartUnboundInDirtyMemory) {
    // The inline bindings are constructed when a rule first needs them: the
    // bytes the matcher's storage held before must not read as bindings
    // (a sum variable that looks bound refuses every sum).
    auto rules = rules::parse_rules(
        "offset: X + c0 => X + c0 * 2\n" + pull_rule(1, "c0 mod c1 == 0"), "t.rules");
    ASSERT_TRUE(rules.ok());
    RuleTable table(*rules);
    Context ctx;
    RangeAnalysis ranges({Interval{0, 9}, Interval{0, 9}});
    DivisibilityAnalysis divisibility;
    alignas(RuleMatcher) unsigned char storage[sizeof(RuleMatcher)];
    std::memset(storage, 0xA5, sizeof storage);
    // The bytes must really be there: no dead-store elimination of the fill.
    asm volatile("" : : "r"(storage) : "memory");
    auto* matcher = new (storage) RuleMatcher(ranges, divisibility);
    // Two variables, then four (two more constructed by prepare_bindings),
    // then two again (reset's inline path, nothing to construct).
    for (const auto& [rule, expr, want] : std::vector<std::tuple<size_t, std::string, std::string>>{
             {0, "d0 + 7", "v0 + 14"},
             {1, "(d0 * 16 + d1 * 3) floordiv 8", "v0 * 2 + (v1 * 3) floordiv 8"},
             {0, "d1 * 3 - 2", "v1 * 3 - 4"}}) {
        auto e = parse_expr(ctx, expr, {"d0", "d1"});
        ASSERT_TRUE(e.ok());
        std::optional<Expr> r = matcher->apply(table.rules().at(rule), *e);
        EXPECT_EQ(r ? to_string(*r) : "<no match>", want) << expr;
    }
    matcher->~RuleMatcher();
}

TEST(RuleMatcher, AConstantTermPatternNeedsAConstant) {
    const std::string rule = "offset: X + c0 => X + c0 * 2\n";
    const std::vector<Interval> bounds = {Interval{0, 9}, Interval{0, 9}};
    EXPECT_EQ(apply_rule(rule, "d0 + 7", bounds), "v0 + 14");
    EXPECT_EQ(apply_rule(rule, "d0 * 3 + d1 - 2", bounds), "v0 * 3 + v1 - 4");
    EXPECT_EQ(apply_rule(rule, "d0 * 7", bounds), "<no match>");
    EXPECT_EQ(apply_rule(rule, "d0 + d1", bounds), "<no match>");
}

TEST(RuleMatcher, ASubSumOccurringTwiceIsBoundOnce) {
    // The parser refuses a sum variable twice on a left side; a rule built
    // otherwise may have one: `X floordiv (Y + c0) => X` with Y's node made
    // X. X is bound by the left operand; the sum `X + c0` must not bind it
    // again (the check runs only for sum patterns whose X or Y repeats).
    auto rules = rules::parse_rules(
        "twice: X floordiv (Y + c0) => X\n" + pull_rule(1, "c0 mod c1 == 0"), "t.rules");
    ASSERT_TRUE(rules.ok()) << rules.error().message;
    std::vector<rules::Rule> parsed = *rules;
    int64_t x = -1;
    for (rules::Node& n : parsed[0].nodes) {
        if (n.op != rules::Op::SumVar) continue;
        if (x < 0) x = n.value;  // the first sum variable: X
        n.value = x;
    }
    RuleTable table(parsed);
    auto repeated = [](const CompiledRule& c) {
        size_t n = 0;
        for (size_t p = 0; p < c.is_sum.size(); ++p)
            n += c.is_sum[p] && c.sums[p].sub_sum_repeated;
        return n;
    };
    EXPECT_EQ(repeated(table.rules().at(0)), 2u);  // both sums of X
    EXPECT_EQ(repeated(table.rules().at(1)), 0u);
    Context ctx;
    RangeAnalysis ranges({Interval{0, 9}, Interval{0, 9}});
    DivisibilityAnalysis divisibility;
    RuleMatcher matcher(ranges, divisibility);
    for (const char* expr : {"d0 floordiv (d1 + 1)", "d0 floordiv (d0 + 1)"}) {
        auto e = parse_expr(ctx, expr, {"d0", "d1"});
        ASSERT_TRUE(e.ok());
        EXPECT_FALSE(matcher.apply(table.rules().at(0), *e).has_value()) << expr;
    }
}

TEST(RuleMatcher, RecordedVerdictsDecideACompleteMatch) {
    // Every conjunct reads a variable: the verdicts recorded while binding
    // decide the condition once the match is complete. An unknown one (d1's
    // range has no lower end) blocks the rule like a false one.
    const std::string rule = "in_range: x mod c0 => x if lb(x) >= 0 && ub(x) < c0\n";
    const std::vector<Interval> bounds = {Interval{0, 9}, Interval::all()};
    EXPECT_EQ(apply_rule(rule, "d0 mod 16", bounds), "v0");
    EXPECT_EQ(apply_rule(rule, "d0 mod 8", bounds), "<no match>");
    EXPECT_EQ(apply_rule(rule, "d1 mod 16", bounds), "<no match>");
    auto rules = rules::parse_rules(rule, "t.rules");
    ASSERT_TRUE(rules.ok());
    const RuleTable table(*rules);
    const CompiledRule& c = table.rules().at(0);
    EXPECT_EQ(c.conjunct_vars, 0b11u);  // x and c0
    EXPECT_FALSE(c.has_variable_free_conjunct);
    // A conjunct without variables is evaluated at the end, in order.
    const std::string fixed = "never: x mod c0 => x if c0 > 0 && 1 > 2\n";
    EXPECT_EQ(apply_rule(fixed, "d0 mod 16", bounds), "<no match>");
    auto fixed_rules = rules::parse_rules(fixed, "t.rules");
    ASSERT_TRUE(fixed_rules.ok());
    EXPECT_TRUE(RuleTable(*fixed_rules).rules().at(0).has_variable_free_conjunct);
}

TEST(RuleMatcher, RulesBeyondTheConjunctLimitGiveTheSameMatches) {
    const size_t over = CompiledRule::kMaxTrackedConjuncts + 1;
    const std::vector<Interval> bounds = {Interval{0, 9}, Interval{0, 9}};
    const std::string expr = "(d0 * 16 + d1 * 3) floordiv 8";
    // Tracked (early rejection of partitions) and untracked (the condition
    // decided once every variable is bound) agree.
    EXPECT_EQ(apply_rule(pull_rule(2, "c0 mod c1 == 0"), expr, bounds),
              "v0 * 2 + (v1 * 3) floordiv 8");
    EXPECT_EQ(apply_rule(pull_rule(over, "c0 mod c1 == 0"), expr, bounds),
              "v0 * 2 + (v1 * 3) floordiv 8");
    // A false last conjunct still blocks the rule beyond the limit.
    EXPECT_EQ(apply_rule(pull_rule(over, "c1 < 0"), expr, bounds), "<no match>");
    EXPECT_EQ(apply_rule(pull_rule(over, "c0 mod c1 == 3"), expr, bounds), "(v0 * 16) floordiv 8");
    auto rules = rules::parse_rules(pull_rule(over, "c0 mod c1 == 0"), "t.rules");
    ASSERT_TRUE(rules.ok());
    EXPECT_TRUE(RuleTable(*rules).rules().at(0).conjuncts.empty());
}

}  // namespace
}  // namespace provix::engine
