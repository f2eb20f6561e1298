/// \file
/// The shape helpers of onnx-mlir's IndexExpr: Slice, Broadcast and MatMul.

#include "provix/indexexpr/shape_helpers.h"

#include <algorithm>
#include <cstdint>
#include <string>

namespace provix {

SliceAxis slice_axis(const IndexExpr& dim, const IndexExpr& start, const IndexExpr& end,
                     const IndexExpr& step) {
    // Negative start counts from the end; clamp by the sign of the step.
    IndexExpr start_pos = IndexExpr::select(start < 0, start + dim, start);
    IndexExpr start_neg = start_pos.clamp(0, dim - 1);
    IndexExpr start_pos_step = start_pos.clamp(0, dim);
    IndexExpr start_final = IndexExpr::select(step < 0, start_neg, start_pos_step);

    // The same for end, with ONNX's int32 sentinels for -inf and +inf.
    const int64_t neg_inf = INT32_MIN;
    const int64_t pos_inf = INT32_MAX;
    IndexExpr end_pos = IndexExpr::select(end < 0, end + dim, end);
    end_pos = end_pos.select_or_self(end <= neg_inf, -1);
    end_pos = end_pos.select_or_self(end >= pos_inf, dim);
    IndexExpr end_neg = end_pos.clamp(-1, dim);
    IndexExpr end_pos_step = end_pos.clamp(0, dim);
    IndexExpr end_final = IndexExpr::select(step < 0, end_neg, end_pos_step);

    // Output size by ceiling division; negative sizes are 0. Unlike onnx-mlir:
    // with a negative step an empty dim clamps start to 0 and end to -1, which
    // would read one element, so its size is forced to 0.
    IndexExpr size = (end_final - start_final).ceil_div(step);
    size = size.select_or_self(size < 0, 0);
    size = size.select_or_self((step < 0) & (dim == 0), 0);
    return SliceAxis{start_final, end_final, step, size};
}

Result<SliceShape> slice_shape(const IndexExprList& data_dims, const IndexExprList& starts,
                               const IndexExprList& ends, const std::vector<int64_t>& axes,
                               const IndexExprList& steps) {
    const size_t n = starts.size();
    const int64_t rank = static_cast<int64_t>(data_dims.size());
    if (ends.size() != n) {
        return Error::invalid("slice: " + std::to_string(n) + " starts but " +
                              std::to_string(ends.size()) + " ends");
    }
    if (!axes.empty() && axes.size() != n) {
        return Error::invalid("slice: " + std::to_string(n) + " starts but " +
                              std::to_string(axes.size()) + " axes");
    }
    if (!steps.empty() && steps.size() != n) {
        return Error::invalid("slice: " + std::to_string(n) + " starts but " +
                              std::to_string(steps.size()) + " steps");
    }
    SliceShape out;
    out.starts.assign(data_dims.size(), IndexExpr(0));
    out.ends = data_dims;
    out.steps.assign(data_dims.size(), IndexExpr(1));
    out.output_dims = data_dims;
    std::vector<bool> seen(data_dims.size(), false);
    for (size_t i = 0; i < n; ++i) {
        int64_t axis = axes.empty() ? static_cast<int64_t>(i) : axes[i];
        if (axis < -rank || axis >= rank) {
            return Error::invalid("slice: axis " + std::to_string(axis) +
                                  " out of range for rank " + std::to_string(rank));
        }
        if (axis < 0) axis += rank;
        size_t a = static_cast<size_t>(axis);
        if (seen[a]) return Error::invalid("slice: axis " + std::to_string(axis) + " repeated");
        seen[a] = true;
        IndexExpr step = steps.empty() ? IndexExpr(1) : steps[i];
        if (step.is_literal_and_identical_to(0)) {
            return Error::invalid("slice: step of axis " + std::to_string(axis) + " is 0");
        }
        SliceAxis s = slice_axis(data_dims[a], starts[i], ends[i], step);
        out.starts[a] = s.start;
        out.ends[a] = s.end;
        out.steps[a] = s.step;
        out.output_dims[a] = s.size;
    }
    return out;
}

Result<IndexExprList> broadcast_access_indices(IndexExprScope& loop_scope,
                                               const IndexExprList& operand_dims,
                                               const IndexExprList& loop_indices) {
    const size_t r = operand_dims.size();
    const size_t loop_rank = loop_indices.size();
    if (r > loop_rank) {
        return Error::invalid("broadcast: operand of rank " + std::to_string(r) +
                              " in a loop nest of rank " + std::to_string(loop_rank));
    }
    IndexExprList out;
    for (size_t i = 0; i < r; ++i) {
        const IndexExpr& dim = operand_dims[i];
        const IndexExpr& index = loop_indices[i + loop_rank - r];
        if (dim.is_literal_and_identical_to(1)) {
            out.push_back(0);  // onnx-mlir's rule: a size-1 dimension reads index 0
        } else if (dim.is_literal()) {
            out.push_back(index);
        } else {
            // A run-time size may still be 1: broadcast then (folds when the
            // range of the size excludes 1).
            IndexExpr d = loop_scope.as_symbol(dim);
            out.push_back(IndexExpr::select(d == 1, 0, index));
        }
    }
    return out;
}

namespace {

/// Broadcasts two sizes; nullopt for two different literals other than 1.
std::optional<IndexExpr> broadcast_pair(const IndexExpr& a, const IndexExpr& b) {
    if (a.is_literal_and_identical_to(1)) return b;
    if (b.is_literal_and_identical_to(1)) return a;
    if (a.is_literal() && b.is_literal()) {
        if (a.literal() != b.literal()) return std::nullopt;
        return a;
    }
    if (a.is_identical(b)) return a;
    return IndexExpr::select(a == 1, b, a);
}

}  // namespace

Result<IndexExprList> broadcast_output_dims(const std::vector<IndexExprList>& operands) {
    if (operands.empty()) return Error::invalid("broadcast: no operand");
    size_t rank = 0;
    for (const IndexExprList& dims : operands)
        rank = std::max(rank, dims.size());
    IndexExprList out(rank, IndexExpr(1));
    for (size_t j = 0; j < rank; ++j) {
        for (size_t k = 0; k < operands.size(); ++k) {
            const IndexExprList& dims = operands[k];
            if (j < rank - dims.size()) continue;
            const IndexExpr& d = dims[j - (rank - dims.size())];
            std::optional<IndexExpr> r = broadcast_pair(out[j], d);
            if (!r) {
                return Error::invalid("broadcast: sizes " + out[j].to_string() + " and " +
                                      d.to_string() + " of output dimension " + std::to_string(j) +
                                      " do not broadcast");
            }
            out[j] = *r;
        }
    }
    return out;
}

Result<MatMulShape> matmul_shape(const IndexExprList& a_dims, const IndexExprList& b_dims) {
    const size_t a_rank = a_dims.size();
    const size_t b_rank = b_dims.size();
    if (a_rank == 0 || b_rank == 0) return Error::invalid("matmul: an operand of rank 0");
    const size_t rank = std::max({a_rank, b_rank, size_t{2}});
    MatMulShape s;
    s.a_dims.assign(rank, IndexExpr(1));
    s.b_dims.assign(rank, IndexExpr(1));
    s.a_pad.assign(rank, true);
    s.b_pad.assign(rank, true);
    // A: leading 1s; a vector is [1, K] (its M is padding).
    for (size_t i = 0; i < a_rank; ++i) {
        s.a_dims[rank - a_rank + i] = a_dims[i];
        s.a_pad[rank - a_rank + i] = false;
    }
    // B: leading 1s; a vector is [K, 1] (its N is padding).
    if (b_rank == 1) {
        s.b_dims[rank - 2] = b_dims[0];
        s.b_pad[rank - 2] = false;
    } else {
        for (size_t i = 0; i < b_rank; ++i) {
            s.b_dims[rank - b_rank + i] = b_dims[i];
            s.b_pad[rank - b_rank + i] = false;
        }
    }
    const IndexExpr& a_k = s.a_dims[rank - 1];
    const IndexExpr& b_k = s.b_dims[rank - 2];
    if (a_k.is_literal() && b_k.is_literal() && a_k.literal() != b_k.literal()) {
        return Error::invalid("matmul: K dimensions differ (" + a_k.to_string() + " and " +
                              b_k.to_string() + ")");
    }
    for (size_t i = 0; i + 2 < rank; ++i) {
        std::optional<IndexExpr> d = broadcast_pair(s.a_dims[i], s.b_dims[i]);
        if (!d) {
            return Error::invalid("matmul: batch dimension " + std::to_string(i) + " sizes " +
                                  s.a_dims[i].to_string() + " and " + s.b_dims[i].to_string() +
                                  " do not broadcast");
        }
        s.output_dims.push_back(*d);
    }
    if (!s.a_pad[rank - 2]) s.output_dims.push_back(s.a_dims[rank - 2]);
    if (!s.b_pad[rank - 1]) s.output_dims.push_back(s.b_dims[rank - 1]);
    return s;
}

}  // namespace provix
