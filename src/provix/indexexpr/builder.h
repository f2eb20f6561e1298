#pragma once
/// \file
/// The builder interface through which IndexExpr computations reach run time.
/// A scope is in one of two modes, decided by its builder:
///
///  - analysis (`AnalysisBuilder`): no code is produced; every value not known
///    at compile time is a question mark;
///  - code generation (any builder whose `is_analysis()` is false): unknown
///    inputs become dims and symbols bound to run-time values, affine results
///    stay symbolic, and every other operation is handed to the builder.
///
/// provix ships two code-generation builders: `EvaluatorBuilder` (run-time
/// values are concrete integers) and `CEmitterBuilder` (writes a C function).
///
///     EvaluatorBuilder eval({{"n", 10}});
///     IndexExprScope scope(ctx, eval);
///     IndexExpr n = scope.input_symbol("n");
///     *eval.evaluate(n * n) == 100

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "provix/interval.h"
#include "provix/result.h"

namespace provix {

/// A handle to a value computed at run time, numbered by the builder that
/// made it. `RtValue{}` is invalid: `!RtValue{}.valid()`.
struct RtValue {
    /// The builder's number for the value; -1 for none.
    int64_t id = -1;
    /// True for a value a builder made.
    bool valid() const { return id >= 0; }
    /// Same value (of the same builder).
    bool operator==(RtValue o) const { return id == o.id; }
    /// Different values.
    bool operator!=(RtValue o) const { return id != o.id; }
};

/// The binary run-time operations, one row each: `X(Name, name, spelling)`
/// with the enumerator, its lower-case name (`rt_op_name`, as the C emitter
/// names its helpers) and the IndexExpr operator that computes it
/// (`rt_op_spelling`, as diagnostics write it). Arithmetic has floor
/// semantics (provix/semantics.h) and fails on a zero divisor or int64
/// overflow; comparisons and `And`/`Or` give 0 or 1 (`And`/`Or` treat
/// non-zero as true).
#define PROVIX_RT_OPS(X)                \
    X(Add, "add", "+")                  \
    X(Sub, "sub", "-")                  \
    X(Mul, "mul", "*")                  \
    X(FloorDiv, "floordiv", "floordiv") \
    X(CeilDiv, "ceildiv", "ceildiv")    \
    X(Mod, "mod", "mod")                \
    X(Min, "min", "min")                \
    X(Max, "max", "max")                \
    X(Eq, "eq", "==")                   \
    X(Ne, "ne", "!=")                   \
    X(Lt, "lt", "<")                    \
    X(Le, "le", "<=")                   \
    X(Gt, "gt", ">")                    \
    X(Ge, "ge", ">=")                   \
    X(And, "and", "&")                  \
    X(Or, "or", "|")

#define PROVIX_RT_OP_ENUMERATOR(Name, name, spelling) Name,
/// The binary run-time operations (see PROVIX_RT_OPS).
enum class RtOp : uint8_t { PROVIX_RT_OPS(PROVIX_RT_OP_ENUMERATOR) };
#undef PROVIX_RT_OP_ENUMERATOR

/// The lower-case name of an operation: `rt_op_name(RtOp::FloorDiv) == "floordiv"`.
const char* rt_op_name(RtOp op);

/// How IndexExpr code writes an operation: `rt_op_spelling(RtOp::Le) == "<="`,
/// `rt_op_spelling(RtOp::Mod) == "mod"`.
const char* rt_op_spelling(RtOp op);

/// The operation named `name` (see rt_op_name), if any:
/// `rt_op_named("floordiv") == RtOp::FloorDiv`. Every operator of index
/// expressions has the run-time operation of its `operator_info` name.
std::optional<RtOp> rt_op_named(std::string_view name);

/// The reference semantics of one run-time operation, shared by the evaluator,
/// the tests and (by construction) the emitted C code:
/// `*apply_rt_op(RtOp::FloorDiv, -7, 2) == -4`, `!apply_rt_op(RtOp::Mod, 1, 0)`.
Result<int64_t> apply_rt_op(RtOp op, int64_t a, int64_t b);

/// The error code emitted C code uses for an error kind: 0 is success,
/// 1 division by zero, 2 overflow, 3 anything else (e.g. an input outside its
/// declared bounds). `error_code(Error::Kind::Overflow) == 2`.
int error_code(Error::Kind kind);

/// Receives the run-time operations of an IndexExpr computation. A builder
/// must outlive every scope and value that uses it. Implementations number
/// their values; equal handles denote the same run-time value.
class IndexExprBuilder {
public:
    virtual ~IndexExprBuilder() = default;

    /// True for analysis (no code; unknown values become question marks).
    virtual bool is_analysis() const = 0;

    /// The run-time input `name`, whose value is declared to lie in `bounds`.
    /// Asking twice for the same name and bounds gives the same value. A value
    /// outside `bounds` is a run-time error (kind Invalid), never a silent
    /// miscompile of code that was simplified using the bounds.
    virtual RtValue input(const std::string& name, const Interval& bounds) = 0;
    /// The constant `value`.
    virtual RtValue constant(int64_t value) = 0;
    /// `op(a, b)`; an error operand makes the result an error (a's first).
    virtual RtValue binary(RtOp op, RtValue a, RtValue b) = 0;
    /// `a == 0 ? 1 : 0`.
    virtual RtValue logical_not(RtValue a) = 0;
    /// `cond != 0 ? if_true : if_false`; only the chosen operand's error (and
    /// the condition's) propagates.
    virtual RtValue select(RtValue cond, RtValue if_true, RtValue if_false) = 0;
    /// A value that is an error of `kind` at run time (a folded constant that
    /// overflowed, a literal zero divisor reached through a run-time select).
    virtual RtValue error(Error::Kind kind) = 0;
    /// A short description for debug printing: `%3=42` (evaluator), `v3` (C).
    virtual std::string describe(RtValue v) const = 0;
};

/// Declares, inside a code-generation builder (a class deriving from
/// `IndexExprBuilder` that materializes values), `is_analysis()` as false
/// and the six run-time operations, which the class defines in its .cpp
/// file; `describe` stays the class's own:
///
///     class MyBuilder : public IndexExprBuilder {
///     public:
///         PROVIX_CODEGEN_BUILDER_OPERATIONS
///         std::string describe(RtValue v) const override;
///     };
#define PROVIX_CODEGEN_BUILDER_OPERATIONS                                     \
    bool is_analysis() const override { return false; }                       \
    RtValue input(const std::string& name, const Interval& bounds) override;  \
    RtValue constant(int64_t value) override;                                 \
    RtValue binary(RtOp op, RtValue a, RtValue b) override;                   \
    RtValue logical_not(RtValue a) override;                                  \
    RtValue select(RtValue cond, RtValue if_true, RtValue if_false) override; \
    RtValue error(Error::Kind kind) override;

/// The analysis-mode builder: produces no code. Scopes over it create
/// question marks for unknown inputs, so its operations are never called;
/// they return the invalid `RtValue{}`.
///
///     AnalysisBuilder analysis;
///     IndexExprScope scope(ctx, analysis);
///     scope.input_dim("n").is_question_mark()
class AnalysisBuilder final : public IndexExprBuilder {
public:
    /// Always true.
    bool is_analysis() const override { return true; }
    /// The operations below are never called by an analysis scope; they return
    /// `RtValue{}`.
    RtValue input(const std::string&, const Interval&) override { return {}; }
    RtValue constant(int64_t) override { return {}; }
    RtValue binary(RtOp, RtValue, RtValue) override { return {}; }
    RtValue logical_not(RtValue) override { return {}; }
    RtValue select(RtValue, RtValue, RtValue) override { return {}; }
    RtValue error(Error::Kind) override { return {}; }
    std::string describe(RtValue) const override { return "?"; }
};

}  // namespace provix
