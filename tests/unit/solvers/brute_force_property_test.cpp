// RapidCheck properties: the isl and Z3 back ends against brute-force
// enumeration (provix::evaluate, i.e. provix/semantics.h) over small
// domains, on random expressions with negative divisors, negative bounds,
// nested floordiv / ceildiv / mod, min and max, divisors whose values
// include 0 (definedness compared point by point), and runtime variables
// kept as inputs.

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <map>
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
    auto m = IndexingMap::get(*SymbolicMap::get(ctx, kVars, 0, std::move(results)), dims, {}, {},
                              std::move(constraints));
    RC_ASSERT(m.ok());
    return *m;
}

/// Every point of the box of `dims`.
std::vector<std::vector<int64_t>> points(const std::vector<IndexingVariable>& dims) {
    std::vector<std::vector<int64_t>> out;
    for (int64_t x = dims[0].bounds.lo(); x <= dims[0].bounds.hi(); ++x) {
        for (int64_t y = dims[1].bounds.lo(); y <= dims[1].bounds.hi(); ++y)
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
            empty = empty && m.membership(p) != Membership::Inside;
    }
    Decision d = oracle.is_empty(m);
    RC_ASSERT(d.verdict == (empty ? Verdict::Proven : Verdict::Refuted));
    if (!empty && !m.is_known_empty()) {
        RC_ASSERT(d.counterexample.has_value());
        std::vector<int64_t> p;
        for (const NamedValue& v : d.counterexample->variables)
            p.push_back(*parse_int64(v.value));
        RC_ASSERT(m.membership(p) == Membership::Inside);
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
    if (*rc::gen::arbitrary<bool>())
        vars[1].bounds = Interval{-vars[1].bounds.hi(), vars[1].bounds.hi()};
    auto make = [&](Expr e) {
        auto m = IndexingMap::get(*SymbolicMap::get(ctx, 1, 1, {e}), {vars[0]}, {vars[1]}, {});
        RC_ASSERT(m.ok());
        return *m;
    };
    bool equal = true;
    for (int64_t d = vars[0].bounds.lo(); d <= vars[0].bounds.hi(); ++d) {
        std::set<int64_t> r1, r2;
        for (int64_t s = vars[1].bounds.lo(); s <= vars[1].bounds.hi(); ++s) {
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
    RC_LOG() << a.to_string() << "\nagainst\n" << b.to_string() << "\n";
    RC_PRE(oracle.supports(a) && oracle.supports(b));
    RangeDecision r = oracle.exact_range(a, 0);
    RC_ASSERT(r.verdict == Verdict::Proven);
    if (values.empty()) {
        RC_ASSERT(r.empty);
    } else {
        RC_ASSERT(r.lo == std::to_string(*std::min_element(values.begin(), values.end())));
        RC_ASSERT(r.hi == std::to_string(*std::max_element(values.begin(), values.end())));
    }
    Decision d = oracle.equivalent(a, b);
    RC_LOG() << a.to_string() << "\n"
             << b.to_string() << "\nverdict " << verdict_name(d.verdict) << " " << d.reason << "\n";
    RC_ASSERT(d.verdict == (equal ? Verdict::Proven : Verdict::Refuted));
}

/// A random expression over `vars` variables mixing affine parts with
/// divisors and factors that are variables (so possibly 0 at some points).
Expr random_mixed(Context& ctx, int depth, int64_t vars) {
    int choice = depth <= 0 ? *rc::gen::inRange(0, 3) : *rc::gen::inRange(0, 10);
    auto sub = [&] { return random_mixed(ctx, depth - 1, vars); };
    auto var = [&] { return ctx.variable(*rc::gen::inRange<int64_t>(0, vars)); };
    switch (choice) {
        case 0:
            return ctx.constant(*rc::gen::inRange<int64_t>(-5, 6));
        case 1:
        case 2:
            return var();
        case 3:
            return sub() * var();
        case 4:
            return floor_div(sub(), var());
        case 5:
            return mod(sub(), *rc::gen::arbitrary<bool>() ? var() : var() + ctx.constant(-1));
        case 6:
            return ceil_div(sub(), nonzero_divisor());
        case 7:
            return min(sub(), sub());
        default:
            return sub() + sub();
    }
}

/// What one map does at one input point (d0, rt0): its result values over
/// the range variable's values where the domain holds and the result is
/// defined, and whether some such value of the range variable divides by
/// zero.
struct InputMeaning {
    std::set<int64_t> values;
    bool divides_by_zero = false;
    bool operator==(const InputMeaning& o) const {
        return values == o.values && divides_by_zero == o.divides_by_zero;
    }
};

/// The meaning of a map over d0 (dim), s0 (range) and rt0 (runtime) at
/// every input point, by enumeration.
std::map<std::pair<int64_t, int64_t>, InputMeaning> meaning(const IndexingMap& m) {
    std::map<std::pair<int64_t, int64_t>, InputMeaning> out;
    if (m.is_known_empty()) return out;
    const Interval d = m.variable(0).bounds, s = m.variable(1).bounds, r = m.variable(2).bounds;
    for (int64_t x = d.lo(); x <= d.hi(); ++x) {
        for (int64_t t = r.lo(); t <= r.hi(); ++t) {
            InputMeaning& here = out[{x, t}];
            for (int64_t y = s.lo(); y <= s.hi(); ++y) {
                if (m.membership({x, y, t}) != Membership::Inside) continue;
                Result<int64_t> v = evaluate(m.results()[0], {x, y, t});
                if (v) {
                    here.values.insert(*v);
                } else {
                    RC_ASSERT(v.error().kind == Error::Kind::DivisionByZero);
                    here.divides_by_zero = true;
                }
            }
        }
    }
    return out;
}

/// d0 (dim), s0 (range) and rt0 (runtime), results and constraints that
/// may divide by zero: relational equivalence keeps d0 and rt0 as inputs
/// and matches enumeration of the values and of where each side divides by
/// zero; a refutation's point is one where the two really differ.
void check_inputs_and_definedness(Oracle& oracle, Context& ctx) {
    std::vector<IndexingVariable> vars;
    for (int i = 0; i < 3; ++i) {
        int64_t lo = *rc::gen::inRange<int64_t>(-3, 3);
        vars.push_back({Interval{lo, lo + *rc::gen::inRange<int64_t>(0, 4)}, ""});
    }
    // Reflecting s0 keeps the relation when its bounds are symmetric.
    bool symmetric = *rc::gen::arbitrary<bool>();
    if (symmetric) vars[1].bounds = Interval{-vars[1].bounds.hi(), vars[1].bounds.hi()};
    Expr e1 = random_mixed(ctx, 2, 3);
    Expr e2 = symmetric && *rc::gen::arbitrary<bool>()
                  ? substitute(e1, {ctx.variable(0), ctx.variable(1) * -1, ctx.variable(2)})
                  : random_mixed(ctx, 2, 3);
    std::vector<Constraint> c1, c2;
    if (*rc::gen::arbitrary<bool>()) {
        Expr ce = random_mixed(ctx, 1, 3);
        int64_t lo = *rc::gen::inRange<int64_t>(-6, 4);
        c1.push_back({ce, Interval{lo, lo + *rc::gen::inRange<int64_t>(0, 8)}});
        if (*rc::gen::arbitrary<bool>()) c2 = c1;
    }
    auto make = [&](Expr e, std::vector<Constraint> cs) {
        auto m = IndexingMap::get(*SymbolicMap::get(ctx, 1, 2, {e}), {vars[0]}, {vars[1]},
                                  {vars[2]}, std::move(cs));
        RC_ASSERT(m.ok());
        return *m;
    };
    IndexingMap a = make(e1, c1), b = make(e2, c2);
    RC_PRE(oracle.supports(a) && oracle.supports(b));
    // A KNOWN EMPTY map means nothing anywhere (every input point absent).
    auto ma = meaning(a), mb = meaning(b);
    bool equal = true;
    for (const auto& [input, m] : ma)
        equal = equal && m == mb[input];
    for (const auto& [input, m] : mb)
        equal = equal && m == ma[input];
    Decision d = oracle.equivalent(a, b);
    RC_ASSERT(d.verdict == (equal ? Verdict::Proven : Verdict::Refuted));
    if (!equal && d.counterexample && d.counterexample->variables.size() == 2u &&
        !a.is_known_empty() && !b.is_known_empty()) {
        // The point (d0, rt0) is one where the maps really differ.
        const auto& v = d.counterexample->variables;
        RC_ASSERT(v[0].name == "d0");
        RC_ASSERT(v[1].name == "rt0");
        std::pair<int64_t, int64_t> input{*parse_int64(v[0].value), *parse_int64(v[1].value)};
        RC_ASSERT(!(ma[input] == mb[input]));
    }
}

RC_GTEST_PROP(IslProperty, InputsAndDefinednessMatchEnumeration, ()) {
    Context ctx;
    auto o = make_isl_oracle();
    check_inputs_and_definedness(*o, ctx);
}

RC_GTEST_PROP(Z3Property, InputsAndDefinednessMatchEnumeration, ()) {
    Context ctx;
    auto o = make_z3_oracle();
    check_inputs_and_definedness(*o, ctx);
}

RC_GTEST_PROP(IslProperty, NonAffineMatchesEnumeration, ()) {
    Context ctx;
    auto o = make_isl_oracle();
    check_nonaffine(*o, ctx);
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
