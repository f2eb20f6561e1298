#include "provix/expr.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <limits>
#include <stdexcept>

#include "evaluate_wide.h"
#include "expr_build.h"
#include "expr_node.h"
#include "provix/semantics.h"
#include "support/expr_fixture.h"

namespace provix {
namespace {

std::string dname(int64_t id) { return "d" + std::to_string(id); }
std::string str(Expr e) { return to_string(e, dname); }

class ExprTest : public testing_support::ExprFixture {};

TEST_F(ExprTest, UniquingMakesEqualExpressionsTheSamePointer) {
    Expr a = floor_div(d0 * 4 + d1, 8);
    Expr b = floor_div(d1 + 4 * d0, 8);
    EXPECT_EQ(a, b);
    EXPECT_EQ(a.node(), b.node());
    EXPECT_EQ(sizeof(Expr), sizeof(void*));
    size_t before = ctx.num_nodes();
    (void)floor_div(d0 * 4 + d1, 8);
    EXPECT_EQ(ctx.num_nodes(), before);
}

TEST_F(ExprTest, ImportCopiesNodeForNodeIntoAnotherContext) {
    Context other;
    Expr e = floor_div(d0 * 4 + d1, 8) + min(d2, 7) * 3;
    Expr copy = import_expr(other, e);
    EXPECT_EQ(&copy.context(), &other);
    EXPECT_EQ(str(copy), str(e));
    EXPECT_EQ(import_expr(ctx, copy), e);  // back to the very same node
    EXPECT_EQ(import_expr(ctx, e), e);     // already there: itself
    // A node built as written (not canonical) keeps its form.
    Expr raw = make(ExprKind::Add, {d0, c(0)});
    EXPECT_EQ(str(import_expr(other, raw)), "d0 + 0");
    EXPECT_EQ(import_expr(ctx, import_expr(other, raw)), raw);
    // Large ids and int64 limits copy as they are.
    Expr far = ctx.variable(int64_t{1} << 62) + std::numeric_limits<int64_t>::min();
    EXPECT_EQ(import_expr(ctx, import_expr(other, far)), far);
}

TEST_F(ExprTest, ImportCopiesAnyDepthWithoutRecursion) {
    Context other;
    Expr e = d0;
    for (int i = 0; i < 100000; ++i)
        e = min(e + 1, d1);
    EXPECT_EQ(import_expr(ctx, import_expr(other, e)), e);
}

TEST_F(ExprTest, OperandsFromAnotherContextOrNullStopTheProgram) {
    // A node pointing into another context would dangle once it is gone;
    // every public way of combining expressions refuses one.
    Context other;
    const Expr x = other.variable(0);
    EXPECT_DEATH((void)(d0 + x),
                 "precondition violated: operator\\+: operand from another context");
    EXPECT_DEATH((void)(x - d0), "operator-: operand from another context");
    EXPECT_DEATH((void)(d0 * x), "operator\\*: operand from another context");
    EXPECT_DEATH((void)floor_div(d0, x), "provix::floor_div: operand from another context");
    EXPECT_DEATH((void)ceil_div(x, d0), "provix::ceil_div: operand from another context");
    EXPECT_DEATH((void)mod(d0, x), "provix::mod: operand from another context");
    EXPECT_DEATH((void)min(d0, x), "provix::min: operand from another context");
    EXPECT_DEATH((void)max(x, d0), "provix::max: operand from another context");
    EXPECT_DEATH((void)build(ExprKind::Add, {d0, d1, x}), "provix::build: operand from another");
    EXPECT_DEATH((void)substitute(d0 + d1, {x}), "provix::substitute: replacement from another");
    EXPECT_DEATH((void)(Expr() + d0), "operator\\+: null operand");
    EXPECT_DEATH((void)(Expr() * 3), "null operand");
    EXPECT_DEATH((void)floor_div(d0, Expr()), "provix::floor_div: null operand");
    EXPECT_FALSE(ctx.make(ExprKind::Add, {d0, x}).ok());  // the checked form
    // The same expressions in one context are fine, and import_expr moves
    // one across.
    EXPECT_EQ(d0 + import_expr(ctx, x), d0 * 2);
}

TEST_F(ExprTest, AddingAndSubtractingAConstantCancels) {
    EXPECT_EQ((d0 + 1) - 1, d0);
    EXPECT_EQ(str((d0 + 1) - 1), "d0");
}

TEST_F(ExprTest, ConstantFactorsAreDistributed) {
    EXPECT_EQ(str((d0 + 2) * 3), "d0 * 3 + 6");
    EXPECT_EQ((d0 + 2) * 3, d0 * 3 + 6);
}

TEST_F(ExprTest, LikeTermsAreCombinedAndZeroTermsDropped) {
    EXPECT_EQ(str(d0 + d1 + d0 * 2), "d0 * 3 + d1");
    EXPECT_EQ(d0 - d0, c(0));
    EXPECT_EQ(str(d1 * 2 - d0 + 7 - d1 * 2), "-d0 + 7");
}

TEST_F(ExprTest, IdentitiesAreEliminated) {
    EXPECT_EQ(d0 + 0, d0);
    EXPECT_EQ(d0 * 1, d0);
    EXPECT_EQ(d0 * 0, c(0));
    EXPECT_EQ(floor_div(d0, 1), d0);
    EXPECT_EQ(ceil_div(d0, 1), d0);
    EXPECT_EQ(mod(d0, 1), c(0));
    EXPECT_EQ(mod(d0, -1), c(0));
    EXPECT_EQ(floor_div(d0, -1), -d0);
    EXPECT_EQ(min(d0, d0), d0);
}

TEST_F(ExprTest, ConstantsFoldWithFloorSemantics) {
    EXPECT_EQ(floor_div(c(-7), 2), c(-4));
    EXPECT_EQ(ceil_div(c(-7), 2), c(-3));
    EXPECT_EQ(mod(c(-7), 2), c(1));
    EXPECT_EQ(mod(c(7), -2), c(-1));
    EXPECT_EQ(min(c(3), c(-2)), c(-2));
    EXPECT_EQ(max(c(3), c(-2)), c(3));
}

TEST_F(ExprTest, OverflowingFoldIsNotApplied) {
    Expr e = c(kInt64Max) + 1;
    EXPECT_EQ(e.kind(), ExprKind::Add);
    EXPECT_FALSE(evaluate(e, {}).ok());
    EXPECT_EQ(evaluate(e, {}).error().kind, Error::Kind::Overflow);
    Expr m = c(kInt64Max) * 2;
    EXPECT_EQ(m.kind(), ExprKind::Mul);
    Expr q = floor_div(c(kInt64Min), -1);
    EXPECT_NE(q.kind(), ExprKind::Constant);
    EXPECT_FALSE(evaluate(q, {}).ok());
}

TEST_F(ExprTest, DivisorFoldingToZeroIsKeptAndFailsEvaluation) {
    Expr e = floor_div(d0, d1 - d1);
    EXPECT_EQ(e.kind(), ExprKind::FloorDiv);
    EXPECT_EQ(evaluate(e, {4, 1}).error().kind, Error::Kind::DivisionByZero);
    EXPECT_EQ(evaluate(mod(d0, 0), {4}).error().kind, Error::Kind::DivisionByZero);
    EXPECT_EQ(evaluate(ceil_div(c(3), 0), {}).error().kind, Error::Kind::DivisionByZero);
}

TEST_F(ExprTest, LiteralZeroDivisorIsAnErrorAtConstruction) {
    auto r = ctx.make(ExprKind::FloorDiv, {d0, c(0)});
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, Error::Kind::DivisionByZero);
}

TEST_F(ExprTest, EvaluateNestedMinMaxDivExample) {
    // (((v0 + 42) * max(min(v1, 2), 0)) floordiv 2) ceildiv 2 at {5, 1} is 12.
    Expr e = ceil_div(floor_div((d0 + 42) * max(min(d1, 2), 0), 2), 2);
    auto r = evaluate(e, {5, 1});
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(*r, 12);
}

TEST_F(ExprTest, EvaluateRuntimeZeroDivisorIsAnError) {
    auto r = evaluate(floor_div(d0, d1), {4, 0});
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, Error::Kind::DivisionByZero);
    EXPECT_FALSE(evaluate(mod(d0, d1), {4, 0}).ok());
    EXPECT_EQ(*evaluate(mod(d0, d1), {-7, 2}), 1);
    EXPECT_FALSE(evaluate(d0, {}).ok());
}

TEST_F(ExprTest, EvaluateOverflowIsAnError) {
    EXPECT_EQ(evaluate(d0 * d1, {kInt64Max, 2}).error().kind, Error::Kind::Overflow);
    EXPECT_EQ(evaluate(d0 + 1, {kInt64Max}).error().kind, Error::Kind::Overflow);
    EXPECT_EQ(*evaluate(d0 + 1, {kInt64Max - 1}), kInt64Max);
}

TEST_F(ExprTest, IntermediateValuesAreExactTo128Bits) {
    // A value in int64 reached through a wider one is a value.
    EXPECT_EQ(*evaluate(floor_div(-d0, 2), {kInt64Min}), int64_t{1} << 62);
    EXPECT_EQ(*evaluate(floor_div(d0 * d1, d1), {kInt64Max, kInt64Max}), kInt64Max);
    EXPECT_EQ(*evaluate(floor_div(d0 * 4, 8), {kInt64Max}), kInt64Max / 2);
    EXPECT_EQ(*evaluate(mod(d0 * d1, 7), {kInt64Min, kInt64Min}), 1);  // 2^126 mod 7
    // Beyond 128 bits, an error; a zero divisor met after a wide value, too.
    Expr wide = d0 * d0 * d0;
    EXPECT_EQ(evaluate(wide, {kInt64Max}).error().kind, Error::Kind::Overflow);
    EXPECT_EQ(evaluate(floor_div(d0 * d0, d1), {kInt64Max, 0}).error().kind,
              Error::Kind::DivisionByZero);
}

TEST_F(ExprTest, PrintingUsesMinimalParentheses) {
    EXPECT_EQ(str(d0 + floor_div(d1, 16)), "d0 + d1 floordiv 16");
    EXPECT_EQ(str(floor_div(d0 * 4 + d1, 8)), "(d0 * 4 + d1) floordiv 8");
    EXPECT_EQ(str(floor_div(d0 * 4, 8)), "(d0 * 4) floordiv 8");
    EXPECT_EQ(str(mod(floor_div(d0, 16), 2)), "(d0 floordiv 16) mod 2");
    EXPECT_EQ(str(floor_div(d0, 3) * 2 + d1), "d1 + (d0 floordiv 3) * 2");
    EXPECT_EQ(str(floor_div(-d0, 4)), "(-d0) floordiv 4");
    EXPECT_EQ(str(d0 * floor_div(d1, 3)), "d0 * (d1 floordiv 3)");
    EXPECT_EQ(str(floor_div(d0, floor_div(d1, 3))), "d0 floordiv (d1 floordiv 3)");
    EXPECT_EQ(str(d0 - floor_div(d1, 4)), "d0 - d1 floordiv 4");
    EXPECT_EQ(str(-floor_div(d1, 4) + 9), "-(d1 floordiv 4) + 9");
    EXPECT_EQ(str(d0 * -11 - d1 + 109), "d0 * -11 - d1 + 109");
    EXPECT_EQ(str(min(d0 + 1, 3)), "min(d0 + 1, 3)");
    EXPECT_EQ(str(max(c(0), d0)), "max(d0, 0)");
    EXPECT_EQ(str(d0 - d1 * d2 * 3), "d0 - d1 * d2 * 3");
    EXPECT_EQ(str(d0 - floor_div(d1, 4) * 3), "d0 - (d1 floordiv 4) * 3");
    EXPECT_EQ(str(mod(d0, -4)), "d0 mod -4");
}

TEST_F(ExprTest, TermOrderIsStructuralNotCreationOrder) {
    Context other;
    Expr late1 = other.variable(1), late0 = other.variable(0);
    Expr a = floor_div(late1, 4) + late0 * 2 + mod(late1, 4);
    Expr b = d0 * 2 + floor_div(d1, 4) + mod(d1, 4);
    EXPECT_EQ(str(a), str(b));
    EXPECT_EQ(str(b), "d0 * 2 + d1 floordiv 4 + d1 mod 4");
}

TEST_F(ExprTest, CanonicalizeRebuildsRawTrees) {
    Expr raw = make(ExprKind::Add, {make(ExprKind::Add, {d0, c(1)}), c(-1)});
    EXPECT_NE(raw, d0);
    EXPECT_EQ(canonicalize(raw), d0);
    Expr raw2 = make(ExprKind::Mul, {make(ExprKind::Add, {d0, c(2)}), c(3)});
    EXPECT_EQ(str(canonicalize(raw2)), "d0 * 3 + 6");
    Expr canon = floor_div(d0 * 4 + d1, 8);
    EXPECT_EQ(canonicalize(canon), canon);
}

TEST_F(ExprTest, OverflowingConstantProductsStayCanonical) {
    // Found by the libFuzzer parser target: products of constants beyond
    // int64 stay unfolded, with their constants sorted (the text round trip
    // is tested in tests/unit/text/printer_test.cpp).
    Expr big = c(922337) * c(92233720368547);  // > 2^63
    EXPECT_EQ(str(big), "922337 * 92233720368547");
    EXPECT_EQ(str(big * 2), "2 * 922337 * 92233720368547");
    EXPECT_EQ(str(-(big * 2)), "-1 * 2 * 922337 * 92233720368547");
    Expr min_times_minus_one = c(INT64_MIN) * c(-1);
    EXPECT_EQ(canonicalize(min_times_minus_one * c(-1)), min_times_minus_one * c(-1));
    EXPECT_EQ(str(min_times_minus_one * c(-1)), "-9223372036854775808");
    Expr near = (d0 + c(INT64_MAX - 20)) + c(INT64_MAX) + c(INT64_MIN);
    EXPECT_EQ(canonicalize(near), near);
    EXPECT_EQ(str(near), "d0 + 9223372036854775786");
    // Like terms with unfolded constants are not merged into an int64
    // coefficient (none exists); a sum keeps each occurrence.
    Expr twice = d0 * big + d0 * big;
    EXPECT_EQ(twice.kind(), ExprKind::Add);
    EXPECT_EQ(twice.num_operands(), 2u);
    Expr scaled = (d0 + big) * 3;
    EXPECT_EQ(scaled, d0 * 3 + big * 3);
}

TEST_F(ExprTest, AProductKeptApartIsDistributedOnceItsCoefficientFits) {
    // (d0 - 2) * -2^62 cannot be distributed (2 * 2^62 overflows); negated,
    // (d0 - 2) * 2^62 can (-2 * 2^62 is INT64_MIN): the negation must build
    // what parsing its printed form builds, or simplify is not idempotent.
    const int64_t k = int64_t{1} << 62;
    Expr kept = (d0 - 2) * c(-k);
    EXPECT_EQ(str(kept), "(d0 - 2) * -4611686018427387904");
    EXPECT_EQ(-kept, d0 * k + c(INT64_MIN));
    // -((d0 - 2) * -2^62 + 2^62 - 3) is d0 * 2^62 - 3 * 2^62 + 3: its constant
    // is below INT64_MIN, so it stays in two int64 chunks.
    Expr negated = -(kept + c(k - 3));
    EXPECT_EQ(str(negated),
              "d0 * 4611686018427387904 + -9223372036854775808 - 4611686018427387901");
    EXPECT_EQ(canonicalize(negated), negated);
    // Like terms merged to a coefficient that distributes: (d0 - 3) * 1.
    Expr apart = (d0 - 3) * c(k) + (d0 - 3) * c(-k + 1);
    EXPECT_EQ(apart, d0 - 3);
    EXPECT_EQ(canonicalize(apart), apart);
}

TEST_F(ExprTest, ProductsKeptApartAreLikeTermsByTheirExactConstants) {
    // d0 * 4 * 2^62 is 2^64 * d0: no int64 coefficient, so its constants stay
    // apart. Its negation keeps a -1 among them; the two still cancel.
    const int64_t k = int64_t{1} << 62;
    Expr x = d0 * c(4) * c(k);
    EXPECT_EQ(str(x), "d0 * 4 * 4611686018427387904");
    EXPECT_EQ(str(-x), "d0 * -1 * 4 * 4611686018427387904");
    EXPECT_EQ(x - x, c(0));
    EXPECT_EQ(x + d1 - x, d1);
    // 2^64 * d0 * d1 - 3 * 2^62 * d0 * d1 is 2^62 * d0 * d1 (factors in any order).
    Expr y = d0 * d1 * c(4) * c(k) + d1 * d0 * c(-3) * c(k);
    EXPECT_EQ(y, d0 * d1 * c(k));
    EXPECT_EQ(canonicalize(y), y);
    // A total beyond int64 stays as it was: one term per occurrence.
    EXPECT_EQ(str(x + x), "d0 * 4 * 4611686018427387904 + d0 * 4 * 4611686018427387904");
    EXPECT_EQ(canonicalize(x + x), x + x);
    // Pairs merge until no pair adds up to an int64: 3 * 2^63 * d0 twice and
    // -3 * 2^63 * d0 leave one term, as adding them one at a time does.
    Expr a = d0 * c(INT64_MIN) * c(-1) * c(3), b = d0 * c(INT64_MIN) * c(3);
    EXPECT_EQ((a + a) + b, a);
    EXPECT_EQ(canonicalize(make(ExprKind::Add, {a, a, b})), a);
    // Other factors differ: no like terms.
    EXPECT_EQ(str(x - d1 * c(4) * c(k)),
              "d0 * 4 * 4611686018427387904 + d1 * -1 * 4 * 4611686018427387904");
    // A partial factor keeps its points of division by zero (`x * 0`), as
    // like terms elsewhere do.
    Expr partial = floor_div(d0, d1) * c(4) * c(k);
    EXPECT_EQ(str(partial - partial), "(d0 floordiv d1) * 0");
    EXPECT_EQ(str(floor_div(d0, d1) - floor_div(d0, d1)), "(d0 floordiv d1) * 0");
}

TEST_F(ExprTest, ProductsOfConstantsAloneKeptApartFoldInPairs) {
    // 4 * 2^62 is 2^64: no int64 holds it, so its constants stay apart. Two
    // such products whose exact total is an int64 fold into the constant.
    const int64_t k = int64_t{1} << 62;
    Expr x = c(4) * c(k);
    EXPECT_EQ(str(x), "4 * 4611686018427387904");
    EXPECT_EQ(x - x, c(0));
    EXPECT_EQ(d0 + x - x, d0);
    EXPECT_EQ(x - x + 5, c(5));
    EXPECT_EQ(d0 + 7 + x + c(-3) * c(k), d0 + c(k + 7));  // 2^64 - 3 * 2^62 + 7
    EXPECT_EQ(canonicalize(make(ExprKind::Add, {x, d0, -x})), d0);
    // A total beyond int64 stays as it was.
    EXPECT_EQ(str(x + x), "4 * 4611686018427387904 + 4 * 4611686018427387904");
    EXPECT_EQ(canonicalize(x + x), x + x);
    // Pairs merge until no pair adds up to an int64: 3 * 2^63 twice and
    // -3 * 2^63 leave one product, as adding them one at a time does.
    Expr a = c(INT64_MIN) * c(-1) * c(3), b = c(INT64_MIN) * c(3);
    EXPECT_EQ((a + a) + b, a);
    EXPECT_EQ(canonicalize(make(ExprKind::Add, {a, a, b})), a);
    // A product of constants is no like term of one with other factors.
    EXPECT_EQ(str(x - d0 * c(4) * c(k)),
              "d0 * -1 * 4 * 4611686018427387904 + 4 * 4611686018427387904");
    // The sum's constant takes in a product of the other sign that it
    // dominates: 2^64 - 2^63 - 2^63 is 0, 2^64 - 2^63 - 2^63 - 9 is -9 and
    // -2^64 + 3 * 2^63 is 2^63 (two int64 parts, each left as it is).
    EXPECT_EQ(x + c(INT64_MIN) + c(INT64_MIN), c(0));
    EXPECT_EQ(canonicalize(make(ExprKind::Add, {x, c(INT64_MIN), d0, c(INT64_MIN), c(-9)})),
              d0 - 9);
    Expr negated = -x + c(INT64_MAX) + c(INT64_MAX) + c(INT64_MAX) + c(3);
    EXPECT_EQ(str(negated), "9223372036854775807 + 1");
    EXPECT_EQ(canonicalize(negated), negated);
    // A constant it does not dominate leaves it as it was: 2^64 - 5, and
    // 2^64 - 2^63 (= 2^63, no int64 either way).
    Expr small = d0 + x - 5;
    EXPECT_EQ(str(small), "d0 + 4 * 4611686018427387904 - 5");
    EXPECT_EQ(canonicalize(small), small);
    EXPECT_EQ(str(x + c(INT64_MIN)), "4 * 4611686018427387904 + -9223372036854775808");
}

TEST_F(ExprTest, ProductOfConstantsAloneJoinsTheConstantWhenTheirSumIsAnInt64) {
    // -1844674407370955162 * 5 is -2^63 - 2, beyond int64; with 3 the sum is
    // -2^63 + 1, which is one. Whatever order the terms come in.
    const Expr p = c(-1844674407370955162) * c(5);
    EXPECT_EQ(str(p), "-1844674407370955162 * 5");
    EXPECT_EQ(p + 3, c(INT64_MIN + 1));
    EXPECT_EQ(c(3) + d0 + p, d0 + c(INT64_MIN + 1));
    EXPECT_EQ(canonicalize(make(ExprKind::Add, {c(1), p, d0, c(2)})), d0 + c(INT64_MIN + 1));
    EXPECT_EQ(p + 1 + 1, c(INT64_MIN));
    // Of two products, one joins: the first in the canonical order of the
    // sum's terms when the constant comes last, -2^63 - 1; the other, -2^63
    // - 2, then does not (the sum would be -2^64 + 4). Added one at a time,
    // the first product the constant meets joins it. Either result parses
    // back to itself.
    const Expr q = c(-3074457345618258603) * c(3);
    EXPECT_EQ(str(q + p + 3), "-1844674407370955162 * 5 - 9223372036854775806");
    EXPECT_EQ(p + q + 3, q + p + 3);
    EXPECT_EQ(str(c(3) + p + q), "-3074457345618258603 * 3 - 9223372036854775807");
    EXPECT_EQ(canonicalize(q + p + 3), q + p + 3);
    EXPECT_EQ(canonicalize(c(3) + p + q), c(3) + p + q);
    // A sum beyond int64 on the product's side leaves it apart: -2^63 - 2 - 1.
    EXPECT_EQ(str(p - 1), "-1844674407370955162 * 5 - 1");
    EXPECT_EQ(canonicalize(p - 1), p - 1);
    // 2^64 with a constant of two int64 parts, -2^63 - 9: 2^63 - 9 joins.
    const Expr x = c(4) * c(int64_t{1} << 62);
    EXPECT_EQ(x + c(INT64_MIN) + c(-9), c(INT64_MAX - 8));
}

TEST_F(ExprTest, SubstituteRebuildsCanonically) {
    Expr e = d0 + d1;
    EXPECT_EQ(substitute(e, {d1, c(5)}), d1 + 5);
    EXPECT_EQ(substitute(floor_div(d0, 4), {c(9)}), c(2));
    EXPECT_TRUE(uses_variable(e, 1));
    EXPECT_FALSE(uses_variable(e, 2));
    EXPECT_EQ(num_variables_used(d0 + d2), 3);
}

TEST_F(ExprTest, VariableFactsCachedOnNodesCoverLargeIds) {
    // Nodes cache a mask of variable ids below 64; larger ids take the walk.
    Context& ctx = d0.context();
    Expr v63 = ctx.variable(63), v64 = ctx.variable(64), v100 = ctx.variable(100);
    Expr e = floor_div(d1 + v63 * 2, 4) + mod(v100, 3);
    EXPECT_TRUE(uses_variable(e, 1));
    EXPECT_TRUE(uses_variable(e, 63));
    EXPECT_TRUE(uses_variable(e, 100));
    EXPECT_FALSE(uses_variable(e, 64));
    EXPECT_FALSE(uses_variable(e, 0));
    EXPECT_EQ(num_variables_used(e), 101);
    EXPECT_EQ(num_variables_used(d1 + v63), 64);
    EXPECT_EQ(num_variables_used(c(7)), 0);
    std::vector<bool> used;
    collect_variables(min(v64, d2) + v100, used);
    ASSERT_EQ(used.size(), 101u);
    for (size_t i = 0; i < used.size(); ++i)
        EXPECT_EQ(used[i], i == 2 || i == 64 || i == 100) << i;
}

TEST_F(ExprTest, UnfoldedConstantsAreCachedOnNodes) {
    // A node with two constant operands (a product beyond int64, or a node
    // made raw) or a division by the constant 0 is flagged on every node
    // above it, so the rule matcher's refusal needs no walk.
    using detail::has_unfolded_constants;
    EXPECT_FALSE(has_unfolded_constants(floor_div(d0 * 4 + d1, 8) + 3));
    EXPECT_FALSE(has_unfolded_constants(c(5)));
    Expr big = c(922337) * c(92233720368547);  // > 2^63: kept apart
    EXPECT_TRUE(has_unfolded_constants(big));
    EXPECT_TRUE(has_unfolded_constants(floor_div(d0 + big * d1, 4) + d2));
    Expr raw = make(ExprKind::Add, {c(1), c(2)});
    EXPECT_TRUE(has_unfolded_constants(raw));
    EXPECT_TRUE(has_unfolded_constants(make(ExprKind::Min, {d0 * 2, raw})));
    EXPECT_FALSE(has_unfolded_constants(make(ExprKind::Min, {d0 * 2, c(3)})));
    Expr by_zero = mod(d0, d1 - d1);  // `d0 mod 0`, left as it is
    EXPECT_TRUE(has_unfolded_constants(by_zero));
    EXPECT_TRUE(has_unfolded_constants(d2 * 3 + by_zero));
}

TEST_F(ExprTest, SumTermsSplitIntoMonomialAndTrailingCoefficient) {
    // The one reading of a sum term as monomial * coefficient that the
    // builder, the rule matcher, its gates and the domain passes share.
    using detail::monomial_node;
    using detail::split_sum_term;
    using M = detail::TermSplit::Monomial;
    auto expect = [](Expr e, M monomial, int64_t coef, Expr node) {
        const detail::TermSplit s = split_sum_term(e);
        EXPECT_EQ(s.monomial, monomial) << str(e);
        EXPECT_EQ(s.coef, coef) << str(e);
        EXPECT_EQ(monomial_node(e, s), node) << str(e);
    };
    expect(c(-7), M::None, -7, Expr());
    expect(d0, M::Whole, 1, d0);
    expect(d0 * 4, M::FirstOperand, 4, d0);
    expect(floor_div(d0, 3) * -2, M::FirstOperand, -2, floor_div(d0, 3));
    expect(d0 * d1, M::Whole, 1, d0 * d1);
    expect(d0 * d1 * 4, M::AllButLast, 4, Expr());
    expect(d0 + 4, M::Whole, 1, d0 + 4);
    // A product whose constants did not fold (beyond int64) keeps them in
    // its monomial.
    Expr big = d0 * c(922337) * c(92233720368547);
    expect(big, M::Whole, 1, big);
}

TEST_F(ExprTest, OperandListsAlreadyCanonicalBuildTheSameNodes) {
    // Operand lists of plain terms and constants (sums flattened one level)
    // take a short path in construction; each must be the node the general
    // path alone builds, in either order.
    Expr f = floor_div(d1, 4);
    const int64_t max = std::numeric_limits<int64_t>::max();
    const std::vector<std::vector<Expr>> sums = {
        {d0 * 4, f, c(3)},
        {d0, d1},
        {d0 * 2, d0 * 3},
        {d1, d0},
        {d0, d1, c(0)},
        {d0 * -1, c(7)},
        {d0 + d1, d2},
        {d0 * d1 * 3, d2},
        {c(2), d0},
        {f * 5, f * -5},
        {mod(d0, 3), min(d1, d2)},
        {d1, c(0)},
        {d2, d0 + d1},
        {d0 + 1, d1 + 2},
        {d0, c(5), c(-5)},
        {c(0)},
        {c(0), c(0)},
        {c(max), c(1), d0},
        {c(max), c(-1), d0},
        {d0 + d1, d1 * -1},
        {d0 + d1 * 3 + 4, c(-4)},
        {d2, d1 * 2, d0, c(1), c(2)},
        // Variable monomials (compared inline) among others.
        {f * 2, d2, mod(d1, 3), d0 * 3, d1},
    };
    for (const auto& ops : sums) {
        std::vector<Expr> reversed(ops.rbegin(), ops.rend());
        Expr sum = build(ExprKind::Add, ops);
        EXPECT_EQ(sum, detail::build_add_general(ops)) << str(sum);
        EXPECT_EQ(sum, build(ExprKind::Add, reversed)) << str(sum);
        EXPECT_EQ(canonicalize(sum), sum) << str(sum);
    }
    EXPECT_EQ(str(build(ExprKind::Add, {d0 * 2, d0 * 3})), "d0 * 5");
    EXPECT_EQ(str(build(ExprKind::Add, {d0, d1, c(0)})), "d0 + d1");
    EXPECT_EQ(str(build(ExprKind::Add, {d1, c(0)})), "d1");
    EXPECT_EQ(str(build(ExprKind::Add, {d2, d0 + d1})), "d0 + d1 + d2");
    EXPECT_EQ(str(build(ExprKind::Add, {d2, d1 * 2, d0, c(1), c(2)})), "d0 + d1 * 2 + d2 + 3");
    EXPECT_EQ(str(build(ExprKind::Add, {f * 5, f * -5})), "0");
    // The general path keeps an operand that needs no rebuilding and
    // rebuilds the others: a nested raw product is flattened, `x * 1` made
    // raw loses its 1.
    Expr nested = make(ExprKind::Mul, {make(ExprKind::Mul, {d0, d1}), c(3)});
    EXPECT_EQ(build(ExprKind::Add, {d2, nested}), d0 * d1 * 3 + d2);
    EXPECT_EQ(build(ExprKind::Add, {d2, make(ExprKind::Mul, {d0, c(1)})}), d0 + d2);
    EXPECT_EQ(build(ExprKind::Add, {d2 * 2, d0 * 3, d1}), d0 * 3 + d1 + d2 * 2);
    // Products of a factor and a constant, either order.
    const std::vector<std::vector<Expr>> products = {
        {d0, c(3)},
        {c(3), d0},
        {d0, c(1)},
        {d0, c(0)},
        {d0 + 1, c(2)},
        {d0 * 2, c(3)},
        {f, c(-1)},
        {mod(d0, d1 - d1), c(0)},
        {c(2), c(5)},
        {c(1), d0},
        {d0 * 6, c(-1)},
        {c(2), d0 * -1},
        {d0 * 2, c(0)},
        {d0 + d1, c(1)},
        {c(1), d0 + 1},
        {d0 * d1, c(1)},
        {d0 * -1, c(-1)},
        {make(ExprKind::Mul, {d0, c(0)}), c(3)},
        {d0 * (max / 2), c(3)},
        {min(d0, d1) * 3, c(5)},
        {make(ExprKind::Add, {d0, c(0)}), c(1)},
        {c(1), c(1)},
        {mod(d0, d1 - d1) * 2, c(0)},
    };
    for (const auto& ops : products) {
        Expr product = build(ExprKind::Mul, ops);
        std::vector<Expr> longer = ops;
        longer.push_back(c(1));  // three operands: the general path
        EXPECT_EQ(product, build(ExprKind::Mul, longer)) << str(product);
    }
    EXPECT_EQ(str(build(ExprKind::Mul, {d0 + 1, c(2)})), "d0 * 2 + 2");
    EXPECT_EQ(str(build(ExprKind::Mul, {c(3), d0})), "d0 * 3");
    EXPECT_EQ(str(build(ExprKind::Mul, {c(1), d0})), "d0");
    EXPECT_EQ(str(build(ExprKind::Mul, {d0 * 6, c(-1)})), "d0 * -6");
    EXPECT_EQ(str(build(ExprKind::Mul, {d0 * -1, c(-1)})), "d0");
}

TEST_F(ExprTest, TreeSizeCountsSharedSubtreesWithoutBlowup) {
    Expr e = d0;
    for (int i = 0; i < 100; ++i)
        e = make(ExprKind::Min, {e, e});
    EXPECT_EQ(e.tree_size(), SIZE_MAX);  // 2^101 - 1 saturates
    EXPECT_EQ((d0 + d1).tree_size(), 3u);
}

// Canonical construction preserves evaluation: build random raw trees,
// canonicalize, evaluate both at random points.
Expr random_raw(Context& ctx, int depth) {
    int pick = *rc::gen::inRange(0, depth > 0 ? 9 : 2);
    if (pick == 0) return ctx.constant(*rc::gen::inRange<int64_t>(-20, 21));
    if (pick == 1) return ctx.variable(*rc::gen::inRange<int64_t>(0, 3));
    Expr a = random_raw(ctx, depth - 1);
    Expr b = random_raw(ctx, depth - 1);
    static const ExprKind kinds[] = {ExprKind::Add,     ExprKind::Mul, ExprKind::FloorDiv,
                                     ExprKind::CeilDiv, ExprKind::Mod, ExprKind::Min,
                                     ExprKind::Max};
    ExprKind k = kinds[pick - 2];
    if ((k == ExprKind::FloorDiv || k == ExprKind::CeilDiv || k == ExprKind::Mod) &&
        b.is_constant(0))
        b = ctx.constant(3);
    return *ctx.make(k, {a, b});
}

// One 128-bit step of the evaluators against the definitions of floor
// division: q * y + r == x with r of y's sign and |r| < |y|, the ceiling
// the floor's mirror (-floor(-x / y)), on operands that fit int64 (the
// int64 division) and on products of two int64 values (the 128-bit one).
RC_GTEST_PROP(ApplyWide, DivisionsMeetTheirDefinitions, ()) {
    using Wide = __int128;
    const auto edge = rc::gen::elementOf(std::vector<int64_t>{
        kInt64Min, kInt64Min + 1, -7, -2, -1, 0, 1, 2, 7, kInt64Max - 1, kInt64Max});
    const auto any = rc::gen::oneOf(edge, rc::gen::arbitrary<int64_t>());
    const Wide x = *rc::gen::element(true, false) ? Wide{*any} * Wide{*any} : Wide{*any};
    const Wide y = *any;
    Wide q = 0, c = 0, r = 0;
    const auto fq = detail::apply_wide(ExprKind::FloorDiv, x, y, &q);
    const auto fc = detail::apply_wide(ExprKind::CeilDiv, x, y, &c);
    const auto fr = detail::apply_wide(ExprKind::Mod, x, y, &r);
    if (y == 0) {
        RC_ASSERT(fq == detail::WideOutcome::kZeroDivisor);
        RC_ASSERT(fc == detail::WideOutcome::kZeroDivisor);
        RC_ASSERT(fr == detail::WideOutcome::kZeroDivisor);
        return;
    }
    RC_ASSERT(fr == detail::WideOutcome::kValue);
    RC_ASSERT((r == 0 || (r < 0) == (y < 0)));
    RC_ASSERT((y > 0 ? r < y : r > y));
    // |x| < 2^126 here, so only x / -1 could leave 128 bits, and it does not.
    RC_ASSERT(fq == detail::WideOutcome::kValue);
    RC_ASSERT(fc == detail::WideOutcome::kValue);
    RC_ASSERT(q * y + r == x);
    Wide mirrored = 0;
    RC_ASSERT(detail::apply_wide(ExprKind::FloorDiv, -x, y, &mirrored) ==
              detail::WideOutcome::kValue);
    RC_ASSERT(c == -mirrored);
}

TEST(ApplyWide, OverflowAndLeavesAreOutcomesNotValues) {
    using Wide = __int128;
    const Wide max128 = ~(Wide{1} << 127), min128 = Wide{1} << 127;
    Wide r = 0;
    EXPECT_EQ(detail::apply_wide(ExprKind::Add, max128, 1, &r), detail::WideOutcome::kOverflow);
    EXPECT_EQ(detail::apply_wide(ExprKind::Mul, min128, 2, &r), detail::WideOutcome::kOverflow);
    EXPECT_EQ(detail::apply_wide(ExprKind::FloorDiv, min128, -1, &r),
              detail::WideOutcome::kOverflow);
    EXPECT_EQ(detail::apply_wide(ExprKind::Mod, min128, -1, &r), detail::WideOutcome::kValue);
    EXPECT_EQ(r, 0);
    EXPECT_EQ(detail::apply_wide(ExprKind::FloorDiv, kInt64Min, -1, &r),
              detail::WideOutcome::kValue);
    EXPECT_EQ(r, -Wide{kInt64Min});  // 2^63: beyond int64, exact here
    EXPECT_EQ(detail::apply_wide(ExprKind::Variable, 1, 2, &r),
              detail::WideOutcome::kNotAnOperator);
    EXPECT_EQ(detail::apply_wide(ExprKind::Min, -3, 2, &r), detail::WideOutcome::kValue);
    EXPECT_EQ(r, -3);
}

RC_GTEST_PROP(Canonicalize, PreservesEvaluation, ()) {
    Context ctx;
    Expr raw = random_raw(ctx, 4);
    Expr canon = canonicalize(raw);
    RC_LOG() << "raw: " << to_string(raw) << "\ncanonical: " << to_string(canon) << "\n";
    RC_ASSERT(to_string(canonicalize(canon)) == to_string(canon));
    auto values = *rc::gen::container<std::vector<int64_t>>(3, rc::gen::inRange<int64_t>(-50, 51));
    auto x = evaluate(raw, values);
    auto y = evaluate(canon, values);
    if (x.ok()) {
        RC_ASSERT(y.ok());
        RC_ASSERT(*x == *y);
    }
}

// Substitution preserves evaluation: random raw trees, some with shared
// sub-trees and wide sums (more operands than substitute keeps inline, more
// distinct nodes than its memo keeps inline), each variable replaced by a
// random tree or kept.
RC_GTEST_PROP(Substitute, PreservesEvaluation, ()) {
    Context ctx;
    std::vector<Expr> parts;
    const int width = *rc::gen::element(1, 2, 9, 12);
    for (int i = 0; i < width; ++i)
        parts.push_back(random_raw(ctx, width > 2 ? 2 : 4));
    Expr e = width == 1 ? parts[0] : *ctx.make(ExprKind::Add, parts);
    if (*rc::gen::arbitrary<bool>()) e = *ctx.make(ExprKind::Max, {e, e * parts[0]});
    std::vector<Expr> replacements;
    for (int v = 0; v < 3; ++v)
        replacements.push_back(*rc::gen::arbitrary<bool>() ? random_raw(ctx, 2) : Expr());
    const Expr out = substitute(e, replacements);
    RC_LOG() << "e: " << to_string(e) << "\nsubstituted: " << to_string(out) << "\n";
    auto values = *rc::gen::container<std::vector<int64_t>>(3, rc::gen::inRange<int64_t>(-50, 51));
    std::vector<int64_t> replaced = values;
    for (size_t v = 0; v < 3; ++v) {
        if (!replacements[v]) continue;
        auto r = evaluate(replacements[v], values);
        RC_PRE(r.ok());
        replaced[v] = *r;
    }
    auto x = evaluate(e, replaced);
    auto y = evaluate(out, values);
    if (x.ok()) {
        RC_ASSERT(y.ok());
        RC_ASSERT(*x == *y);
    }
}

RC_GTEST_PROP(Build, SubSumsInOrderAreTheSumsTheGeneralPathBuilds, ()) {
    // Any ordered selection of a canonical sum's operands (the rule matcher
    // builds such sub-sums), scaled or not, sums to the node the general
    // path builds, and to the node built from the reversed list.
    Context ctx;
    std::vector<Expr> raw_terms;
    for (int i = 0; i < 5; ++i)
        raw_terms.push_back(random_raw(ctx, 2));
    Expr e = canonicalize(*ctx.make(ExprKind::Add, raw_terms));
    RC_PRE(e.kind() == ExprKind::Add);
    RC_LOG() << "sum: " << to_string(e) << "\n";
    const size_t n = e.num_operands();
    const auto mask = *rc::gen::inRange<uint32_t>(0, 1u << n);
    const Expr factor = ctx.constant(*rc::gen::inRange<int64_t>(-3, 4));
    std::vector<Expr> picked, scaled;
    for (size_t i = 0; i < n; ++i) {
        if (((mask >> i) & 1) == 0 && !(i < 2 && __builtin_popcount(mask) < 2)) continue;
        picked.push_back(e.operand(i));
        scaled.push_back(build(ExprKind::Mul, {e.operand(i), factor}));
        RC_ASSERT(scaled.back() == build(ExprKind::Mul, {e.operand(i), factor, ctx.constant(1)}));
    }
    for (const std::vector<Expr>* ops : {&picked, &scaled}) {
        std::vector<Expr> reversed(ops->rbegin(), ops->rend());
        RC_ASSERT(build(ExprKind::Add, *ops) == detail::build_add_general(*ops));
        RC_ASSERT(build(ExprKind::Add, *ops) == build(ExprKind::Add, reversed));
    }
}

/// `e` (from another context) made node by node in `to`, operands first
/// (discards the case when `e` divides by the constant 0: make refuses it).
Expr copy_into(Context& to, Expr e) {
    if (e.is_constant()) return to.constant(e.constant_value());
    if (e.is_variable()) return to.variable(e.variable_id());
    std::vector<Expr> ops;
    for (size_t i = 0; i < e.num_operands(); ++i)
        ops.push_back(copy_into(to, e.operand(i)));
    Result<Expr> made = to.make(e.kind(), ops);
    RC_PRE(made.ok());
    return *made;
}

RC_GTEST_PROP(Build, SumsBuildWhatTheGeneralPathBuilds, ()) {
    // Random operand lists (canonical terms, sums, constants, repeated
    // terms, constants near the int64 limits) copied into two contexts the
    // same way: the sum built by `build` in one and by the general path
    // alone in the other is the same text, and both made the same nodes in
    // the same order (same node count, same id).
    Context source;
    std::vector<Expr> pool;
    for (int i = 0; i < 4; ++i)
        pool.push_back(canonicalize(random_raw(source, 2)));
    pool.push_back(source.constant(std::numeric_limits<int64_t>::max() - 1));
    const auto picks = *rc::gen::container<std::vector<size_t>>(
        *rc::gen::inRange<size_t>(1, 7), rc::gen::inRange<size_t>(0, pool.size()));
    std::vector<Expr> ops;
    for (size_t p : picks)
        ops.push_back(pool[p]);
    Context a, b;
    std::vector<Expr> in_a, in_b;
    for (Expr e : ops) {
        in_a.push_back(copy_into(a, canonicalize(e)));
        in_b.push_back(copy_into(b, canonicalize(e)));
    }
    for (size_t i = 0; i < ops.size(); ++i) {
        in_a[i] = canonicalize(in_a[i]);
        in_b[i] = canonicalize(in_b[i]);
    }
    RC_ASSERT(a.num_nodes() == b.num_nodes());
    Expr x = build(ExprKind::Add, in_a);
    Expr y = detail::build_add_general(in_b);
    RC_LOG() << "operands:";
    for (Expr e : in_a)
        RC_LOG() << " [" << to_string(e) << "]";
    RC_LOG() << "\nbuilt: " << to_string(x) << "\ngeneral: " << to_string(y) << "\n";
    RC_ASSERT(to_string(x) == to_string(y));
    RC_ASSERT(a.num_nodes() == b.num_nodes());
    RC_ASSERT(x.id() == y.id());
}

RC_GTEST_PROP(Build, ScaledTermsBuildWhatTheGeneralPathBuilds, ()) {
    // A canonical expression times a constant (either order): the same node
    // as the three-operand list with a factor 1, which takes the general
    // path of products.
    Context ctx;
    Expr x = canonicalize(random_raw(ctx, 3));
    const int64_t big = std::numeric_limits<int64_t>::max() / 2;
    const int64_t v = *rc::gen::element<int64_t>(0, 1, -1, 2, -3, 7, big, -big);
    Expr c = ctx.constant(v);
    RC_LOG() << "x: " << to_string(x) << ", c: " << v << "\n";
    const Expr one = ctx.constant(1);
    RC_ASSERT(build(ExprKind::Mul, {x, c}) == build(ExprKind::Mul, {x, c, one}));
    RC_ASSERT(build(ExprKind::Mul, {c, x}) == build(ExprKind::Mul, {one, c, x}));
}

RC_GTEST_PROP(Print, CanonicalTextIsStableAcrossContexts, ()) {
    Context a;
    Expr e = canonicalize(random_raw(a, 4));
    std::string text = to_string(e);
    RC_LOG() << "expr: " << text << "\n";
    // Rebuilding the same raw tree in a fresh context prints the same text.
    Context b;
    std::vector<Expr> vars = {b.variable(0), b.variable(1), b.variable(2)};
    auto rebuild = [&](auto& self, Expr x) -> Expr {
        if (x.is_constant()) return b.constant(x.constant_value());
        if (x.is_variable()) return vars[static_cast<size_t>(x.variable_id())];
        std::vector<Expr> ops;
        for (size_t i = x.num_operands(); i-- > 0;)
            ops.insert(ops.begin(), self(self, x.operand(i)));
        return build(x.kind(), ops);
    };
    std::string again = to_string(rebuild(rebuild, e));
    RC_LOG() << "rebuilt: " << again << "\n";
    RC_ASSERT(again == text);
}

}  // namespace
}  // namespace provix
