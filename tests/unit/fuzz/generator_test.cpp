// The fuzz generator: deterministic from the seed, valid quasi-affine maps,
// and every feature of the generator actually drawn.

#include "provix/fuzz/generator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <iostream>
#include <set>
#include <string>

#include "provix/fuzz/random.h"
#include "provix/interval_eval.h"
#include "provix/parser.h"
#include "provix/solvers/oracle.h"
#include "provix/solvers/quasi_affine.h"

namespace provix::fuzz {
namespace {

std::string case_text(uint64_t seed, uint64_t index, const GeneratorOptions& o = {}) {
    Context ctx;
    SplitMixSource rng(case_seed(seed, index));
    return spec_text(ctx, generate_map(ctx, rng, o));
}

/// True if `pred` holds for some node of `e`.
bool any_node(Expr e, const std::function<bool(Expr)>& pred) {
    if (pred(e)) return true;
    for (size_t i = 0; i < e.num_operands(); ++i) {
        if (any_node(e.operand(i), pred)) return true;
    }
    return false;
}

TEST(SplitMix, MatchesTheReferenceSequence) {
    // SplitMix64 seeded with 0: the published first outputs.
    SplitMixSource rng(0);
    EXPECT_EQ(rng.next(), 0xe220a8397b1dcdafULL);
    EXPECT_EQ(rng.next(), 0x6e789e6aa1b965f4ULL);
}

TEST(SplitMix, UniformStaysInItsRangeAtTheLimits) {
    SplitMixSource rng(3);
    for (int i = 0; i < 1000; ++i) {
        int64_t v = rng.uniform(-3, 3);
        EXPECT_TRUE(v >= -3 && v <= 3) << v;
        int64_t w = rng.uniform(kInt64Max - 2, kInt64Max);
        EXPECT_GE(w, kInt64Max - 2);
        int64_t x = rng.uniform(kInt64Min, kInt64Min + 1);
        EXPECT_LE(x, kInt64Min + 1);
    }
    EXPECT_EQ(rng.uniform(5, 5), 5);
}

TEST(SplitMix, UniformReachesEveryValueOfASmallRange) {
    SplitMixSource rng(11);
    std::set<int64_t> seen;
    for (int i = 0; i < 200; ++i)
        seen.insert(rng.uniform(0, 4));
    EXPECT_EQ(seen, (std::set<int64_t>{0, 1, 2, 3, 4}));
}

TEST(FuzzGenerator, CaseSeedsArePinned) {
    // Reported seeds must reproduce in later versions: these values are fixed.
    EXPECT_EQ(case_seed(1, 0), case_seed(1, 0));
    EXPECT_NE(case_seed(1, 0), case_seed(1, 1));
    EXPECT_NE(case_seed(1, 0), case_seed(2, 0));
    EXPECT_EQ(case_seed(0, 0), 5333437464678136166ULL);
}

TEST(FuzzGenerator, SameSeedAndCaseGiveTheSameMap) {
    for (uint64_t i = 0; i < 50; ++i)
        EXPECT_EQ(case_text(9, i), case_text(9, i)) << i;
}

TEST(FuzzGenerator, DifferentCasesGiveDifferentMaps) {
    std::set<std::string> texts;
    for (uint64_t i = 0; i < 300; ++i)
        texts.insert(case_text(4, i));
    EXPECT_GT(texts.size(), 250u);  // tiny maps (`() -> (3)`, KNOWN EMPTY) repeat
}

TEST(FuzzGenerator, MapsBuildArePrintableAndWithinIslsFragment) {
    auto isl = solvers::make_isl_oracle();
    int split = 0;
    for (uint64_t i = 0; i < 500; ++i) {
        Context ctx;
        SplitMixSource rng(case_seed(5, i));
        MapSpec spec = generate_map(ctx, rng);
        Result<IndexingMap> m = build_map(ctx, spec);
        ASSERT_TRUE(m.ok()) << i << ": " << m.error().message;
        EXPECT_TRUE(isl->supports(*m)) << m->to_string();
        split += !solvers::is_quasi_affine(*m);  // divisors with variables
        ParseOptions raw;
        raw.canonicalize = false;
        std::string text = map_text(*m, spec);
        Result<IndexingMap> parsed = parse_indexing_map(ctx, text, raw);
        ASSERT_TRUE(parsed.ok()) << text << "\n" << parsed.error().message;
        EXPECT_EQ(parsed->num_variables(), m->num_variables());
    }
    EXPECT_GT(split, 10);
}

TEST(FuzzGenerator, DrawsEveryFeatureOfTheList) {
    int runtime = 0, range = 0, five_dims = 0, negative_bound = 0, empty_bound = 0, huge = 0,
        unbounded = 0, congruence = 0, negative_divisor = 0, ceildiv = 0, min_max = 0,
        near_limit = 0, shared_div = 0, constraints = 0, offset_min_max = 0, ceildiv_offset = 0;
    for (uint64_t i = 0; i < 2000; ++i) {
        Context ctx;
        SplitMixSource rng(case_seed(6, i));
        MapSpec s = generate_map(ctx, rng);
        runtime += !s.rt_vars.empty();
        range += !s.range_vars.empty();
        five_dims += s.dims.size() == 5;
        constraints += !s.constraints.empty();
        for (int64_t v = 0; v < s.num_variables(); ++v) {
            const Interval& b = s.variable(v).bounds;
            negative_bound += !b.lo_is_inf() && b.lo() < 0;
            empty_bound += b.is_empty();
            huge += b.is_bounded() && b.size() > (int64_t{1} << 40);
            unbounded += !b.is_bounded();
        }
        std::vector<Expr> exprs = s.results;
        for (const Constraint& c : s.constraints) {
            exprs.push_back(c.expr);
            congruence += c.expr.kind() == ExprKind::Mod && c.range.is_point();
        }
        for (Expr e : exprs) {
            negative_divisor += any_node(e, [](Expr n) {
                return (n.kind() == ExprKind::FloorDiv || n.kind() == ExprKind::Mod) &&
                       n.rhs().is_constant() && n.rhs().constant_value() < 0;
            });
            ceildiv += any_node(e, [](Expr n) { return n.kind() == ExprKind::CeilDiv; });
            min_max += any_node(
                e, [](Expr n) { return n.kind() == ExprKind::Min || n.kind() == ExprKind::Max; });
            near_limit += any_node(e, [](Expr n) {
                return n.is_constant() && (n.constant_value() > (int64_t{1} << 61) ||
                                           n.constant_value() < -(int64_t{1} << 61));
            });
            // `max(x, x - 1)`: two operands a constant -1, 0 or 1 apart.
            offset_min_max += any_node(e, [](Expr n) {
                if (n.kind() != ExprKind::Min && n.kind() != ExprKind::Max) return false;
                const Expr d = n.lhs() - n.rhs();
                return d.is_constant() && d.constant_value() >= -1 && d.constant_value() <= 1;
            });
            // `(d0 * 4 + 1) ceildiv 8`: a constant offset in a ceildiv by a constant.
            ceildiv_offset += any_node(e, [](Expr n) {
                if (n.kind() != ExprKind::CeilDiv || !n.rhs().is_constant() ||
                    n.lhs().kind() != ExprKind::Add)
                    return false;
                const std::vector<Expr> terms = n.lhs().operands();
                return std::any_of(terms.begin(), terms.end(),
                                   [](Expr t) { return t.is_constant(); });
            });
            // `x floordiv c` and `x mod c` of the same x: a shared sub-term.
            shared_div += any_node(e, [&](Expr n) {
                if (n.kind() != ExprKind::FloorDiv) return false;
                return any_node(
                    e, [&](Expr m) { return m.kind() == ExprKind::Mod && m.lhs() == n.lhs(); });
            });
        }
    }
    EXPECT_GT(runtime, 50);
    EXPECT_GT(range, 100);
    EXPECT_GT(five_dims, 50);
    EXPECT_GT(negative_bound, 200);
    EXPECT_GT(empty_bound, 5);
    EXPECT_GT(huge, 50);
    EXPECT_GT(unbounded, 20);
    EXPECT_GT(congruence, 100);
    EXPECT_GT(negative_divisor, 50);
    EXPECT_GT(ceildiv, 50);
    EXPECT_GT(min_max, 50);
    EXPECT_GT(near_limit, 20);
    EXPECT_GT(shared_div, 100);
    EXPECT_GT(constraints, 600);
    // The clamp and tiling families draw these on purpose (24 and 41 of the
    // 2000 maps came from the other families alone).
    EXPECT_GT(offset_min_max, 35);
    EXPECT_GT(ceildiv_offset, 60);
    std::cout << "offset min/max " << offset_min_max << ", ceildiv with an offset "
              << ceildiv_offset << " of 2000 maps\n";
}

/// True if `e` divides by an expression with variables whose values (over
/// `bounds`) include 0.
bool divides_by_maybe_zero(Expr e, const std::vector<Interval>& bounds) {
    return any_node(e, [&](Expr n) {
        bool div = n.kind() == ExprKind::FloorDiv || n.kind() == ExprKind::CeilDiv ||
                   n.kind() == ExprKind::Mod;
        return div && num_variables_used(n.rhs()) > 0 && interval_of(n.rhs(), bounds).contains(0);
    });
}

bool has_big_constant(Expr e) {
    return any_node(e, [](Expr n) {
        return n.is_constant() && (n.constant_value() >= (int64_t{1} << 60) ||
                                   n.constant_value() <= -(int64_t{1} << 60));
    });
}

TEST(FuzzGenerator, EachEdgeTemplateShapesItsMaps) {
    for (const std::string& name : GeneratorOptions::edge_template_names()) {
        GeneratorOptions o;
        o.only_template = name;
        int shaped = 0;
        const int n = 200;
        for (uint64_t i = 0; i < n; ++i) {
            Context ctx;
            SplitMixSource rng(case_seed(11, i));
            MapSpec s = generate_map(ctx, rng, o);
            Result<IndexingMap> m = build_map(ctx, s);
            ASSERT_TRUE(m.ok()) << name << " " << i << ": " << m.error().message;
            std::vector<Interval> bounds;
            for (int64_t v = 0; v < s.num_variables(); ++v)
                bounds.push_back(s.variable(v).bounds);
            std::vector<Expr> exprs = s.results;
            for (const Constraint& c : s.constraints)
                exprs.push_back(c.expr);
            bool ok = false;
            if (name == "zero-divisor") {
                for (Expr e : exprs)
                    ok = ok || divides_by_maybe_zero(e, bounds);
            } else if (name == "int64-limits") {
                std::string text = map_text(*m, s);
                ok = s.limit_literals && (text.find("922337203685477580") != std::string::npos ||
                                          text.find("4611686018427387904") != std::string::npos);
            } else if (name == "limit-bounds") {
                for (const Constraint& c : s.constraints)
                    ok = ok || has_big_constant(c.expr);
            } else if (name == "congruence-overflow") {
                for (const Constraint& c : s.constraints) {
                    ok = ok || (c.expr.kind() == ExprKind::Mod && c.expr.rhs().is_constant() &&
                                c.expr.rhs().constant_value() >= (int64_t{1} << 31));
                }
            } else if (name == "wide-divisor") {
                // A divisor or factor whose interval leaves int64.
                for (Expr e : exprs) {
                    ok = ok || any_node(e, [&](Expr n) {
                             const bool divisor_like =
                                 n.kind() == ExprKind::FloorDiv || n.kind() == ExprKind::CeilDiv ||
                                 n.kind() == ExprKind::Mod || n.kind() == ExprKind::Mul;
                             if (!divisor_like) return false;
                             const Interval i =
                                 interval_of(n.operand(n.num_operands() - 1), bounds);
                             return !i.is_bounded();
                         });
                }
            } else if (name == "split-constants") {
                // A sum (nested, as drawn, or flat) with two constant terms.
                std::function<int(Expr)> constants = [&](Expr n) {
                    if (n.is_constant()) return 1;
                    if (n.kind() != ExprKind::Add) return 0;
                    int k = 0;
                    for (size_t i = 0; i < n.num_operands(); ++i)
                        k += constants(n.operand(i));
                    return k;
                };
                for (Expr e : exprs)
                    ok = ok || any_node(e, [&](Expr n) { return constants(n) >= 2; });
            } else if (name == "probe-limits") {
                // A variable bound at an int64 limit, and a constraint.
                for (int64_t v = 0; v < s.num_variables(); ++v) {
                    const Interval& b = s.variable(v).bounds;
                    ok = ok || (!s.constraints.empty() && b.is_bounded() &&
                                (b.hi() == kInt64Max || b.lo() == kInt64Min));
                }
            } else if (name == "runtime-inputs") {
                int64_t first_rt = static_cast<int64_t>(s.dims.size() + s.range_vars.size());
                for (Expr e : exprs) {
                    for (int64_t v = first_rt; v < s.num_variables(); ++v)
                        ok = ok || uses_variable(e, v);
                }
            }
            shaped += ok;
            EXPECT_EQ(s.edge_template, ok || s.num_variables() == 0 ? s.edge_template : name);
        }
        // Maps without variables get no template; every other one does.
        EXPECT_GT(shaped, n * 8 / 10) << name;
    }
}

TEST(FuzzGenerator, WithoutNearLimitConstantsEveryConstantIsModest) {
    GeneratorOptions o;
    o.near_limit_constants = false;
    for (uint64_t i = 0; i < 500; ++i) {
        Context ctx;
        SplitMixSource rng(case_seed(8, i));
        MapSpec s = generate_map(ctx, rng, o);
        std::vector<Expr> exprs = s.results;
        for (const Constraint& c : s.constraints)
            exprs.push_back(c.expr);
        for (Expr e : exprs) {
            EXPECT_FALSE(any_node(e, [](Expr n) {
                return n.is_constant() && (n.constant_value() > (int64_t{1} << 40) ||
                                           n.constant_value() < -(int64_t{1} << 40));
            })) << to_string(e);
        }
    }
}

}  // namespace
}  // namespace provix::fuzz
