#pragma once
/// \file
/// `IndexExpr` (docs/indexexpr.md; after onnx-mlir's IndexExpr): one value type for index
/// arithmetic that is sometimes known at compile time and sometimes only at run time, so the same
/// code computes shapes during analysis and emits run-time code.
///
///     AnalysisBuilder analysis;                 // or an EvaluatorBuilder / CEmitterBuilder
///     IndexExprScope scope(ctx, analysis);
///     IndexExpr n = scope.input_dim("n");       // analysis: a question mark
///     IndexExpr m = IndexExpr(4) * 8 + 2;       // literal 34 in every mode
///     IndexExpr k = IndexExpr::max(n, 0);       // n's range is [0, inf]: k is n
///
/// Kinds:
///
/// | kind          | meaning                                                     |
/// |---------------|-------------------------------------------------------------|
/// | Undefined     | no value, or an error (`error()` says which)                |
/// | Literal       | a compile-time integer (or `true`/`false` for predicates)   |
/// | QuestionMark  | unknown during analysis; same-source ones are equal         |
/// | Affine        | an affine expression over the dims and symbols of a scope   |
/// | Dim           | a dim variable of a scope (loop index, dynamic dimension)   |
/// | Symbol        | a symbol variable of a scope (invariant in the scope)       |
/// | NonAffine     | a run-time value produced by the builder                    |
/// | Predicate     | a run-time boolean produced by the builder                  |
///
/// Arithmetic keeps results affine exactly under onnx-mlir's rules: `a + b`,
/// `a - b` when both are affine; `a * b` when both are affine and one is a
/// literal; `floor_div`, `ceil_div`, `%` when `a` is affine and `b` a positive
/// literal. Literals fold (checked: an overflow is an Undefined value of kind
/// Overflow); anything else is a run-time operation (code generation) or a
/// question mark (analysis). Affine results go through `provix::simplify`
/// with the scope's variable bounds. Every value carries a sound range, and
/// comparisons, `min`, `max` and `select` fold whenever ranges decide them.
///
/// Errors are values: mixing a dim or affine value of one scope with values of
/// another scope, arithmetic on predicates, a literal zero divisor, ... give
/// an Undefined value whose `error()` says what went wrong; Undefined
/// operands propagate (the first one wins).

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "provix/expr.h"
#include "provix/indexexpr/builder.h"
#include "provix/interval.h"
#include "provix/result.h"

namespace provix {

namespace ie_detail {
struct Node;
struct ScopeImpl;
struct Access;
}  // namespace ie_detail

class IndexExprScope;

/// The kinds of onnx-mlir's IndexExpr (plus Undefined).
enum class IndexExprKind : uint8_t {
    Undefined,
    Literal,
    QuestionMark,
    Affine,
    Dim,
    Symbol,
    NonAffine,
    Predicate,
};

/// The lower-case name: `kind_name(IndexExprKind::QuestionMark) == "questionmark"`.
const char* kind_name(IndexExprKind kind);

/// An immutable value handle (cheap to copy). A default-constructed IndexExpr
/// is Undefined; an integer converts implicitly to a Literal, so
/// `dim * 4 + 3`, `IndexExpr::select(c, 0, dim)` and `std::vector<IndexExpr>{1, n}`
/// work as written.
class IndexExpr {
public:
    /// Undefined, without an error: `IndexExpr().is_undefined()`.
    IndexExpr();
    /// The literal `value`: `IndexExpr(5).literal() == 5`.
    IndexExpr(int64_t value);  // NOLINT(google-explicit-constructor): literals mix freely
    /// Booleans do not convert silently; use `IndexExpr::boolean(b)`.
    template <class T, std::enable_if_t<std::is_same_v<T, bool>, int> = 0>
    IndexExpr(T) = delete;

    /// The literal predicate `true` or `false` (value 1 or 0).
    static IndexExpr boolean(bool value);
    /// A question mark (analysis). Question marks with the same non-empty
    /// `source` denote the same unknown value and compare equal; a question
    /// mark without a source is only equal to itself. `range` bounds it.
    static IndexExpr question_mark(const std::string& source = "",
                                   const Interval& range = Interval::all());
    /// An Undefined value carrying `error`.
    static IndexExpr undefined(Error error);

    // ---- Queries -----------------------------------------------------------

    /// The kind: `IndexExpr(3).kind() == IndexExprKind::Literal`.
    IndexExprKind kind() const;
    /// True unless Undefined.
    bool is_defined() const { return kind() != IndexExprKind::Undefined; }
    /// True for Undefined values (errors included): `IndexExpr(1).floor_div(0).is_undefined()`.
    bool is_undefined() const { return kind() == IndexExprKind::Undefined; }
    /// Literal integers and the literal predicates true/false.
    bool is_literal() const { return kind() == IndexExprKind::Literal; }
    /// True for question marks (analysis-mode unknowns).
    bool is_question_mark() const { return kind() == IndexExprKind::QuestionMark; }
    /// Literal, Affine, Dim or Symbol (a literal is affine, as in onnx-mlir).
    bool is_affine() const;
    /// True for a dim variable of a scope (`scope.input_dim("i")` in code generation).
    bool is_dim() const { return kind() == IndexExprKind::Dim; }
    /// True for a symbol variable of a scope.
    bool is_symbol() const { return kind() == IndexExprKind::Symbol; }
    /// True for a run-time integer value (`NonAffine`): `(i * n).is_non_affine()`.
    bool is_non_affine() const { return kind() == IndexExprKind::NonAffine; }
    /// True for every boolean value: literal true/false, a question mark
    /// produced by a comparison, and the Predicate kind.
    bool is_predicate() const;
    /// The literal's value (0 or 1 for a literal predicate).
    /// Precondition: `is_literal()` (otherwise the program stops with a
    /// message naming the value); `literal_value()` is the checked form.
    int64_t literal() const;
    /// The literal's value, or nullopt if this is not a literal:
    /// `IndexExpr(5).literal_value() == 5`.
    std::optional<int64_t> literal_value() const;
    /// True if this is the literal `value` (the safe comparison):
    /// `IndexExpr(1).is_literal_and_identical_to(1)`.
    bool is_literal_and_identical_to(int64_t value) const;
    /// True if both are question marks denoting the same unknown value.
    bool same_question_mark(const IndexExpr& other) const;
    /// True if both denote the same value by construction: equal literals,
    /// the same question mark, the same affine expression of the same scope,
    /// or the same run-time value.
    bool is_identical(const IndexExpr& other) const;
    /// A sound range of the value (a point for literals; the bounds of the
    /// scope's variables for affine values; interval arithmetic otherwise).
    Interval range() const;
    /// The affine expression of an Affine, Dim or Symbol value (variables
    /// numbered by the scope, see `IndexExprScope::variable_names`); null
    /// otherwise.
    Expr affine_expr() const;
    /// The run-time value of a NonAffine or Predicate value.
    std::optional<RtValue> value() const;
    /// The error of an Undefined value (null if defined or if it carries none).
    const Error* error() const;
    /// True if this value belongs to `scope` (Affine, Dim, Symbol, NonAffine
    /// and Predicate values belong to the scope that made them; literals and
    /// question marks belong to none).
    bool belongs_to(const IndexExprScope& scope) const;

    // ---- Operations ------------------------------------------------------------

    /// ⌊this / b⌋: `IndexExpr(-7).floor_div(2).literal() == -4`.
    IndexExpr floor_div(const IndexExpr& b) const;
    /// ⌈this / b⌉: `IndexExpr(7).ceil_div(2).literal() == 4`.
    IndexExpr ceil_div(const IndexExpr& b) const;
    /// `select(this < lo, lo, select(this > hi, hi, this))`, onnx-mlir's clamp.
    IndexExpr clamp(const IndexExpr& lo, const IndexExpr& hi) const;
    /// `select(cond, value, this)`: `end.select_or_self(end < 0, 0)`.
    IndexExpr select_or_self(const IndexExpr& cond, const IndexExpr& value) const;

    /// `cond ? if_true : if_false`; folds when the condition is a literal or
    /// both branches are identical. `cond` must be a predicate.
    static IndexExpr select(const IndexExpr& cond, const IndexExpr& if_true,
                            const IndexExpr& if_false);
    /// Minimum; folds when ranges decide it: with `i` in [0, 9], `min(i, 20)` is `i`.
    static IndexExpr min(const IndexExpr& a, const IndexExpr& b);
    /// Maximum; folds when ranges decide it: `max(n, 0)` is `n` for a size `n`.
    static IndexExpr max(const IndexExpr& a, const IndexExpr& b);
    /// Minimum of a non-empty list (Undefined for an empty one): `min({7, 3, 5})` is 3.
    static IndexExpr min(const std::vector<IndexExpr>& values);
    /// Maximum of a non-empty list (Undefined for an empty one).
    static IndexExpr max(const std::vector<IndexExpr>& values);

    // ---- Lists -----------------------------------------------------------------

    /// True if every element is a literal.
    static bool all_literal(const std::vector<IndexExpr>& list);
    /// True if every element is a literal >= 0.
    static bool all_non_negative_literal(const std::vector<IndexExpr>& list);
    /// The literal values, or nullopt if some element is not a literal.
    static std::optional<std::vector<int64_t>> literals(const std::vector<IndexExpr>& list);
    /// The shape: each literal's value, -1 for anything else:
    /// `shape({2, IndexExpr::question_mark()}) == {2, -1}`.
    static std::vector<int64_t> shape(const std::vector<IndexExpr>& list);

    // ---- Printing -----------------------------------------------------------

    /// One line: `5`, `true`, `?n in [0, inf]`, `affine d0 * 4 + s0 in [0, inf]`,
    /// `dim d0 in [0, 9]`, `nonaffine %7=42 in [0, 99]`, `undefined: overflow: ...`.
    std::string to_string() const;
    /// Writes `msg: to_string()` and a newline to `os`.
    void debug_print(std::ostream& os, const std::string& msg) const;

private:
    friend struct ie_detail::Access;
    explicit IndexExpr(std::shared_ptr<const ie_detail::Node> node);
    std::shared_ptr<const ie_detail::Node> node_;
};

/// A list of index expressions (`DimsExpr` in onnx-mlir).
using IndexExprList = std::vector<IndexExpr>;

/// Prints a list: `[2, ?n in [0, inf], dim d0 in [0, 9]]`.
std::string to_string(const IndexExprList& list);
/// Writes `msg: [...]` and a newline to `os`.
void debug_print(std::ostream& os, const std::string& msg, const IndexExprList& list);
/// Same as `e.to_string()`.
std::string to_string(const IndexExpr& e);

/// `a + b` (integers convert to literals on either side): `i * 4 + 3` is affine.
IndexExpr operator+(const IndexExpr& a, const IndexExpr& b);
/// `a - b`: `(i + 1) - 1` is `i`.
IndexExpr operator-(const IndexExpr& a, const IndexExpr& b);
/// `0 - a`.
IndexExpr operator-(const IndexExpr& a);
/// `a * b`: affine when one side is a literal, a run-time product otherwise.
IndexExpr operator*(const IndexExpr& a, const IndexExpr& b);
/// `a mod b` with floor semantics (sign of b).
IndexExpr operator%(const IndexExpr& a, const IndexExpr& b);

/// `a == b` as a predicate, folded to literal true/false whenever the ranges
/// decide it: with `i` a dim in [0, 9], `(i == 10).to_string() == "false"`.
IndexExpr operator==(const IndexExpr& a, const IndexExpr& b);
/// `a != b` as a predicate (folded like `==`).
IndexExpr operator!=(const IndexExpr& a, const IndexExpr& b);
/// `a < b` as a predicate: with `i` in [0, 9], `(i < 10).literal() == 1`.
IndexExpr operator<(const IndexExpr& a, const IndexExpr& b);
/// `a <= b` as a predicate: `(i * 2 <= i + 9)` is true for `i` in [0, 9].
IndexExpr operator<=(const IndexExpr& a, const IndexExpr& b);
/// `a > b` as a predicate.
IndexExpr operator>(const IndexExpr& a, const IndexExpr& b);
/// `a >= b` as a predicate: `(n >= 0)` is true for a tensor size `n`.
IndexExpr operator>=(const IndexExpr& a, const IndexExpr& b);

/// Logical and of predicates: `c & true` is `c`, `c & false` is false.
IndexExpr operator&(const IndexExpr& a, const IndexExpr& b);
/// Logical or of predicates: `c | true` is true.
IndexExpr operator|(const IndexExpr& a, const IndexExpr& b);
/// Logical not of a predicate: `!IndexExpr::boolean(true)` is false.
IndexExpr operator!(const IndexExpr& a);

/// The run-time value of `e` through `builder`, which must be the builder of
/// `e`'s scope (literals work with any builder): emits the operations of an
/// affine expression, a constant for a literal, an error value for an
/// Undefined value of kind Overflow or DivisionByZero. Errors for question
/// marks, other Undefined values and foreign builders.
Result<RtValue> materialize(const IndexExpr& e, IndexExprBuilder& builder);

}  // namespace provix
