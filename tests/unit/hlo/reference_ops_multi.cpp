// Reference semantics of the operations with several operands (elementwise,
// concatenate, dot, dynamic-slice, dynamic-update-slice, gather, variadic
// reduce, pad with a padding value); see reference_ops.cpp.

#include <rapidcheck.h>

#include <algorithm>

#include "reference_ops.h"

namespace provix::hlo::testing {

namespace {

std::string typed_shape(const std::string& type, const Dims& dims) {
    return type + shape_text(dims).substr(3);
}

std::string param(size_t i, const std::string& type, const Dims& dims) {
    return "p" + std::to_string(i) + " = " + typed_shape(type, dims) + " parameter(" +
           std::to_string(i) + ")\n";
}

std::string operand_list(size_t n) {
    std::string s;
    for (size_t i = 0; i < n; ++i)
        s += (i ? ", p" : "p") + std::to_string(i);
    return s;
}

Reads everyone_reads_scalar(const Dims& out) {
    Reads r;
    for (const Index& o : all_indices(out))
        r[o].insert(Index{});
    return r;
}

/// A window of dynamic-slice or dynamic-update-slice in a random source
/// `src`: its sizes (each in [min_size, d]) and its start, drawn in [-2, 5]
/// and clamped into `src` as the operations do.
struct DynamicWindow {
    Dims src;
    Dims sizes;
    Index start;
};

DynamicWindow random_window(int64_t min_size) {
    DynamicWindow w;
    w.src = random_dims(1, 3, 4);
    Index raw;
    for (int64_t d : w.src) {
        w.sizes.push_back(pick(min_size, d));
        raw.push_back(pick(-2, 5));
    }
    for (size_t i = 0; i < raw.size(); ++i)
        w.start.push_back(std::clamp<int64_t>(raw[i], 0, w.src[i] - w.sizes[i]));
    return w;
}

/// An instance with output dims `out` whose operands are the f32 `tensors`
/// (parameters 0, 1, ...), then the window's start indices: one scalar s32
/// parameter a dimension of `src`.
OpInstance with_start_operands(const std::vector<Dims>& tensors, const Dims& src, const Dims& out) {
    OpInstance op;
    op.operand_dims = tensors;
    for (size_t i = 0; i < tensors.size(); ++i)
        op.hlo += param(i, "f32", tensors[i]);
    for (size_t i = 0; i < src.size(); ++i) {
        op.operand_dims.push_back({});
        op.hlo += param(tensors.size() + i, "s32", {});
    }
    op.out_dims = out;
    return op;
}

/// The start indices' reads (every element of `out` reads each), exact, and
/// their values: the runtime variables of the maps of operands 0 to `j`.
void add_start_reads(OpInstance& op, const Dims& src, const Dims& out, const Index& start,
                     int64_t j) {
    for (size_t i = 0; i < src.size(); ++i) {
        op.reads.push_back(everyone_reads_scalar(out));
        op.exact.push_back(true);
    }
    auto rt = [start, j](int64_t k, const Index&, const Index&) {
        return k <= j ? start : Index{};
    };
    op.rt_out_to_in = rt;
    op.rt_in_to_out = rt;
}

}  // namespace

OpInstance random_elementwise() {
    OpInstance op;
    Dims d = random_dims(0, 3, 3);
    op.out_dims = d;
    int64_t kind = pick(0, 2);
    if (kind == 0) {  // binary
        op.operand_dims = {d, d};
        op.hlo = param(0, "f32", d) + param(1, "f32", d) + "r = " + typed_shape("f32", d) +
                 (coin() ? " maximum(p0, p1)\n" : " add(p0, p1)\n");
    } else if (kind == 1) {  // select with a scalar predicate
        op.operand_dims = {{}, d, d};
        op.hlo = param(0, "pred", {}) + param(1, "f32", d) + param(2, "f32", d) +
                 "r = " + typed_shape("f32", d) + " select(p0, p1, p2)\n";
    } else {  // clamp with scalar bounds
        op.operand_dims = {{}, d, {}};
        op.hlo = param(0, "f32", {}) + param(1, "f32", d) + param(2, "f32", {}) +
                 "r = " + typed_shape("f32", d) + " clamp(p0, p1, p2)\n";
    }
    for (const Dims& od : op.operand_dims) {
        Reads r;
        for (const Index& o : all_indices(d))
            r[o].insert(od.empty() ? Index{} : o);
        op.reads.push_back(r);
        op.exact.push_back(true);
    }
    return op;
}

OpInstance random_concatenate() {
    OpInstance op;
    Dims shared = random_dims(1, 3, 3);
    size_t dim = static_cast<size_t>(pick(0, static_cast<int64_t>(shared.size()) - 1));
    size_t n = static_cast<size_t>(pick(1, 3));
    int64_t offset = 0;
    std::vector<int64_t> offsets;
    for (size_t i = 0; i < n; ++i) {
        Dims d = shared;
        d[dim] = pick(0, 3);
        offsets.push_back(offset);
        offset += d[dim];
        op.operand_dims.push_back(d);
        op.hlo += param(i, "f32", d);
    }
    op.out_dims = shared;
    op.out_dims[dim] = offset;
    op.hlo += "r = " + shape_text(op.out_dims) + " concatenate(" + operand_list(n) +
              "), dimensions={" + std::to_string(dim) + "}\n";
    for (size_t i = 0; i < n; ++i) {
        Reads r;
        for (const Index& x : all_indices(op.operand_dims[i])) {
            Index o = x;
            o[dim] += offsets[i];
            r[o].insert(x);
        }
        op.reads.push_back(r);
        op.exact.push_back(true);
    }
    return op;
}

OpInstance random_dot() {
    // Roles of each operand dimension: 0 batch, 1 contracting, 2 free.
    size_t nb = static_cast<size_t>(pick(0, 1)), nc = static_cast<size_t>(pick(0, 2));
    size_t nlf = static_cast<size_t>(pick(0, 2)), nrf = static_cast<size_t>(pick(0, 2));
    Dims batch(nb), contract(nc), lfree(nlf), rfree(nrf);
    for (auto* v : {&batch, &contract, &lfree, &rfree}) {
        for (int64_t& x : *v)
            x = pick(1, 3);
    }
    struct Side {
        Dims dims;
        std::vector<int64_t> batch_dims, contracting_dims, free_dims;
    };
    auto layout_side = [&](const Dims& free) {
        Side s;
        size_t rank = nb + nc + free.size();
        std::vector<int64_t> order = random_permutation(static_cast<int64_t>(rank));
        s.dims.assign(rank, 0);
        size_t k = 0;
        for (size_t i = 0; i < nb; ++i, ++k) {
            s.batch_dims.push_back(order[k]);
            s.dims[static_cast<size_t>(order[k])] = batch[i];
        }
        for (size_t i = 0; i < nc; ++i, ++k) {
            s.contracting_dims.push_back(order[k]);
            s.dims[static_cast<size_t>(order[k])] = contract[i];
        }
        std::vector<int64_t> rest(order.begin() + static_cast<std::ptrdiff_t>(k), order.end());
        std::sort(rest.begin(), rest.end());  // free dims keep their order in the output
        for (size_t i = 0; i < rest.size(); ++i) {
            s.free_dims.push_back(rest[i]);
            s.dims[static_cast<size_t>(rest[i])] = free[i];
        }
        return s;
    };
    Side lhs = layout_side(lfree), rhs = layout_side(rfree);
    OpInstance op;
    op.operand_dims = {lhs.dims, rhs.dims};
    op.out_dims = batch;
    op.out_dims.insert(op.out_dims.end(), lfree.begin(), lfree.end());
    op.out_dims.insert(op.out_dims.end(), rfree.begin(), rfree.end());
    op.hlo = param(0, "f32", lhs.dims) + param(1, "f32", rhs.dims) +
             "r = " + shape_text(op.out_dims) +
             " dot(p0, p1), lhs_batch_dims=" + list_text(lhs.batch_dims) +
             ", rhs_batch_dims=" + list_text(rhs.batch_dims) +
             ", lhs_contracting_dims=" + list_text(lhs.contracting_dims) +
             ", rhs_contracting_dims=" + list_text(rhs.contracting_dims) + "\n";
    op.reads.assign(2, Reads{});
    op.exact = {true, true};
    for (const Index& o : all_indices(op.out_dims)) {
        for (const Index& c : all_indices(contract)) {
            Index l(lhs.dims.size()), r(rhs.dims.size());
            for (size_t i = 0; i < nb; ++i) {
                l[static_cast<size_t>(lhs.batch_dims[i])] = o[i];
                r[static_cast<size_t>(rhs.batch_dims[i])] = o[i];
            }
            for (size_t i = 0; i < nc; ++i) {
                l[static_cast<size_t>(lhs.contracting_dims[i])] = c[i];
                r[static_cast<size_t>(rhs.contracting_dims[i])] = c[i];
            }
            for (size_t i = 0; i < nlf; ++i)
                l[static_cast<size_t>(lhs.free_dims[i])] = o[nb + i];
            for (size_t i = 0; i < nrf; ++i) {
                r[static_cast<size_t>(rhs.free_dims[i])] = o[nb + nlf + i];
            }
            op.reads[0][o].insert(l);
            op.reads[1][o].insert(r);
        }
    }
    return op;
}

OpInstance random_dynamic_slice() {
    const DynamicWindow w = random_window(1);
    OpInstance op = with_start_operands({w.src}, w.src, w.sizes);
    op.hlo += "r = " + shape_text(w.sizes) + " dynamic-slice(" + operand_list(w.src.size() + 1) +
              "), dynamic_slice_sizes=" + list_text(w.sizes) + "\n";
    Reads r;
    for (const Index& o : all_indices(w.sizes)) {
        Index x = o;
        for (size_t k = 0; k < x.size(); ++k)
            x[k] += w.start[k];
        r[o].insert(x);
    }
    op.reads.push_back(r);
    op.exact.push_back(true);
    add_start_reads(op, w.src, w.sizes, w.start, 0);
    return op;
}

OpInstance random_dynamic_update_slice() {
    const DynamicWindow w = random_window(0);
    OpInstance op = with_start_operands({w.src, w.sizes}, w.src, w.src);
    op.hlo += "r = " + shape_text(w.src) + " dynamic-update-slice(" +
              operand_list(w.src.size() + 2) + ")\n";
    Reads base, update;
    for (const Index& o : all_indices(w.src)) {
        Index u = o;
        bool inside = true;
        for (size_t k = 0; k < o.size(); ++k) {
            u[k] -= w.start[k];
            inside = inside && u[k] >= 0 && u[k] < w.sizes[k];
        }
        (inside ? update : base)[o].insert(inside ? u : o);
    }
    op.reads = {base, update};
    op.exact = {true, true};
    add_start_reads(op, w.src, w.src, w.start, 1);
    return op;
}

OpInstance random_gather() {
    OpInstance op;
    Dims operand = random_dims(1, 3, 4);
    const size_t rank = operand.size();
    int64_t batch = pick(1, 3);
    size_t k = static_cast<size_t>(pick(1, static_cast<int64_t>(rank)));
    std::vector<int64_t> start_index_map = random_permutation(static_cast<int64_t>(rank));
    start_index_map.resize(k);
    Dims slice;
    for (int64_t d : operand)
        slice.push_back(pick(1, d));
    std::vector<Index> indices(static_cast<size_t>(batch));
    for (Index& row : indices) {
        for (size_t j = 0; j < k; ++j)
            row.push_back(pick(-2, 5));
    }
    // The clamped start of each batch row, per start_index_map entry.
    std::vector<Index> starts;
    for (const Index& row : indices) {
        Index s;
        for (size_t j = 0; j < k; ++j) {
            size_t dim = static_cast<size_t>(start_index_map[j]);
            s.push_back(std::clamp<int64_t>(row[j], 0, operand[dim] - slice[dim]));
        }
        starts.push_back(s);
    }
    op.operand_dims = {operand, {batch, static_cast<int64_t>(k)}};
    op.out_dims = {batch};
    op.out_dims.insert(op.out_dims.end(), slice.begin(), slice.end());
    std::vector<int64_t> offset_dims;
    for (size_t i = 1; i <= rank; ++i)
        offset_dims.push_back(static_cast<int64_t>(i));
    op.hlo = param(0, "f32", operand) + param(1, "s32", op.operand_dims[1]) +
             "r = " + shape_text(op.out_dims) +
             " gather(p0, p1), offset_dims=" + list_text(offset_dims) +
             ", collapsed_slice_dims={}, start_index_map=" + list_text(start_index_map) +
             ", index_vector_dim=1, slice_sizes=" + list_text(slice) + "\n";
    Reads from_operand, from_indices;
    for (const Index& o : all_indices(op.out_dims)) {
        size_t b = static_cast<size_t>(o[0]);
        Index x(o.begin() + 1, o.end());
        for (size_t j = 0; j < k; ++j)
            x[static_cast<size_t>(start_index_map[j])] += starts[b][j];
        from_operand[o].insert(x);
        for (size_t j = 0; j < k; ++j)
            from_indices[o].insert({o[0], static_cast<int64_t>(j)});
    }
    op.reads = {from_operand, from_indices};
    op.exact = {true, true};
    op.rt_out_to_in = [starts](int64_t j, const Index& dims, const Index&) {
        return j == 0 ? starts[static_cast<size_t>(dims[0])] : Index{};
    };
    op.rt_in_to_out = [starts](int64_t j, const Index&, const Index& range) {
        return j == 0 ? starts[static_cast<size_t>(range[0])] : Index{};
    };
    return op;
}

OpInstance random_variadic_reduce() {
    OpInstance op;
    Dims in = random_dims(1, 3, 3);
    const ReducedDims dims = random_reduced_dims(in);
    const std::vector<int64_t>& reduced = dims.reduced;
    const Dims& out = dims.kept;
    op.operand_dims = {in, in, {}, {}};
    op.out_dims = out;
    op.hlo = param(0, "f32", in) + param(1, "s32", in) + param(2, "f32", {}) + param(3, "s32", {}) +
             "r = (" + typed_shape("f32", out) + ", " + typed_shape("s32", out) +
             ") reduce(p0, p1, p2, p3), dimensions=" + list_text(reduced) + ", to_apply=argmax\n";
    const Reads input = reduce_reads(in, reduced);
    op.reads = {input, input, everyone_reads_scalar(out), everyone_reads_scalar(out)};
    op.exact = {true, true, true, true};
    return op;
}

OpInstance random_pad_with_value() {
    Dims in = random_dims(0, 3, 3);
    UnaryStep step = random_pad(in, {}, "p0", "r");
    OpInstance op;
    // Replace the constant padding value by parameter 1.
    std::string lines = step.lines.substr(step.lines.find('\n') + 1);
    lines.replace(lines.find("r_v)"), 4, "p1)");
    op.hlo = param(0, "f32", in) + param(1, "f32", {}) + lines;
    op.operand_dims = {in, {}};
    op.out_dims = step.out_dims;
    Reads value;
    for (const Index& o : all_indices(step.out_dims)) {
        if (!step.reads.count(o)) value[o].insert(Index{});
    }
    op.reads = {step.reads, value};
    op.exact = {true, false};  // every output element, not only the padding
    return op;
}

}  // namespace provix::hlo::testing
