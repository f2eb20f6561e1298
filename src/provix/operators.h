#pragma once
/// \file
/// The operator table: every node kind of index expressions (`ExprKind`)
/// and of the rule language (`rules::Op`) is one row here, with its name,
/// its spelling in the text format and in rule files, its syntax, arity,
/// role and SMT-LIB function. The enums, their counts, the spellings the
/// parsers accept and print, and the mapping between the two enums are all
/// derived from these rows, so a new operator is one new row (plus its
/// semantics: folding, evaluation, ranges, proof encoding).
///
/// Each row is `X(Name, name, spelling, syntax, arity, role, smt)`:
///
///  - `Name`: the enumerator (`ExprKind::Name`, `rules::Op::Name`);
///  - `name`: a lower-case identifier (`kind_name`);
///  - `spelling`: how the text format and rule files write it (`op_name`);
///  - `syntax`: an `OpSyntax` (infix level, call, prefix or leaf);
///  - `arity`: its number of operands in the rule language;
///  - `role`: an `OpRole` (what it computes, where it may appear);
///  - `smt`: the SMT-LIB function of proof obligations (`floor_div` and its
///    kin are defined in each obligation's prelude), or "" where the
///    encoding is not one function application.
///
///     operator_info(ExprKind::FloorDiv).spelling == std::string("floordiv")
///     operator_info(ExprKind::FloorDiv).role == OpRole::Division

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

/// The leaves of index expressions (ExprKind only). `compare` orders kinds
/// as Variable, Mul, Add, FloorDiv, CeilDiv, Mod, Min, Max, Constant.
#define PROVIX_EXPR_LEAVES(X)                              \
    X(Constant, "constant", "constant", Leaf, 0, Leaf, "") \
    X(Variable, "variable", "variable", Leaf, 0, Leaf, "")

/// The operators of index expressions (ExprKind), which rule patterns and
/// right sides use too (rules::Op). In ExprKind, Add and Mul take any
/// number of operands; in the rule language every one of them is binary.
#define PROVIX_EXPR_OPERATORS(X)                                           \
    X(Add, "add", "+", Sum, 2, Arithmetic, "+")                            \
    X(Mul, "mul", "*", Product, 2, Arithmetic, "*")                        \
    X(FloorDiv, "floordiv", "floordiv", Product, 2, Division, "floor_div") \
    X(CeilDiv, "ceildiv", "ceildiv", Product, 2, Division, "ceil_div")     \
    X(Mod, "mod", "mod", Product, 2, Division, "floor_mod")                \
    X(Min, "min", "min", Call, 2, Arithmetic, "int_min")                   \
    X(Max, "max", "max", Call, 2, Arithmetic, "int_max")

/// The leaves of rule trees (rules::Op only); `value` holds the variable
/// index or the literal.
///  - ExprVar `x`: any expression;
///  - ConstVar `c0`: an integer constant;
///  - SumVar `X`: a sub-sum;
///  - Literal: an integer literal.
#define PROVIX_RULE_LEAVES(X)                        \
    X(ExprVar, "var", "var", Leaf, 0, Leaf, "")      \
    X(ConstVar, "const", "const", Leaf, 0, Leaf, "") \
    X(SumVar, "sum", "sum", Leaf, 0, Leaf, "")       \
    X(Literal, "literal", "literal", Leaf, 0, Leaf, "")

/// The operators of rule conditions, constant parts of right sides and
/// lemmas (rules::Op only):
///  - `lb(e)`, `ub(e)`: the bounds of a bound expression's range;
///  - `divisible(e, c)`: e is known to be a multiple of c;
///  - `residue(e, c)`: for c > 0, the r in [0, c) with e known to be
///    congruent to r modulo c (unknown when not shown);
///  - `defined(e)`: e divides by no zero anywhere on the domain;
///  - `p => q`, `p <=> q`: the connectives of lemmas.
#define PROVIX_RULE_OPERATORS(X)                                  \
    X(Lb, "lb", "lb", Call, 1, Analysis, "")                      \
    X(Ub, "ub", "ub", Call, 1, Analysis, "")                      \
    X(Divisible, "divisible", "divisible", Call, 2, Analysis, "") \
    X(Residue, "residue", "residue", Call, 2, Analysis, "")       \
    X(Gcd, "gcd", "gcd", Call, 2, Function, "")                   \
    X(Lcm, "lcm", "lcm", Call, 2, Function, "")                   \
    X(Abs, "abs", "abs", Call, 1, Function, "int_abs")            \
    X(Eq, "eq", "==", Comparison, 2, Condition, "=")              \
    X(Ne, "ne", "!=", Comparison, 2, Condition, "")               \
    X(Lt, "lt", "<", Comparison, 2, Condition, "<")               \
    X(Le, "le", "<=", Comparison, 2, Condition, "<=")             \
    X(Gt, "gt", ">", Comparison, 2, Condition, ">")               \
    X(Ge, "ge", ">=", Comparison, 2, Condition, ">=")             \
    X(And, "and", "&&", Conjunction, 2, Condition, "and")         \
    X(Or, "or", "||", Disjunction, 2, Condition, "or")            \
    X(Not, "not", "!", Prefix, 1, Condition, "not")               \
    X(Defined, "defined", "defined", Call, 1, Analysis, "")       \
    X(Implies, "implies", "=>", Implication, 2, Condition, "=>")  \
    X(Iff, "iff", "<=>", Implication, 2, Condition, "=")

namespace provix {

/// How an operator is written. The infix levels bind from loosest to
/// tightest: `a => b || c && d == e + f * g`.
enum class OpSyntax : uint8_t {
    Leaf,         ///< a constant, variable or literal
    Call,         ///< `min(a, b)`
    Prefix,       ///< `!a`
    Implication,  ///< `a => b`, `a <=> b` (right to left)
    Disjunction,  ///< `a || b`
    Conjunction,  ///< `a && b`
    Comparison,   ///< `a <= b` (not chained)
    Sum,          ///< `a + b`
    Product,      ///< `a * b`, `a floordiv b`, `a ceildiv b`, `a mod b`
};

/// What an operator computes and where the rule language allows it.
enum class OpRole : uint8_t {
    Leaf,        ///< no operands
    Arithmetic,  ///< an expression operator defined everywhere
    Division,    ///< an expression operator undefined for a zero right operand
    Analysis,    ///< a fact about a bound expression (rule conditions, not lemmas)
    Function,    ///< a function of constants (conditions and right sides)
    Condition,   ///< a comparison or a connective
};

/// One row of the operator table (see the file comment).
///
///     operator_info(ExprKind::Min).syntax == OpSyntax::Call
struct OperatorInfo {
    const char* name;
    const char* spelling;
    OpSyntax syntax;
    uint8_t arity;
    OpRole role;
    const char* smt;
};

#define PROVIX_OPERATOR_ENUMERATOR(Name, name, spelling, syntax, arity, role, smt) Name,
#define PROVIX_OPERATOR_INFO(Name, name, spelling, syntax, arity, role, smt) \
    OperatorInfo{name, spelling, OpSyntax::syntax, arity, OpRole::role, smt},

/// The node kinds of index expressions (see PROVIX_EXPR_LEAVES and
/// PROVIX_EXPR_OPERATORS). `compare` orders kinds as Variable, Mul, Add,
/// FloorDiv, CeilDiv, Mod, Min, Max, Constant (so sums print
/// `d0 + d1 floordiv 4 + 3` and `min(d0, 3)`).
enum class ExprKind : uint8_t {
    PROVIX_EXPR_LEAVES(PROVIX_OPERATOR_ENUMERATOR) PROVIX_EXPR_OPERATORS(PROVIX_OPERATOR_ENUMERATOR)
};

/// The rows of ExprKind, in enum order.
inline constexpr OperatorInfo kExprKindInfo[] = {PROVIX_EXPR_LEAVES(PROVIX_OPERATOR_INFO)
                                                     PROVIX_EXPR_OPERATORS(PROVIX_OPERATOR_INFO)};

/// The number of leading leaf rows of `rows` (`leading_leaves(kExprKindInfo)
/// == 2`: Constant, Variable).
template <size_t N>
constexpr size_t leading_leaves(const OperatorInfo (&rows)[N]) {
    size_t k = 0;
    while (k < N && rows[k].syntax == OpSyntax::Leaf)
        ++k;
    return k;
}

/// The number of ExprKinds: `static_cast<ExprKind>(k)` for k below it.
inline constexpr size_t kNumExprKinds = sizeof(kExprKindInfo) / sizeof(kExprKindInfo[0]);
/// The number of leaf kinds (Constant, Variable): the operator kinds follow.
inline constexpr size_t kNumExprLeafKinds = leading_leaves(kExprKindInfo);

/// The table row of an expression kind:
/// `operator_info(ExprKind::Mod).spelling == std::string("mod")`.
constexpr const OperatorInfo& operator_info(ExprKind kind) {
    return kExprKindInfo[static_cast<size_t>(kind)];
}

/// The operator kind of `syntax` spelled `word`, if any (leaves excluded):
/// `expr_kind_spelled("ceildiv", OpSyntax::Product) == ExprKind::CeilDiv`,
/// `expr_kind_spelled("min", OpSyntax::Call) == ExprKind::Min`.
constexpr std::optional<ExprKind> expr_kind_spelled(std::string_view word, OpSyntax syntax) {
    for (size_t k = kNumExprLeafKinds; k < kNumExprKinds; ++k)
        if (kExprKindInfo[k].syntax == syntax && word == kExprKindInfo[k].spelling)
            return static_cast<ExprKind>(k);
    return std::nullopt;
}

/// True if `word` spells an expression operator as a word (`mod`, `min`):
/// the text format reserves it. `is_operator_word("floordiv")`,
/// `!is_operator_word("+")`.
constexpr bool is_operator_word(std::string_view word) {
    for (size_t k = kNumExprLeafKinds; k < kNumExprKinds; ++k) {
        std::string_view s = kExprKindInfo[k].spelling;
        if (word == s && s[0] >= 'a' && s[0] <= 'z') return true;
    }
    return false;
}

}  // namespace provix
