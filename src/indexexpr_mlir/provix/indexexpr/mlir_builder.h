#pragma once
/// \file
/// IndexExpr code generation to MLIR 14 (library `provix_indexexpr_mlir`,
/// built when CMake finds MLIR 14, e.g. Debian's libmlir-14-dev).
///
/// `MlirBuilder` is a code-generation builder (provix/indexexpr/builder.h)
/// that records the run-time operations of an IndexExpr computation and
/// emits them as a function of `index` values: affine results of the scope
/// as one `affine.apply` over the scope's dims and symbols, other values as
/// `arith` operations (`arith.addi`, `arith.floordivsi`, `arith.ceildivsi`,
/// `arith.minsi`, `arith.maxsi`, `arith.cmpi`, floor `mod` written out with
/// `arith.remsi`) and `select`.
///
///     mlir::MLIRContext mctx;
///     MlirBuilder mlir_builder(mctx);
///     IndexExprScope scope(ctx, mlir_builder);
///     IndexExpr n = scope.input_dim("n");
///     mlir::ModuleOp module = mlir_builder.create_module();
///     mlir_builder.emit_function(module, "half", {n.ceil_div(2)}, scope);
///     // func @half(%arg0: index) -> index {
///     //   %0 = affine.apply affine_map<(d0) -> (d0 ceildiv 2)>(%arg0)
///     //   return %0 : index
///     // }
///
/// MLIR 14 keeps functions in the builtin dialect (`func @f`, not
/// `func.func`) and `select` / `return` in the standard dialect. What
/// `EvaluatorBuilder` reports as run-time errors becomes `assert` (the
/// standard dialect's; it aborts when lowered to LLVM): an input outside its
/// declared bounds, a zero divisor. Index arithmetic does not report
/// overflow: the emitted code assumes none. A computation that contains a
/// run-time error value cannot be emitted.
///
/// Also: conversions between provix expressions / maps / IndexExprs and
/// `mlir::AffineExpr` / `mlir::AffineMap`.

#include <mlir/IR/AffineExpr.h>
#include <mlir/IR/AffineMap.h>
#include <mlir/IR/BuiltinOps.h>
#include <mlir/IR/MLIRContext.h>

#include <cstdint>
#include <string>
#include <vector>

#include "provix/expr.h"
#include "provix/indexexpr/builder.h"
#include "provix/indexexpr/index_expr.h"
#include "provix/indexexpr/scope.h"
#include "provix/result.h"
#include "provix/symbolic_map.h"

namespace provix {

/// Records run-time operations and emits them as MLIR (see the file comment).
class MlirBuilder final : public IndexExprBuilder {
public:
    /// Loads the arith, affine and standard dialects into `ctx`.
    explicit MlirBuilder(mlir::MLIRContext& ctx);

    /// An empty module to emit functions into.
    mlir::ModuleOp create_module();

    /// Emits `func @name(%arg0: index, ...) -> (index, ...)` into `module`
    /// computing `results`: the arguments are the run-time inputs, in the
    /// order of `input_names()`. Affine results of `scope` become one
    /// `affine.apply` each; literals `arith.constant`; others the recorded
    /// operations they need. Errors if a result cannot be materialized or
    /// needs a run-time error value, or the function does not verify.
    Result<mlir::FuncOp> emit_function(mlir::ModuleOp module, const std::string& name,
                                       const IndexExprList& results, const IndexExprScope& scope);

    /// Names of the inputs in argument order.
    const std::vector<std::string>& input_names() const { return input_names_; }

    /// A code-generation builder: the operations of `IndexExprBuilder`
    /// (see builder.h).
    PROVIX_CODEGEN_BUILDER_OPERATIONS
    /// `%v3`.
    std::string describe(RtValue v) const override;

private:
    struct Op {
        enum class Kind { Input, Constant, Binary, Not, Select, Error } kind;
        RtOp op = RtOp::Add;
        int64_t a = -1, b = -1, c = -1;
        int64_t value = 0;
        Interval bounds = Interval::all();  ///< inputs: the declared bounds
    };
    RtValue record(Op op);

    mlir::MLIRContext& ctx_;
    std::vector<Op> ops_;
    std::vector<std::string> input_names_;
    std::vector<int64_t> input_ids_;
};

/// `e` as an affine expression: variable ids below `num_dims` are dims
/// `d<id>`, the others symbols `s<id - num_dims>`. Errors for what is not
/// affine in MLIR's sense (products of variables, divisions and `mod` by
/// non-positive or non-constant divisors, `min`, `max`).
///
///     d0 * 4 + s0 floordiv 2   <->   (d0)[s0] -> (d0 * 4 + s0 floordiv 2)
Result<mlir::AffineExpr> to_affine_expr(Expr e, int64_t num_dims, mlir::MLIRContext& ctx);

/// An affine expression as a provix expression (dims are variables
/// `0..num_dims-1`, symbol k is variable `num_dims + k`).
Expr from_affine_expr(mlir::AffineExpr e, Context& ctx, int64_t num_dims);

/// A symbolic map as an affine map (same dims, symbols and results).
Result<mlir::AffineMap> to_affine_map(const SymbolicMap& map, mlir::MLIRContext& ctx);

/// An affine map as a symbolic map.
SymbolicMap from_affine_map(mlir::AffineMap map, Context& ctx);

/// An affine map computing the affine values `values` of `scope` from the
/// scope variables they use: `operands` receives the scope's variable ids in
/// the map's operand order (its dims, then its symbols). Errors if a value
/// is not affine in `scope` or not affine in MLIR's sense.
Result<mlir::AffineMap> to_affine_map(const IndexExprList& values, const IndexExprScope& scope,
                                      mlir::MLIRContext& ctx, std::vector<int64_t>* operands);

/// The IndexExpr that `e` computes from `dims` and `symbols` (IndexExpr
/// arithmetic: affine while the operands are).
IndexExpr from_affine_expr(mlir::AffineExpr e, const IndexExprList& dims,
                           const IndexExprList& symbols);

}  // namespace provix
