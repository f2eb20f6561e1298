#pragma once
/// \file
/// The rule language (docs/rules.md): one named rewrite per entry,
///
///     name: lhs => rhs if condition
///
/// read by the engine (compiled to tables at build time), by the prover and
/// by the fuzzer. Pattern variables:
///
///  - `x`, `y`, `z`, ... (lower case, not `c<digits>`): any expression. Inside
///    a sum pattern a lower-case variable is one term of the sum.
///  - `c0`, `c1`, ...: an integer constant.
///  - `X`, `Y`, ... (upper case): sub-sums. In a sum pattern `c0 * X + Y`,
///    `c0 * X` is a non-empty subset of the remaining terms with `c0` the
///    (positive) gcd of their coefficients, and `Y` the rest (possibly empty,
///    i.e. 0). A proof treats each bound sub-sum as one integer.
///
/// Conditions and constant sub-expressions of the right side may use the
/// constants, integer arithmetic on them (`+ - * floordiv ceildiv mod`,
/// `gcd`, `lcm`, `abs`, `min`, `max`), the range of a bound sub-expression
/// (`lb(y)`, `ub(y)`: bounds of its values where it is defined), known
/// divisibility (`divisible(y, c)`), a known residue (`residue(y, c)`: the
/// r in [0, c) with y congruent to r modulo c where y is defined),
/// definedness (`defined(y)`: y divides by zero nowhere on the domain),
/// comparisons and `&&`, `||`, `!`.
///
/// A pattern variable may stand for an expression that is undefined at some
/// points (it divides by zero there). A rule must keep the set of points
/// where the expression is defined: a rule that drops a sub-expression needs
/// `defined(...)` of it in its condition, and the prover checks this.
///
///     fd_pull_multiple: (c0 * X + Y) floordiv c1 => (c0 floordiv c1) * X + Y floordiv c1
///                       if c0 mod c1 == 0
///
/// Constraint rules rewrite `expr in [lo, hi]` entries of a domain:
///
///     cst_add: x + c0 in [c1, c2] => x in [c1 - c0, c2 - c0]

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "provix/operators.h"
#include "provix/result.h"

namespace provix::rules {

/// Node operators of patterns, right sides, conditions and lemmas (the rows
/// PROVIX_RULE_LEAVES, PROVIX_EXPR_OPERATORS and PROVIX_RULE_OPERATORS of
/// provix/operators.h, in that order).
enum class Op : uint8_t {
    PROVIX_RULE_LEAVES(PROVIX_OPERATOR_ENUMERATOR) PROVIX_EXPR_OPERATORS(PROVIX_OPERATOR_ENUMERATOR)
        PROVIX_RULE_OPERATORS(PROVIX_OPERATOR_ENUMERATOR)
};

/// The rows of Op, in enum order.
inline constexpr OperatorInfo kOpInfo[] = {PROVIX_RULE_LEAVES(PROVIX_OPERATOR_INFO)
                                               PROVIX_EXPR_OPERATORS(PROVIX_OPERATOR_INFO)
                                                   PROVIX_RULE_OPERATORS(PROVIX_OPERATOR_INFO)};

/// The number of operators: `static_cast<Op>(k)` for k below it.
inline constexpr size_t kNumOps = sizeof(kOpInfo) / sizeof(kOpInfo[0]);
/// The number of leaf operators (ExprVar, ConstVar, SumVar, Literal): the
/// expression operators follow them, in ExprKind's order.
inline constexpr size_t kNumLeafOps = leading_leaves(kOpInfo);
static_assert(static_cast<size_t>(Op::Add) == kNumLeafOps &&
                  static_cast<size_t>(Op::Max) - kNumLeafOps ==
                      static_cast<size_t>(ExprKind::Max) - kNumExprLeafKinds,
              "the expression operators follow the leaves in both enums");

/// The table row of an operator:
/// `operator_info(Op::Gcd).syntax == OpSyntax::Call`, `operator_info(Op::Le).smt == "<="`.
constexpr const OperatorInfo& operator_info(Op op) { return kOpInfo[static_cast<size_t>(op)]; }

/// The lower-case spelling of an operator: `op_name(Op::FloorDiv) == "floordiv"`.
constexpr const char* op_name(Op op) { return operator_info(op).spelling; }

/// The expression kind of an expression operator (Add ... Max), or nullopt:
/// `expr_kind(Op::FloorDiv) == ExprKind::FloorDiv`, `!expr_kind(Op::Gcd)`.
constexpr std::optional<ExprKind> expr_kind(Op op) {
    size_t i = static_cast<size_t>(op);
    if (i < kNumLeafOps || i >= kNumLeafOps + kNumExprKinds - kNumExprLeafKinds)
        return std::nullopt;
    return static_cast<ExprKind>(i - kNumLeafOps + kNumExprLeafKinds);
}

/// True for floordiv, ceildiv and mod (undefined for a zero right operand):
/// `is_division(Op::Mod)`, `!is_division(Op::Mul)`.
constexpr bool is_division(Op op) { return operator_info(op).role == OpRole::Division; }

/// One node of a rule's tree, stored in `Rule::nodes`.
struct Node {
    Op op;
    int64_t value = 0;          ///< literal value or variable index
    std::vector<int> children;  ///< indices into Rule::nodes
};

/// True for a node that matches only a constant: a literal or a constant
/// variable (`4`, `c0`), as a coefficient `X * c0` or a divisor.
inline bool is_coefficient(const Node& n) { return n.op == Op::Literal || n.op == Op::ConstVar; }

/// Kinds of pattern variables.
enum class VarKind : uint8_t { Expr, Const, Sum };

/// A pattern variable.
struct Var {
    std::string name;
    VarKind kind;
};

/// A parsed, validated rule.
struct Rule {
    std::string name;
    std::string file;  ///< file name as given to the parser
    int line = 0;
    std::string text;  ///< the rule as written (one line, whitespace collapsed)
    std::vector<Var> vars;
    std::vector<Node> nodes;
    int lhs = -1;
    int rhs = -1;
    int condition = -1;  ///< -1: no condition

    /// Constraint rules (`constraints.rules`) rewrite a domain constraint:
    /// `name: lhs in [c0, c1] => rhs in [lo, hi] if cond`, meaning that under
    /// the condition `lhs in [c0, c1]` holds exactly when `rhs in [lo, hi]`
    /// does. For them these are the bound nodes (constant variables on the
    /// left, constant expressions on the right); -1 for expression rules.
    int lhs_lo = -1, lhs_hi = -1;
    int rhs_lo = -1, rhs_hi = -1;
    bool is_constraint() const { return lhs_lo >= 0; }

    /// Index of the variable `name`, or -1.
    int find_var(std::string_view name) const;
};

/// True if node `n` of `rule` is a partition pattern `c0 * X`: a constant
/// variable times a sum variable (matched as part of a sum's terms).
inline bool is_partition(const Rule& rule, const Node& n) {
    return n.op == Op::Mul && rule.nodes[static_cast<size_t>(n.children[0])].op == Op::ConstVar &&
           rule.nodes[static_cast<size_t>(n.children[1])].op == Op::SumVar;
}

/// A lemma: a statement over integers that a transformation written in C++
/// relies on (a domain pass, an analysis, the folding kernel). Every
/// identifier is an integer variable, universally quantified; the formula
/// combines comparisons with `&&`, `||`, `!`, `=>` and `<=>`. A comparison
/// with an undefined operand (a zero divisor) is false.
///
///     residue_lower: m > 0 && x mod m == r && lo <= x => lo + (r - lo) mod m <= x
struct Lemma {
    std::string name;
    std::string file;  ///< file name as given to the parser
    int line = 0;
    std::string text;       ///< the lemma as written (one line, whitespace collapsed)
    std::vector<Var> vars;  ///< every variable, VarKind::Const
    std::vector<Node> nodes;
    int formula = -1;
};

/// Parses a lemma file (`rules/*.lemmas`): entries `name: formula`, comments
/// and continuation lines as in rule files. Errors are `file:line:col:
/// error: message` diagnostics.
Result<std::vector<Lemma>> parse_lemmas(std::string_view text, std::string_view filename);

/// Prints a node of `lemma` in lemma syntax.
std::string to_string(const Lemma& lemma, int node);

/// Parses a rule file. Lines: `# comment`, blank, or `name: lhs => rhs [if
/// cond]`; a rule may continue on following lines that start with white
/// space. Validation: every right-side and condition variable is bound by the
/// left side; names are unique; functions are known with the right arity;
/// constant-only positions (divisors of patterns are constants or
/// expressions; `lb`/`ub` take a bound variable) are respected. Errors are
/// `file:line:col: error: message` diagnostics.
Result<std::vector<Rule>> parse_rules(std::string_view text, std::string_view filename);

/// Prints a node of `rule` in rule syntax: `(c0 * X + Y) floordiv c1`.
std::string to_string(const Rule& rule, int node);

/// True if the subtree at `node` uses no expression or sum variable (it is
/// computed as an integer when the rule fires).
bool is_constant_subtree(const Rule& rule, int node);

/// The operands of the nest of `op` nodes at `node`, left to right (just
/// `node` if it is not an `op` node): with Op::Add, the terms of a sum
/// pattern, `x + (c0 * X + Y)` giving the nodes of `x`, `c0 * X` and `Y`;
/// with Op::And, the conjuncts of `a && (b && c)`.
std::vector<int> flatten(const Rule& rule, int node, Op op);

/// The top-level conjuncts of the rule's condition, left to right (none when
/// it has no condition): for `c0 > 0 && (c1 > 0 && lb(X) >= 0)` the nodes of
/// `c0 > 0`, `c1 > 0` and `lb(X) >= 0`.
std::vector<int> condition_conjuncts(const Rule& rule);

/// The variables the subtree at `node` reads, bit i for variable i (the
/// rule has at most 64 variables): `c0 mod c2 == 0` reads 0b101.
uint64_t variables_read(const Rule& rule, int node);

}  // namespace provix::rules
