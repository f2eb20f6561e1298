// The operator table (provix/operators.h) and the operator semantics every
// evaluator of rule nodes shares (provix/rules/op_semantics.h).

#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "provix/expr.h"
#include "provix/rules/op_semantics.h"
#include "provix/rules/rule.h"

namespace provix::rules {
namespace {

/// The rule operator spelled like `kind`, found by spelling alone.
std::optional<Op> op_spelled(ExprKind kind) {
    for (size_t i = 0; i < kNumOps; ++i)
        if (std::string(kOpInfo[i].spelling) == operator_info(kind).spelling)
            return static_cast<Op>(i);
    return std::nullopt;
}

TEST(OperatorTable, EveryExpressionOperatorIsARuleOperatorOfTheSameKind) {
    for (size_t k = kNumExprLeafKinds; k < kNumExprKinds; ++k) {
        ExprKind kind = static_cast<ExprKind>(k);
        std::optional<Op> op = op_spelled(kind);
        ASSERT_TRUE(op) << kind_name(kind);
        EXPECT_EQ(expr_kind(*op), kind) << kind_name(kind);
        EXPECT_STREQ(operator_info(*op).name, kind_name(kind));
    }
}

TEST(OperatorTable, LeavesAndConditionOperatorsHaveNoExpressionKind) {
    for (Op op : {Op::ExprVar, Op::ConstVar, Op::SumVar, Op::Literal, Op::Lb, Op::Gcd, Op::Eq,
                  Op::And, Op::Defined, Op::Iff})
        EXPECT_FALSE(expr_kind(op)) << op_name(op);
    EXPECT_EQ(expr_kind(Op::Add), ExprKind::Add);
    EXPECT_EQ(expr_kind(Op::Max), ExprKind::Max);
}

TEST(OperatorTable, NamesSpellingsAndRoles) {
    EXPECT_STREQ(kind_name(ExprKind::Add), "add");
    EXPECT_STREQ(kind_name(ExprKind::Constant), "constant");
    const std::pair<Op, const char*> names[] = {
        {Op::FloorDiv, "floordiv"}, {Op::Le, "<="}, {Op::ExprVar, "var"}};
    for (const auto& [op, name] : names)
        EXPECT_STREQ(op_name(op), name);
    for (Op op : {Op::Mod, Op::CeilDiv})
        EXPECT_TRUE(is_division(op)) << op_name(op);
    for (Op op : {Op::Mul, Op::Gcd})
        EXPECT_FALSE(is_division(op)) << op_name(op);
    EXPECT_EQ(expr_kind_spelled("ceildiv", OpSyntax::Product), ExprKind::CeilDiv);
    EXPECT_EQ(expr_kind_spelled("min", OpSyntax::Call), ExprKind::Min);
    EXPECT_FALSE(expr_kind_spelled("min", OpSyntax::Product));
    EXPECT_FALSE(expr_kind_spelled("constant", OpSyntax::Leaf));
    EXPECT_TRUE(is_operator_word("mod"));
    EXPECT_FALSE(is_operator_word("+"));
    EXPECT_FALSE(is_operator_word("variable"));
}

TEST(OperatorTable, RuleParserReadsEveryInfixOperatorBySpelling) {
    for (size_t i = 0; i < kNumOps; ++i) {
        Op op = static_cast<Op>(i);
        std::string s = op_name(op);
        OpSyntax syntax = operator_info(op).syntax;
        if (syntax == OpSyntax::Product) {
            auto r = parse_rules("r: x " + s + " c0 => x\n", "t.rules");
            ASSERT_TRUE(r.ok()) << r.error().message;
            EXPECT_EQ((*r)[0].nodes[static_cast<size_t>((*r)[0].lhs)].op, op) << s;
        } else if (syntax == OpSyntax::Comparison) {
            auto r = parse_rules("r: x * c0 => x if c0 " + s + " 1\n", "t.rules");
            ASSERT_TRUE(r.ok()) << r.error().message;
            EXPECT_EQ((*r)[0].nodes[static_cast<size_t>((*r)[0].condition)].op, op) << s;
        }
    }
}

TEST(OperatorSemantics, BinaryOperatorsUseFloorDivisionAndCheckedArithmetic) {
    EXPECT_EQ(apply_binary(Op::FloorDiv, -7, 2), -4);
    EXPECT_EQ(apply_binary(Op::CeilDiv, -7, 2), -3);
    EXPECT_EQ(apply_binary(Op::Mod, -7, 3), 2);
    EXPECT_EQ(apply_binary(Op::Min, -7, 3), -7);
    EXPECT_EQ(apply_binary(Op::Gcd, 12, -18), 6);
    EXPECT_FALSE(apply_binary(Op::FloorDiv, 1, 0));
    EXPECT_FALSE(apply_binary(Op::Mod, 1, 0));
    EXPECT_FALSE(apply_binary(Op::Add, kInt64Max, 1));
    EXPECT_FALSE(apply_binary(Op::Eq, 1, 1));  // not an integer operator
    EXPECT_EQ(apply_unary(Op::Abs, -4), 4);
    EXPECT_FALSE(apply_unary(Op::Abs, kInt64Min));
}

TEST(OperatorSemantics, Comparisons) {
    EXPECT_EQ(apply_comparison(Op::Ne, 2, 3), true);
    EXPECT_EQ(apply_comparison(Op::Le, 3, 3), true);
    EXPECT_EQ(apply_comparison(Op::Gt, 3, 3), false);
    EXPECT_FALSE(apply_comparison(Op::Add, 3, 3));
}

TEST(OperatorSemantics, ComparisonsOnEveryOrder) {
    const std::pair<Op, const char*> spelled[] = {{Op::Eq, "=="}, {Op::Ne, "!="}, {Op::Lt, "<"},
                                                  {Op::Le, "<="}, {Op::Gt, ">"},  {Op::Ge, ">="}};
    for (auto [op, text] : spelled) {
        for (int64_t a : {kInt64Min, int64_t{-1}, int64_t{0}, int64_t{1}, kInt64Max}) {
            for (int64_t b : {kInt64Min, int64_t{-1}, int64_t{0}, int64_t{1}, kInt64Max}) {
                bool expected = text == std::string("==")   ? a == b
                                : text == std::string("!=") ? a != b
                                : text == std::string("<")  ? a < b
                                : text == std::string("<=") ? a <= b
                                : text == std::string(">")  ? a > b
                                                            : a >= b;
                EXPECT_EQ(apply_comparison(op, a, b), expected) << a << " " << text << " " << b;
                EXPECT_EQ(apply_comparison(negated_comparison(op), a, b), !expected) << text;
                EXPECT_EQ(apply_comparison(swapped_comparison(op), b, a), expected) << text;
            }
        }
    }
    EXPECT_EQ(negated_comparison(Op::Lt), Op::Ge);
    EXPECT_EQ(negated_comparison(Op::Eq), Op::Ne);
    EXPECT_EQ(swapped_comparison(Op::Le), Op::Ge);
    EXPECT_EQ(swapped_comparison(Op::Ne), Op::Ne);
    EXPECT_EQ(negated_comparison(Op::Add), Op::Add);  // not a comparison: unchanged
    EXPECT_EQ(swapped_comparison(Op::Min), Op::Min);
}

}  // namespace
}  // namespace provix::rules
