#pragma once
/// \file
/// The shape helpers of onnx-mlir's IndexExpr, written once with IndexExpr and usable
/// in every mode: ONNX Slice's shape, Broadcast's access indices and output
/// shape, MatMul's output shape.
///
///     AnalysisBuilder analysis;
///     IndexExprScope scope(ctx, analysis);
///     SliceAxis a = slice_axis(10, 2, IndexExpr(INT32_MAX), 3);   // data[2::3]
///     a.size.literal() == 3                                       // elements 2, 5, 8
///
/// Inputs that are not literals make the same code produce question marks
/// (analysis) or run-time computations (code generation).

#include <cstdint>
#include <vector>

#include "provix/indexexpr/index_expr.h"
#include "provix/indexexpr/scope.h"
#include "provix/result.h"

namespace provix {

/// The ONNX Slice parameters of one axis after normalization.
struct SliceAxis {
    IndexExpr start;  ///< first index read, in [0, dim] (step > 0) or [0, dim - 1] (step < 0)
    IndexExpr end;    ///< exclusive end, in [0, dim] (step > 0) or [-1, dim] (step < 0)
    IndexExpr step;   ///< the step as given
    IndexExpr size;   ///< output size: max(0, ceil((end - start) / step)); 0 if dim is 0
};

/// One axis of the Slice shape helper: negative `start`/`end` count
/// from the end; `end` at most INT32_MIN means -inf and at least INT32_MAX
/// +inf (ONNX's sentinels); start and end are clamped by the sign of `step`;
/// the size is the ceiling division, with negative sizes clamped to 0.
/// Unlike onnx-mlir: the size of an empty dimension is 0 (onnx-mlir's clamp
/// gives 1 for `dim == 0` with a negative step). A zero step is a division
/// by zero (an Undefined value if literal, a run-time error otherwise).
///
///     slice_axis(10, -3, IndexExpr(INT32_MAX), 1).size.literal() == 3
///     slice_axis(10, -1, IndexExpr(INT32_MIN), -1).size.literal() == 10
SliceAxis slice_axis(const IndexExpr& dim, const IndexExpr& start, const IndexExpr& end,
                     const IndexExpr& step);

/// The result of `slice_shape`: per data axis (axes not sliced get start 0,
/// end dim, step 1 and the full size).
struct SliceShape {
    IndexExprList starts;
    IndexExprList ends;
    IndexExprList steps;
    IndexExprList output_dims;
};

/// ONNX Slice (opset 13) on data of shape `data_dims`. `axes` may be empty
/// (meaning 0, 1, ..., starts.size() - 1) and may be negative (counted from
/// the rank); `steps` may be empty (all 1). Errors (as values) when the list
/// sizes differ, an axis is out of range or repeated, or a step is the
/// literal 0.
///
///     slice_shape({20, 10}, {1}, {-1}, {1}, {}).output_dims   // [20, 8]
Result<SliceShape> slice_shape(const IndexExprList& data_dims, const IndexExprList& starts,
                               const IndexExprList& ends, const std::vector<int64_t>& axes,
                               const IndexExprList& steps);

/// The Broadcast access indices: the indices into an operand of shape
/// `operand_dims` (rank r) read by the loop iteration `loop_indices` (rank
/// R >= r; the operand is aligned to the right, numpy style). A dimension of
/// literal size 1 reads index 0; any other dimension reads the loop index,
/// except that a run-time dimension whose range does not exclude 1 reads
/// `select(dim == 1, 0, index)`, which is what broadcasting needs at run time.
/// `loop_indices` must belong to `loop_scope` (or be literals / question
/// marks); `operand_dims` may belong to an enclosing scope and are converted
/// with `loop_scope.as_symbol`. Errors if r > R.
///
///     broadcast_access_indices(loop, {1, 5}, {i, j})   // [0, j]
Result<IndexExprList> broadcast_access_indices(IndexExprScope& loop_scope,
                                               const IndexExprList& operand_dims,
                                               const IndexExprList& loop_indices);

/// The output shape of a multidirectional (numpy) broadcast of `operands`,
/// aligned to the right: per position, literal 1s are ignored, equal
/// literals agree, and a run-time pair `(a, b)` gives `select(a == 1, b, a)`.
/// Errors for two different literals other than 1 (incompatible shapes) or
/// no operand.
///
///     broadcast_output_dims({{3, 1}, {4}})   // [3, 4]
Result<IndexExprList> broadcast_output_dims(const std::vector<IndexExprList>& operands);

/// The MatMul shape helper, with its intermediate padded shapes.
struct MatMulShape {
    IndexExprList a_dims;     ///< A padded to the common rank
    IndexExprList b_dims;     ///< B padded to the common rank
    std::vector<bool> a_pad;  ///< which of a_dims are padding
    std::vector<bool> b_pad;  ///< which of b_dims are padding
    IndexExprList
        output_dims;  ///< broadcast batch dims, then M (unless A is a vector), N (unless B is)
};

/// ONNX MatMul (numpy matmul) shapes: both ranks are padded to
/// max(rank A, rank B, 2) with leading 1s; a vector A is `[1, K]` and a vector
/// B `[K, 1]` (the padded 1 is dropped from the output); batch dims broadcast
/// as in `broadcast_output_dims`. Errors for a rank-0 operand, literal K
/// dimensions that differ, or literal batch dimensions that do not broadcast.
///
///     matmul_shape({2, 3, 4}, {4, 5}).output_dims   // [2, 3, 5]
///     matmul_shape({4}, {7, 4, 5}).output_dims      // [7, 5]
Result<MatMulShape> matmul_shape(const IndexExprList& a_dims, const IndexExprList& b_dims);

}  // namespace provix
