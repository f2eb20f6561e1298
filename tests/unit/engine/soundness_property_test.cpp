// The engine against brute force: random small maps are simplified and the
// relation {(dims, runtime variables) -> results : exists range variables}
// is compared exhaustively over every point of the (small) domain before and
// after, definedness included: a result that divides by zero at a point is
// an error there, and must be one after simplification too. Divisors may be
// variables whose range holds 0. Independent of the solver back ends.

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <map>
#include <set>

#include "provix/parser.h"
#include "provix/simplify.h"
#include "support/box_points.h"

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
    int pick = *rc::gen::inRange(0, depth > 0 ? 12 : 2);
    switch (pick) {
        case 0:
            return var();
        case 1: {
            Expr sum = var() * coef();
            int n = *rc::gen::inRange(0, 3);
            for (int i = 0; i < n; ++i)
                sum = sum + var() * coef();
            return sum + *rc::gen::inRange<int64_t>(-10, 11);
        }
        case 2:
            return floor_div(gen_expr(ctx, num_vars, depth - 1), divisor());
        case 3:
            return mod(gen_expr(ctx, num_vars, depth - 1), divisor());
        case 4:
            return ceil_div(gen_expr(ctx, num_vars, depth - 1), divisor());
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
        case 10: {
            // A variable divisor (its range may hold 0: undefined there).
            Expr x = gen_expr(ctx, num_vars, depth - 1);
            switch (*rc::gen::inRange(0, 3)) {
                case 0:
                    return floor_div(x, var());
                case 1:
                    return mod(x, var());
                default:
                    return ceil_div(x, var());
            }
        }
        case 11: {
            // Shapes the rules erase: a multiple of the divisor, a zero factor,
            // a min decided by ranges, with a possibly undefined operand.
            Expr u = floor_div(var(), var());
            switch (*rc::gen::inRange(0, 4)) {
                case 0:
                    return mod(u * divisor() * 2 + gen_expr(ctx, num_vars, 0), 2);
                case 1:
                    return u * 0 + gen_expr(ctx, num_vars, 0);
                case 2:
                    return min(gen_expr(ctx, num_vars, 0), u + 100);
                default:
                    return u - u;
            }
        }
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
    int64_t rts = *rc::gen::inRange<int64_t>(0, 2);
    int64_t n = dims + syms + rts;
    std::vector<IndexingVariable> d, s, rt;
    for (int64_t i = 0; i < n; ++i) {
        int64_t lo = *rc::gen::inRange<int64_t>(-8, 9);
        int64_t width = *rc::gen::inRange<int64_t>(0, 12);
        IndexingVariable v{Interval{lo, lo + width}, ""};
        (i < dims ? d : i < dims + syms ? s : rt).push_back(v);
    }
    std::vector<Expr> results;
    int64_t num_results = *rc::gen::inRange<int64_t>(1, 3);
    for (int64_t i = 0; i < num_results; ++i)
        results.push_back(gen_expr(ctx, n, 2));
    std::vector<Constraint> constraints;
    int64_t nc = *rc::gen::inRange<int64_t>(0, 3);
    for (int64_t i = 0; i < nc; ++i) {
        int kind = *rc::gen::inRange(0, 3);
        Expr x = ctx.variable(*rc::gen::inRange<int64_t>(0, n));
        if (kind == 0) {
            // A congruence (on a runtime variable: it must not be rescaled).
            int64_t m = *rc::gen::inRange<int64_t>(2, 7);
            int64_t r = *rc::gen::inRange<int64_t>(0, m);
            constraints.push_back({mod(x, m), Interval::point(r)});
        } else {
            Expr e = gen_expr(ctx, n, 1);
            int64_t lo = *rc::gen::inRange<int64_t>(-20, 21);
            constraints.push_back({e, Interval{lo, lo + *rc::gen::inRange<int64_t>(0, 30)}});
        }
    }
    auto map =
        IndexingMap::get(*SymbolicMap::get(ctx, dims, syms + rts, results), d, s, rt, constraints);
    RC_ASSERT(map.ok());
    return *map;
}

/// {(dims, runtime variables) -> set of result tuples} over the whole
/// domain, by enumeration. Results that fail to evaluate (a zero divisor)
/// are recorded as an error marker. `input_box` replaces the bounds of the
/// dims and the runtime variables (the output may only tighten them).
using Relation = std::map<std::vector<int64_t>, std::set<std::vector<int64_t>>>;

/// The bounds of the inputs of `m`: dims, then runtime variables.
std::vector<Interval> input_box(const IndexingMap& m) {
    std::vector<Interval> box;
    for (const IndexingVariable& v : m.dims())
        box.push_back(v.bounds);
    for (const IndexingVariable& v : m.rt_vars())
        box.push_back(v.bounds);
    return box;
}

Relation enumerate(const IndexingMap& m, const std::vector<Interval>& inputs) {
    Relation rel;
    if (m.is_known_empty()) return rel;
    std::vector<Interval> box = m.variable_bounds();
    const size_t nd = static_cast<size_t>(m.num_dims()), nr = static_cast<size_t>(m.num_rt_vars());
    const size_t first_rt = box.size() - nr;
    for (size_t i = 0; i < nd; ++i)
        box[i] = inputs[i];
    for (size_t i = 0; i < nr; ++i)
        box[first_rt + i] = inputs[nd + i];
    for (const Interval& b : box)
        if (b.is_empty()) return rel;
    std::vector<int64_t> p = testing_support::first_point(box);
    do {
        if (m.membership(p) == Membership::Inside) {
            std::vector<int64_t> key(p.begin(), p.begin() + static_cast<std::ptrdiff_t>(nd));
            key.insert(key.end(), p.begin() + static_cast<std::ptrdiff_t>(first_rt), p.end());
            auto r = m.evaluate(p);
            rel[key].insert(r.ok() ? *r : std::vector<int64_t>{INT64_MIN, 7});
        }
    } while (testing_support::next_point(p, box));
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
    for (const std::string& r : trace)
        RC_LOG() << "rule: " << r << "\n";
    // The input's dims and runtime variables (the output keeps the same
    // runtime variables, and may only tighten the bounds).
    RC_ASSERT(output.is_known_empty() || output.num_rt_vars() == input.num_rt_vars());
    std::vector<Interval> inputs = input_box(input);
    Relation before = enumerate(input, inputs);
    Relation after = output.is_known_empty() ? Relation() : enumerate(output, inputs);
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
    for (const auto& [inputs, values] : enumerate(output, input_box(output))) {
        for (const std::vector<int64_t>& v : values) {
            if (v.size() == 2 && v[0] == INT64_MIN) continue;  // evaluation error
            for (size_t i = 0; i < v.size(); ++i)
                RC_ASSERT(ranges[i].contains(v[i]));
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

// The trace names the steps that make the result: a map no step changed
// names none, and a map named steps changed (no rewrite chain of the
// engine comes back to where it started).
RC_GTEST_PROP(EngineTrace, NamesStepsExactlyWhenTheMapChanges, ()) {
    Context ctx;
    IndexingMap m = gen_map(ctx);
    const std::string before = m.to_string();
    std::vector<std::string> trace;
    SimplifyOptions options;
    options.trace = &trace;
    simplify(m, options);
    RC_LOG() << before << "\n" << m.to_string() << "\n";
    for (const std::string& r : trace)
        RC_LOG() << "step: " << r << "\n";
    RC_ASSERT(trace.empty() == (m.to_string() == before));
}

}  // namespace
}  // namespace provix
