#pragma once
/// \file
/// RapidCheck generators of random expressions and indexing maps, shared by
/// the property tests of the core and text areas. Call them inside a
/// property (they draw with `*gen`).
///
///     RC_GTEST_PROP(Area, Property, ()) {
///         Context ctx;
///         IndexingMap m = testing_support::random_map(ctx, {});
///     }

#include <rapidcheck.h>

#include <optional>
#include <string>
#include <vector>

#include "provix/indexing_map.h"

namespace provix::testing_support {

/// What the generated maps may contain.
struct MapOptions {
    int64_t num_dims = -1;          ///< -1: random in [0, 3]
    bool variable_divisors = true;  ///< divisors may be expressions (else constants != 0)
    bool infinite_bounds = true;    ///< bounds may be -inf / inf
    bool large_constants = true;    ///< constants near the int64 limits may occur
    bool custom_names = true;       ///< variables may have non-default names
    int max_depth = 3;
};

/// A random canonical expression over variables 0 .. num_vars-1.
inline Expr random_expr(Context& ctx, int64_t num_vars, const MapOptions& o, int depth) {
    const int choice = *rc::gen::inRange(0, depth > 0 ? 11 : 2);
    auto constant = [&]() -> Expr {
        if (o.large_constants && *rc::gen::inRange(0, 10) == 0) {
            static const std::vector<int64_t> kLarge = {kInt64Min, kInt64Max, kInt64Min + 1,
                                                        kInt64Max - 1, int64_t{1} << 40};
            return ctx.constant(*rc::gen::elementOf(kLarge));
        }
        return ctx.constant(*rc::gen::inRange<int64_t>(-20, 21));
    };
    auto sub = [&]() { return random_expr(ctx, num_vars, o, depth - 1); };
    switch (choice) {
        case 0:
            return constant();
        case 1:
            if (num_vars == 0) return constant();
            return ctx.variable(*rc::gen::inRange<int64_t>(0, num_vars));
        case 2:
        case 3:
            return sub() + sub();
        case 4:
            return sub() - sub();
        case 5:
            return sub() * constant();
        case 6:
            return sub() * sub();
        case 7:
        case 8:
        case 9: {
            Expr a = sub();
            Expr b;
            if (o.variable_divisors && *rc::gen::inRange(0, 3) == 0) {
                b = sub();
            } else {
                int64_t v = *rc::gen::inRange<int64_t>(-9, 10);
                b = ctx.constant(v == 0 ? 4 : v);
            }
            if (b.is_constant(0)) return a;  // a literal zero divisor is not a map
            if (choice == 7) return floor_div(a, b);
            if (choice == 8) return ceil_div(a, b);
            return mod(a, b);
        }
        default:
            return *rc::gen::inRange(0, 2) == 0 ? min(sub(), sub()) : max(sub(), sub());
    }
}

/// Random (possibly empty) bounds.
inline Interval random_bounds(const MapOptions& o) {
    int64_t lo = *rc::gen::inRange<int64_t>(-10, 11);
    int64_t hi = lo + *rc::gen::inRange<int64_t>(0, 16);
    std::optional<int64_t> l = lo, h = hi;
    if (o.infinite_bounds && *rc::gen::inRange(0, 8) == 0) l.reset();
    if (o.infinite_bounds && *rc::gen::inRange(0, 8) == 0) h.reset();
    return Interval::bounded_by(l, h);
}

/// A random valid indexing map (possibly known empty).
inline IndexingMap random_map(Context& ctx, const MapOptions& o) {
    const int64_t nd = o.num_dims >= 0 ? o.num_dims : *rc::gen::inRange<int64_t>(0, 4);
    const int64_t nr = *rc::gen::inRange<int64_t>(0, 3);
    const int64_t nt = *rc::gen::inRange<int64_t>(0, 3);
    const int64_t n = nd + nr + nt;
    std::vector<IndexingVariable> vars;
    for (int64_t i = 0; i < n; ++i) {
        std::string name;
        if (o.custom_names && *rc::gen::inRange(0, 4) == 0) name = "x" + std::to_string(i) + "_";
        vars.push_back({random_bounds(o), name});
    }
    std::vector<Expr> results;
    const int num_results = *rc::gen::inRange(0, 4);
    for (int i = 0; i < num_results; ++i)
        results.push_back(random_expr(ctx, n, o, o.max_depth));
    std::vector<Constraint> constraints;
    const int num_constraints = *rc::gen::inRange(0, 3);
    for (int i = 0; i < num_constraints; ++i) {
        constraints.push_back({random_expr(ctx, n, o, o.max_depth), random_bounds(o)});
    }
    SymbolicMap map = *SymbolicMap::get(ctx, nd, nr + nt, results);
    Result<IndexingMap> m = IndexingMap::get(
        map, std::vector<IndexingVariable>(vars.begin(), vars.begin() + nd),
        std::vector<IndexingVariable>(vars.begin() + nd, vars.begin() + nd + nr),
        std::vector<IndexingVariable>(vars.begin() + nd + nr, vars.end()), constraints);
    RC_ASSERT(m.ok());
    return *m;
}

}  // namespace provix::testing_support
