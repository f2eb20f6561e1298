// The rule conditions provix_rulegen compiles to C++ give the interpreter's
// verdicts: every built-in rule, its conjuncts and its whole condition,
// over random bindings of its variables (constants near zero and at the
// int64 ends, expressions with finite, half-open and unbounded ranges,
// expressions that may divide by zero, sub-sums with a scale). The
// constant parts of right sides it compiles give the interpreter's values,
// the right sides it compiles build the interpreter's nodes, and the left
// sides it compiles (their sums too) match random expressions and sums with
// several candidate assignments as the interpreter does.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <limits>
#include <optional>
#include <ostream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "divisibility.h"
#include "provix/parser.h"
#include "provix/rules/op_semantics.h"
#include "provix/semantics.h"
#include "range_analysis.h"
#include "rule_matcher.h"
#include "rule_table.h"
#include "support/expr_nodes.h"

namespace provix::engine {
namespace {

using Binding = RuleMatcher::Binding;
using testing_support::collect_nodes;

}  // namespace

/// Verdicts print by name in failure messages.
void PrintTo(Tri t, std::ostream* os) {
    *os << (t == Tri::True ? "True" : t == Tri::False ? "False" : "Unknown");
}

namespace {

/// Random bindings for one rule's variables.
class BindingSource {
public:
    explicit BindingSource(uint64_t seed) : rng_(seed) {}

    int64_t constant() {
        static const int64_t kEnds[] = {std::numeric_limits<int64_t>::min(),
                                        std::numeric_limits<int64_t>::max(), int64_t{1} << 40,
                                        -(int64_t{1} << 40), 0};
        if (pick(8) == 0) return kEnds[pick(5)];
        return static_cast<int64_t>(pick(24)) - 8;  // -8 .. 15
    }

    /// A variable's range: finite (often a point or small), half-open or all.
    Interval range() {
        switch (pick(6)) {
            case 0:
                return Interval::all();
            case 1:
                return Interval::at_least(constant());
            case 2:
                return Interval::point(constant());
            default: {
                int64_t lo = static_cast<int64_t>(pick(20)) - 10;
                return Interval(lo, lo + static_cast<int64_t>(pick(40)));
            }
        }
    }

    /// An expression over d0, d1 (text), some of which may divide by zero.
    std::string expr_text() {
        static const char* const kShapes[] = {"d0",
                                              "d1",
                                              "d0 * 4 + 2",
                                              "d0 floordiv 3",
                                              "d0 mod 8",
                                              "d1 * 6",
                                              "d0 + d1",
                                              "(d0 + d1) floordiv d1",
                                              "min(d0, d1)",
                                              "d0 mod d1",
                                              "d0 * 12 - 4",
                                              "max(d0, 5)",
                                              "d0 ceildiv 2 + d1 * 3",
                                              "7",
                                              "d1 * d0"};
        return kShapes[pick(sizeof(kShapes) / sizeof(kShapes[0]))];
    }

    Binding binding(Context& ctx, rules::VarKind kind, std::deque<std::vector<SumTerm>>& terms) {
        Binding b;
        // An unbound constant: the conditions reading it are unknown. (The
        // matcher evaluates a conjunct once its variables are bound; only
        // constants are read unbound, while sums are partitioned.)
        if (kind == rules::VarKind::Const && pick(10) == 0) return b;
        switch (kind) {
            case rules::VarKind::Const:
                b.kind = Binding::Kind::Const;
                b.value = constant();
                return b;
            case rules::VarKind::Expr:
                b.kind = Binding::Kind::Expr;
                b.expr = *parse_expr(ctx, expr_text(), {"d0", "d1"});
                return b;
            case rules::VarKind::Sum:
                break;
        }
        // A sub-sum: some terms of a sum, divided by a common factor.
        std::string text = expr_text() + " + " + expr_text() + " * 6 + " + expr_text() + " * 2";
        terms.push_back(sum_terms(*parse_expr(ctx, text, {"d0", "d1"})));
        const std::vector<SumTerm>& t = terms.back();
        uint64_t mask = 0;
        while (mask == 0)
            mask = rng_() & ((uint64_t{1} << t.size()) - 1);
        int64_t g = 0;
        for (size_t i = 0; i < t.size() && g != 1; ++i) {
            if (!(mask & (uint64_t{1} << i))) continue;
            std::optional<int64_t> next = gcd(g, t[i].coef);
            g = next ? *next : 1;  // no int64 gcd: scale 1
        }
        b.kind = Binding::Kind::Sum;
        b.terms = &t;
        b.mask = mask;
        b.scale = pick(2) == 0 || g == 0 ? 1 : g;
        return b;
    }

    /// One binding per variable of `rule`, in order (sub-sums' terms kept
    /// in `terms`).
    std::vector<Binding> bindings(Context& ctx, const rules::Rule& rule,
                                  std::deque<std::vector<SumTerm>>& terms) {
        std::vector<Binding> out;
        for (const rules::Var& v : rule.vars)
            out.push_back(binding(ctx, v.kind, terms));
        return out;
    }

private:
    size_t pick(size_t n) { return static_cast<size_t>(rng_() % n); }

    std::mt19937_64 rng_;
};

/// One random trial of a rule: bindings of its variables (drawn first) and
/// a matcher over random ranges of d0 and d1.
struct Trial {
    Trial(BindingSource& source, const rules::Rule& rule)
        : bindings(source.bindings(ctx, rule, terms)),
          ranges({source.range(), source.range()}),
          matcher(ranges, divisibility) {}

    Context ctx;
    std::deque<std::vector<SumTerm>> terms;  ///< the sub-sums' terms
    std::vector<Binding> bindings;
    RangeAnalysis ranges;
    DivisibilityAnalysis divisibility;
    RuleMatcher matcher;
};

/// The rules of `table` in a table built at run time: interpreted, with no
/// generated code.
RuleTable interpreted_copy(const RuleTable& table) {
    std::vector<rules::Rule> copies;
    for (const CompiledRule& c : table.rules())
        copies.push_back(c.rule);
    return RuleTable(copies);
}

TEST(CompiledConditions, EveryBuiltinConjunctHasGeneratedCode) {
    size_t conditions = 0;
    for (const CompiledRule& c : RuleTable::builtin().rules()) {
        if (c.rule.condition < 0) continue;
        ++conditions;
        EXPECT_NE(c.compiled_condition, nullptr) << c.rule.name;
        for (const CompiledRule::Conjunct& conjunct : c.conjuncts)
            EXPECT_NE(conjunct.compiled, nullptr) << c.rule.name;
        if (!c.conjuncts.empty()) {
            EXPECT_NE(c.bound_hooks, nullptr) << c.rule.name;
        }
    }
    EXPECT_GT(conditions, 20u);
    // A table built from rules at run time is interpreted.
    const RuleTable interpreted = interpreted_copy(RuleTable::builtin());
    for (const CompiledRule& c : interpreted.rules()) {
        EXPECT_EQ(c.compiled_condition, nullptr) << c.rule.name;
        EXPECT_EQ(c.bound_hooks, nullptr) << c.rule.name;
        for (const CompiledRule::Conjunct& conjunct : c.conjuncts)
            EXPECT_EQ(conjunct.compiled, nullptr) << c.rule.name;
    }
}

TEST(CompiledConditions, AgreeWithTheInterpreterOnRandomBindings) {
    const RuleTable& builtin = RuleTable::builtin();
    const RuleTable interpreted = interpreted_copy(builtin);
    ASSERT_EQ(interpreted.rules().size(), builtin.rules().size());
    constexpr int kTrials = 400;
    size_t seen[3] = {0, 0, 0};  // False, True, Unknown over every verdict
    for (size_t r = 0; r < builtin.rules().size(); ++r) {
        const CompiledRule& compiled = builtin.rules()[r];
        const CompiledRule& plain = interpreted.rules()[r];
        if (compiled.rule.condition < 0) continue;
        BindingSource source(0x5eed0000u + r);
        std::set<std::vector<Tri>> distinct;
        size_t rejected = 0;  // trials where a binding's conjuncts were false
        bool any_false = false;
        for (int trial = 0; trial < kTrials; ++trial) {
            Trial t(source, compiled.rule);
            RuleMatcher::ConditionVerdicts want = t.matcher.condition_verdicts(plain, t.bindings);
            RuleMatcher::ConditionVerdicts got = t.matcher.condition_verdicts(compiled, t.bindings);
            ASSERT_EQ(got.conjuncts, want.conjuncts)
                << compiled.rule.text << " (trial " << trial << ")";
            ASSERT_EQ(got.binds, want.binds) << compiled.rule.text << " (trial " << trial << ")";
            ASSERT_EQ(got.unknown, want.unknown)
                << compiled.rule.text << " (trial " << trial << ")";
            for (Tri t : got.conjuncts)
                ++seen[static_cast<size_t>(t)];
            distinct.insert(got.conjuncts);
            rejected += !got.binds.empty() && !got.binds.back();
            for (size_t i = 0; i < compiled.conjuncts.size(); ++i)
                any_false |= got.conjuncts[i] == Tri::False;
        }
        // The bindings reach more than one outcome of every condition.
        EXPECT_GE(distinct.size(), 2u) << compiled.rule.text;
        // A conjunct found false rejects the binding that made it decidable.
        if (any_false) {
            EXPECT_GT(rejected, 0u) << compiled.rule.text;
        }
    }
    EXPECT_GT(seen[static_cast<size_t>(Tri::False)], 0u);
    EXPECT_GT(seen[static_cast<size_t>(Tri::True)], 0u);
    EXPECT_GT(seen[static_cast<size_t>(Tri::Unknown)], 0u);
}

/// True if every topmost constant operator part under node `n` of `c`'s
/// right side has generated code (CompiledRule::values).
bool constant_parts_generated(const CompiledRule& c, int n) {
    if (n < 0) return true;
    const rules::Node& nd = c.rule.nodes[static_cast<size_t>(n)];
    if (nd.op == rules::Op::Literal || nd.op == rules::Op::ConstVar) return true;
    if (c.constant_subtree[static_cast<size_t>(n)])
        return c.values && c.values[static_cast<size_t>(n)] != nullptr;
    for (int child : nd.children)
        if (!constant_parts_generated(c, child)) return false;
    return true;
}

TEST(CompiledConditions, EveryRightSideConstantPartHasGeneratedCode) {
    size_t parts = 0;
    for (const CompiledRule& c : RuleTable::builtin().rules()) {
        EXPECT_TRUE(constant_parts_generated(c, c.rule.rhs)) << c.rule.name;
        EXPECT_TRUE(constant_parts_generated(c, c.rule.rhs_lo)) << c.rule.name;
        EXPECT_TRUE(constant_parts_generated(c, c.rule.rhs_hi)) << c.rule.name;
        for (size_t n = 0; n < c.rule.nodes.size(); ++n)
            parts += c.values && c.values[n];
    }
    EXPECT_GT(parts, 10u);
    const RuleTable interpreted = interpreted_copy(RuleTable::builtin());
    for (const CompiledRule& c : interpreted.rules())
        EXPECT_EQ(c.values, nullptr) << c.rule.name;
}

TEST(CompiledConditions, RightSideValuesAgreeWithTheInterpreter) {
    const RuleTable& builtin = RuleTable::builtin();
    const RuleTable interpreted = interpreted_copy(builtin);
    ASSERT_EQ(interpreted.rules().size(), builtin.rules().size());
    size_t values = 0, undefined = 0;  // over every part and trial
    for (size_t r = 0; r < builtin.rules().size(); ++r) {
        const CompiledRule& compiled = builtin.rules()[r];
        std::vector<int> parts;  // the nodes with generated values
        for (size_t n = 0; n < compiled.rule.nodes.size(); ++n)
            if (compiled.values && compiled.values[n]) parts.push_back(static_cast<int>(n));
        if (parts.empty()) continue;
        BindingSource source(0x7a1e0000u + r);
        for (int trial = 0; trial < 200; ++trial) {
            Trial t(source, compiled.rule);
            std::vector<std::optional<int64_t>> want =
                t.matcher.constant_part_values(interpreted.rules()[r], t.bindings, parts);
            std::vector<std::optional<int64_t>> got =
                t.matcher.constant_part_values(compiled, t.bindings, parts);
            ASSERT_EQ(got, want) << compiled.rule.text << " (trial " << trial << ")";
            for (const std::optional<int64_t>& v : got)
                ++(v ? values : undefined);
        }
    }
    // Both outcomes occur: a value, and none (an unbound constant, an
    // overflow, a zero divisor, an infinite end).
    EXPECT_GT(values, 0u);
    EXPECT_GT(undefined, 0u);
}

TEST(CompiledConditions, RightSidesAreBuiltAsTheInterpreterBuildsThem) {
    const RuleTable& builtin = RuleTable::builtin();
    const RuleTable interpreted = interpreted_copy(builtin);
    ASSERT_EQ(interpreted.rules().size(), builtin.rules().size());
    size_t built = 0, refused = 0;  // over every rule and trial
    for (size_t r = 0; r < builtin.rules().size(); ++r) {
        const CompiledRule& compiled = builtin.rules()[r];
        const CompiledRule& plain = interpreted.rules()[r];
        EXPECT_EQ(plain.build_rhs, nullptr) << compiled.rule.name;
        if (compiled.rule.rhs < 0) continue;
        EXPECT_NE(compiled.build_rhs, nullptr) << compiled.rule.name;
        BindingSource source(0xb1d0000u + r);
        for (int trial = 0; trial < 200; ++trial) {
            Trial t(source, compiled.rule);
            const Expr want = t.matcher.right_side_for(plain, t.bindings, t.ctx);
            const Expr got = t.matcher.right_side_for(compiled, t.bindings, t.ctx);
            ASSERT_EQ(got, want) << compiled.rule.text << " (trial " << trial << ")";
            ++(got ? built : refused);
        }
    }
    // Both outcomes occur: a right side, and none (an unbound constant, a
    // constant part without a value, a zero divisor).
    EXPECT_GT(built, 0u);
    EXPECT_GT(refused, 0u);
}

/// A random expression shaped like node `p` of `rule`'s left side: each
/// variable occurrence a random constant or expression (a
/// repeated variable often the same one), a literal mostly its value, and
/// now and then any node replaced by a random expression.
class PatternInstance {
public:
    PatternInstance(BindingSource& source, uint64_t seed) : source_(source), rng_(seed) {}

    Expr of(Context& ctx, const rules::Rule& rule, int p) {
        chosen_.assign(rule.vars.size(), Expr());
        return node(ctx, rule, p);
    }

private:
    Expr node(Context& ctx, const rules::Rule& rule, int p) {
        const rules::Node& n = rule.nodes[static_cast<size_t>(p)];
        if (rng_() % 12 == 0) return any(ctx);
        switch (n.op) {
            case rules::Op::Literal:
                return ctx.constant(rng_() % 8 == 0 ? source_.constant() : n.value);
            case rules::Op::ConstVar:
            case rules::Op::ExprVar:
            case rules::Op::SumVar: {
                Expr& c = chosen_[static_cast<size_t>(n.value)];
                if (!c || rng_() % 4 == 0)
                    c = n.op == rules::Op::ConstVar ? ctx.constant(source_.constant()) : any(ctx);
                return c;
            }
            default:
                break;
        }
        std::vector<Expr> ops;
        for (int c : n.children)
            ops.push_back(node(ctx, rule, c));
        Result<Expr> e = ctx.make(*rules::expr_kind(n.op), ops);
        return e ? *e : ops[0];  // no node (a zero divisor): its first operand
    }
    Expr any(Context& ctx) { return *parse_expr(ctx, source_.expr_text(), {"d0", "d1"}); }

    BindingSource& source_;
    std::mt19937_64 rng_;
    std::vector<Expr> chosen_;  ///< by variable index
};

bool same_bindings(const std::vector<Binding>& a, const std::vector<Binding>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        if (a[i].kind != b[i].kind) return false;
        if (a[i].kind == Binding::Kind::Expr && a[i].expr != b[i].expr) return false;
        if (a[i].kind == Binding::Kind::Const && a[i].value != b[i].value) return false;
        // Sub-sums of the same sum's terms (split alike from the same node).
        if (a[i].kind == Binding::Kind::Sum && (a[i].mask != b[i].mask || a[i].scale != b[i].scale))
            return false;
    }
    return true;
}

TEST(CompiledMatchers, EveryLeftSideWithoutSumsHasOne) {
    size_t generated = 0, summed = 0;
    for (const CompiledRule& c : RuleTable::builtin().rules()) {
        const bool has_sum = std::find(c.is_sum.begin(), c.is_sum.end(), 1) != c.is_sum.end();
        if (has_sum) {
            EXPECT_EQ(c.match_lhs, nullptr) << c.rule.name;
        } else {
            EXPECT_NE(c.match_lhs, nullptr) << c.rule.name;
            EXPECT_EQ(c.match_lhs_sum, nullptr) << c.rule.name;
        }
        generated += c.match_lhs != nullptr;
        summed += c.match_lhs_sum != nullptr;
    }
    EXPECT_GT(generated, 20u);
    // Left sides ending in their only sum: `(c0 * X + Y) floordiv c1`.
    EXPECT_GT(summed, 10u);
    const RuleTable interpreted = interpreted_copy(RuleTable::builtin());
    for (const CompiledRule& c : interpreted.rules()) {
        EXPECT_EQ(c.match_lhs, nullptr) << c.rule.name;
        EXPECT_EQ(c.match_lhs_sum, nullptr) << c.rule.name;
    }
}

TEST(CompiledMatchers, MatchAsTheInterpreterMatches) {
    const RuleTable& builtin = RuleTable::builtin();
    const RuleTable interpreted = interpreted_copy(builtin);
    ASSERT_EQ(interpreted.rules().size(), builtin.rules().size());
    size_t matched = 0, unmatched = 0, fired = 0;  // over every rule and trial
    size_t summed_matched = 0;                     // of those, left sides with a sum
    for (size_t r = 0; r < builtin.rules().size(); ++r) {
        const CompiledRule& compiled = builtin.rules()[r];
        const CompiledRule& plain = interpreted.rules()[r];
        if (!compiled.match_lhs && !compiled.match_lhs_sum) continue;
        BindingSource source(0x3a7c0000u + r);
        PatternInstance instance(source, 0x3a7c0000u + r);
        size_t rule_matched = 0;
        for (int trial = 0; trial < 300; ++trial) {
            Trial t(source, compiled.rule);
            const Expr e = instance.of(t.ctx, compiled.rule, compiled.rule.lhs);
            const auto want = t.matcher.first_match(plain, e);
            const auto got = t.matcher.first_match(compiled, e);
            ASSERT_EQ(got.has_value(), want.has_value()) << compiled.rule.text << " at " << e;
            if (got) {
                ASSERT_TRUE(same_bindings(*got, *want)) << compiled.rule.text << " at " << e;
            }
            ++(got ? rule_matched : unmatched);
            if (compiled.rule.is_constraint()) {
                const int64_t lo = (source.constant() & 15) - 8;
                const Constraint c{e, Interval(lo, lo + (source.constant() & 7))};
                const auto want_c = t.matcher.apply_constraint(plain, c);
                const auto got_c = t.matcher.apply_constraint(compiled, c);
                ASSERT_EQ(got_c.has_value(), want_c.has_value()) << compiled.rule.text;
                if (got_c) {
                    ASSERT_EQ(got_c->expr, want_c->expr) << compiled.rule.text;
                    ASSERT_EQ(got_c->range, want_c->range) << compiled.rule.text;
                }
                fired += got_c.has_value();
            } else {
                const std::optional<Expr> want_e = t.matcher.apply(plain, e);
                const std::optional<Expr> got_e = t.matcher.apply(compiled, e);
                ASSERT_EQ(got_e, want_e) << compiled.rule.text << " at " << e;
                fired += got_e.has_value();
            }
        }
        // Each rule's instances without sums match now and then (a sum
        // rule's conjuncts, `c1 == c0 * c2`, seldom hold for random ones).
        if (compiled.match_lhs) {
            EXPECT_GT(rule_matched, 0u) << compiled.rule.text;
        }
        matched += rule_matched;
        summed_matched += compiled.match_lhs_sum ? rule_matched : 0;
    }
    EXPECT_GT(matched, 0u);
    EXPECT_GT(summed_matched, 0u);
    EXPECT_GT(unmatched, 0u);
    EXPECT_GT(fired, 0u);
}

// Sums where several assignments of terms to term patterns match: the
// generated sum matchers must visit the terms in the interpreter's order
// (term pattern i over the unused terms in increasing order) to find its
// first match (`x` is d0 here, not d1), and undo a term pattern's
// bindings before its next term; and their partitions must have the
// shape (a rest Y or none) the interpreter reads from the pattern.
TEST(CompiledMatchers, SumsWithSeveralAssignmentsMatchAsTheInterpreterMatches) {
    const RuleTable& builtin = RuleTable::builtin();
    const RuleTable interpreted = interpreted_copy(builtin);
    static const char* const kSums[] = {
        "(d0 floordiv 8) * 8 + d0 mod 8 + (d1 floordiv 4) * 4 + d1 mod 4 + d2",
        "(d1 floordiv 4) * 4 + d1 mod 4 + (d0 floordiv 8) * 8 + d0 mod 8",
        "d0 * 4 + d1 * 4 + (d0 floordiv 2) * 8 + (d1 floordiv 2) * 8 + 3",
        "(d0 floordiv 8) * 8 + ((d0 floordiv 2) mod 4) * 2 + (d1 floordiv 8) * 8 + "
        "((d1 floordiv 2) mod 4) * 2",
        "(d0 floordiv 4) * 8 + (d0 mod 4) * 2 + (d1 floordiv 4) * 8 + (d1 mod 4) * 2 + d2 * 16",
        "min(d0 + d1, d0 + d1 + 4) + max(d1, d1 + 3) + min(d2, d2 - 1)",
        "(d0 * 4 + d1 * 8 + d2 + 6) floordiv 4 + (d0 * 6 + d1 * 9 + 3) mod 3",
        "(d0 * 4 + d1 * 8 + d2 * 2 + 6) ceildiv 2 + (d0 * 4 + 2) floordiv 4",
        // Partitions with and without a rest Y (the shapes partition_step
        // is generated for): a rest takes what X leaves, none leaves nothing.
        "(d0 * 4 + d1 * 8 + d2 floordiv 2) floordiv 4 + (d0 * 6 + d1 * 4) mod 2",
        "(d0 * 4 + d1 * 6 + (d2 floordiv 2) * -1) floordiv 4 + (d0 + d1 + 5) mod 4",
        "min(d0 + d1, d0 + d1 + d2 + 4) + max(d0 * 2, d0 * 2 + 3)",
    };
    Context ctx;
    RangeAnalysis ranges({Interval(0, 63), Interval(0, 15), Interval(0, 7)});
    DivisibilityAnalysis divisibility;
    RuleMatcher matcher(ranges, divisibility);
    size_t summed_rules = 0, matched = 0, fired = 0;
    for (size_t r = 0; r < builtin.rules().size(); ++r) {
        const CompiledRule& compiled = builtin.rules()[r];
        const CompiledRule& plain = interpreted.rules()[r];
        if (!compiled.match_lhs_sum || compiled.rule.is_constraint()) continue;
        ++summed_rules;
        for (const char* text : kSums) {
            std::vector<Expr> nodes;
            collect_nodes(*parse_expr(ctx, text, {"d0", "d1", "d2"}), nodes);
            for (const Expr& e : nodes) {
                const auto want = matcher.first_match(plain, e);
                const auto got = matcher.first_match(compiled, e);
                ASSERT_EQ(got.has_value(), want.has_value()) << compiled.rule.text << " at " << e;
                if (got) {
                    ASSERT_TRUE(same_bindings(*got, *want)) << compiled.rule.text << " at " << e;
                }
                matched += got.has_value();
                const std::optional<Expr> want_e = matcher.apply(plain, e);
                ASSERT_EQ(matcher.apply(compiled, e), want_e) << compiled.rule.text << " at " << e;
                fired += want_e.has_value();
            }
        }
    }
    EXPECT_GT(summed_rules, 10u);
    EXPECT_GT(matched, 10u);
    EXPECT_GT(fired, 5u);
}

}  // namespace
}  // namespace provix::engine
