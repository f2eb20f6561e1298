// Maps of pad and reduce-window.
//
// pad: with s = interior + 1, operand element j lands at output
// low + j * s. Output d reads operand (d - low) floordiv s when
// (d - low) mod s == 0 and the element exists (the dimension's bounds are
// tightened to the first and last landing places).
//
// reduce-window pads its input (low/high padding, base dilation as interior
// padding) and reads, for output d and window position s, the padded element
// p = d * stride + s * window_dilation. The map is the window map composed
// with pad's map, written out directly: x = p - low, operand index
// x floordiv base_dilation when x mod base_dilation == 0 and
// 0 <= x <= (n - 1) * base_dilation.

#include <algorithm>

#include "op_maps.h"
#include "provix/semantics.h"

namespace provix::hlo::detail {

namespace {

/// Paddings beyond this magnitude are rejected, so that the index arithmetic
/// below cannot overflow.
constexpr int64_t kMaxPadding = int64_t{1} << 60;

/// True if |v| > kMaxPadding (exact for every int64: the magnitude of
/// kInt64Min is 2^63, which std::abs cannot return).
/// `beyond_max_padding(-(int64_t{1} << 62))` is true.
constexpr bool beyond_max_padding(int64_t v) {
    return magnitude(v) > static_cast<uint64_t>(kMaxPadding);
}

/// Size of a padded dimension: n elements, `interior` between neighbours,
/// `low` and `high` at the ends; nullopt on overflow.
std::optional<int64_t> padded_size(int64_t n, int64_t low, int64_t high, int64_t interior) {
    std::optional<int64_t> body = 0;
    if (n > 0) {
        auto gaps = checked_mul(n - 1, interior);
        body = gaps ? checked_add(*gaps, n) : std::nullopt;
    }
    auto with_low = body ? checked_add(*body, low) : std::nullopt;
    return with_low ? checked_add(*with_low, high) : std::nullopt;
}

/// The operand indices j in [0, n - 1] whose landing place low + j * s lies
/// in [0, out - 1]; empty interval if none.
Interval surviving_elements(int64_t n, int64_t out, int64_t low, int64_t s) {
    if (n == 0 || out == 0) return Interval::empty();
    int64_t first = low >= 0 ? 0 : *provix::ceil_div(-low, s);
    int64_t last = std::min(n - 1, *provix::floor_div(out - 1 - low, s));
    if (first > last) return Interval::empty();
    return {first, last};
}

Result<bool> check_pad(const OpInfo& op) {
    if (op.instr.shape.is_tuple || op.num_operands() != 2 || op.operand(0).is_tuple ||
        op.operand(1).is_tuple || op.operand(1).rank() != 0) {
        return op.error("expected an array operand and a scalar padding value");
    }
    const HloShape& in = op.operand(0);
    const HloShape& out = op.instr.shape;
    std::vector<PadDim> padding = op.instr.padding.value_or(std::vector<PadDim>{});
    if (!op.instr.padding && in.rank() > 0) return op.error("needs the attribute 'padding=...'");
    if (static_cast<int64_t>(padding.size()) != in.rank() || out.rank() != in.rank()) {
        return op.error("padding has " + std::to_string(padding.size()) +
                        " dimensions, the operand " + std::to_string(in.rank()));
    }
    for (size_t i = 0; i < padding.size(); ++i) {
        const PadDim& p = padding[i];
        if (p.interior < 0 || p.interior > kMaxPadding || beyond_max_padding(p.low) ||
            beyond_max_padding(p.high)) {
            return op.error("padding of dimension " + std::to_string(i) + " is out of range");
        }
        auto size = padded_size(in.dims[i], p.low, p.high, p.interior);
        if (!size || *size != out.dims[i]) {
            return op.error("output dimension " + std::to_string(i) + " has size " +
                            std::to_string(out.dims[i]) + ", the padding gives " +
                            (size ? std::to_string(*size) : std::string("an overflow")));
        }
    }
    return true;
}

}  // namespace

Result<std::vector<IndexingMapSet>> pad_output_to_input(const OpInfo& op) {
    auto ok = check_pad(op);
    if (!ok) return ok.error();
    const std::vector<int64_t>& in = op.operand(0).dims;
    const std::vector<int64_t>& out = op.instr.shape.dims;
    MapBuilder b(op.ctx);
    std::vector<Expr> d = b.add_dims(out);
    std::vector<Expr> results;
    for (size_t i = 0; i < out.size(); ++i) {
        const PadDim& p = (*op.instr.padding)[i];
        int64_t s = p.interior + 1;
        Interval j = surviving_elements(in[i], out[i], p.low, s);
        b.set_dim_bounds(i, j.is_empty() ? j : Interval{p.low + j.lo() * s, p.low + j.hi() * s});
        Expr x = d[i] - p.low;
        if (s == 1) {
            results.push_back(x);
        } else {
            results.push_back(floor_div(x, s));
            b.constrain(mod(x, s), {0, 0});
        }
    }
    auto operand_map = b.build(results);
    if (!operand_map) return operand_map.error();
    auto value_map = to_scalar_map(op.ctx, out);
    if (!value_map) return value_map.error();
    return one_per_operand({std::move(*operand_map), std::move(*value_map)});
}

Result<IndexingMapSet> pad_input_to_output(const OpInfo& op, int64_t operand) {
    auto ok = check_pad(op);
    if (!ok) return ok.error();
    const std::vector<int64_t>& in = op.operand(0).dims;
    const std::vector<int64_t>& out = op.instr.shape.dims;
    Result<IndexingMap> m = Error::invalid("");
    if (operand == 0) {
        MapBuilder b(op.ctx);
        std::vector<Expr> results;
        for (size_t i = 0; i < in.size(); ++i) {
            const PadDim& p = (*op.instr.padding)[i];
            int64_t s = p.interior + 1;
            Expr d = b.add_dim(surviving_elements(in[i], out[i], p.low, s));
            results.push_back(d * s + p.low);
        }
        m = b.build(results);
    } else {
        m = from_scalar_map(op.ctx, out);  // over-approximation: every output element
    }
    return single_map(std::move(m));
}

// ----------------------------------------------------------------------------
// reduce-window (variadic: inputs 0..N-1, init values N..2N-1).

namespace {

struct WindowInfo {
    int64_t num_inputs = 0;
    std::vector<int64_t> in_dims;
    std::vector<int64_t> out_dims;
};

Result<WindowInfo> check_reduce_window(const OpInfo& op, int64_t output_id) {
    WindowInfo w;
    if (op.num_operands() == 0 || op.num_operands() % 2 != 0) {
        return op.error("expected N inputs and N init values");
    }
    w.num_inputs = op.num_operands() / 2;
    if (op.operand(0).is_tuple) return op.error("inputs must be arrays");
    w.in_dims = op.operand(0).dims;
    for (int64_t i = 0; i < w.num_inputs; ++i) {
        if (op.operand(i).is_tuple || op.operand(i).dims != w.in_dims) {
            return op.error("input " + std::to_string(i) + " has shape " +
                            op.operand(i).to_string() + ", expected the dimensions of input 0");
        }
        const HloShape& init = op.operand(w.num_inputs + i);
        if (init.is_tuple || init.rank() != 0) {
            return op.error("init value " + std::to_string(i) + " must be a scalar");
        }
    }
    if (!op.instr.window) return op.error("needs the attribute 'window={size=...}'");
    const std::vector<WindowDim>& window = *op.instr.window;
    if (window.size() != w.in_dims.size()) {
        return op.error("window has " + std::to_string(window.size()) + " dimensions, the input " +
                        std::to_string(w.in_dims.size()));
    }
    auto out_dims = window_output_dims(op, w.in_dims, window);
    if (!out_dims) return out_dims.error();
    w.out_dims = std::move(*out_dims);
    const HloShape& out = op.instr.shape;
    int64_t n_out = out.is_tuple ? static_cast<int64_t>(out.tuple_elements.size()) : 1;
    if (n_out != w.num_inputs) {
        return op.error("has " + std::to_string(w.num_inputs) + " inputs but " +
                        std::to_string(n_out) + " outputs");
    }
    if (output_id < 0 || output_id >= n_out) {
        return op.error("has no output " + std::to_string(output_id));
    }
    for (int64_t k = 0; k < n_out; ++k) {
        const HloShape& o = out.is_tuple ? out.tuple_elements[static_cast<size_t>(k)] : out;
        if (o.is_tuple || o.dims != w.out_dims) {
            return op.error("output " + std::to_string(k) + " has shape " + o.to_string() +
                            ", the window gives dimensions " + dims_to_string(w.out_dims));
        }
    }
    return w;
}

}  // namespace

Result<std::vector<int64_t>> window_output_dims(const OpInfo& op,
                                                const std::vector<int64_t>& in_dims,
                                                const std::vector<WindowDim>& window) {
    std::vector<int64_t> out;
    for (size_t i = 0; i < window.size(); ++i) {
        const WindowDim& wd = window[i];
        if (wd.size < 1 || wd.stride < 1 || wd.base_dilation < 1 || wd.window_dilation < 1 ||
            wd.size > kMaxPadding || wd.stride > kMaxPadding || wd.base_dilation > kMaxPadding ||
            wd.window_dilation > kMaxPadding || beyond_max_padding(wd.pad_low) ||
            beyond_max_padding(wd.pad_high)) {
            return op.error("window dimension " + std::to_string(i) + " is out of range");
        }
        auto padded = padded_size(in_dims[i], wd.pad_low, wd.pad_high, wd.base_dilation - 1);
        auto span = checked_mul(wd.size - 1, wd.window_dilation);
        if (!padded || !span)
            return op.error("window dimension " + std::to_string(i) + " overflows");
        int64_t dilated = *span + 1;
        out.push_back(*padded < dilated ? 0 : (*padded - dilated) / wd.stride + 1);
    }
    return out;
}

namespace {

/// One index per window dimension i: `index(b, d[i], pos, window[i],
/// sizes[i])` with `pos` a new position in that window dimension
/// (window_input_index from output coordinates, window_output_index from
/// input ones).
std::vector<Expr> window_indices(MapBuilder& b, const std::vector<Expr>& d,
                                 const std::vector<WindowDim>& window,
                                 const std::vector<int64_t>& sizes,
                                 Expr (*index)(MapBuilder&, Expr, Expr, const WindowDim&,
                                               int64_t)) {
    std::vector<Expr> out;
    for (size_t i = 0; i < d.size(); ++i) {
        Expr pos = position_var(b, window[i].size);
        out.push_back(index(b, d[i], pos, window[i], sizes[i]));
    }
    return out;
}

}  // namespace

Result<std::vector<IndexingMapSet>> reduce_window_output_to_input(const OpInfo& op,
                                                                  int64_t output_id) {
    auto w = check_reduce_window(op, output_id);
    if (!w) return w.error();
    const std::vector<WindowDim>& window = *op.instr.window;
    MapBuilder b(op.ctx);
    std::vector<Expr> results =
        window_indices(b, b.add_dims(w->out_dims), window, w->in_dims, window_input_index);
    return reduction_operand_maps(op.ctx, b.build(results), w->out_dims, w->num_inputs);
}

Result<IndexingMapSet> reduce_window_input_to_output(const OpInfo& op, int64_t operand,
                                                     int64_t output_id) {
    auto w = check_reduce_window(op, output_id);
    if (!w) return w.error();
    if (operand >= w->num_inputs) {
        return single_map(from_scalar_map(op.ctx, w->out_dims));
    }
    const std::vector<WindowDim>& window = *op.instr.window;
    MapBuilder b(op.ctx);
    std::vector<Expr> results =
        window_indices(b, b.add_dims(w->in_dims), window, w->out_dims, window_output_index);
    return single_map(b.build(results));
}

}  // namespace provix::hlo::detail
