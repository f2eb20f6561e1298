// Building blocks of the per-operation maps: MapBuilder, common maps,
// start-index clamping, window and reshape index arithmetic.

#include <algorithm>

#include "op_maps.h"
#include "provix/interval_eval.h"
#include "provix/symbolic_map.h"

namespace provix::hlo::detail {

Error OpInfo::error(const std::string& message) const {
    return module.error_at(instr.opcode_location, instr.opcode + ": " + message);
}

std::optional<Error> OpInfo::output_dims_differ(const std::vector<int64_t>& expected,
                                                const std::string& relation) const {
    if (expected == instr.shape.dims) return std::nullopt;
    return error("output " + instr.shape.to_string() + " " + relation + " " +
                 dims_to_string(expected));
}

std::vector<Expr> MapBuilder::add_dims(const std::vector<int64_t>& sizes) {
    std::vector<Expr> out;
    for (int64_t s : sizes)
        out.push_back(add_dim(s <= 0 ? Interval::empty() : Interval{0, s - 1}));
    return out;
}

Expr MapBuilder::add_dim(Interval bounds) {
    // Dimensions must all be declared before symbols: their ids come first.
    if (!range_.empty() || !rt_.empty()) {
        provix::detail::precondition_failed("MapBuilder::add_dim",
                                            "dimension added after a symbol");
    }
    dims_.push_back(bounds);
    return ctx_.variable(static_cast<int64_t>(dims_.size()) - 1);
}

Expr MapBuilder::add_range_var(Interval bounds) {
    if (!rt_.empty()) {
        provix::detail::precondition_failed("MapBuilder::add_range_var",
                                            "range variable after a runtime one");
    }
    range_.push_back(bounds);
    return ctx_.variable(static_cast<int64_t>(dims_.size() + range_.size()) - 1);
}

Expr MapBuilder::add_rt_var(Interval bounds) {
    rt_.push_back(bounds);
    return ctx_.variable(static_cast<int64_t>(dims_.size() + range_.size() + rt_.size()) - 1);
}

std::vector<Interval> MapBuilder::all_bounds() const {
    std::vector<Interval> out = dims_;
    out.insert(out.end(), range_.begin(), range_.end());
    out.insert(out.end(), rt_.begin(), rt_.end());
    return out;
}

void MapBuilder::constrain(Expr expr, Interval range) {
    bool may_fail = false;
    Interval values = interval_of(expr, all_bounds(), &may_fail);
    if (!may_fail && range.contains(values) && !values.is_empty()) return;
    constraints_.push_back({expr, range});
}

Result<IndexingMap> MapBuilder::build(std::vector<Expr> results) const {
    for (const Interval& b : all_bounds()) {
        if (b.is_empty()) return IndexingMap::known_empty(ctx_);
    }
    auto vars = [](const std::vector<Interval>& bounds) {
        std::vector<IndexingVariable> out;
        for (const Interval& b : bounds)
            out.push_back({b, ""});
        return out;
    };
    SymbolicMap map =
        *SymbolicMap::get(ctx_, static_cast<int64_t>(dims_.size()),
                          static_cast<int64_t>(range_.size() + rt_.size()), std::move(results));
    return IndexingMap::get(std::move(map), vars(dims_), vars(range_), vars(rt_), constraints_);
}

Result<IndexingMap> identity_map(Context& ctx, const std::vector<int64_t>& dims) {
    MapBuilder b(ctx);
    return b.build(b.add_dims(dims));
}

Result<IndexingMap> to_scalar_map(Context& ctx, const std::vector<int64_t>& dims) {
    MapBuilder b(ctx);
    b.add_dims(dims);
    return b.build({});
}

Result<IndexingMap> from_scalar_map(Context& ctx, const std::vector<int64_t>& dims) {
    MapBuilder b(ctx);
    std::vector<Expr> results;
    for (int64_t s : dims)
        results.push_back(b.add_range_var(s <= 0 ? Interval::empty() : Interval{0, s - 1}));
    return b.build(results);
}

Expr position_var(MapBuilder& b, int64_t size) {
    return size == 1 ? b.ctx().constant(0) : b.add_range_var({0, size - 1});
}

Result<IndexingMapSet> single_map(Result<IndexingMap> m) {
    if (!m) return m.error();
    return IndexingMapSet{std::move(*m)};
}

Result<std::vector<IndexingMapSet>> only_operand(Result<IndexingMap> m) {
    if (!m) return m.error();
    return one_per_operand({std::move(*m)});
}

Result<std::vector<IndexingMapSet>> with_scalar_operands(Context& ctx,
                                                         std::vector<IndexingMap> maps,
                                                         const std::vector<int64_t>& out_dims,
                                                         int64_t count) {
    auto scalar = to_scalar_map(ctx, out_dims);
    if (!scalar) return scalar.error();
    for (int64_t i = 0; i < count; ++i)
        maps.push_back(*scalar);
    return one_per_operand(std::move(maps));
}

Result<std::vector<IndexingMapSet>> reduction_operand_maps(Context& ctx,
                                                           Result<IndexingMap> input_map,
                                                           const std::vector<int64_t>& out_dims,
                                                           int64_t num_inputs) {
    if (!input_map) return input_map.error();
    std::vector<IndexingMap> inputs(static_cast<size_t>(std::max<int64_t>(num_inputs, 0)),
                                    *input_map);
    return with_scalar_operands(ctx, std::move(inputs), out_dims, num_inputs);
}

std::vector<IndexingMapSet> one_per_operand(std::vector<IndexingMap> maps) {
    std::vector<IndexingMapSet> out;
    for (IndexingMap& m : maps)
        out.push_back({std::move(m)});
    return out;
}

Expr clamp_start_index(Expr v, int64_t hi, const std::vector<Interval>& bounds) {
    bool may_fail = false;
    Interval r = interval_of(v, bounds, &may_fail);
    Expr out = v;
    if (may_fail || r.lo_is_inf() || r.lo() < 0) out = max(out, 0);
    if (may_fail || r.hi_is_inf() || r.hi() > hi) out = min(out, hi);
    return out;
}

Expr window_input_index(MapBuilder& b, Expr out, Expr pos, const WindowDim& wd, int64_t in_size) {
    Expr x = out * wd.stride + pos * wd.window_dilation - wd.pad_low;
    if (wd.base_dilation == 1) {
        b.constrain(x, in_size <= 0 ? Interval::empty() : Interval{0, in_size - 1});
        return x;
    }
    b.constrain(mod(x, wd.base_dilation), {0, 0});
    b.constrain(x,
                in_size <= 0 ? Interval::empty() : Interval{0, (in_size - 1) * wd.base_dilation});
    return floor_div(x, wd.base_dilation);
}

Expr window_output_index(MapBuilder& b, Expr in, Expr pos, const WindowDim& wd, int64_t out_size) {
    // Input x sits at padded position x * base_dilation + low; output o
    // reads it at window position pos when o * stride + pos * dilation
    // equals that position.
    Expr q = in * wd.base_dilation + wd.pad_low - pos * wd.window_dilation;
    Expr result = q;
    if (wd.stride != 1) {
        result = floor_div(q, wd.stride);
        b.constrain(mod(q, wd.stride), {0, 0});
    }
    b.constrain(q, out_size <= 0 ? Interval::empty() : Interval{0, (out_size - 1) * wd.stride});
    return result;
}

bool valid_dimension_list(const std::vector<int64_t>& dims, int64_t rank) {
    std::vector<bool> seen(static_cast<size_t>(std::max<int64_t>(rank, 0)), false);
    for (int64_t d : dims) {
        if (d < 0 || d >= rank || seen[static_cast<size_t>(d)]) return false;
        seen[static_cast<size_t>(d)] = true;
    }
    return true;
}

std::string dims_to_string(const std::vector<int64_t>& dims) {
    std::string out = "{";
    for (size_t i = 0; i < dims.size(); ++i) {
        if (i > 0) out += ", ";
        out += std::to_string(dims[i]);
    }
    return out + "}";
}

namespace {

/// Linear index of `index` (positions `which` of the full index) in a
/// row-major box of sizes `sizes[which]`.
Expr linearize(Context& ctx, const std::vector<int64_t>& sizes, const std::vector<size_t>& which,
               const std::vector<Expr>& index) {
    Expr linear = ctx.constant(0);
    int64_t stride = 1;
    for (size_t k = which.size(); k-- > 0;) {
        linear = linear + index[which[k]] * stride;
        stride *= sizes[which[k]];  // bounded by the element count (no overflow)
    }
    return linear;
}

}  // namespace

std::vector<Expr> reshape_input_index(Context& ctx, const std::vector<int64_t>& in_dims,
                                      const std::vector<int64_t>& out_dims,
                                      const std::vector<Expr>& out_index) {
    std::vector<Expr> result(in_dims.size(), ctx.constant(0));
    // Size-1 dimensions always have index 0: leave them out of the groups.
    std::vector<size_t> in_nz, out_nz;
    for (size_t i = 0; i < in_dims.size(); ++i) {
        if (in_dims[i] != 1) in_nz.push_back(i);
    }
    for (size_t j = 0; j < out_dims.size(); ++j) {
        if (out_dims[j] != 1) out_nz.push_back(j);
    }
    size_t i = 0, j = 0;
    while (i < in_nz.size() && j < out_nz.size()) {
        // The smallest runs of input and output dimensions with equal element
        // counts form a group, reshaped independently of the others.
        std::vector<size_t> group_in{in_nz[i]}, group_out{out_nz[j]};
        int64_t in_count = in_dims[in_nz[i++]];
        int64_t out_count = out_dims[out_nz[j++]];
        while (in_count != out_count) {
            if (in_count < out_count && i < in_nz.size()) {
                group_in.push_back(in_nz[i]);
                in_count *= in_dims[in_nz[i++]];
            } else if (out_count < in_count && j < out_nz.size()) {
                group_out.push_back(out_nz[j]);
                out_count *= out_dims[out_nz[j++]];
            } else {
                break;  // unequal element counts: rejected by the callers
            }
        }
        Expr linear = group_out.size() == 1 ? out_index[group_out[0]]
                                            : linearize(ctx, out_dims, group_out, out_index);
        if (group_in.size() == 1) {
            result[group_in[0]] = linear;
            continue;
        }
        // Delinearize: dimension k gets (linear floordiv stride_k) mod size_k;
        // the outermost needs no mod, the innermost no floordiv.
        int64_t stride = 1;
        for (size_t k = group_in.size(); k-- > 0;) {
            size_t dim = group_in[k];
            Expr e = stride == 1 ? linear : floor_div(linear, stride);
            if (k > 0) e = mod(e, in_dims[dim]);
            result[dim] = e;
            stride *= in_dims[dim];
        }
    }
    return result;
}

}  // namespace provix::hlo::detail
