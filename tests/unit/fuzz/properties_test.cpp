// RapidCheck properties of the engine on maps from the fuzz generator.
// Each draw of the generator is a RapidCheck choice, so a
// failing map is shrunk by RapidCheck and reported with its RC_PARAMS line.

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <memory>
#include <vector>

#include "fuzz/rc_source.h"
#include "provix/fuzz/generator.h"
#include "provix/fuzz/map_spec.h"
#include "provix/parser.h"
#include "provix/simplify.h"
#include "provix/solvers/oracle.h"

namespace provix::fuzz {
namespace {

using testing::property_options;
using testing::RapidCheckSource;

/// A generated map, built (RC_ASSERTs that it builds).
IndexingMap draw_map(Context& ctx, RandomSource& rng) {
    Result<IndexingMap> m = build_map(ctx, generate_map(ctx, rng, property_options()));
    RC_ASSERT(m.ok());
    return *m;
}

enum class InDomain { Yes, No, Overflow };

/// Whether `point` is in the domain of `m`; an int64 overflow while
/// evaluating a constraint is told apart from a violated constraint.
InDomain in_domain(const IndexingMap& m, const std::vector<int64_t>& point) {
    for (int64_t i = 0; i < m.num_variables(); ++i) {
        if (!m.variable(i).bounds.contains(point[static_cast<size_t>(i)])) return InDomain::No;
    }
    for (const Constraint& c : m.constraints()) {
        Result<int64_t> v = evaluate(c.expr, point);
        if (!v) return InDomain::Overflow;
        if (!c.range.contains(*v)) return InDomain::No;
    }
    return InDomain::Yes;
}

/// A point drawn inside the (finite part of the) variables' bounds.
std::vector<int64_t> draw_point(RandomSource& rng, const IndexingMap& m) {
    std::vector<int64_t> p;
    for (const Interval& b : m.variable_bounds()) {
        int64_t lo = b.lo_is_inf() ? (b.hi_is_inf() ? -100 : b.hi() - 100) : b.lo();
        int64_t hi = b.hi_is_inf() ? lo + 100 : b.hi();
        p.push_back(rng.uniform(lo, hi));
    }
    return p;
}

/// The isl oracle, one per thread (creating an isl context per case is slow).
solvers::Oracle& oracle() {
    static thread_local std::unique_ptr<solvers::Oracle> o = solvers::make_isl_oracle();
    return *o;
}

// With symbols turned into dimensions, a point means the same in the input
// and the output: at every domain point where int64 evaluation succeeds, the
// simplified map keeps the point in its domain and has the same values.
RC_GTEST_PROP(FuzzProperties, SimplifyPreservesEvaluationAtDomainPoints, ()) {
    Context ctx;
    RapidCheckSource rng;
    IndexingMap drawn = draw_map(ctx, rng);
    IndexingMap in = drawn.num_symbols() == 0 ? drawn : drawn.convert_symbols_to_dims();
    IndexingMap out = in;
    simplify(out);
    RC_TAG(out.is_known_empty() ? "known empty" : "normal");
    for (int k = 0; k < 16; ++k) {
        std::vector<int64_t> point = draw_point(rng, in);
        if (in_domain(in, point) != InDomain::Yes) continue;
        Result<std::vector<int64_t>> expected = in.evaluate(point);
        if (!expected) continue;
        RC_LOG() << "input:\n" << in.to_string() << "\nsimplified:\n" << out.to_string() << "\n";
        RC_ASSERT(!out.is_known_empty());
        InDomain o = in_domain(out, point);
        if (o == InDomain::Overflow) continue;
        RC_ASSERT(o == InDomain::Yes);
        Result<std::vector<int64_t>> got = out.evaluate(point);
        if (!got) continue;
        RC_ASSERT(*got == *expected);
    }
}

RC_GTEST_PROP(FuzzProperties, SimplifyIsIdempotent, ()) {
    Context ctx;
    RapidCheckSource rng;
    IndexingMap once = draw_map(ctx, rng);
    simplify(once);
    IndexingMap twice = once;
    simplify(twice);
    RC_LOG() << "once:\n" << once.to_string() << "\ntwice:\n" << twice.to_string() << "\n";
    RC_ASSERT(twice == once);
}

// parse(print(m)) == m, for the generated map (canonical) and its
// simplification.
RC_GTEST_PROP(FuzzProperties, PrintingRoundTrips, ()) {
    Context ctx;
    RapidCheckSource rng;
    IndexingMap drawn = draw_map(ctx, rng);
    Result<IndexingMap> canonical = parse_indexing_map(ctx, drawn.to_string());
    RC_ASSERT(canonical.ok());
    IndexingMap simplified = *canonical;
    simplify(simplified);
    for (const IndexingMap* m : {&*canonical, &simplified}) {
        std::string printed = m->to_string();
        Result<IndexingMap> again = parse_indexing_map(ctx, printed);
        RC_LOG() << printed << "\n";
        RC_ASSERT(again.ok());
        RC_ASSERT(*again == *m);
        RC_ASSERT(again->to_string() == printed);
    }
}

// simplify(compose_indexing_maps(a, b)) is equivalent (isl) to
// simplify(compose(simplify(a), simplify(b))).
RC_GTEST_PROP(FuzzProperties, ComposeThenSimplifyEqualsSimplifyThenCompose, ()) {
    Context ctx;
    RapidCheckSource rng;
    MapSpec second_spec = generate_map(ctx, rng, property_options());
    MapSpec first_spec = generate_map(ctx, rng, property_options());
    // first's results feed second's dims.
    first_spec.results.clear();
    for (size_t i = 0; i < second_spec.dims.size(); ++i) {
        first_spec.results.push_back(generate_expr(ctx, rng, first_spec, property_options()));
    }
    Result<IndexingMap> first = build_map(ctx, first_spec);
    Result<IndexingMap> second = build_map(ctx, second_spec);
    RC_ASSERT(first.ok() && second.ok());
    Result<IndexingMap> composed = compose_indexing_maps(*first, *second);
    RC_ASSERT(composed.ok());
    IndexingMap direct = *composed;
    simplify(direct);
    IndexingMap a = *first, b = *second;
    simplify(a);
    simplify(b);
    Result<IndexingMap> parts = compose_indexing_maps(a, b);
    RC_ASSERT(parts.ok());
    IndexingMap staged = *parts;
    simplify(staged);
    solvers::Decision d = oracle().equivalent(direct, staged);
    RC_PRE(d.verdict != solvers::Verdict::Unknown);  // unknown is never a pass
    RC_LOG() << "first:\n"
             << first->to_string() << "\nsecond:\n"
             << second->to_string() << "\nsimplify(compose):\n"
             << direct.to_string() << "\nsimplify(compose(simplify, simplify)):\n"
             << staged.to_string() << "\n"
             << (d.counterexample ? solvers::to_string(*d.counterexample) : d.reason) << "\n";
    RC_ASSERT(d.verdict == solvers::Verdict::Proven);
}

}  // namespace
}  // namespace provix::fuzz
