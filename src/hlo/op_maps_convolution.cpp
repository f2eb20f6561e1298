// Maps of convolution: output (batch, spatial..., feature) reads the input
// at the window positions of each spatial dimension (padding, strides and
// both dilations as for reduce-window) and the input features of its
// feature group, and the kernel at the same window positions; a batch group
// is chosen by the output feature.
//
// With F = feature_group_count, G = batch_group_count, O = the kernel's
// output features and I = the kernel's input features (the input has F * I
// features), output (b, o..., f) reads, for every window position w and
// every r in [0, I - 1] at which the input position is not padding or a
// dilation hole:
//
//     input  (b + (f floordiv (O / G)) * B, window(o, w)..., (f floordiv (O / F)) * I + r)
//     kernel (r, w..., f)
//
// where B is the output's batch size (the input has G * B).

#include "op_maps.h"
#include "provix/semantics.h"

namespace provix::hlo::detail {

namespace {

struct ConvInfo {
    const ConvDimensions* dn = nullptr;
    std::vector<WindowDim> window;
    std::vector<int64_t> in_spatial, kernel_spatial, out_spatial;
    int64_t out_batch = 0;                 // B
    int64_t in_features = 0;               // I: kernel input features (per group)
    int64_t out_features = 0;              // O
    int64_t features_per_group = 0;        // O / F
    int64_t features_per_batch_group = 0;  // O / G
};

int64_t dim(const HloShape& s, int64_t d) { return s.dims[static_cast<size_t>(d)]; }

Result<ConvInfo> check_convolution(const OpInfo& op) {
    if (op.instr.shape.is_tuple || op.num_operands() != 2 || op.operand(0).is_tuple ||
        op.operand(1).is_tuple) {
        return op.error("expected two array operands and an array shape");
    }
    if (!op.instr.conv) return op.error("needs the attribute 'dim_labels=...'");
    ConvInfo c;
    c.dn = &*op.instr.conv;
    const ConvDimensions& dn = *c.dn;
    const HloShape& in = op.operand(0);
    const HloShape& kernel = op.operand(1);
    const HloShape& out = op.instr.shape;
    const int64_t rank = static_cast<int64_t>(dn.input_spatial.size()) + 2;
    if (in.rank() != rank || kernel.rank() != rank || out.rank() != rank) {
        return op.error("dim_labels name " + std::to_string(rank) +
                        " dimensions, but the input, kernel and output have ranks " +
                        std::to_string(in.rank()) + ", " + std::to_string(kernel.rank()) + ", " +
                        std::to_string(out.rank()));
    }
    const int64_t fgc = op.instr.feature_group_count;
    const int64_t bgc = op.instr.batch_group_count;
    if (fgc < 1 || bgc < 1 || (fgc > 1 && bgc > 1)) {
        return op.error(
            "feature_group_count and batch_group_count must be positive, and not "
            "both above 1");
    }
    for (size_t k = 0; k < dn.input_spatial.size(); ++k) {
        c.in_spatial.push_back(dim(in, dn.input_spatial[k]));
        c.kernel_spatial.push_back(dim(kernel, dn.kernel_spatial[k]));
    }
    if (op.instr.window) {
        c.window = *op.instr.window;
    } else if (!c.in_spatial.empty()) {
        return op.error("needs the attribute 'window={size=...}'");
    }
    if (c.window.size() != c.in_spatial.size()) {
        return op.error("window has " + std::to_string(c.window.size()) +
                        " dimensions, the convolution " + std::to_string(c.in_spatial.size()));
    }
    for (size_t k = 0; k < c.window.size(); ++k) {
        if (c.window[k].size != c.kernel_spatial[k]) {
            return op.error("window size " + std::to_string(c.window[k].size) +
                            " differs from the kernel's spatial dimension " +
                            std::to_string(c.kernel_spatial[k]));
        }
    }
    auto spatial = window_output_dims(op, c.in_spatial, c.window);
    if (!spatial) return spatial.error();
    c.out_spatial = std::move(*spatial);
    const int64_t in_batch = dim(in, dn.input_batch);
    const int64_t in_feature = dim(in, dn.input_feature);
    c.in_features = dim(kernel, dn.kernel_input_feature);
    c.out_features = dim(kernel, dn.kernel_output_feature);
    const std::optional<int64_t> grouped_features = checked_mul(c.in_features, fgc);
    if (grouped_features != std::optional<int64_t>(in_feature)) {
        return op.error("the input's " + std::to_string(in_feature) +
                        " features are not feature_group_count=" + std::to_string(fgc) +
                        " times the kernel's " + std::to_string(c.in_features) + " input features");
    }
    if (c.out_features % fgc != 0 || c.out_features % bgc != 0 || in_batch % bgc != 0) {
        return op.error(
            "the kernel's output features and the input batch must divide into the "
            "feature and batch groups");
    }
    c.out_batch = in_batch / bgc;
    c.features_per_group = fgc > 0 ? c.out_features / fgc : 0;
    c.features_per_batch_group = c.out_features / bgc;
    std::vector<int64_t> expected(static_cast<size_t>(rank), 0);
    expected[static_cast<size_t>(dn.output_batch)] = c.out_batch;
    expected[static_cast<size_t>(dn.output_feature)] = c.out_features;
    for (size_t k = 0; k < c.out_spatial.size(); ++k)
        expected[static_cast<size_t>(dn.output_spatial[k])] = c.out_spatial[k];
    if (auto e = op.output_dims_differ(expected)) return *e;
    return c;
}

/// A range variable over [0, n - 1], or the constant 0 when n is 1.
}  // namespace

Result<std::vector<IndexingMapSet>> convolution_output_to_input(const OpInfo& op) {
    auto info = check_convolution(op);
    if (!info) return info.error();
    const ConvInfo& c = *info;
    const ConvDimensions& dn = *c.dn;
    const std::vector<int64_t>& out = op.instr.shape.dims;
    return maps_per_operand(2, [&](int64_t side) {
        MapBuilder b(op.ctx);
        std::vector<Expr> d = b.add_dims(out);
        std::vector<Expr> pos;
        for (int64_t size : c.kernel_spatial)
            pos.push_back(position_var(b, size));
        Expr r = position_var(b, c.in_features);
        Expr f = d[static_cast<size_t>(dn.output_feature)];
        std::vector<Expr> results(out.size(), r);
        // Both sides read only where the input position is not padding.
        std::vector<Expr> spatial;
        for (size_t k = 0; k < pos.size(); ++k) {
            spatial.push_back(window_input_index(b, d[static_cast<size_t>(dn.output_spatial[k])],
                                                 pos[k], c.window[k], c.in_spatial[k]));
        }
        if (side == 0) {
            Expr batch = d[static_cast<size_t>(dn.output_batch)];
            if (op.instr.batch_group_count > 1) {
                batch = batch + floor_div(f, c.features_per_batch_group) * c.out_batch;
            }
            Expr feature = r;
            if (op.instr.feature_group_count > 1) {
                feature = floor_div(f, c.features_per_group) * c.in_features + r;
            }
            results[static_cast<size_t>(dn.input_batch)] = batch;
            results[static_cast<size_t>(dn.input_feature)] = feature;
            for (size_t k = 0; k < pos.size(); ++k)
                results[static_cast<size_t>(dn.input_spatial[k])] = spatial[k];
        } else {
            results[static_cast<size_t>(dn.kernel_input_feature)] = r;
            results[static_cast<size_t>(dn.kernel_output_feature)] = f;
            for (size_t k = 0; k < pos.size(); ++k)
                results[static_cast<size_t>(dn.kernel_spatial[k])] = pos[k];
        }
        return b.build(results);
    });
}

Result<IndexingMapSet> convolution_input_to_output(const OpInfo& op, int64_t operand) {
    auto info = check_convolution(op);
    if (!info) return info.error();
    const ConvInfo& c = *info;
    const ConvDimensions& dn = *c.dn;
    const std::vector<int64_t>& out = op.instr.shape.dims;
    MapBuilder b(op.ctx);
    std::vector<Expr> x = b.add_dims(op.operand(operand).dims);
    std::vector<Expr> results(out.size(), op.ctx.constant(0));
    if (operand == 0) {
        // Input element (batch, spatial..., feature) is read by the output
        // features f of its feature group (and batch group), at every window
        // position that lands on it.
        Expr f = b.add_range_var(c.out_features == 0 ? Interval::empty()
                                                     : Interval{0, c.out_features - 1});
        std::vector<Expr> pos;
        for (int64_t size : c.kernel_spatial)
            pos.push_back(position_var(b, size));
        Expr batch = x[static_cast<size_t>(dn.input_batch)];
        if (op.instr.batch_group_count > 1) {
            batch = batch - floor_div(f, c.features_per_batch_group) * c.out_batch;
            b.constrain(batch, c.out_batch == 0 ? Interval::empty() : Interval{0, c.out_batch - 1});
        }
        if (op.instr.feature_group_count > 1) {
            b.constrain(floor_div(x[static_cast<size_t>(dn.input_feature)], c.in_features) -
                            floor_div(f, c.features_per_group),
                        {0, 0});
        }
        results[static_cast<size_t>(dn.output_batch)] = batch;
        results[static_cast<size_t>(dn.output_feature)] = f;
        for (size_t k = 0; k < pos.size(); ++k) {
            results[static_cast<size_t>(dn.output_spatial[k])] =
                window_output_index(b, x[static_cast<size_t>(dn.input_spatial[k])], pos[k],
                                    c.window[k], c.out_spatial[k]);
        }
    } else {
        // Kernel element (r, w..., f) is read by output feature f at every
        // batch and every output position whose window position w is not
        // padding.
        Expr batch =
            b.add_range_var(c.out_batch == 0 ? Interval::empty() : Interval{0, c.out_batch - 1});
        std::vector<Expr> o;
        for (int64_t size : c.out_spatial)
            o.push_back(b.add_range_var(size == 0 ? Interval::empty() : Interval{0, size - 1}));
        for (size_t k = 0; k < o.size(); ++k) {
            window_input_index(b, o[k], x[static_cast<size_t>(dn.kernel_spatial[k])], c.window[k],
                               c.in_spatial[k]);
            results[static_cast<size_t>(dn.output_spatial[k])] = o[k];
        }
        results[static_cast<size_t>(dn.output_batch)] = batch;
        results[static_cast<size_t>(dn.output_feature)] =
            x[static_cast<size_t>(dn.kernel_output_feature)];
    }
    return single_map(b.build(results));
}

}  // namespace provix::hlo::detail
