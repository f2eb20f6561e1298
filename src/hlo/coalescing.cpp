// Memory coalescing of an operand's reads (see provix/hlo/coalescing.h).

#include "provix/hlo/coalescing.h"

#include <algorithm>
#include <set>

#include "domain_points.h"
#include "provix/interval_eval.h"
#include "provix/semantics.h"
#include "provix/simplify.h"

namespace provix::hlo {

namespace {

/// The logical index of physical offset `linear` of `shape`.
std::vector<Expr> delinearize(Context& ctx, Expr linear, const HloShape& shape) {
    std::vector<Expr> index(shape.dims.size(), ctx.constant(0));
    int64_t stride = 1;
    for (int64_t d : shape.minor_to_major()) {
        int64_t size = shape.dims[static_cast<size_t>(d)];
        index[static_cast<size_t>(d)] = mod(floor_div(linear, stride), size);
        stride *= size;
    }
    return index;
}

/// The physical offset of logical index `index` of `shape`, or an error
/// when a stride (the product of the dimensions more minor than its own)
/// does not fit in int64.
Result<Expr> linearize(Context& ctx, const std::vector<Expr>& index, const HloShape& shape) {
    Expr out = ctx.constant(0);
    int64_t stride = 1;
    const std::vector<int64_t> order = shape.minor_to_major();
    for (size_t k = 0; k < order.size(); ++k) {
        const auto d = static_cast<size_t>(order[k]);
        out = out + index[d] * stride;
        if (k + 1 == order.size()) break;  // no stride beyond the most major dimension
        auto next = checked_mul(stride, shape.dims[d]);
        if (!next) return Error::overflow("the strides of " + shape.to_string() + " exceed int64");
        stride = *next;
    }
    return out;
}

/// The map `(L)[range vars] -> (offset(L + 1) - offset(L))` over pairs of
/// consecutive threads of a block where thread L reads through `first` and
/// thread L + 1 through `second` (each within its map's dimension bounds
/// and constraints). The same map: with the same values of its range
/// variables (one loop iteration); two maps: neither has range variables.
Result<IndexingMap> stride_map(const IndexingMap& first, const IndexingMap& second,
                               const HloShape& output, const HloShape& operand, int64_t threads,
                               int64_t n) {
    Context& ctx = *first.context();
    const int64_t r = first.num_range_vars();
    // Variables: L (id 0), then the range variables (ids 1..r).
    std::vector<Expr> range;
    for (int64_t j = 0; j < r; ++j)
        range.push_back(ctx.variable(1 + j));
    Expr l = ctx.variable(0);
    auto at = [&](const IndexingMap& m, Expr linear, std::vector<Expr>* results,
                  std::vector<Constraint>* cons) {
        std::vector<Expr> repl = delinearize(ctx, linear, output);
        // The thread reads through `m` only where its output index lies in
        // m's dimension bounds (a concatenate's or a pad's operand is read
        // on part of the output): bounds narrower than the output's
        // dimension become constraints on L.
        for (size_t d = 0; d < repl.size(); ++d) {
            const Interval& b = m.dims()[d].bounds;
            if (!b.contains(0) || !b.contains(output.dims[d] - 1)) cons->push_back({repl[d], b});
        }
        repl.insert(repl.end(), range.begin(), range.end());
        for (Expr e : m.results())
            results->push_back(substitute(e, repl));
        for (const Constraint& c : m.constraints())
            cons->push_back({substitute(c.expr, repl), c.range});
    };
    std::vector<Expr> from_reads, to_reads;
    std::vector<Constraint> constraints;
    at(first, l, &from_reads, &constraints);
    at(second, l + 1, &to_reads, &constraints);
    constraints.push_back({mod(l, threads), {0, threads - 2}});
    auto to = linearize(ctx, to_reads, operand), from = linearize(ctx, from_reads, operand);
    if (!to) return to.error();
    if (!from) return from.error();
    Expr diff = *to - *from;
    std::vector<IndexingVariable> dims{{{0, n - 2}, "L"}};
    std::vector<IndexingVariable> ranges;
    for (const IndexingVariable& v : first.range_vars())
        ranges.push_back({v.bounds, ""});
    return IndexingMap::get(*SymbolicMap::get(ctx, 1, r, {diff}), dims, ranges, {}, constraints);
}

/// The distinct values of the single result of `m` over its domain, or an
/// error when more than `max_points` points.
Result<std::set<int64_t>> enumerate_values(const IndexingMap& m, int64_t max_points) {
    std::vector<Interval> box = m.variable_bounds();
    auto points = detail::box_points(box, max_points);
    if (!points) return Error::invalid("more than " + std::to_string(max_points) + " points");
    std::set<int64_t> out;
    if (*points == 0) return out;
    std::vector<int64_t> values = detail::first_point(box);
    do {
        const Membership in = m.membership(values);
        if (in == Membership::Undecided) {
            return Error::overflow("a constraint's evaluation leaves 128 bits at a point");
        }
        if (in == Membership::Inside) {
            auto v = m.evaluate(values);
            if (!v) return v.error();
            out.insert((*v)[0]);
        }
    } while (detail::next_point(values, box));
    return out;
}

}  // namespace

Coalescing analyze_coalescing(const IndexingMapSet& maps, const HloShape& output,
                              const HloShape& operand, int64_t threads, int64_t max_points) {
    Coalescing c;
    auto unknown = [&](const std::string& why) {
        c.known = false;
        c.coalesced = false;
        c.reason = why;
        return c;
    };
    if (maps.is_unknown()) return unknown("UNKNOWN maps");
    if (threads < 2) return unknown("a block needs at least 2 threads");
    auto n = output.num_elements();
    if (!n) return unknown("output too large");
    std::set<int64_t> strides;
    for (const IndexingMap& m : maps) {
        if (m.is_known_empty() || *n < 2) continue;
        if (m.is_undefined()) return unknown("UNDEFINED map");
        if (m.num_rt_vars() > 0) return unknown("depends on runtime values");
        if (m.num_dims() != output.rank() || m.num_results() != operand.rank()) {
            return unknown("map does not fit the shapes");
        }
    }
    // Every pair of maps in turn: consecutive threads may read the operand
    // through two of them (a concatenate of an operand with itself).
    for (const IndexingMap& a : maps) {
        for (const IndexingMap& b : maps) {
            if (a.is_known_empty() || b.is_known_empty() || *n < 2) continue;
            if (&a != &b && (a.num_range_vars() > 0 || b.num_range_vars() > 0)) {
                return unknown("two maps of the operand with range variables");
            }
            auto sm = stride_map(a, b, output, operand, threads, *n);
            if (!sm) return unknown(sm.error().message);
            IndexingMap s = *sm;
            simplify(s);
            if (s.is_known_empty()) continue;
            const bool constant =
                s.state() == IndexingMap::State::Normal && s.results()[0].is_constant();
            if (constant && s.constraints().empty()) {
                // The domain is a box, not empty (else KNOWN EMPTY): some
                // pair of consecutive threads reads with this stride.
                strides.insert(s.results()[0].constant_value());
                continue;
            }
            // A constant stride under constraints is a stride only if some
            // pair of consecutive threads satisfies them: enumerate.
            auto values = enumerate_values(s, max_points);
            if (!values) {
                return unknown(constant ? "a constant stride under constraints, not decided "
                                          "whether any pair of consecutive threads meets them (" +
                                              values.error().message + ")"
                                        : "stride not constant, " + values.error().message);
            }
            strides.insert(values->begin(), values->end());
        }
    }
    c.known = true;
    c.strides.assign(strides.begin(), strides.end());
    c.coalesced =
        std::all_of(c.strides.begin(), c.strides.end(), [](int64_t s) { return s == 0 || s == 1; });
    return c;
}

std::string to_string(const Coalescing& c) {
    if (!c.known) return "coalesced unknown (" + c.reason + ")";
    std::string out = std::string("coalesced ") + (c.coalesced ? "yes" : "no");
    if (c.strides.empty()) return out + ", no reads";
    out += c.strides.size() == 1 ? ", stride " : ", strides ";
    for (size_t i = 0; i < c.strides.size(); ++i)
        out += (i ? ", " : "") + std::to_string(c.strides[i]);
    return out;
}

}  // namespace provix::hlo
