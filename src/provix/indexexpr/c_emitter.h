#pragma once
/// \file
/// `CEmitterBuilder`: a code-generation builder that writes C99 code for an
/// IndexExpr computation, as a function taking the run-time inputs and
/// returning the results.
///
///     CEmitterBuilder c;
///     IndexExprScope scope(ctx, c);
///     IndexExpr n = scope.input_dim("n");
///     std::string src = *c.emit_function("half", {n.ceil_div(2)});
///     // int half(const int64_t* in, int64_t* out, int* err)
///     // in[0] is "n" (c.input_names()), out[0] the result.
///
/// The generated code implements the semantics of `apply_rt_op` exactly:
/// floor division and floor modulo are written out (C's `/` and `%`
/// truncate), additions and multiplications are checked with
/// `__builtin_*_overflow`, and each value carries an error code (0 ok,
/// 1 division by zero, 2 overflow, 3 input outside its declared bounds)
/// that propagates like the evaluator's errors. The function stores each
/// result in `out[i]` and its code in `err[i]` (if `err` is not NULL) and
/// returns the first non-zero code, or 0. Identical operations are written
/// once, and only the operations the results need are written.

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "provix/indexexpr/builder.h"
#include "provix/indexexpr/index_expr.h"
#include "provix/result.h"

namespace provix {

/// Records run-time operations and writes them as C (see the file comment).
class CEmitterBuilder final : public IndexExprBuilder {
public:
    CEmitterBuilder() = default;

    /// Names of the inputs in parameter order: `in[i]` is `input_names()[i]`.
    const std::vector<std::string>& input_names() const { return input_names_; }

    /// The complete C source (includes, helpers, function) of
    /// `int <name>(const int64_t* in, int64_t* out, int* err)` computing
    /// `results`. Errors if `name` is not a C identifier or a result cannot
    /// be materialized (a question mark, a value of another builder, an
    /// Undefined value other than a run-time error). Several sources can be
    /// concatenated into one file (the helpers are guarded).
    Result<std::string> emit_function(const std::string& name, const IndexExprList& results);

    /// A code-generation builder: the operations of `IndexExprBuilder`
    /// (see builder.h).
    PROVIX_CODEGEN_BUILDER_OPERATIONS
    /// `v<id>`, the C variable holding the value.
    std::string describe(RtValue v) const override;

private:
    enum class OpKind : uint8_t { Input, Constant, Binary, Not, Select, Error };
    struct Op {
        OpKind kind;
        RtOp binary = RtOp::Add;
        int64_t param = 0;  // Input: parameter index; Constant: value; Error: code
        Interval bounds;    // Input
        std::vector<int64_t> operands;
    };
    RtValue push(Op op);
    /// `push` with common-subexpression elimination of identical operations.
    RtValue push_shared(Op op);

    std::vector<Op> ops_;
    std::vector<std::string> input_names_;
    std::map<std::string, int64_t> params_;
    std::map<std::pair<std::string, std::string>, RtValue> input_cache_;  // (name, bounds)
    std::map<int64_t, RtValue> constant_cache_;
    std::map<std::tuple<int, int, int64_t, std::vector<int64_t>>, RtValue> shared_;
};

}  // namespace provix
