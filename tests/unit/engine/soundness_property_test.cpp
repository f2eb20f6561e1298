// The engine against brute force: random small maps are simplified and the
// relation {dims -> results : exists symbols} is compared exhaustively over
// every point of the (small) domain before and after. Independent of the
// solver back ends.

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <map>
#include <set>

#include "provix/parser.h"
#include "provix/simplify.h"

namespace provix {
namespace {

/// Expressions shaped like index arithmetic, so the rules get exercised:
/// linear sums with related coefficients, division and mod by positive and
/// negative constants, recombination patterns, min/max.
Expr gen_expr(Context& ctx, int64_t num_vars, int depth) {
    auto var = [&] { return ctx.variable(*rc::gen::inRange<int64_t>(0, num_vars)); };
    auto coef = [&] {
        static const std::vector<int64_t> kCoefs = {1, 2, 3, 4, 6, 8, 12, 16, -1, -2, -4, -8};
        return *rc::gen::elementOf(kCoefs);
    };
    auto divisor = [&] {
        static const std::vector<int64_t> kDivs = {2, 3, 4, 5, 8, 16, -2, -3, -4, -8};
        return *rc::gen::elementOf(kDivs);
    };
    int pick = *rc::gen::inRange(0, depth > 0 ? 10 : 2);
    switch (pick) {
        case 0: return var();
        case 1: {
            Expr sum = var() * coef();
            int n = *rc::gen::inRange(0, 3);
            for (int i = 0; i < n; ++i) sum = sum + var() * coef();
            return sum + *rc::gen::inRange<int64_t>(-10, 11);
        }
        case 2: return floor_div(gen_expr(ctx, num_vars, depth - 1), divisor());
        case 3: return mod(gen_expr(ctx, num_vars, depth - 1), divisor());
        case 4: return ceil_div(gen_expr(ctx, num_vars, depth - 1), divisor());
        case 5: {
            Expr x = gen_expr(ctx, num_vars, depth - 1);
            int64_t c = *rc::gen::inRange<int64_t>(2, 9);
            int64_t k = *rc::gen::inRange<int64_t>(1, 4);
            return floor_div(x, c) * (c * k) + mod(x, c) * k + gen_expr(ctx, num_vars, 0);
        }
        case 6:
            return min(gen_expr(ctx, num_vars, depth - 1), gen_expr(ctx, num_vars, depth - 1));
        case 7:
            return max(gen_expr(ctx, num_vars, depth - 1), gen_expr(ctx, num_vars, depth - 1));
        case 8:
            return gen_expr(ctx, num_vars, depth - 1) * coef() + gen_expr(ctx, num_vars, depth - 1);
        default:
            return floor_div(floor_div(gen_expr(ctx, num_vars, depth - 1), divisor()), divisor());
    }
}

struct Case {
    IndexingMap map;
    std::string text;
};

IndexingMap gen_map(Context& ctx) {
    int64_t dims = *rc::gen::inRange<int64_t>(1, 3);
    int64_t syms = *rc::gen::inRange<int64_t>(0, 2);
    int64_t n = dims + syms;
    std::vector<IndexingVariable> d, s;
    for (int64_t i = 0; i < n; ++i) {
        int64_t lo = *rc::gen::inRange<int64_t>(-8, 9);
        int64_t width = *rc::gen::inRange<int64_t>(0, 12);
        IndexingVariable v{Interval{lo, lo + width}, ""};
        (i < dims ? d : s).push_back(v);
    }
    std::vector<Expr> results;
    int64_t num_results = *rc::gen::inRange<int64_t>(1, 3);
    for (int64_t i = 0; i < num_results; ++i) results.push_back(gen_expr(ctx, n, 2));
    std::vector<Constraint> constraints;
    int64_t nc = *rc::gen::inRange<int64_t>(0, 3);
    for (int64_t i = 0; i < nc; ++i) {
        int kind = *rc::gen::inRange(0, 3);
        Expr x = ctx.variable(*rc::gen::inRange<int64_t>(0, n));
        if (kind == 0) {
            int64_t m = *rc::gen::inRange<int64_t>(2, 7);
            int64_t r = *rc::gen::inRange<int64_t>(0, m);
            constraints.push_back({mod(x, m), Interval::point(r)});
        } else {
            Expr e = gen_expr(ctx, n, 1);
            int64_t lo = *rc::gen::inRange<int64_t>(-20, 21);
            constraints.push_back({e, Interval{lo, lo + *rc::gen::inRange<int64_t>(0, 30)}});
        }
    }
    auto map = IndexingMap::get(*SymbolicMap::get(ctx, dims, syms, results), d, s, {}, constraints);
    RC_ASSERT(map.ok());
    return *map;
}

/// {dims -> set of result tuples} over the whole domain, by enumeration.
/// Results that fail to evaluate are recorded as an error marker.
using Relation = std::map<std::vector<int64_t>, std::set<std::vector<int64_t>>>;

Relation enumerate(const IndexingMap& m, const std::vector<Interval>& dim_box) {
    Relation rel;
    if (m.is_known_empty()) return rel;
    std::vector<Interval> box = m.variable_bounds();
    for (size_t i = 0; i < dim_box.size(); ++i) box[i] = dim_box[i];
    for (const Interval& b : box)
        if (b.is_empty()) return rel;
    std::vector<int64_t> p(box.size());
    for (size_t i = 0; i < box.size(); ++i) p[i] = box[i].lo;
    while (true) {
        if (m.constraints_satisfied(p)) {
            std::vector<int64_t> dims(p.begin(), p.begin() + m.num_dims());
            auto r = m.evaluate(p);
            rel[dims].insert(r.ok() ? *r : std::vector<int64_t>{INT64_MIN, 7});
        }
        size_t i = 0;
        for (; i < box.size(); ++i) {
            if (p[i] < box[i].hi) {
                ++p[i];
                break;
            }
            p[i] = box[i].lo;
        }
        if (i == box.size()) break;
    }
    return rel;
}

RC_GTEST_PROP(EngineSoundness, SimplifiedMapHasTheSameRelation, ()) {
    Context ctx;
    IndexingMap input = gen_map(ctx);
    IndexingMap output = input;
    std::vector<std::string> trace;
    SimplifyOptions options;
    options.trace = &trace;
    simplify(output, options);
    RC_LOG() << "input:\n" << input.to_string() << "\noutput:\n" << output.to_string() << "\n";
    for (const std::string& r : trace) RC_LOG() << "rule: " << r << "\n";
    // Dimension box of the input (the output may only tighten it).
    std::vector<Interval> dim_box(input.dims().size());
    for (size_t i = 0; i < dim_box.size(); ++i) dim_box[i] = input.dims()[i].bounds;
    Relation before = enumerate(input, dim_box);
    Relation after = output.is_known_empty() ? Relation() : enumerate(output, dim_box);
    RC_CLASSIFY(before.empty(), "empty domain");
    RC_CLASSIFY(!trace.empty(), "rules fired");
    RC_ASSERT(before == after);
}

RC_GTEST_PROP(EngineSoundness, ReportedRangesContainEveryValue, ()) {
    Context ctx;
    IndexingMap input = gen_map(ctx);
    IndexingMap output = input;
    simplify(output);
    RC_LOG() << output.to_string() << "\n";
    if (output.is_known_empty()) return;
    std::vector<Interval> ranges = result_ranges(output);
    std::vector<Interval> dim_box(output.dims().size());
    for (size_t i = 0; i < dim_box.size(); ++i) dim_box[i] = output.dims()[i].bounds;
    for (const auto& [dims, values] : enumerate(output, dim_box)) {
        for (const std::vector<int64_t>& v : values) {
            if (v.size() == 2 && v[0] == INT64_MIN) continue;  // evaluation error
            for (size_t i = 0; i < v.size(); ++i) RC_ASSERT(ranges[i].contains(v[i]));
        }
    }
}

RC_GTEST_PROP(EngineSoundness, SimplifyIsIdempotent, ()) {
    Context ctx;
    IndexingMap m = gen_map(ctx);
    simplify(m);
    std::string once = m.to_string();
    simplify(m);
    RC_LOG() << once << "\n";
    RC_ASSERT(m.to_string() == once);
}

}  // namespace
}  // namespace provix
