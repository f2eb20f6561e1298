// RapidCheck properties: the isl and Z3 back ends against brute-force
// enumeration (provix::evaluate, i.e. provix/semantics.h) over small
// domains, on random expressions with negative divisors, negative bounds,
// nested floordiv / ceildiv / mod, min and max.

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "provix/solvers/oracle.h"

namespace provix::solvers {
namespace {

constexpr int kVars = 2;

int64_t nonzero_divisor() {
    int64_t v = *rc::gen::inRange<int64_t>(1, 7);
    return *rc::gen::arbitrary<bool>() ? v : -v;
}

/// A random expression over variables 0..kVars-1.
Expr random_expr(Context& ctx, int depth) {
    int choice = depth <= 0 ? *rc::gen::inRange(0, 3) : *rc::gen::inRange(0, 11);
    switch (choice) {
        case 0:
            return ctx.constant(*rc::gen::inRange<int64_t>(-9, 10));
        case 1:
        case 2:
            return ctx.variable(*rc::gen::inRange<int64_t>(0, kVars));
        case 3:
            return random_expr(ctx, depth - 1) + random_expr(ctx, depth - 1);
        case 4:
            return random_expr(ctx, depth - 1) * *rc::gen::inRange<int64_t>(-4, 5);
        case 5:
            return floor_div(random_expr(ctx, depth - 1), nonzero_divisor());
        case 6:
            return ceil_div(random_expr(ctx, depth - 1), nonzero_divisor());
        case 7:
            return mod(random_expr(ctx, depth - 1), nonzero_divisor());
        case 8:
            return min(random_expr(ctx, depth - 1), random_expr(ctx, depth - 1));
        case 9:
            return max(random_expr(ctx, depth - 1), random_expr(ctx, depth - 1));
        default:
            return random_expr(ctx, depth - 1) - random_expr(ctx, depth - 1);
    }
}

/// A random expression beyond quasi-affine: products of variables and
/// divisors that are expressions (possibly zero at some points).
Expr random_nonaffine(Context& ctx, int depth) {
    int choice = depth <= 0 ? *rc::gen::inRange(0, 3) : *rc::gen::inRange(0, 8);
    switch (choice) {
        case 0:
            return ctx.constant(*rc::gen::inRange<int64_t>(-5, 6));
        case 1:
        case 2:
            return ctx.variable(*rc::gen::inRange<int64_t>(0, kVars));
        case 3:
            return random_nonaffine(ctx, depth - 1) * random_nonaffine(ctx, depth - 1);
        case 4:
            return floor_div(random_nonaffine(ctx, depth - 1), random_nonaffine(ctx, depth - 1));
        case 5:
            return ceil_div(random_nonaffine(ctx, depth - 1), random_nonaffine(ctx, depth - 1));
        case 6:
            return mod(random_nonaffine(ctx, depth - 1), random_nonaffine(ctx, depth - 1));
        default:
            return random_nonaffine(ctx, depth - 1) + random_nonaffine(ctx, depth - 1);
    }
}

/// Random small bounds (possibly negative).
std::vector<IndexingVariable> random_dims() {
    std::vector<IndexingVariable> dims;
    for (int i = 0; i < kVars; ++i) {
        int64_t lo = *rc::gen::inRange<int64_t>(-8, 8);
        int64_t len = *rc::gen::inRange<int64_t>(0, 7);
        dims.push_back({Interval{lo, lo + len}, ""});
    }
    return dims;
}

IndexingMap make_map(Context& ctx, std::vector<Expr> results,
                     const std::vector<IndexingVariable>& dims,
                     std::vector<Constraint> constraints = {}) {
    auto m = IndexingMap::get(SymbolicMap::get(ctx, kVars, 0, std::move(results)), dims, {}, {},
                              std::move(constraints));
    RC_ASSERT(m.ok());
    return *m;
}

/// Every point of the box of `dims`.
std::vector<std::vector<int64_t>> points(const std::vector<IndexingVariable>& dims) {
    std::vector<std::vector<int64_t>> out;
    for (int64_t x = dims[0].bounds.lo; x <= dims[0].bounds.hi; ++x) {
        for (int64_t y = dims[1].bounds.lo; y <= dims[1].bounds.hi; ++y)
            out.push_back({x, y});
    }
    return out;
}

void check_range(Oracle& oracle, Context& ctx) {
    Expr e = random_expr(ctx, 3);
    auto dims = random_dims();
    IndexingMap m = make_map(ctx, {e}, dims);
    std::vector<int64_t> values;
    for (const auto& p : points(dims))
        values.push_back(*evaluate(e, p));
    RangeDecision r = oracle.exact_range(m, 0);
    RC_ASSERT(r.verdict == Verdict::Proven);
    RC_ASSERT(r.lo == std::to_string(*std::min_element(values.begin(), values.end())));
    RC_ASSERT(r.hi == std::to_string(*std::max_element(values.begin(), values.end())));
}

/// e == (e * k + r) floordiv k for 0 <= r < k (k > 0), and
/// e == (e floordiv c) * c + e mod c for every c != 0: both must be proven.
void check_identities(Oracle& oracle, Context& ctx) {
    Expr e = random_expr(ctx, 3);
    auto dims = random_dims();
    int64_t k = *rc::gen::inRange<int64_t>(1, 6);
    int64_t r = *rc::gen::inRange<int64_t>(0, k);
    int64_t c = nonzero_divisor();
    Expr scaled = floor_div(e * k + r, k);
    Expr split = floor_div(e, c) * c + mod(e, c);
    IndexingMap a = make_map(ctx, {e, e}, dims);
    IndexingMap b = make_map(ctx, {scaled, split}, dims);
    Decision d = oracle.equivalent(a, b);
    RC_ASSERT(d.verdict == Verdict::Proven);
}

/// Two random expressions: the verdict matches enumeration, and a
/// counterexample really separates them.
void check_random_pair(Oracle& oracle, Context& ctx) {
    Expr e1 = random_expr(ctx, 2);
    Expr e2 = random_expr(ctx, 2);
    auto dims = random_dims();
    bool equal = true;
    for (const auto& p : points(dims))
        equal = equal && *evaluate(e1, p) == *evaluate(e2, p);
    Decision d = oracle.equivalent(make_map(ctx, {e1}, dims), make_map(ctx, {e2}, dims));
    RC_ASSERT(d.verdict == (equal ? Verdict::Proven : Verdict::Refuted));
    if (!equal) {
        RC_ASSERT(d.counterexample.has_value());
        const Counterexample& c = *d.counterexample;
        RC_ASSERT(c.variables.size() == 2u);
        std::vector<int64_t> p = {*parse_int64(c.variables[0].value),
                                  *parse_int64(c.variables[1].value)};
        RC_ASSERT(c.first.results.size() == 1u);
        RC_ASSERT(c.second.results.size() == 1u);
        RC_ASSERT(c.first.results[0] == std::to_string(*evaluate(e1, p)));
        RC_ASSERT(c.second.results[0] == std::to_string(*evaluate(e2, p)));
        RC_ASSERT(c.first.results[0] != c.second.results[0]);
    }
}

/// A random constraint: emptiness matches enumeration; a witness satisfies
/// the constraints.
void check_emptiness(Oracle& oracle, Context& ctx) {
    Expr e = random_expr(ctx, 3);
    auto dims = random_dims();
    int64_t lo = *rc::gen::inRange<int64_t>(-12, 12);
    int64_t hi = lo + *rc::gen::inRange<int64_t>(0, 3);
    // Build through `get` so that the constraint is kept as written.
    IndexingMap m = make_map(ctx, {ctx.variable(0)}, dims, {{e, Interval{lo, hi}}});
    bool empty = m.is_known_empty();
    if (!empty) {
        empty = true;
        for (const auto& p : points(dims))
            empty = empty && !m.constraints_satisfied(p);
    }
    Decision d = oracle.is_empty(m);
    RC_ASSERT(d.verdict == (empty ? Verdict::Proven : Verdict::Refuted));
    if (!empty && !m.is_known_empty()) {
        RC_ASSERT(d.counterexample.has_value());
        std::vector<int64_t> p;
        for (const NamedValue& v : d.counterexample->variables)
            p.push_back(*parse_int64(v.value));
        RC_ASSERT(m.constraints_satisfied(p));
    }
}

/// One dim d0 and one range variable s0: relational equivalence (s0
/// projected out) matches enumeration of the two relations.
void check_relation(Oracle& oracle, Context& ctx) {
    Expr e1 = random_expr(ctx, 2);
    Expr e2 = *rc::gen::arbitrary<bool>()
                  ? random_expr(ctx, 2)
                  : substitute(e1, {ctx.variable(0), ctx.variable(1) * -1 + 0});
    auto vars = random_dims();
    // Reflecting s0 keeps the relation when its bounds are symmetric.
    if (*rc::gen::arbitrary<bool>()) vars[1].bounds = {-vars[1].bounds.hi, vars[1].bounds.hi};
    auto make = [&](Expr e) {
        auto m = IndexingMap::get(SymbolicMap::get(ctx, 1, 1, {e}), {vars[0]}, {vars[1]}, {});
        RC_ASSERT(m.ok());
        return *m;
    };
    bool equal = true;
    for (int64_t d = vars[0].bounds.lo; d <= vars[0].bounds.hi; ++d) {
        std::set<int64_t> r1, r2;
        for (int64_t s = vars[1].bounds.lo; s <= vars[1].bounds.hi; ++s) {
            r1.insert(*evaluate(e1, {d, s}));
            r2.insert(*evaluate(e2, {d, s}));
        }
        equal = equal && r1 == r2;
    }
    Decision dec = oracle.equivalent(make(e1), make(e2));
    RC_ASSERT(dec.verdict == (equal ? Verdict::Proven : Verdict::Refuted));
}

/// Z3 on expressions beyond quasi-affine: the range over the points where
/// the result is defined, and pointwise equivalence including where each
/// side divides by zero, both against enumeration.
void check_nonaffine(Oracle& oracle, Context& ctx) {
    Expr e1, e2;
    try {
        e1 = random_nonaffine(ctx, 2);
        e2 = *rc::gen::arbitrary<bool>() ? random_nonaffine(ctx, 2) : canonicalize(e1 * 1);
    } catch (const std::domain_error&) {
        RC_DISCARD("a literal zero divisor");
    }
    auto dims = random_dims();
    std::vector<int64_t> values;
    bool equal = true;
    for (const auto& p : points(dims)) {
        Result<int64_t> v1 = evaluate(e1, p), v2 = evaluate(e2, p);
        if (v1) values.push_back(*v1);
        equal = equal && v1.ok() == v2.ok() && (!v1 || *v1 == *v2);
    }
    IndexingMap a = make_map(ctx, {e1}, dims), b = make_map(ctx, {e2}, dims);
    RangeDecision r = oracle.exact_range(a, 0);
    RC_ASSERT(r.verdict == Verdict::Proven);
    if (values.empty()) {
        RC_ASSERT(r.empty);
    } else {
        RC_ASSERT(r.lo == std::to_string(*std::min_element(values.begin(), values.end())));
        RC_ASSERT(r.hi == std::to_string(*std::max_element(values.begin(), values.end())));
    }
    RC_ASSERT(oracle.equivalent(a, b).verdict == (equal ? Verdict::Proven : Verdict::Refuted));
}

RC_GTEST_PROP(Z3Property, NonAffineMatchesEnumeration, ()) {
    Context ctx;
    auto o = make_z3_oracle();
    check_nonaffine(*o, ctx);
}

RC_GTEST_PROP(IslProperty, RelationalVerdictMatchesEnumeration, ()) {
    Context ctx;
    auto o = make_isl_oracle();
    check_relation(*o, ctx);
}

RC_GTEST_PROP(Z3Property, RelationalVerdictMatchesEnumeration, ()) {
    Context ctx;
    auto o = make_z3_oracle();
    check_relation(*o, ctx);
}

RC_GTEST_PROP(IslProperty, ExactRangeMatchesEnumeration, ()) {
    Context ctx;
    auto o = make_isl_oracle();
    check_range(*o, ctx);
}

RC_GTEST_PROP(IslProperty, FloorIdentitiesAreProven, ()) {
    Context ctx;
    auto o = make_isl_oracle();
    check_identities(*o, ctx);
}

RC_GTEST_PROP(IslProperty, RandomPairVerdictMatchesEnumeration, ()) {
    Context ctx;
    auto o = make_isl_oracle();
    check_random_pair(*o, ctx);
}

RC_GTEST_PROP(IslProperty, EmptinessMatchesEnumeration, ()) {
    Context ctx;
    auto o = make_isl_oracle();
    check_emptiness(*o, ctx);
}

RC_GTEST_PROP(Z3Property, ExactRangeMatchesEnumeration, ()) {
    Context ctx;
    auto o = make_z3_oracle();
    check_range(*o, ctx);
}

RC_GTEST_PROP(Z3Property, FloorIdentitiesAreProven, ()) {
    Context ctx;
    auto o = make_z3_oracle();
    check_identities(*o, ctx);
}

RC_GTEST_PROP(Z3Property, RandomPairVerdictMatchesEnumeration, ()) {
    Context ctx;
    auto o = make_z3_oracle();
    check_random_pair(*o, ctx);
}

RC_GTEST_PROP(Z3Property, EmptinessMatchesEnumeration, ()) {
    Context ctx;
    auto o = make_z3_oracle();
    check_emptiness(*o, ctx);
}

}  // namespace
}  // namespace provix::solvers
