// Reference semantics of HLO operations for the property tests. Each
// generator draws parameters with RapidCheck and computes what every output
// element reads by plain loops over tensors, with no index algebra shared
// with the analysis: shapes are materialized (pad, reduce-window), elements
// are placed from the input side (transpose, reverse, slice, reshape,
// bitcast, concatenate, reduce) or read by the textbook definition (dot,
// dynamic-slice, gather).

#include "reference_ops.h"

#include <rapidcheck.h>

#include <algorithm>
#include <numeric>

namespace provix::hlo::testing {

namespace {

bool next_index(Index& i, const Dims& dims) {
    for (size_t k = dims.size(); k-- > 0;) {
        if (++i[k] < dims[k]) return true;
        i[k] = 0;
    }
    return false;
}

int64_t linear_index(const Index& x, const Dims& dims) {
    int64_t l = 0;
    for (size_t k = 0; k < dims.size(); ++k)
        l = l * dims[k] + x[k];
    return l;
}

Index from_linear(int64_t l, const Dims& dims) {
    Index x(dims.size(), 0);
    for (size_t k = dims.size(); k-- > 0;) {
        x[k] = l % dims[k];
        l /= dims[k];
    }
    return x;
}

Dims default_layout(size_t rank) {
    Dims l;
    for (size_t k = rank; k-- > 0;)
        l.push_back(static_cast<int64_t>(k));
    return l;
}

/// Offset of logical index x in memory under layout (minor to major).
int64_t physical_offset(const Index& x, const Dims& dims, const Dims& layout) {
    int64_t offset = 0, stride = 1;
    for (int64_t d : layout) {
        offset += x[static_cast<size_t>(d)] * stride;
        stride *= dims[static_cast<size_t>(d)];
    }
    return offset;
}

Index from_physical(int64_t offset, const Dims& dims, const Dims& layout) {
    Index x(dims.size(), 0);
    for (int64_t d : layout) {
        x[static_cast<size_t>(d)] = offset % dims[static_cast<size_t>(d)];
        offset /= dims[static_cast<size_t>(d)];
    }
    return x;
}

/// A random factorization of the element count of `in`.
Dims random_factorization(const Dims& in) {
    if (std::count(in.begin(), in.end(), 0)) {  // no elements: any shape with a 0
        Dims out{0};
        if (coin()) out.insert(out.begin() + pick(0, 1), pick(1, 3));
        return out;
    }
    std::vector<int64_t> factors;
    for (int64_t d : in) {
        for (int64_t p = 2; d > 1; ++p) {
            while (d % p == 0) {
                factors.push_back(p);
                d /= p;
            }
        }
    }
    int64_t ones = pick(0, 1);
    for (int64_t i = 0; i < ones; ++i)
        factors.push_back(1);
    std::vector<int64_t> order = random_permutation(static_cast<int64_t>(factors.size()));
    Dims out;
    for (int64_t i : order) {
        if (!out.empty() && coin()) {
            out.back() *= factors[static_cast<size_t>(i)];
        } else {
            out.push_back(factors[static_cast<size_t>(i)]);
        }
    }
    return out;
}

/// The entries of `x` at `positions`, in their order: {5, 6, 7} at {2, 0}
/// is {7, 5}.
Index at_positions(const Index& x, const std::vector<int64_t>& positions) {
    Index out;
    for (int64_t p : positions)
        out.push_back(x[static_cast<size_t>(p)]);
    return out;
}

/// The HLO line `NAME = SHAPE OP(OPERAND), dimensions={...}`.
std::string dimensions_line(const std::string& name, const Dims& shape, const std::string& op,
                            const std::string& operand, const std::vector<int64_t>& dims) {
    return name + " = " + shape_text(shape) + " " + op + "(" + operand +
           "), dimensions=" + list_text(dims) + "\n";
}

std::string window_field(const std::vector<int64_t>& values) {
    std::string s;
    for (size_t i = 0; i < values.size(); ++i)
        s += (i ? "x" : "") + std::to_string(values[i]);
    return s;
}

}  // namespace

int64_t pick(int64_t lo, int64_t hi) { return *rc::gen::inRange<int64_t>(lo, hi + 1); }
bool coin() { return *rc::gen::arbitrary<bool>(); }

std::vector<Index> all_indices(const Dims& dims) {
    std::vector<Index> out;
    for (int64_t d : dims) {
        if (d <= 0) return out;
    }
    Index i(dims.size(), 0);
    do {
        out.push_back(i);
    } while (next_index(i, dims));
    return out;
}

std::string list_text(const std::vector<int64_t>& values) {
    std::string s = "{";
    for (size_t i = 0; i < values.size(); ++i)
        s += (i ? "," : "") + std::to_string(values[i]);
    return s + "}";
}

std::string shape_text(const Dims& dims, const Dims& layout) {
    std::string s = list_text(dims);
    s = "f32[" + s.substr(1, s.size() - 2) + "]";
    if (!layout.empty()) s += list_text(layout);
    return s;
}

Dims random_dims(int min_rank, int max_rank, int max_size) {
    Dims d(static_cast<size_t>(pick(min_rank, max_rank)));
    for (int64_t& x : d)
        x = pick(1, max_size);
    return d;
}

ReducedDims random_reduced_dims(const Dims& in) {
    ReducedDims out;
    for (size_t k = 0; k < in.size(); ++k) {
        if (coin()) {
            out.reduced.push_back(static_cast<int64_t>(k));
        } else {
            out.kept.push_back(in[k]);
        }
    }
    return out;
}

Reads reduce_reads(const Dims& in, const std::vector<int64_t>& reduced) {
    Reads reads;
    for (const Index& x : all_indices(in)) {
        Index o;
        for (size_t k = 0; k < in.size(); ++k) {
            if (!std::count(reduced.begin(), reduced.end(), static_cast<int64_t>(k))) {
                o.push_back(x[k]);
            }
        }
        reads[o].insert(x);
    }
    return reads;
}

std::vector<int64_t> random_permutation(int64_t n) {
    std::vector<int64_t> keys(static_cast<size_t>(n));
    for (int64_t& k : keys)
        k = pick(0, 1000);
    std::vector<int64_t> p(static_cast<size_t>(n));
    std::iota(p.begin(), p.end(), 0);
    std::stable_sort(p.begin(), p.end(), [&](int64_t a, int64_t b) {
        return keys[static_cast<size_t>(a)] < keys[static_cast<size_t>(b)];
    });
    return p;
}

// ----------------------------------------------------------------------------
// Unary steps.

UnaryStep random_transpose(const Dims& in, const Dims&, const std::string& operand,
                           const std::string& name) {
    std::vector<int64_t> perm = random_permutation(static_cast<int64_t>(in.size()));
    UnaryStep s;
    s.out_dims = at_positions(in, perm);
    for (const Index& x : all_indices(in))
        s.reads[at_positions(x, perm)].insert(x);
    s.lines = dimensions_line(name, s.out_dims, "transpose", operand, perm);
    return s;
}

UnaryStep random_reverse(const Dims& in, const Dims&, const std::string& operand,
                         const std::string& name) {
    std::vector<int64_t> dims;
    for (size_t k = 0; k < in.size(); ++k) {
        if (coin()) dims.push_back(static_cast<int64_t>(k));
    }
    UnaryStep s;
    s.out_dims = in;
    for (const Index& x : all_indices(in)) {
        Index o = x;
        for (int64_t k : dims)
            o[static_cast<size_t>(k)] = in[static_cast<size_t>(k)] - 1 - x[static_cast<size_t>(k)];
        s.reads[o].insert(x);
    }
    s.lines = dimensions_line(name, in, "reverse", operand, dims);
    return s;
}

UnaryStep random_broadcast(const Dims& in, const Dims&, const std::string& operand,
                           const std::string& name) {
    size_t out_rank = in.size() + static_cast<size_t>(pick(0, in.size() >= 3 ? 1 : 2));
    std::vector<int64_t> positions = random_permutation(static_cast<int64_t>(out_rank));
    positions.resize(in.size());
    std::sort(positions.begin(), positions.end());
    UnaryStep s;
    s.out_dims.assign(out_rank, -1);
    for (size_t k = 0; k < in.size(); ++k)
        s.out_dims[static_cast<size_t>(positions[k])] = in[k];
    for (int64_t& d : s.out_dims) {
        if (d < 0) d = pick(1, 3);  // a new dimension
    }
    for (const Index& o : all_indices(s.out_dims))
        s.reads[o].insert(at_positions(o, positions));
    s.lines = dimensions_line(name, s.out_dims, "broadcast", operand, positions);
    return s;
}

UnaryStep random_slice(const Dims& in, const Dims&, const std::string& operand,
                       const std::string& name) {
    std::vector<int64_t> start, limit, stride;
    UnaryStep s;
    std::string attr;
    for (size_t k = 0; k < in.size(); ++k) {
        start.push_back(pick(0, in[k]));
        limit.push_back(pick(start[k], in[k]));
        stride.push_back(pick(1, 3));
        s.out_dims.push_back((limit[k] - start[k] + stride[k] - 1) / stride[k]);
        attr += std::string(k ? ", " : "") + "[" + std::to_string(start[k]) + ":" +
                std::to_string(limit[k]) + ":" + std::to_string(stride[k]) + "]";
    }
    for (const Index& x : all_indices(in)) {
        Index o;
        bool kept = true;
        for (size_t k = 0; k < in.size() && kept; ++k) {
            kept = x[k] >= start[k] && x[k] < limit[k] && (x[k] - start[k]) % stride[k] == 0;
            o.push_back((x[k] - start[k]) / stride[k]);
        }
        if (kept) s.reads[o].insert(x);
    }
    s.lines =
        name + " = " + shape_text(s.out_dims) + " slice(" + operand + "), slice={" + attr + "}\n";
    return s;
}

UnaryStep random_reshape(const Dims& in, const Dims&, const std::string& operand,
                         const std::string& name) {
    UnaryStep s;
    s.out_dims = random_factorization(in);
    for (const Index& x : all_indices(in)) {
        s.reads[from_linear(linear_index(x, in), s.out_dims)].insert(x);
    }
    s.lines = name + " = " + shape_text(s.out_dims) + " reshape(" + operand + ")\n";
    return s;
}

UnaryStep random_bitcast(const Dims& in, const Dims& in_layout, const std::string& operand,
                         const std::string& name) {
    UnaryStep s;
    s.out_dims = random_factorization(in);
    s.out_layout = random_permutation(static_cast<int64_t>(s.out_dims.size()));
    Dims from = in_layout.empty() ? default_layout(in.size()) : in_layout;
    for (const Index& x : all_indices(in)) {
        int64_t offset = physical_offset(x, in, from);
        s.reads[from_physical(offset, s.out_dims, s.out_layout)].insert(x);
    }
    s.lines = name + " = " + shape_text(s.out_dims, s.out_layout) + " bitcast(" + operand + ")\n";
    return s;
}

UnaryStep random_pad(const Dims& in, const Dims&, const std::string& operand,
                     const std::string& name) {
    UnaryStep s;
    std::string attr;
    std::vector<int64_t> low, step;
    for (size_t k = 0; k < in.size(); ++k) {
        int64_t lo = pick(-2, 3), hi = pick(-2, 3), interior = pick(0, 2);
        int64_t size = lo + hi + in[k] + std::max<int64_t>(in[k] - 1, 0) * interior;
        if (size < 0) {
            hi -= size;
            size = 0;
        }
        low.push_back(lo);
        step.push_back(interior + 1);
        s.out_dims.push_back(size);
        attr += std::string(k ? "x" : "") + std::to_string(lo) + "_" + std::to_string(hi) + "_" +
                std::to_string(interior);
    }
    for (const Index& x : all_indices(in)) {
        Index o;
        bool inside = true;
        for (size_t k = 0; k < in.size(); ++k) {
            o.push_back(low[k] + x[k] * step[k]);
            inside = inside && o[k] >= 0 && o[k] < s.out_dims[k];
        }
        if (inside) s.reads[o].insert(x);
    }
    s.lines = name + "_v = f32[] constant(0)\n" + name + " = " + shape_text(s.out_dims) + " pad(" +
              operand + ", " + name + "_v), padding=" + attr + "\n";
    return s;
}

UnaryStep random_reduce(const Dims& in, const Dims&, const std::string& operand,
                        const std::string& name) {
    const ReducedDims dims = random_reduced_dims(in);
    UnaryStep s;
    s.out_dims = dims.kept;
    s.reads = reduce_reads(in, dims.reduced);
    s.lines = name + "_i = f32[] constant(0)\n" + name + " = " + shape_text(s.out_dims) +
              " reduce(" + operand + ", " + name + "_i), dimensions=" + list_text(dims.reduced) +
              ", to_apply=add\n";
    return s;
}

UnaryStep random_reduce_window(const Dims& in, const Dims&, const std::string& operand,
                               const std::string& name) {
    const size_t r = in.size();
    std::vector<int64_t> size(r), stride(r), low(r), high(r), bd(r), wd(r), padded(r);
    UnaryStep s;
    std::string pads;
    for (size_t k = 0; k < r; ++k) {
        size[k] = pick(1, 3);
        stride[k] = pick(1, 3);
        low[k] = pick(-1, 2);
        high[k] = pick(-1, 2);
        bd[k] = pick(1, 2);
        wd[k] = pick(1, 2);
        padded[k] = (in[k] == 0 ? 0 : (in[k] - 1) * bd[k] + 1) + low[k] + high[k];
        int64_t dilated = (size[k] - 1) * wd[k] + 1;
        s.out_dims.push_back(padded[k] < dilated ? 0 : (padded[k] - dilated) / stride[k] + 1);
        pads += std::string(k ? "x" : "") + std::to_string(low[k]) + "_" + std::to_string(high[k]);
    }
    // Materialize the padded input: which element sits at each position.
    std::map<Index, Index> padded_input;
    for (const Index& x : all_indices(in)) {
        Index p;
        bool inside = true;
        for (size_t k = 0; k < r; ++k) {
            p.push_back(low[k] + x[k] * bd[k]);
            inside = inside && p[k] >= 0 && p[k] < padded[k];
        }
        if (inside) padded_input[p] = x;
    }
    for (const Index& o : all_indices(s.out_dims)) {
        for (const Index& w : all_indices(size)) {
            Index q;
            for (size_t k = 0; k < r; ++k)
                q.push_back(o[k] * stride[k] + w[k] * wd[k]);
            auto it = padded_input.find(q);
            if (it != padded_input.end()) s.reads[o].insert(it->second);
        }
    }
    s.lines = name + "_i = f32[] constant(0)\n" + name + " = " + shape_text(s.out_dims) +
              " reduce-window(" + operand + ", " + name +
              "_i), window={size=" + window_field(size) + " stride=" + window_field(stride) +
              " pad=" + pads + " lhs_dilate=" + window_field(bd) +
              " rhs_dilate=" + window_field(wd) + "}, to_apply=add\n";
    return s;
}

UnaryStep random_unary_step(const Dims& in, const Dims& in_layout, const std::string& operand,
                            const std::string& name) {
    using Gen = UnaryStep (*)(const Dims&, const Dims&, const std::string&, const std::string&);
    std::vector<Gen> gens = {random_transpose, random_reverse, random_slice, random_reshape,
                             random_bitcast,   random_pad,     random_reduce};
    if (in.size() < 3) gens.push_back(random_broadcast);
    if (!in.empty()) gens.push_back(random_reduce_window);
    Gen g = gens[static_cast<size_t>(pick(0, static_cast<int64_t>(gens.size()) - 1))];
    return g(in, in_layout, operand, name);
}

UnaryChain random_unary_chain(const Dims& in, const Dims& in_layout, int64_t max_steps) {
    UnaryChain c;
    c.hlo = "p0 = " + shape_text(in, in_layout) + " parameter(0)\n";
    for (const Index& x : all_indices(in))
        c.reads[x].insert(x);
    Dims dims = in, layout = in_layout;
    int64_t steps = *rc::gen::inRange<int64_t>(1, max_steps + 1);
    std::string operand = "p0";
    for (int64_t i = 0; i < steps; ++i) {
        std::string name = "v" + std::to_string(i);
        UnaryStep step = random_unary_step(dims, layout, operand, name);
        Reads next;
        for (const auto& [o, ys] : step.reads) {
            for (const Index& y : ys) {
                auto it = c.reads.find(y);
                if (it != c.reads.end()) next[o].insert(it->second.begin(), it->second.end());
            }
        }
        c.reads = std::move(next);
        c.hlo += step.lines;
        dims = step.out_dims;
        layout = step.out_layout;
        operand = name;
    }
    c.out_dims = dims;
    c.out_layout = layout;
    return c;
}

OpInstance unary_instance(const Dims& in, const Dims& in_layout, const UnaryStep& step) {
    OpInstance op;
    op.hlo = "p0 = " + shape_text(in, in_layout) + " parameter(0)\n" + step.lines;
    op.operand_dims = {in};
    op.out_dims = step.out_dims;
    op.reads = {step.reads};
    op.exact = {true};
    return op;
}

}  // namespace provix::hlo::testing
