// Maps of the elementwise operations, broadcast, transpose, reverse, reduce,
// slice, concatenate, dot and tuple.

#include <algorithm>

#include "op_maps.h"
#include "op_registry.h"
#include "provix/hlo/hlo_parser.h"
#include "provix/semantics.h"

namespace provix::hlo::detail {

namespace {

Result<bool> check_array_output(const OpInfo& op) {
    if (op.instr.shape.is_tuple) return op.error("expected an array shape, got a tuple");
    return true;
}

/// Validates an elementwise operation: arity, and every operand of the
/// output's dimensions (or, for select and clamp, a scalar).
Result<bool> check_elementwise(const OpInfo& op) {
    auto arr = check_array_output(op);
    if (!arr) return arr;
    // The operation table gives the arity; map applies its computation to
    // the elements of any number of operands.
    const OpRow* row = find_op(op.instr.opcode);
    const int64_t arity =
        row && row->arity > 0 ? row->arity : std::max<int64_t>(op.num_operands(), 1);
    // select and clamp take a scalar for any operand.
    const bool ternary = row && row->arity == 3;
    if (op.num_operands() != arity) {
        return op.error("expected " + std::to_string(arity) + " operand(s), got " +
                        std::to_string(op.num_operands()));
    }
    for (int64_t i = 0; i < arity; ++i) {
        const HloShape& s = op.operand(i);
        bool scalar_ok = ternary && !s.is_tuple && s.rank() == 0;
        if (s.is_tuple || (s.dims != op.instr.shape.dims && !scalar_ok)) {
            return op.error("operand " + std::to_string(i) + " has shape " + s.to_string() +
                            ", expected the output's dimensions " + op.instr.shape.to_string());
        }
    }
    return true;
}

Result<const std::vector<int64_t>*> required_dimensions(const OpInfo& op) {
    if (!op.instr.dimensions) return op.error("needs the attribute 'dimensions={...}'");
    return &*op.instr.dimensions;
}

Result<bool> check_unary_array(const OpInfo& op) {
    auto arr = check_array_output(op);
    if (!arr) return arr;
    if (op.num_operands() != 1 || op.operand(0).is_tuple) {
        return op.error("expected one array operand");
    }
    return true;
}

}  // namespace

// ----------------------------------------------------------------------------
// Elementwise: identity; a scalar operand is read whole.

Result<std::vector<IndexingMapSet>> elementwise_output_to_input(const OpInfo& op) {
    auto ok = check_elementwise(op);
    if (!ok) return ok.error();
    return maps_per_operand(op.num_operands(), [&](int64_t i) {
        bool scalar = op.operand(i).dims != op.instr.shape.dims;
        return scalar ? to_scalar_map(op.ctx, op.instr.shape.dims)
                      : identity_map(op.ctx, op.instr.shape.dims);
    });
}

Result<IndexingMapSet> elementwise_input_to_output(const OpInfo& op, int64_t operand) {
    auto ok = check_elementwise(op);
    if (!ok) return ok.error();
    bool scalar = op.operand(operand).dims != op.instr.shape.dims;
    return single_map(scalar ? from_scalar_map(op.ctx, op.instr.shape.dims)
                             : identity_map(op.ctx, op.instr.shape.dims));
}

// ----------------------------------------------------------------------------
// Broadcast: output dimension dims[k] is operand dimension k.

namespace {

Result<const std::vector<int64_t>*> check_broadcast(const OpInfo& op) {
    auto ok = check_unary_array(op);
    if (!ok) return ok.error();
    auto dims = required_dimensions(op);
    if (!dims) return dims;
    const HloShape& in = op.operand(0);
    const HloShape& out = op.instr.shape;
    if (static_cast<int64_t>((*dims)->size()) != in.rank() ||
        !valid_dimension_list(**dims, out.rank())) {
        return op.error("dimensions=" + dims_to_string(**dims) + " must name " +
                        std::to_string(in.rank()) + " distinct dimensions of " + out.to_string());
    }
    for (size_t k = 0; k < (*dims)->size(); ++k) {
        if (out.dims[static_cast<size_t>((**dims)[k])] != in.dims[k]) {
            return op.error("operand dimension " + std::to_string(k) + " (size " +
                            std::to_string(in.dims[k]) + ") does not match output dimension " +
                            std::to_string((**dims)[k]));
        }
    }
    return dims;
}

}  // namespace

Result<std::vector<IndexingMapSet>> broadcast_output_to_input(const OpInfo& op) {
    auto dims = check_broadcast(op);
    if (!dims) return dims.error();
    MapBuilder b(op.ctx);
    std::vector<Expr> d = b.add_dims(op.instr.shape.dims);
    std::vector<Expr> results;
    for (int64_t k : **dims)
        results.push_back(d[static_cast<size_t>(k)]);
    return only_operand(b.build(results));
}

Result<IndexingMapSet> broadcast_input_to_output(const OpInfo& op) {
    auto dims = check_broadcast(op);
    if (!dims) return dims.error();
    MapBuilder b(op.ctx);
    std::vector<Expr> d = b.add_dims(op.operand(0).dims);
    std::vector<Expr> results;
    for (int64_t j = 0; j < op.instr.shape.rank(); ++j) {
        auto it = std::find((*dims)->begin(), (*dims)->end(), j);
        if (it != (*dims)->end()) {
            results.push_back(d[static_cast<size_t>(it - (*dims)->begin())]);
        } else {
            results.push_back(
                b.add_range_var({0, op.instr.shape.dims[static_cast<size_t>(j)] - 1}));
        }
    }
    return single_map(b.build(results));
}

// ----------------------------------------------------------------------------
// Transpose: output dimension i is operand dimension perm[i].

namespace {

Result<const std::vector<int64_t>*> check_transpose(const OpInfo& op) {
    auto ok = check_unary_array(op);
    if (!ok) return ok.error();
    auto perm = required_dimensions(op);
    if (!perm) return perm;
    const HloShape& in = op.operand(0);
    const HloShape& out = op.instr.shape;
    if (in.rank() != out.rank() || static_cast<int64_t>((*perm)->size()) != in.rank() ||
        !valid_dimension_list(**perm, in.rank())) {
        return op.error("dimensions=" + dims_to_string(**perm) + " is not a permutation of the " +
                        std::to_string(in.rank()) + " dimensions");
    }
    for (size_t i = 0; i < (*perm)->size(); ++i) {
        if (out.dims[i] != in.dims[static_cast<size_t>((**perm)[i])]) {
            return op.error("output " + out.to_string() + " is not operand " + in.to_string() +
                            " transposed by " + dims_to_string(**perm));
        }
    }
    return perm;
}

}  // namespace

Result<std::vector<IndexingMapSet>> transpose_output_to_input(const OpInfo& op) {
    auto perm = check_transpose(op);
    if (!perm) return perm.error();
    MapBuilder b(op.ctx);
    std::vector<Expr> d = b.add_dims(op.instr.shape.dims);
    std::vector<Expr> results(d.size());
    for (size_t i = 0; i < d.size(); ++i)
        results[static_cast<size_t>((**perm)[i])] = d[i];
    return only_operand(b.build(results));
}

Result<IndexingMapSet> transpose_input_to_output(const OpInfo& op) {
    auto perm = check_transpose(op);
    if (!perm) return perm.error();
    MapBuilder b(op.ctx);
    std::vector<Expr> d = b.add_dims(op.operand(0).dims);
    std::vector<Expr> results;
    for (int64_t p : **perm)
        results.push_back(d[static_cast<size_t>(p)]);
    return single_map(b.build(results));
}

// ----------------------------------------------------------------------------
// Reverse: a reversed dimension i of size n reads n - 1 - d_i (both ways).

Result<IndexingMap> reverse_map(const OpInfo& op) {
    auto ok = check_unary_array(op);
    if (!ok) return ok.error();
    auto dims = required_dimensions(op);
    if (!dims) return dims.error();
    const HloShape& out = op.instr.shape;
    if (op.operand(0).dims != out.dims) return op.error("operand and output shapes differ");
    if (!valid_dimension_list(**dims, out.rank())) {
        return op.error("dimensions=" + dims_to_string(**dims) + " are not distinct dimensions");
    }
    MapBuilder b(op.ctx);
    std::vector<Expr> results = b.add_dims(out.dims);
    for (int64_t k : **dims) {
        size_t i = static_cast<size_t>(k);
        results[i] = out.dims[i] - 1 - results[i];
    }
    return b.build(results);
}

// ----------------------------------------------------------------------------
// Reduce (variadic): inputs 0..N-1, init values N..2N-1.

namespace {

struct ReduceInfo {
    int64_t num_inputs = 0;
    std::vector<int64_t> reduced;  // sorted
    std::vector<int64_t> in_dims;
    std::vector<int64_t> out_dims;
};

Result<ReduceInfo> check_reduce(const OpInfo& op, int64_t output_id) {
    ReduceInfo r;
    if (op.num_operands() == 0 || op.num_operands() % 2 != 0) {
        return op.error("expected N inputs and N init values");
    }
    r.num_inputs = op.num_operands() / 2;
    auto dims = required_dimensions(op);
    if (!dims) return dims.error();
    const HloShape& in0 = op.operand(0);
    if (in0.is_tuple) return op.error("inputs must be arrays");
    r.in_dims = in0.dims;
    for (int64_t i = 0; i < r.num_inputs; ++i) {
        if (op.operand(i).is_tuple || op.operand(i).dims != r.in_dims) {
            return op.error("input " + std::to_string(i) + " has shape " +
                            op.operand(i).to_string() + ", expected the dimensions of input 0");
        }
        const HloShape& init = op.operand(r.num_inputs + i);
        if (init.is_tuple || init.rank() != 0) {
            return op.error("init value " + std::to_string(i) + " must be a scalar");
        }
    }
    if (!valid_dimension_list(**dims, in0.rank())) {
        return op.error("dimensions=" + dims_to_string(**dims) +
                        " are not distinct dimensions of " + in0.to_string());
    }
    r.reduced = **dims;
    std::sort(r.reduced.begin(), r.reduced.end());
    for (int64_t i = 0; i < in0.rank(); ++i) {
        if (!std::binary_search(r.reduced.begin(), r.reduced.end(), i)) {
            r.out_dims.push_back(in0.dims[static_cast<size_t>(i)]);
        }
    }
    const HloShape& out = op.instr.shape;
    int64_t n_out = out.is_tuple ? static_cast<int64_t>(out.tuple_elements.size()) : 1;
    if (n_out != r.num_inputs) {
        return op.error("has " + std::to_string(r.num_inputs) + " inputs but " +
                        std::to_string(n_out) + " outputs");
    }
    if (output_id < 0 || output_id >= n_out) {
        return op.error("has no output " + std::to_string(output_id));
    }
    for (int64_t k = 0; k < n_out; ++k) {
        const HloShape& o = out.is_tuple ? out.tuple_elements[static_cast<size_t>(k)] : out;
        if (o.is_tuple || o.dims != r.out_dims) {
            return op.error("output " + std::to_string(k) + " has shape " + o.to_string() +
                            ", expected the input's dimensions without " + dims_to_string(**dims));
        }
    }
    return r;
}

}  // namespace

Result<std::vector<IndexingMapSet>> reduce_output_to_input(const OpInfo& op, int64_t output_id) {
    auto r = check_reduce(op, output_id);
    if (!r) return r.error();
    MapBuilder b(op.ctx);
    std::vector<Expr> d = b.add_dims(r->out_dims);
    std::vector<Expr> results;
    size_t next_kept = 0;
    for (int64_t i = 0; i < static_cast<int64_t>(r->in_dims.size()); ++i) {
        if (std::binary_search(r->reduced.begin(), r->reduced.end(), i)) {
            results.push_back(b.add_range_var({0, r->in_dims[static_cast<size_t>(i)] - 1}));
        } else {
            results.push_back(d[next_kept++]);
        }
    }
    return reduction_operand_maps(op.ctx, b.build(results), r->out_dims, r->num_inputs);
}

Result<IndexingMapSet> reduce_input_to_output(const OpInfo& op, int64_t operand,
                                              int64_t output_id) {
    auto r = check_reduce(op, output_id);
    if (!r) return r.error();
    if (operand >= r->num_inputs) {
        return single_map(from_scalar_map(op.ctx, r->out_dims));
    }
    MapBuilder b(op.ctx);
    std::vector<Expr> d = b.add_dims(r->in_dims);
    std::vector<Expr> results;
    for (int64_t i = 0; i < static_cast<int64_t>(d.size()); ++i) {
        if (!std::binary_search(r->reduced.begin(), r->reduced.end(), i)) {
            results.push_back(d[static_cast<size_t>(i)]);
        }
    }
    return single_map(b.build(results));
}

// ----------------------------------------------------------------------------
// Slice: output index d reads start + d * stride.

namespace {

Result<const std::vector<SliceDim>*> check_slice(const OpInfo& op) {
    auto ok = check_unary_array(op);
    if (!ok) return ok.error();
    if (!op.instr.slice) return op.error("needs the attribute 'slice={[start:limit:stride], ...}'");
    const std::vector<SliceDim>& s = *op.instr.slice;
    const HloShape& in = op.operand(0);
    const HloShape& out = op.instr.shape;
    if (static_cast<int64_t>(s.size()) != in.rank() || out.rank() != in.rank()) {
        return op.error("slice has " + std::to_string(s.size()) + " dimensions, the operand " +
                        std::to_string(in.rank()) + " and the output " +
                        std::to_string(out.rank()));
    }
    for (size_t i = 0; i < s.size(); ++i) {
        const SliceDim& d = s[i];
        if (d.start < 0 || d.start > d.limit || d.limit > in.dims[i] || d.stride < 1) {
            return op.error("slice dimension " + std::to_string(i) + " [" +
                            std::to_string(d.start) + ":" + std::to_string(d.limit) + ":" +
                            std::to_string(d.stride) + "] is not within 0.." +
                            std::to_string(in.dims[i]) + " with a positive stride");
        }
        int64_t expected = *provix::ceil_div(d.limit - d.start, d.stride);
        if (out.dims[i] != expected) {
            return op.error("output dimension " + std::to_string(i) + " has size " +
                            std::to_string(out.dims[i]) + ", the slice gives " +
                            std::to_string(expected));
        }
    }
    return &s;
}

}  // namespace

Result<std::vector<IndexingMapSet>> slice_output_to_input(const OpInfo& op) {
    auto s = check_slice(op);
    if (!s) return s.error();
    MapBuilder b(op.ctx);
    std::vector<Expr> d = b.add_dims(op.instr.shape.dims);
    std::vector<Expr> results;
    for (size_t i = 0; i < d.size(); ++i)
        results.push_back(d[i] * (**s)[i].stride + (**s)[i].start);
    return only_operand(b.build(results));
}

Result<IndexingMapSet> slice_input_to_output(const OpInfo& op) {
    auto s = check_slice(op);
    if (!s) return s.error();
    MapBuilder b(op.ctx);
    const std::vector<int64_t>& out = op.instr.shape.dims;
    std::vector<Expr> d;
    for (size_t i = 0; i < out.size(); ++i) {
        const SliceDim& sd = (**s)[i];
        // Only the elements start, start + stride, ... are read.
        d.push_back(out[i] == 0 ? b.add_dim(Interval::empty())
                                : b.add_dim({sd.start, sd.start + (out[i] - 1) * sd.stride}));
    }
    std::vector<Expr> results;
    for (size_t i = 0; i < d.size(); ++i) {
        const SliceDim& sd = (**s)[i];
        Expr offset = d[i] - sd.start;
        if (sd.stride == 1) {
            results.push_back(offset);
        } else {
            results.push_back(floor_div(offset, sd.stride));
            b.constrain(mod(offset, sd.stride), {0, 0});
        }
    }
    return single_map(b.build(results));
}

// ----------------------------------------------------------------------------
// Concatenate: operand i covers [offset_i, offset_i + size_i - 1] of the
// concatenated dimension.

namespace {

struct ConcatInfo {
    int64_t dim = 0;
    std::vector<int64_t> offsets;
};

Result<ConcatInfo> check_concatenate(const OpInfo& op) {
    auto arr = check_array_output(op);
    if (!arr) return arr.error();
    auto dims = required_dimensions(op);
    if (!dims) return dims.error();
    const HloShape& out = op.instr.shape;
    if ((*dims)->size() != 1 || !valid_dimension_list(**dims, out.rank())) {
        return op.error("dimensions= must name one dimension of " + out.to_string());
    }
    if (op.num_operands() == 0) return op.error("needs at least one operand");
    ConcatInfo c;
    c.dim = (**dims)[0];
    int64_t offset = 0;
    for (int64_t i = 0; i < op.num_operands(); ++i) {
        const HloShape& s = op.operand(i);
        bool ok = !s.is_tuple && s.rank() == out.rank();
        for (int64_t k = 0; ok && k < out.rank(); ++k) {
            if (k != c.dim && s.dims[static_cast<size_t>(k)] != out.dims[static_cast<size_t>(k)]) {
                ok = false;
            }
        }
        if (!ok) {
            return op.error("operand " + std::to_string(i) + " " + s.to_string() +
                            " does not match the output " + out.to_string() +
                            " outside dimension " + std::to_string(c.dim));
        }
        c.offsets.push_back(offset);
        auto next = checked_add(offset, s.dims[static_cast<size_t>(c.dim)]);
        if (!next || *next > out.dims[static_cast<size_t>(c.dim)]) break;
        offset = *next;
    }
    if (c.offsets.size() != static_cast<size_t>(op.num_operands()) ||
        offset != out.dims[static_cast<size_t>(c.dim)]) {
        return op.error("the operands' sizes along dimension " + std::to_string(c.dim) +
                        " do not add up to the output's " +
                        std::to_string(out.dims[static_cast<size_t>(c.dim)]));
    }
    return c;
}

}  // namespace

Result<std::vector<IndexingMapSet>> concatenate_output_to_input(const OpInfo& op) {
    auto c = check_concatenate(op);
    if (!c) return c.error();
    const size_t k = static_cast<size_t>(c->dim);
    return maps_per_operand(op.num_operands(), [&](int64_t i) {
        MapBuilder b(op.ctx);
        std::vector<Expr> results = b.add_dims(op.instr.shape.dims);
        int64_t offset = c->offsets[static_cast<size_t>(i)];
        int64_t size = op.operand(i).dims[k];
        b.set_dim_bounds(k, size == 0 ? Interval::empty() : Interval{offset, offset + size - 1});
        results[k] = results[k] - offset;
        return b.build(results);
    });
}

Result<IndexingMapSet> concatenate_input_to_output(const OpInfo& op, int64_t operand) {
    auto c = check_concatenate(op);
    if (!c) return c.error();
    MapBuilder b(op.ctx);
    std::vector<Expr> results = b.add_dims(op.operand(operand).dims);
    const size_t k = static_cast<size_t>(c->dim);
    results[k] = results[k] + c->offsets[static_cast<size_t>(operand)];
    return single_map(b.build(results));
}

// ----------------------------------------------------------------------------
// Dot: output = batch dims, lhs free dims, rhs free dims (in order);
// contracting dims are range variables.

namespace {

struct DotInfo {
    std::vector<int64_t> lhs_free, rhs_free;  // operand dims, in order
};

std::vector<int64_t> free_dims(int64_t rank, const std::vector<int64_t>& batch,
                               const std::vector<int64_t>& contracting) {
    std::vector<int64_t> out;
    for (int64_t i = 0; i < rank; ++i) {
        if (std::find(batch.begin(), batch.end(), i) == batch.end() &&
            std::find(contracting.begin(), contracting.end(), i) == contracting.end()) {
            out.push_back(i);
        }
    }
    return out;
}

Result<DotInfo> check_dot(const OpInfo& op) {
    auto arr = check_array_output(op);
    if (!arr) return arr.error();
    // scaled-dot has the dot's operands and then their scales.
    const int64_t arity = op.instr.opcode == "scaled-dot" ? 4 : 2;
    if (op.num_operands() != arity || op.operand(0).is_tuple || op.operand(1).is_tuple) {
        return op.error(arity == 4 ? "expected four array operands"
                                   : "expected two array operands");
    }
    const DotDimensions& dd = op.instr.dot;
    const HloShape& lhs = op.operand(0);
    const HloShape& rhs = op.operand(1);
    std::vector<int64_t> lhs_all = dd.lhs_batch, rhs_all = dd.rhs_batch;
    lhs_all.insert(lhs_all.end(), dd.lhs_contracting.begin(), dd.lhs_contracting.end());
    rhs_all.insert(rhs_all.end(), dd.rhs_contracting.begin(), dd.rhs_contracting.end());
    if (dd.lhs_batch.size() != dd.rhs_batch.size() ||
        dd.lhs_contracting.size() != dd.rhs_contracting.size() ||
        !valid_dimension_list(lhs_all, lhs.rank()) || !valid_dimension_list(rhs_all, rhs.rank())) {
        return op.error(
            "batch and contracting dimensions must pair up and be distinct dimensions "
            "of the operands");
    }
    auto size = [](const HloShape& s, int64_t d) { return s.dims[static_cast<size_t>(d)]; };
    for (size_t i = 0; i < lhs_all.size(); ++i) {
        if (size(lhs, lhs_all[i]) != size(rhs, rhs_all[i])) {
            return op.error("lhs dimension " + std::to_string(lhs_all[i]) + " and rhs dimension " +
                            std::to_string(rhs_all[i]) + " have different sizes");
        }
    }
    DotInfo info;
    info.lhs_free = free_dims(lhs.rank(), dd.lhs_batch, dd.lhs_contracting);
    info.rhs_free = free_dims(rhs.rank(), dd.rhs_batch, dd.rhs_contracting);
    std::vector<int64_t> expected;
    for (int64_t d : dd.lhs_batch)
        expected.push_back(size(lhs, d));
    for (int64_t d : info.lhs_free)
        expected.push_back(size(lhs, d));
    for (int64_t d : info.rhs_free)
        expected.push_back(size(rhs, d));
    if (auto e =
            op.output_dims_differ(expected, "is not batch, lhs free and rhs free dimensions")) {
        return *e;
    }
    return info;
}

}  // namespace

Result<std::vector<IndexingMapSet>> dot_output_to_input(const OpInfo& op) {
    auto info = check_dot(op);
    if (!info) return info.error();
    const DotDimensions& dd = op.instr.dot;
    return maps_per_operand(2, [&](int64_t side) {
        const HloShape& s = op.operand(side);
        const std::vector<int64_t>& batch = side == 0 ? dd.lhs_batch : dd.rhs_batch;
        const std::vector<int64_t>& contracting =
            side == 0 ? dd.lhs_contracting : dd.rhs_contracting;
        const std::vector<int64_t>& free = side == 0 ? info->lhs_free : info->rhs_free;
        size_t free_start = batch.size() + (side == 0 ? 0 : info->lhs_free.size());
        MapBuilder b(op.ctx);
        std::vector<Expr> d = b.add_dims(op.instr.shape.dims);
        std::vector<Expr> results(static_cast<size_t>(s.rank()));
        for (size_t i = 0; i < batch.size(); ++i)
            results[static_cast<size_t>(batch[i])] = d[i];
        for (size_t i = 0; i < free.size(); ++i) {
            results[static_cast<size_t>(free[i])] = d[free_start + i];
        }
        for (int64_t c : contracting) {
            results[static_cast<size_t>(c)] =
                b.add_range_var({0, s.dims[static_cast<size_t>(c)] - 1});
        }
        return b.build(results);
    });
}

Result<IndexingMapSet> dot_input_to_output(const OpInfo& op, int64_t operand) {
    auto info = check_dot(op);
    if (!info) return info.error();
    const DotDimensions& dd = op.instr.dot;
    const HloShape& s = op.operand(operand);
    const HloShape& other = op.operand(1 - operand);
    const std::vector<int64_t>& batch = operand == 0 ? dd.lhs_batch : dd.rhs_batch;
    const std::vector<int64_t>& free = operand == 0 ? info->lhs_free : info->rhs_free;
    const std::vector<int64_t>& other_free = operand == 0 ? info->rhs_free : info->lhs_free;
    MapBuilder b(op.ctx);
    std::vector<Expr> d = b.add_dims(s.dims);
    std::vector<Expr> batch_part, free_part, other_part;
    for (int64_t k : batch)
        batch_part.push_back(d[static_cast<size_t>(k)]);
    for (int64_t k : free)
        free_part.push_back(d[static_cast<size_t>(k)]);
    for (int64_t k : other_free) {
        other_part.push_back(b.add_range_var({0, other.dims[static_cast<size_t>(k)] - 1}));
    }
    std::vector<Expr> results = batch_part;
    const std::vector<Expr>& lhs_part = operand == 0 ? free_part : other_part;
    const std::vector<Expr>& rhs_part = operand == 0 ? other_part : free_part;
    results.insert(results.end(), lhs_part.begin(), lhs_part.end());
    results.insert(results.end(), rhs_part.begin(), rhs_part.end());
    return single_map(b.build(results));
}

// ----------------------------------------------------------------------------
// Tuple: output k is operand k.

Result<std::vector<IndexingMapSet>> tuple_output_to_input(const OpInfo& op, int64_t output_id) {
    const HloShape& out = op.instr.shape;
    if (!out.is_tuple || out.tuple_elements.size() != static_cast<size_t>(op.num_operands())) {
        return op.error("expected a tuple shape with one element per operand");
    }
    if (output_id < 0 || output_id >= op.num_operands()) {
        return op.error("has no output " + std::to_string(output_id));
    }
    const HloShape& s = op.operand(output_id);
    if (s.is_tuple || !s.same_dims_and_type(out.tuple_elements[static_cast<size_t>(output_id)])) {
        return op.error("operand " + std::to_string(output_id) + " must be an array of shape " +
                        out.tuple_elements[static_cast<size_t>(output_id)].to_string());
    }
    std::vector<IndexingMapSet> sets(static_cast<size_t>(op.num_operands()));
    auto m = identity_map(op.ctx, s.dims);
    if (!m) return m.error();
    sets[static_cast<size_t>(output_id)].push_back(std::move(*m));
    return sets;
}

Result<IndexingMapSet> tuple_input_to_output(const OpInfo& op, int64_t operand, int64_t output_id) {
    auto sets = tuple_output_to_input(op, output_id);
    if (!sets) return sets.error();
    return (*sets)[static_cast<size_t>(operand)];  // identity or nothing: its own inverse
}

}  // namespace provix::hlo::detail
