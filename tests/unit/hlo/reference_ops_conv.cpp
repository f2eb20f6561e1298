// Reference semantics of convolution, map and scaled-dot (see
// reference_ops.cpp). Convolution follows XLA's evaluator: the input is
// materialized with its base dilation and padding, and output element
// (batch, spatial..., feature) reads, for each window position and each
// input feature of its group, the input element placed at that position (if
// any: padding and dilation holes read nothing, and then the kernel element
// of that window position is not read either).

#include <rapidcheck.h>

#include <map>

#include "reference_ops.h"

namespace provix::hlo::testing {

namespace {

std::string param(size_t i, const Dims& dims) {
    return "p" + std::to_string(i) + " = " + shape_text(dims) + " parameter(" + std::to_string(i) +
           ")\n";
}

/// Dimension labels of one convolution side: `letters[i]` at position
/// `pos[i]`, spatial dimension k at `pos[2 + k]`.
std::string labels(const std::vector<int64_t>& pos, const std::string& letters) {
    std::string out(pos.size(), '?');
    out[static_cast<size_t>(pos[0])] = letters[0];
    out[static_cast<size_t>(pos[1])] = letters[1];
    for (size_t k = 2; k < pos.size(); ++k)
        out[static_cast<size_t>(pos[k])] = static_cast<char>('0' + (k - 2));
    return out;
}

}  // namespace

OpInstance random_convolution() {
    ConvSpec c;
    const size_t ns = static_cast<size_t>(pick(0, 2));
    const int64_t rank = static_cast<int64_t>(ns) + 2;
    c.in_pos = random_permutation(rank);
    c.kernel_pos = random_permutation(rank);
    c.out_pos = random_permutation(rank);
    int mode = static_cast<int>(pick(0, 2));
    if (mode == 1) c.feature_group_count = pick(2, 3);
    if (mode == 2) c.batch_group_count = pick(2, 3);
    c.in_features = pick(1, 2);
    c.out_features = pick(1, 2) * c.feature_group_count * c.batch_group_count;
    c.out_batch = pick(1, 2);
    for (size_t k = 0; k < ns; ++k) {
        c.in_spatial.push_back(pick(1, 4));
        c.size.push_back(pick(1, 3));
        c.stride.push_back(pick(1, 2));
        c.low.push_back(pick(-1, 2));
        c.high.push_back(pick(-1, 2));
        c.base_dilation.push_back(pick(1, 2));
        c.window_dilation.push_back(pick(1, 2));
    }
    return convolution_instance(c);
}

OpInstance convolution_instance(const ConvSpec& c) {
    const size_t ns = c.in_spatial.size();
    const size_t rank = ns + 2;
    const std::vector<int64_t>& in_pos = c.in_pos;
    const std::vector<int64_t>& k_pos = c.kernel_pos;
    const std::vector<int64_t>& out_pos = c.out_pos;
    const int64_t fgc = c.feature_group_count, bgc = c.batch_group_count;
    const int64_t in_features = c.in_features, out_features = c.out_features;
    const int64_t out_batch = c.out_batch;
    const Dims& in_sp = c.in_spatial;
    const Dims& size = c.size;
    std::vector<int64_t> padded(ns), out_sp(ns);
    std::string window = "size=", strides = "stride=", pads = "pad=", lhs_d = "lhs_dilate=",
                rhs_d = "rhs_dilate=";
    for (size_t k = 0; k < ns; ++k) {
        padded[k] = (in_sp[k] - 1) * c.base_dilation[k] + 1 + c.low[k] + c.high[k];
        int64_t dilated = (size[k] - 1) * c.window_dilation[k] + 1;
        out_sp[k] = padded[k] < dilated ? 0 : (padded[k] - dilated) / c.stride[k] + 1;
        std::string x = k ? "x" : "";
        window += x + std::to_string(size[k]);
        strides += x + std::to_string(c.stride[k]);
        pads += x + std::to_string(c.low[k]) + "_" + std::to_string(c.high[k]);
        lhs_d += x + std::to_string(c.base_dilation[k]);
        rhs_d += x + std::to_string(c.window_dilation[k]);
    }
    Dims in(rank), kernel(rank), out(rank);
    in[static_cast<size_t>(in_pos[0])] = out_batch * bgc;
    in[static_cast<size_t>(in_pos[1])] = in_features * fgc;
    kernel[static_cast<size_t>(k_pos[0])] = in_features;
    kernel[static_cast<size_t>(k_pos[1])] = out_features;
    out[static_cast<size_t>(out_pos[0])] = out_batch;
    out[static_cast<size_t>(out_pos[1])] = out_features;
    for (size_t k = 0; k < ns; ++k) {
        in[static_cast<size_t>(in_pos[2 + k])] = in_sp[k];
        kernel[static_cast<size_t>(k_pos[2 + k])] = size[k];
        out[static_cast<size_t>(out_pos[2 + k])] = out_sp[k];
    }
    OpInstance op;
    op.operand_dims = {in, kernel};
    op.out_dims = out;
    op.hlo = param(0, in) + param(1, kernel) + "r = " + shape_text(out) + " convolution(p0, p1), ";
    if (ns > 0) {
        op.hlo +=
            "window={" + window + " " + strides + " " + pads + " " + lhs_d + " " + rhs_d + "}, ";
    }
    op.hlo += "dim_labels=" + labels(in_pos, "bf") + "_" + labels(k_pos, "io") + "->" +
              labels(out_pos, "bf") + ", feature_group_count=" + std::to_string(fgc) +
              ", batch_group_count=" + std::to_string(bgc) + "\n";
    op.reads.assign(2, Reads{});
    op.exact = {true, true};
    // The materialized input: which spatial input position sits at each
    // padded position, per spatial dimension.
    std::vector<std::map<int64_t, int64_t>> placed(ns);
    for (size_t k = 0; k < ns; ++k) {
        for (int64_t x = 0; x < in_sp[k]; ++x) {
            int64_t p = c.low[k] + x * c.base_dilation[k];
            if (p >= 0 && p < padded[k]) placed[k][p] = x;
        }
    }
    for (const Index& o : all_indices(out)) {
        const int64_t b = o[static_cast<size_t>(out_pos[0])];
        const int64_t f = o[static_cast<size_t>(out_pos[1])];
        const int64_t feature_group = f / (out_features / fgc);
        const int64_t batch_group = f / (out_features / bgc);
        for (const Index& w : all_indices(size)) {
            Index spatial_in(ns);
            bool valid = true;
            for (size_t k = 0; k < ns && valid; ++k) {
                int64_t p = o[static_cast<size_t>(out_pos[2 + k])] * c.stride[k] +
                            w[k] * c.window_dilation[k];
                auto it = placed[k].find(p);
                valid = it != placed[k].end();
                if (valid) spatial_in[k] = it->second;
            }
            if (!valid) continue;
            for (int64_t r = 0; r < in_features; ++r) {
                Index x(rank), y(rank);
                x[static_cast<size_t>(in_pos[0])] = b + batch_group * out_batch;
                x[static_cast<size_t>(in_pos[1])] = feature_group * in_features + r;
                y[static_cast<size_t>(k_pos[0])] = r;
                y[static_cast<size_t>(k_pos[1])] = f;
                for (size_t k = 0; k < ns; ++k) {
                    x[static_cast<size_t>(in_pos[2 + k])] = spatial_in[k];
                    y[static_cast<size_t>(k_pos[2 + k])] = w[k];
                }
                op.reads[0][o].insert(x);
                op.reads[1][o].insert(y);
            }
        }
    }
    return op;
}

OpInstance random_map() {
    const size_t n = static_cast<size_t>(pick(1, 3));
    Dims dims = random_dims(0, 3, 3);
    OpInstance op;
    op.out_dims = dims;
    std::string operands, all_dims;
    for (size_t i = 0; i < n; ++i) {
        op.operand_dims.push_back(dims);
        op.hlo += param(i, dims);
        operands += (i ? ", p" : "p") + std::to_string(i);
    }
    for (size_t k = 0; k < dims.size(); ++k)
        all_dims += (k ? "," : "") + std::to_string(k);
    op.hlo += "r = " + shape_text(dims) + " map(" + operands + "), dimensions={" + all_dims +
              "}, to_apply=f\n";
    op.reads.assign(n, Reads{});
    op.exact.assign(n, true);
    for (const Index& o : all_indices(dims)) {
        for (size_t i = 0; i < n; ++i)
            op.reads[i][o].insert(o);
    }
    return op;
}

OpInstance random_scaled_dot() {
    // lhs [M, K] (or transposed), rhs [K, N] (or transposed); each scale
    // divides its operand's dimensions by block sizes.
    const int64_t m_blocks = pick(1, 2), k_blocks = pick(1, 2), n_blocks = pick(1, 2);
    const int64_t bm = pick(1, 2), bk = pick(1, 3), bn = pick(1, 2);
    const int64_t m = m_blocks * bm, k = k_blocks * bk, n = n_blocks * bn;
    const bool lhs_t = pick(0, 1) == 1, rhs_t = pick(0, 1) == 1;
    auto side = [](int64_t a, int64_t b, bool t) { return t ? Dims{b, a} : Dims{a, b}; };
    Dims lhs = side(m, k, lhs_t), rhs = side(k, n, rhs_t);
    Dims lhs_scale = side(m_blocks, k_blocks, lhs_t), rhs_scale = side(k_blocks, n / bn, rhs_t);
    OpInstance op;
    op.operand_dims = {lhs, rhs, lhs_scale, rhs_scale};
    op.out_dims = {m, n};
    op.hlo = param(0, lhs) + param(1, rhs) + param(2, lhs_scale) + param(3, rhs_scale) +
             "r = " + shape_text(op.out_dims) +
             " scaled-dot(p0, p1, p2, p3), lhs_contracting_dims={" + (lhs_t ? "0" : "1") +
             "}, rhs_contracting_dims={" + (rhs_t ? "1" : "0") + "}\n";
    op.reads.assign(4, Reads{});
    op.exact.assign(4, true);
    auto at = [](int64_t a, int64_t b, bool t) { return t ? Index{b, a} : Index{a, b}; };
    for (const Index& o : all_indices(op.out_dims)) {
        for (int64_t c = 0; c < k; ++c) {
            op.reads[0][o].insert(at(o[0], c, lhs_t));
            op.reads[1][o].insert(at(c, o[1], rhs_t));
            op.reads[2][o].insert(at(o[0] / bm, c / bk, lhs_t));
            op.reads[3][o].insert(at(c / bk, o[1] / bn, rhs_t));
        }
    }
    return op;
}

}  // namespace provix::hlo::testing
