#pragma once
/// \file
/// Symbolic integer expressions, in MLIR's shape: an `Expr` is one
/// pointer to an immutable node uniqued in a `Context`, so structurally equal
/// expressions are the same pointer and `==` is a pointer compare.
///
///     Context ctx;
///     Expr d0 = ctx.variable(0);
///     Expr e = (d0 + 1) - 1;           // canonical construction
///     assert(e == d0);
///     assert(to_string(floor_div(d0 * 4 + 2, 8)) == "(v0 * 4 + 2) floordiv 8");
///
/// Two ways to build nodes:
///  - the operators (`+ - *`, `floor_div`, `ceil_div`, `mod`, `min`, `max`)
///    return the *canonical* form: constants folded with checked arithmetic
///    (no fold on overflow), identities removed (`x + 0`, `x * 1`,
///    `x floordiv 1`, `x ceildiv 1`, `x floordiv -1`; `x * 0` and `x mod 1`
///    only when x is defined everywhere, for `(d0 floordiv d1) * 0` is
///    undefined where d1 is 0), sums and
///    products flattened and deterministically ordered, like terms combined,
///    constant factors distributed over sums (`(d0 + 2) * 3` is `d0 * 3 + 6`),
///    commutative `min`/`max` operands ordered;
///  - `Context::make` builds exactly the node asked for (only uniqued), which
///    the fuzzer and the tests use to write non-canonical input;
///    `canonicalize` rebuilds such an expression through the operators.
///
/// Canonical form, precisely:
///  - `Add`: at least two operands; none is an `Add`; the non-constant terms
///    come first, each `m` or `m * c` (a `Mul` whose last operand is the
///    constant coefficient c, c not 0 or 1), with pairwise distinct monomials
///    `m` unless their coefficients do not add up in int64 (`d0 *
///    9223372036854775807 + d0 * 5` keeps two terms of d0), ordered by
///    `compare` on the monomials; then at most one non-zero constant, last
///    (again more than one when they do not add up in int64).
///  - `Mul`: at least two operands; none is a `Mul`; non-constant factors
///    ordered by `compare` (repeats allowed: `d0 * d0`); at most one constant,
///    last, not 0 or 1. A constant factor is distributed over an `Add`
///    operand, so a canonical `Mul` with a constant has no `Add` factor when
///    it is the only non-constant factor.
///  - `FloorDiv`, `CeilDiv`, `Mod`: lhs, rhs (rhs the constant 0 only when
///    the input divided by an expression that folds to zero).
///  - `Min`, `Max`: two operands ordered by `compare`, not equal.
///
/// Deterministic order: `compare` is a structural total order (kind, then
/// value or variable id, then operands), independent of creation order and
/// pointer values, so printed output is the same on every run and machine.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "provix/operators.h"
#include "provix/result.h"

namespace provix {

namespace detail {
struct ExprNode;
struct ContextImpl;
}  // namespace detail

class Context;

/// The lower-case name of a kind: `kind_name(ExprKind::FloorDiv) == "floordiv"`.
const char* kind_name(ExprKind kind);

/// A pointer-sized, trivially copyable handle to a uniqued node. A
/// default-constructed Expr is null (`!e`); every other operation requires a
/// non-null handle. The accessors below are unchecked reads, like a
/// vector's `operator[]` (they sit on the engine's hot paths): a null
/// handle, `operand(i)` past `num_operands()`, `constant_value()` of a
/// non-constant or `variable_id()` of a non-variable is undefined. The
/// functions that build expressions check their operands and stop the
/// program on a null one or one from another context.
///
///     Expr c = ctx.constant(5);
///     c.kind() == ExprKind::Constant && c.constant_value() == 5
class Expr {
public:
    Expr() = default;
    explicit Expr(const detail::ExprNode* node) : node_(node) {}

    explicit operator bool() const { return node_ != nullptr; }
    bool operator==(Expr o) const { return node_ == o.node_; }
    bool operator!=(Expr o) const { return node_ != o.node_; }

    ExprKind kind() const;
    /// The context that owns the node.
    Context& context() const;
    /// A sequential id, unique within the context (creation order; use it for
    /// hashing and memo tables, never for output order).
    uint32_t id() const;

    bool is_constant() const { return kind() == ExprKind::Constant; }
    /// True if this is the constant `v`: `ctx.constant(3).is_constant(3)`.
    bool is_constant(int64_t v) const;
    bool is_variable() const { return kind() == ExprKind::Variable; }
    /// The value of a Constant node.
    int64_t constant_value() const;
    /// The id of a Variable node.
    int64_t variable_id() const;

    /// Number of operands (0 for constants and variables).
    size_t num_operands() const;
    /// Operand i: `(d0 floordiv 4).operand(1) == ctx.constant(4)`.
    Expr operand(size_t i) const;
    /// All operands, in order.
    std::vector<Expr> operands() const;
    /// For binary nodes: operand(0) and operand(1).
    Expr lhs() const { return operand(0); }
    Expr rhs() const { return operand(1); }

    /// Number of nodes in the tree (shared sub-trees counted each time they
    /// occur), saturating at SIZE_MAX.
    size_t tree_size() const;

    const detail::ExprNode* node() const { return node_; }

private:
    const detail::ExprNode* node_ = nullptr;
};

/// Owns and uniques expression nodes (arena + open-addressing hash table; no
/// per-node heap allocation outside the arena). Not thread-safe; one context
/// per thread. Expressions from different contexts must not be mixed.
class Context {
public:
    Context();
    ~Context();
    Context(const Context&) = delete;
    Context& operator=(const Context&) = delete;

    /// The uniqued constant `value`.
    Expr constant(int64_t value);
    /// The uniqued variable with id `id`. Maps decide whether it is a
    /// dimension or a symbol. Precondition: `id >= 0`.
    Expr variable(int64_t id);
    /// The node of `kind` with exactly these operands, uniqued but not
    /// simplified (for non-canonical input). Returns an error for a wrong
    /// operand count (Add/Mul need >= 2, div/mod/min/max exactly 2) or a
    /// literal zero divisor. Not for Constant/Variable.
    Result<Expr> make(ExprKind kind, const std::vector<Expr>& operands);

    /// Number of distinct nodes created so far. A context holds at most
    /// 2^32 - 1 nodes; creating more stops the program with a message.
    size_t num_nodes() const;

private:
    friend class Expr;
    friend struct detail::ContextImpl;
    std::unique_ptr<detail::ContextImpl> impl_;
};

// ---------------------------------------------------------------------------
// Canonical construction.

/// `a + b`, canonical: `(d0 + 1) + 2` is `d0 + 3`.
Expr operator+(Expr a, Expr b);
Expr operator+(Expr a, int64_t b);
Expr operator+(int64_t a, Expr b);
/// `a - b` == `a + b * -1`.
Expr operator-(Expr a, Expr b);
Expr operator-(Expr a, int64_t b);
Expr operator-(int64_t a, Expr b);
/// `-a` == `a * -1`.
Expr operator-(Expr a);
/// `a * b`, canonical: `(d0 + 2) * 3` is `d0 * 3 + 6`.
Expr operator*(Expr a, Expr b);
Expr operator*(Expr a, int64_t b);
Expr operator*(int64_t a, Expr b);

/// ⌊a / b⌋, canonical. `floor_div(ctx.constant(-7), 2)` is the constant -4.
/// A divisor that is (or folds to) the literal 0 is not rejected here, since
/// canonicalization and substitution may produce one: the node is kept as it
/// is and `evaluate` reports division by zero. Literal zero divisors in user
/// input are rejected by the parser and by `Context::make`.
Expr floor_div(Expr a, Expr b);
Expr floor_div(Expr a, int64_t b);
Expr floor_div(int64_t a, Expr b);
/// ⌈a / b⌉, canonical (zero divisor: as floor_div).
Expr ceil_div(Expr a, Expr b);
Expr ceil_div(Expr a, int64_t b);
Expr ceil_div(int64_t a, Expr b);
/// `a - b * floor_div(a, b)`, canonical (zero divisor: as floor_div).
/// `mod(ctx.constant(-7), 2)` is 1.
Expr mod(Expr a, Expr b);
Expr mod(Expr a, int64_t b);
Expr mod(int64_t a, Expr b);
/// `min(a, b)`, canonical (operands ordered; `min(x, x)` is x).
Expr min(Expr a, Expr b);
Expr min(Expr a, int64_t b);
Expr min(int64_t a, Expr b);
/// `max(a, b)`, canonical.
Expr max(Expr a, Expr b);
Expr max(Expr a, int64_t b);
Expr max(int64_t a, Expr b);

/// Builds `kind(operands)` canonically (the operator for `kind`; n-ary for
/// Add/Mul): `build(ExprKind::Add, {d0, d1, 3})` is `d0 + d1 + 3`.
/// Preconditions: `kind` is an operator (not Constant/Variable); Add and Mul
/// get at least one operand, the others exactly two. (For operands that come
/// from user input, `Context::make` checks them and returns an error.)
Expr build(ExprKind kind, const std::vector<Expr>& operands);

/// The expression `e` (of any context) in context `to`, node for node (the
/// same structure, not re-simplified); `e` itself when it is already in
/// `to`. Walks each distinct node once, without recursion, so any depth is
/// copied: `import_expr(other, v0 floordiv 4)` prints `v0 floordiv 4`.
Expr import_expr(Context& to, Expr e);

/// Rebuilds `e` bottom-up through the canonical operators:
/// `canonicalize(make(Add, {make(Add, {d0, 1}), -1}))` is `d0`.
/// Idempotent; the identity on canonical expressions.
Expr canonicalize(Expr e);

// ---------------------------------------------------------------------------
// Order, traversal, substitution.

/// Structural total order: negative, zero (same node) or positive.
/// Independent of pointer values and creation order.
int compare(Expr a, Expr b);

/// Strict weak order for sorting: `compare(a, b) < 0`.
struct ExprLess {
    bool operator()(Expr a, Expr b) const { return compare(a, b) < 0; }
};

/// Hash functor (by node id) for unordered containers.
struct ExprHash {
    size_t operator()(Expr e) const { return std::hash<uint32_t>()(e.id()); }
};

/// True if variable `id` occurs in `e`.
bool uses_variable(Expr e, int64_t id);

/// Largest variable id in `e` plus one (0 if `e` has no variable).
int64_t num_variables_used(Expr e);

/// Marks `used[id] = true` for every variable in `e` (resizing as needed).
void collect_variables(Expr e, std::vector<bool>& used);

/// Replaces each variable `i` by `replacements[i]` (ids beyond the vector are
/// kept), rebuilding canonically: with replacements {d1, 5}, `d0 + d1` is
/// `d1 + 5`.
Expr substitute(Expr e, const std::vector<Expr>& replacements);

/// Evaluates `e` with variable i bound to `values[i]`. Intermediate values
/// are exact up to 128 bits, so a value in int64 reached through a wider one
/// is found (`(-v0) floordiv 2` at v0 = -2^63 is 2^62). Errors (never a
/// value) on a zero divisor, on a value beyond int64 (or an intermediate one
/// beyond 128 bits), or on a variable id without a value:
/// `(((v0 + 42) * max(min(v1, 2), 0)) floordiv 2) ceildiv 2` at {5, 1} is 12.
Result<int64_t> evaluate(Expr e, const std::vector<int64_t>& values);

// ---------------------------------------------------------------------------
// Printing.

/// How variables are named when printing: `name(id)`.
using VariableNamer = std::function<std::string(int64_t id)>;

/// Prints `e` with variables named `v0, v1, ...`, minimal parentheses,
/// subtraction for negative coefficients: `d0 * 2 - d1 floordiv 4 + 7` style.
std::string to_string(Expr e);

/// Prints `e` naming variables with `namer`.
std::string to_string(Expr e, const VariableNamer& namer);

/// Writes `to_string(e)` (variables `v0, v1, ...`): `std::cout << (d0 + 1)`.
/// A null Expr prints as `<null>`.
std::ostream& operator<<(std::ostream& os, Expr e);

}  // namespace provix

template <>
struct std::hash<provix::Expr> {
    size_t operator()(provix::Expr e) const { return provix::ExprHash()(e); }
};
