// Maps of dynamic-slice, dynamic-update-slice and gather: an offset known at
// compile time (`OpInfo::operand_value`) is that expression, clamped exactly
// as the operation clamps start indices; any other offset is a runtime
// variable standing for the clamped start index, so bounded by the slice
// staying in bounds. Runtime variable k is offset operand k (gather: index
// column k).

#include <algorithm>

#include "op_maps.h"

namespace provix::hlo::detail {

namespace {

/// Checks operands 1 + first_offset.. are `rank` scalar offsets.
Result<bool> check_scalar_offsets(const OpInfo& op, int64_t first, int64_t rank) {
    if (op.num_operands() != first + rank) {
        return op.error("expected " + std::to_string(first) + " array operand(s) and " +
                        std::to_string(rank) + " scalar offsets, got " +
                        std::to_string(op.num_operands()) + " operands");
    }
    for (int64_t i = first; i < op.num_operands(); ++i) {
        if (op.operand(i).is_tuple || op.operand(i).rank() != 0) {
            return op.error("offset operand " + std::to_string(i) + " must be a scalar");
        }
    }
    return true;
}

Result<bool> check_dynamic_slice(const OpInfo& op) {
    if (op.instr.shape.is_tuple || op.num_operands() < 1 || op.operand(0).is_tuple) {
        return op.error("expected an array operand and shape");
    }
    const HloShape& src = op.operand(0);
    auto offsets = check_scalar_offsets(op, 1, src.rank());
    if (!offsets) return offsets;
    if (!op.instr.dynamic_slice_sizes) {
        return op.error("needs the attribute 'dynamic_slice_sizes={...}'");
    }
    const std::vector<int64_t>& sizes = *op.instr.dynamic_slice_sizes;
    if (op.instr.shape.rank() != src.rank()) {
        return op.error("output " + op.instr.shape.to_string() + " and operand " + src.to_string() +
                        " differ in rank");
    }
    if (sizes != op.instr.shape.dims) {
        return op.error("dynamic_slice_sizes=" + dims_to_string(sizes) +
                        " differs from the output " + op.instr.shape.to_string());
    }
    for (size_t i = 0; i < sizes.size(); ++i) {
        if (sizes[i] < 0 || sizes[i] > src.dims[i]) {
            return op.error("slice size " + std::to_string(sizes[i]) + " of dimension " +
                            std::to_string(i) + " exceeds the operand's " +
                            std::to_string(src.dims[i]));
        }
    }
    return true;
}

Result<bool> check_dynamic_update_slice(const OpInfo& op) {
    if (op.instr.shape.is_tuple || op.num_operands() < 2 || op.operand(0).is_tuple ||
        op.operand(1).is_tuple) {
        return op.error("expected two array operands and an array shape");
    }
    const HloShape& src = op.operand(0);
    const HloShape& upd = op.operand(1);
    if (src.dims != op.instr.shape.dims) {
        return op.error("operand 0 " + src.to_string() + " differs from the output");
    }
    auto offsets = check_scalar_offsets(op, 2, src.rank());
    if (!offsets) return offsets;
    if (upd.rank() != src.rank()) return op.error("update and operand ranks differ");
    for (size_t i = 0; i < upd.dims.size(); ++i) {
        if (upd.dims[i] > src.dims[i]) {
            return op.error("update " + upd.to_string() + " does not fit in " + src.to_string());
        }
    }
    return true;
}

/// The start index that element `index` of operand `operand` gives, valid
/// starts being [0, last]: its compile-time value clamped, else a new
/// runtime variable over [0, last].
Expr offset(const OpInfo& op, MapBuilder& b, int64_t operand, const std::vector<Expr>& index,
            int64_t last) {
    std::vector<Interval> bounds = b.all_bounds();
    if (auto v = op.operand_value(operand, index, bounds)) {
        return clamp_start_index(*v, last, bounds);
    }
    return b.add_rt_var({0, last});
}

}  // namespace

// ----------------------------------------------------------------------------
// dynamic-slice: output d reads src[d + rt], rt_i in [0, src_i - size_i].

Result<std::vector<IndexingMapSet>> dynamic_slice_output_to_input(const OpInfo& op) {
    auto ok = check_dynamic_slice(op);
    if (!ok) return ok.error();
    const HloShape& src = op.operand(0);
    const std::vector<int64_t>& out = op.instr.shape.dims;
    MapBuilder b(op.ctx);
    std::vector<Expr> results = b.add_dims(out);
    for (size_t i = 0; i < out.size(); ++i)
        results[i] =
            results[i] + offset(op, b, 1 + static_cast<int64_t>(i), {}, src.dims[i] - out[i]);
    auto src_map = b.build(results);
    if (!src_map) return src_map.error();
    return with_scalar_operands(op.ctx, {std::move(*src_map)}, out, op.num_operands() - 1);
}

Result<IndexingMapSet> dynamic_slice_input_to_output(const OpInfo& op, int64_t operand) {
    auto ok = check_dynamic_slice(op);
    if (!ok) return ok.error();
    const std::vector<int64_t>& out = op.instr.shape.dims;
    if (operand > 0) {
        return single_map(from_scalar_map(op.ctx, out));
    }
    const HloShape& src = op.operand(0);
    MapBuilder b(op.ctx);
    std::vector<Expr> d = b.add_dims(src.dims);
    std::vector<Expr> results;
    for (size_t i = 0; i < out.size(); ++i) {
        Expr r = d[i] - offset(op, b, 1 + static_cast<int64_t>(i), {}, src.dims[i] - out[i]);
        b.constrain(r, out[i] == 0 ? Interval::empty() : Interval{0, out[i] - 1});
        results.push_back(r);
    }
    return single_map(b.build(results));
}

// ----------------------------------------------------------------------------
// dynamic-update-slice: output d reads upd[d - off] inside the window
// (0 <= d_i - off_i < upd_i for every i) and the base at d outside it (some
// i with d_i - off_i < 0 or d_i - off_i >= upd_i): one base map per side of
// each dimension, as a map's domain is one conjunction. off_i is a runtime
// variable over [0, out_i - upd_i], or the clamped compile-time start; every
// map has the same runtime variables, numbered by offset operand.

namespace {

/// A map over dimensions of sizes `dims` (the output's, or the update's),
/// with the offsets of `op` declared (so that every map of the operation
/// has the same runtime variables): results and constraints
/// `restrict(b, d, off)`.
template <class Restrict>
Result<IndexingMap> window_map(const OpInfo& op, const std::vector<int64_t>& dims,
                               Restrict restrict) {
    const std::vector<int64_t>& out = op.instr.shape.dims;
    const std::vector<int64_t>& upd = op.operand(1).dims;
    MapBuilder b(op.ctx);
    std::vector<Expr> d = b.add_dims(dims), off;
    for (size_t i = 0; i < out.size(); ++i)
        off.push_back(offset(op, b, 2 + static_cast<int64_t>(i), {}, out[i] - upd[i]));
    std::vector<Expr> results = restrict(b, d, off);
    return b.build(std::move(results));
}

/// The base's maps (the same both ways: output d is base element d): the
/// output outside the window, one map per side of each dimension (those
/// with no point left out), or one KNOWN EMPTY map when the update covers
/// the whole output.
Result<IndexingMapSet> base_maps(const OpInfo& op) {
    const std::vector<int64_t>& out = op.instr.shape.dims;
    const std::vector<int64_t>& upd = op.operand(1).dims;
    IndexingMapSet maps;
    for (size_t i = 0; i < out.size(); ++i) {
        for (const bool below : {true, false}) {
            auto m = window_map(
                op, out, [&](MapBuilder& b, std::vector<Expr>& d, const std::vector<Expr>& off) {
                    b.constrain(d[i] - off[i],
                                below ? Interval::at_most(-1) : Interval::at_least(upd[i]));
                    return d;
                });
            if (!m) return m.error();
            if (!m->is_known_empty() && std::find(maps.begin(), maps.end(), *m) == maps.end())
                maps.push_back(std::move(*m));
        }
    }
    if (maps.empty()) maps.push_back(IndexingMap::known_empty(op.ctx));
    return maps;
}

}  // namespace

Result<std::vector<IndexingMapSet>> dynamic_update_slice_output_to_input(const OpInfo& op) {
    auto ok = check_dynamic_update_slice(op);
    if (!ok) return ok.error();
    const std::vector<int64_t>& out = op.instr.shape.dims;
    const std::vector<int64_t>& upd = op.operand(1).dims;
    auto base = base_maps(op);
    if (!base) return base.error();
    auto upd_map =
        window_map(op, out, [&](MapBuilder& b, std::vector<Expr>& d, const std::vector<Expr>& off) {
            for (size_t i = 0; i < out.size(); ++i) {
                d[i] = d[i] - off[i];
                b.constrain(d[i], upd[i] == 0 ? Interval::empty() : Interval{0, upd[i] - 1});
            }
            return d;
        });
    if (!upd_map) return upd_map.error();
    auto sets = with_scalar_operands(op.ctx, {std::move(*upd_map)}, out, op.num_operands() - 2);
    if (!sets) return sets.error();
    sets->insert(sets->begin(), std::move(*base));
    return sets;
}

Result<IndexingMapSet> dynamic_update_slice_input_to_output(const OpInfo& op, int64_t operand) {
    auto ok = check_dynamic_update_slice(op);
    if (!ok) return ok.error();
    const std::vector<int64_t>& out = op.instr.shape.dims;
    if (operand == 0) return base_maps(op);
    if (operand > 1) return single_map(from_scalar_map(op.ctx, out));
    // Update element u is written to output u + off (the start is clamped,
    // so the window lies in the output).
    return single_map(
        window_map(op, op.operand(1).dims,
                   [](MapBuilder&, std::vector<Expr>& u, const std::vector<Expr>& off) {
                       for (size_t i = 0; i < u.size(); ++i)
                           u[i] = u[i] + off[i];
                       return u;
                   }));
}

// ----------------------------------------------------------------------------
// gather, simplified form: indices [B, K] (index_vector_dim=1), output
// [B, slice_sizes...] (offset_dims={1..R}), no collapsed dimensions. Output
// (b, o) reads operand o + start, where start[start_index_map[j]] is the
// runtime value indices[b, j] (rt_j in [0, operand - slice size]), and
// indices[b, 0..K-1] whole.

bool is_simplified_gather(const HloInstruction& instr) {
    const GatherDimensions& g = instr.gather;
    if (instr.operand_shapes.size() != 2 || instr.operand_shapes[0].is_tuple ||
        instr.operand_shapes[1].is_tuple || instr.operand_shapes[1].rank() != 2 ||
        g.index_vector_dim != 1 || !g.collapsed_slice_dims.empty() ||
        !g.operand_batching_dims.empty() || !g.start_indices_batching_dims.empty()) {
        return false;
    }
    std::vector<int64_t> expected;
    for (int64_t i = 1; i <= instr.operand_shapes[0].rank(); ++i)
        expected.push_back(i);
    return g.offset_dims == expected;
}

namespace {

Result<bool> check_gather(const OpInfo& op) {
    if (op.instr.shape.is_tuple || op.num_operands() != 2 || op.operand(0).is_tuple ||
        op.operand(1).is_tuple) {
        return op.error("expected two array operands and an array shape");
    }
    const GatherDimensions& g = op.instr.gather;
    const HloShape& operand = op.operand(0);
    const HloShape& indices = op.operand(1);
    const int64_t rank = operand.rank();
    auto not_simplified = [&](const std::string& why) {
        return op.error("only the simplified gather is supported (" + why + ")");
    };
    if (indices.rank() != 2 || g.index_vector_dim != 1) {
        return not_simplified("indices of rank 2 with index_vector_dim=1");
    }
    if (!g.collapsed_slice_dims.empty()) return not_simplified("no collapsed_slice_dims");
    std::vector<int64_t> expected_offsets;
    for (int64_t i = 1; i <= rank; ++i)
        expected_offsets.push_back(i);
    if (g.offset_dims != expected_offsets) {
        return not_simplified("offset_dims=" + dims_to_string(expected_offsets));
    }
    if (static_cast<int64_t>(g.start_index_map.size()) != indices.dims[1] ||
        !valid_dimension_list(g.start_index_map, rank)) {
        return op.error("start_index_map=" + dims_to_string(g.start_index_map) + " must name " +
                        std::to_string(indices.dims[1]) + " distinct operand dimensions");
    }
    if (static_cast<int64_t>(g.slice_sizes.size()) != rank) {
        return op.error("slice_sizes must have one entry per operand dimension");
    }
    for (size_t i = 0; i < g.slice_sizes.size(); ++i) {
        if (g.slice_sizes[i] < 0 || g.slice_sizes[i] > operand.dims[i]) {
            return op.error("slice size " + std::to_string(g.slice_sizes[i]) + " of dimension " +
                            std::to_string(i) + " exceeds the operand's " +
                            std::to_string(operand.dims[i]));
        }
    }
    std::vector<int64_t> out{indices.dims[0]};
    out.insert(out.end(), g.slice_sizes.begin(), g.slice_sizes.end());
    if (auto e = op.output_dims_differ(out)) return *e;
    return true;
}

}  // namespace

Result<std::vector<IndexingMapSet>> gather_output_to_input(const OpInfo& op) {
    auto ok = check_gather(op);
    if (!ok) return ok.error();
    const GatherDimensions& g = op.instr.gather;
    const HloShape& operand = op.operand(0);
    const std::vector<int64_t>& out = op.instr.shape.dims;
    MapBuilder b(op.ctx);
    std::vector<Expr> d = b.add_dims(out);
    std::vector<Expr> results(d.begin() + 1, d.end());
    for (size_t j = 0; j < g.start_index_map.size(); ++j) {
        size_t i = static_cast<size_t>(g.start_index_map[j]);
        Expr column = op.ctx.constant(static_cast<int64_t>(j));
        results[i] =
            results[i] + offset(op, b, 1, {d[0], column}, operand.dims[i] - g.slice_sizes[i]);
    }
    auto operand_map = b.build(results);
    if (!operand_map) return operand_map.error();

    MapBuilder bi(op.ctx);
    std::vector<Expr> di = bi.add_dims(out);
    Expr column = bi.add_range_var({0, op.operand(1).dims[1] - 1});
    auto indices_map = bi.build({di[0], column});
    if (!indices_map) return indices_map.error();
    return one_per_operand({std::move(*operand_map), std::move(*indices_map)});
}

Result<IndexingMapSet> gather_input_to_output(const OpInfo& op, int64_t operand) {
    auto ok = check_gather(op);
    if (!ok) return ok.error();
    const GatherDimensions& g = op.instr.gather;
    const std::vector<int64_t>& out = op.instr.shape.dims;
    MapBuilder b(op.ctx);
    Result<IndexingMap> m = Error::invalid("");
    if (operand == 0) {
        // Operand element x is read by output (b, x - start) for every batch
        // b whose start keeps x - start inside the slice.
        std::vector<Expr> d = b.add_dims(op.operand(0).dims);
        Expr batch = b.add_range_var(out[0] == 0 ? Interval::empty() : Interval{0, out[0] - 1});
        std::vector<Expr> results{batch};
        results.insert(results.end(), d.begin(), d.end());
        for (size_t j = 0; j < g.start_index_map.size(); ++j) {
            size_t i = static_cast<size_t>(g.start_index_map[j]);
            Expr column = op.ctx.constant(static_cast<int64_t>(j));
            results[i + 1] =
                d[i] - offset(op, b, 1, {batch, column}, op.operand(0).dims[i] - g.slice_sizes[i]);
        }
        for (size_t i = 0; i < d.size(); ++i) {
            b.constrain(results[i + 1], g.slice_sizes[i] == 0 ? Interval::empty()
                                                              : Interval{0, g.slice_sizes[i] - 1});
        }
        m = b.build(results);
    } else {
        // Row b of the indices is read by every output element (b, ...).
        std::vector<Expr> d = b.add_dims(op.operand(1).dims);
        std::vector<Expr> results{d[0]};
        for (int64_t s : g.slice_sizes) {
            results.push_back(b.add_range_var(s == 0 ? Interval::empty() : Interval{0, s - 1}));
        }
        m = b.build(results);
    }
    return single_map(std::move(m));
}

}  // namespace provix::hlo::detail
