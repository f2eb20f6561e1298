// Whether MLIR, computing at 64 bits with wrapping `index` arithmetic, may
// decide a simplified affine set (or compute a map) otherwise than exactly:
// examples, then a property test that evaluates every set the check passes
// both ways at the points where wraps begin.

#include "mlir_wrap.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "provix/mlir_syntax.h"
#include "provix/parser.h"

namespace provix::cli {
namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

class MlirWrapTest : public ::testing::Test {
protected:
    Context ctx;

    IndexingMap map(const std::string& text) {
        Result<IndexingMap> m = parse_indexing_map(ctx, text);
        EXPECT_TRUE(m.ok()) << text << "\n" << (m.ok() ? "" : m.error().message);
        return m.ok() ? *m : IndexingMap::undefined(ctx);
    }
};

TEST_F(MlirWrapTest, MapsWithADivisionOverAWrappingOperand) {
    EXPECT_FALSE(may_give_inexact_in_mlir(
        map("(d0, d1) -> (d0 * 2 + d1 floordiv 8), domain: d0 in [-inf, inf], d1 in [0, 7]")));
    EXPECT_TRUE(may_give_inexact_in_mlir(
        map("(d0, d1) -> ((d0 * 24 + d1) floordiv 16), domain: d0 in [-inf, inf], d1 in [0, 7]")));
    EXPECT_FALSE(may_give_inexact_in_mlir(
        map("(d0, d1) -> ((d0 * 24 + d1) floordiv 16), domain: d0 in [0, 99], d1 in [0, 7]")));
}

TEST_F(MlirWrapTest, UnitConstraintsThatWrapOnlyWhereAnotherFailsPass) {
    // d0 - 3 >= 0 wraps to true for d0 in [-2^63, -2^63 + 2], where
    // -d0 + 5 >= 0 wraps to false: MLIR decides [3, 5] exactly.
    EXPECT_FALSE(set_may_decide_otherwise_in_mlir(map("(d0) -> (), domain: d0 in [3, 5]"), {}));
    EXPECT_FALSE(set_may_decide_otherwise_in_mlir(map("(d0) -> (), domain: d0 in [0, 15]"), {}));
    // Alone, d0 - 3 >= 0 holds in MLIR at d0 = -2^63.
    EXPECT_TRUE(set_may_decide_otherwise_in_mlir(map("(d0) -> (), domain: d0 in [3, inf]"), {}));
    EXPECT_FALSE(set_may_decide_otherwise_in_mlir(map("(d0) -> (), domain: d0 in [3, inf]"),
                                                  {Interval(-1000, 1000)}));
    // Bounded by units first, then the rest is exact inside.
    EXPECT_FALSE(set_may_decide_otherwise_in_mlir(
        map("(d0)[s0] -> (), domain: d0 in [4, 28], s0 in [1, 7], d0 - s0 * 4 in [0, 0]"), {}));
}

TEST_F(MlirWrapTest, AConstraintThatWrapsInsideTheBoxFails) {
    // (d0 * 8 + d1) floordiv 8 wraps for d0 near the ends of int64.
    EXPECT_TRUE(
        set_may_decide_otherwise_in_mlir(map("(d0, d1) -> (), domain: d0 in [-inf, inf], d1 in [0, "
                                             "7], (d0 * 8 + d1) floordiv 8 in [3, inf]"),
                                         {}));
    EXPECT_FALSE(
        set_may_decide_otherwise_in_mlir(map("(d0, d1) -> (), domain: d0 in [-inf, inf], d1 in [0, "
                                             "7], (d0 * 8 + d1) floordiv 8 in [3, inf]"),
                                         {Interval(-100, 100)}));
    // d0 * 3 wraps to a positive value just below -2^63 / 3, where
    // -d0 + 100 >= 0 holds: MLIR finds such a d0 in the set.
    EXPECT_TRUE(set_may_decide_otherwise_in_mlir(
        map("(d0) -> (), domain: d0 in [-inf, 100], d0 * 3 in [0, inf]"), {}));
}

// ---------------------------------------------------------------------
// The property: wherever the check passes, MLIR's 64-bit evaluation of the
// printed constraints agrees with the exact one.

/// `e` at `point` as MLIR computes it: `+` and `*` wrap at 64 bits,
/// floordiv and mod of the wrapped values by a positive constant, ceildiv
/// through a (wrapping) negation.
int64_t wrapped(Expr e, const std::vector<int64_t>& point) {
    if (e.is_constant()) return e.constant_value();
    if (e.is_variable()) return point[static_cast<size_t>(e.variable_id())];
    std::vector<int64_t> v;
    for (size_t i = 0; i < e.num_operands(); ++i)
        v.push_back(wrapped(e.operand(i), point));
    auto floor_div = [](int64_t a, int64_t b) {
        return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
    };
    uint64_t acc = static_cast<uint64_t>(v[0]);
    switch (e.kind()) {
        case ExprKind::Add:
            for (size_t i = 1; i < v.size(); ++i)
                acc += static_cast<uint64_t>(v[i]);
            return static_cast<int64_t>(acc);
        case ExprKind::Mul:
            for (size_t i = 1; i < v.size(); ++i)
                acc *= static_cast<uint64_t>(v[i]);
            return static_cast<int64_t>(acc);
        case ExprKind::FloorDiv:
            return floor_div(v[0], v[1]);
        case ExprKind::CeilDiv:
            return static_cast<int64_t>(
                0 - static_cast<uint64_t>(floor_div(static_cast<int64_t>(0 - acc), v[1])));
        case ExprKind::Mod:
            return v[0] - v[1] * floor_div(v[0], v[1]);
        default:
            ADD_FAILURE() << "no MLIR lowering for " << to_string(e);
            return 0;
    }
}

/// `e` at `point` over the integers (small coefficients: 128 bits hold it).
__int128 exact(Expr e, const std::vector<int64_t>& point) {
    if (e.is_constant()) return e.constant_value();
    if (e.is_variable()) return point[static_cast<size_t>(e.variable_id())];
    std::vector<__int128> v;
    for (size_t i = 0; i < e.num_operands(); ++i)
        v.push_back(exact(e.operand(i), point));
    auto floor_div = [](__int128 a, __int128 b) {
        return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
    };
    __int128 acc = v[0];
    switch (e.kind()) {
        case ExprKind::Add:
            for (size_t i = 1; i < v.size(); ++i)
                acc += v[i];
            return acc;
        case ExprKind::Mul:
            for (size_t i = 1; i < v.size(); ++i)
                acc *= v[i];
            return acc;
        case ExprKind::FloorDiv:
            return floor_div(v[0], v[1]);
        case ExprKind::CeilDiv:
            return -floor_div(-v[0], v[1]);
        case ExprKind::Mod:
            return v[0] - v[1] * floor_div(v[0], v[1]);
        default:
            ADD_FAILURE() << "unexpected " << to_string(e);
            return 0;
    }
}

TEST_F(MlirWrapTest, WhereTheCheckPassesMlirDecidesTheSetExactly) {
    std::mt19937_64 rng(20261206);
    auto pick = [&](std::vector<int64_t> from) { return from[rng() % from.size()]; };
    const std::vector<int64_t> ends = {kMin, kMin + 1, kMin + 7, -1000,    -5,  0,
                                       3,    100,      kMax - 7, kMax - 1, kMax};
    int passed = 0, refused = 0, points = 0;
    for (int round = 0; round < 4000; ++round) {
        // Two variables, each bounded (or not) at each end, and up to two
        // constraints on small affine and floordiv expressions.
        std::string text = "(d0, d1) -> (), domain: ";
        for (int v = 0; v < 2; ++v) {
            const int64_t lo = pick({kMin, -100, -3, 0, 1, 5}),
                          hi = pick({-1, 0, 4, 10, 200, kMax});
            text += std::string(v ? ", " : "") + "d" + std::to_string(v) + " in [" +
                    (lo == kMin ? std::string("-inf") : std::to_string(lo)) + ", " +
                    (hi == kMax ? std::string("inf") : std::to_string(hi)) + "]";
        }
        const char* shapes[] = {"d0 * 2 + d1",   "d0 - d1 * 3",         "(d0 * 8 + d1) floordiv 8",
                                "d0 mod 4 + d1", "(d1 - d0) ceildiv 3", "d0 * -5"};
        for (int c = 0, n = static_cast<int>(rng() % 3); c < n; ++c) {
            const int64_t lo = pick({-50, 0, 2}), hi = pick({3, 60});
            text += std::string(", ") + shapes[rng() % 6] + " in [" + std::to_string(lo) + ", " +
                    std::to_string(hi) + "]";
        }
        const IndexingMap m = map(text);
        if (m.state() != IndexingMap::State::Normal) continue;
        std::vector<Interval> operands;
        if (rng() % 3 == 0) operands = {Interval(-1000, 1000), Interval(-1000, 1000)};
        if (set_may_decide_otherwise_in_mlir(m, operands)) {
            ++refused;
            continue;
        }
        ++passed;
        // The points where wraps begin: each operand's range ends and the
        // ends of int64, near them and near the constants.
        const std::vector<MlirSetConstraint> cs = mlir_affine_set_constraints(m);
        for (int64_t a : ends) {
            for (int64_t b : ends) {
                std::vector<int64_t> p = {a, b};
                bool inside = true;
                for (size_t i = 0; i < operands.size(); ++i)
                    inside = inside && operands[i].contains(p[i]);
                if (!inside) continue;
                ++points;
                bool in_mlir = true, holds = true;
                for (const MlirSetConstraint& c : cs) {
                    const int64_t w = wrapped(c.expr, p);
                    const __int128 x = exact(c.expr, p);
                    in_mlir = in_mlir && (c.equality ? w == 0 : w >= 0);
                    holds = holds && (c.equality ? x == 0 : x >= 0);
                }
                ASSERT_EQ(in_mlir, holds) << text << " at (" << a << ", " << b << ")";
            }
        }
    }
    // The test says something only if both answers are common.
    EXPECT_GT(passed, 1000);
    EXPECT_GT(refused, 300);
    EXPECT_GT(points, 50000);
}

}  // namespace
}  // namespace provix::cli
