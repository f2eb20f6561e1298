// The shrinker with synthetic failure predicates: it keeps the failing core,
// removes everything else, respects its budget and never builds a literal
// zero divisor.

#include "provix/fuzz/shrinker.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "provix/parser.h"

namespace provix::fuzz {
namespace {

MapSpec spec_from(Context& ctx, const std::string& text) {
    ParseOptions raw;
    raw.canonicalize = false;
    Result<IndexingMap> m = parse_indexing_map(ctx, text, raw);
    EXPECT_TRUE(m.ok()) << m.error().message;
    return spec_of(*m);
}

bool any_node(Expr e, const std::function<bool(Expr)>& pred) {
    if (pred(e)) return true;
    for (size_t i = 0; i < e.num_operands(); ++i) {
        if (any_node(e.operand(i), pred)) return true;
    }
    return false;
}

bool has_mod(const MapSpec& s) {
    for (Expr r : s.results) {
        if (any_node(r, [](Expr n) { return n.kind() == ExprKind::Mod; })) return true;
    }
    return false;
}

const char* kBigMap =
    "(d0, d1)[s0] -> (d0 + d1 * 3, (d0 * 16 + s0) mod 16, d1),\n"
    "domain:\n"
    "d0 in [0, 100],\n"
    "d1 in [-5, 5],\n"
    "s0 in [0, 15],\n"
    "d0 + s0 in [0, 50]";

TEST(FuzzShrinker, ShrinksToTheFailingCore) {
    Context ctx;
    MapSpec spec = spec_from(ctx, kBigMap);
    ASSERT_TRUE(has_mod(spec));
    ShrinkResult r = shrink(ctx, spec, has_mod);
    EXPECT_TRUE(has_mod(r.spec));
    EXPECT_EQ(spec_text(ctx, r.spec), "() -> (0 mod 1)");
    EXPECT_LT(spec_size(r.spec), spec_size(spec));
    EXPECT_GT(r.steps, 3);
}

TEST(FuzzShrinker, IsDeterministic) {
    Context a, b;
    ShrinkResult ra = shrink(a, spec_from(a, kBigMap), has_mod);
    ShrinkResult rb = shrink(b, spec_from(b, kBigMap), has_mod);
    EXPECT_EQ(spec_text(a, ra.spec), spec_text(b, rb.spec));
    EXPECT_EQ(ra.checks, rb.checks);
}

TEST(FuzzShrinker, RespectsTheCheckBudget) {
    Context ctx;
    int64_t calls = 0;
    ShrinkResult r = shrink(
        ctx, spec_from(ctx, kBigMap),
        [&](const MapSpec&) {
            ++calls;
            return false;
        },
        5);
    EXPECT_EQ(calls, 5);
    EXPECT_EQ(r.checks, 5);
    EXPECT_EQ(r.steps, 0);
}

TEST(FuzzShrinker, NeverBuildsALiteralZeroDivisor) {
    Context ctx;
    bool zero_divisor = false;
    shrink(ctx, spec_from(ctx, kBigMap), [&](const MapSpec& s) {
        for (Expr r : s.results) {
            zero_divisor |= any_node(r, [](Expr n) {
                return (n.kind() == ExprKind::Mod || n.kind() == ExprKind::FloorDiv) &&
                       n.rhs().is_constant(0);
            });
        }
        return has_mod(s);
    });
    EXPECT_FALSE(zero_divisor);
}

TEST(FuzzShrinker, KeepsTheBoundThatMatters) {
    Context ctx;
    // Fails while d0 can reach 37: the upper bound shrinks to exactly 37.
    auto reaches_37 = [](const MapSpec& s) {
        return !s.dims.empty() && s.dims[0].name == "d0" && s.dims[0].bounds.contains(37);
    };
    ShrinkResult r = shrink(ctx, spec_from(ctx, kBigMap), reaches_37, 1000);
    ASSERT_FALSE(r.spec.dims.empty());
    EXPECT_EQ(r.spec.dims[0].bounds, (Interval{0, 37}));
    EXPECT_TRUE(r.spec.results.empty());
    EXPECT_TRUE(r.spec.constraints.empty());
}

}  // namespace
}  // namespace provix::fuzz
