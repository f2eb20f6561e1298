#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <vector>

#include "provix/indexing_map.h"
#include "support/random_maps.h"

namespace provix {
namespace {

using testing_support::MapOptions;

/// A value drawn from `b` (finite bounds only).
int64_t draw(const Interval& b) { return *rc::gen::inRange<int64_t>(b.lo(), b.hi() + 1); }

std::vector<int64_t> draw_all(const IndexingVariables& vars) {
    std::vector<int64_t> out;
    for (const IndexingVariable& v : vars)
        out.push_back(draw(v.bounds));
    return out;
}

void append(std::vector<int64_t>& to, const std::vector<int64_t>& from) {
    to.insert(to.end(), from.begin(), from.end());
}

// compose_indexing_maps(first, second) at a point x holds exactly when first holds at x and
// second holds at first(x), and then it evaluates to second(first(x)).
RC_GTEST_PROP(Compose, AgreesWithEvaluatingBothMapsInTurn, ()) {
    Context ctx;
    MapOptions o;
    o.variable_divisors = false;
    o.infinite_bounds = false;
    o.large_constants = false;
    IndexingMap first = testing_support::random_map(ctx, o);
    o.num_dims = first.is_known_empty() ? 0 : first.num_results();
    IndexingMap second = testing_support::random_map(ctx, o);
    RC_PRE(!first.is_known_empty() && !second.is_known_empty());
    Result<IndexingMap> c = compose_indexing_maps(first, second);
    RC_ASSERT(c.ok());
    for (int k = 0; k < 20; ++k) {
        std::vector<int64_t> dims = draw_all(first.dims());
        std::vector<int64_t> r1 = draw_all(first.range_vars());
        std::vector<int64_t> t1 = draw_all(first.rt_vars());
        std::vector<int64_t> r2 = draw_all(second.range_vars());
        std::vector<int64_t> t2 = draw_all(second.rt_vars());
        std::vector<int64_t> x = dims;
        append(x, r1);
        append(x, t1);
        bool holds = first.membership(x) == Membership::Inside;
        Result<std::vector<int64_t>> y = first.evaluate(x);
        std::vector<int64_t> second_point;
        if (y.ok()) {
            second_point = *y;
            append(second_point, r2);
            append(second_point, t2);
            holds = holds && second.membership(second_point) == Membership::Inside;
        } else {
            holds = false;
        }
        if (c->is_known_empty()) {
            RC_ASSERT(!holds);
            continue;
        }
        std::vector<int64_t> point = dims;
        append(point, r1);
        append(point, r2);
        append(point, t1);
        append(point, t2);
        RC_ASSERT((c->membership(point) == Membership::Inside) == holds);
        if (holds) {
            Result<std::vector<int64_t>> composed = c->evaluate(point);
            Result<std::vector<int64_t>> in_turn = second.evaluate(second_point);
            RC_ASSERT(composed.ok());
            RC_ASSERT(in_turn.ok());
            RC_ASSERT(*composed == *in_turn);
        }
    }
}

// Removing unused symbols never changes which results a dim point reaches
// (checked on small boxes by enumeration).
RC_GTEST_PROP(RemoveUnusedSymbols, KeepsTheSetOfReachableResults, ()) {
    Context ctx;
    MapOptions o;
    o.infinite_bounds = false;
    o.large_constants = false;
    o.num_dims = 1;
    o.max_depth = 2;
    IndexingMap m = testing_support::random_map(ctx, o);
    RC_PRE(!m.is_known_empty() && m.num_variables() <= 4);
    IndexingMap r = m;
    r.remove_unused_symbols();
    auto reachable = [](const IndexingMap& map, int64_t d0) {
        std::vector<std::vector<int64_t>> out;
        if (map.is_known_empty()) return out;
        std::vector<Interval> b = map.variable_bounds();
        std::vector<int64_t> p(b.size());
        p[0] = d0;
        // Odometer over the symbols.
        for (size_t i = 1; i < b.size(); ++i)
            p[i] = b[i].lo();
        while (true) {
            if (map.membership(p) == Membership::Inside) {
                Result<std::vector<int64_t>> v = map.evaluate(p);
                out.push_back(v.ok() ? *v : std::vector<int64_t>{-999999});
            }
            size_t i = 1;
            while (i < b.size() && p[i] == b[i].hi())
                p[i] = b[i].lo(), ++i;
            if (i >= b.size()) break;
            ++p[i];
        }
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    };
    const Interval d = m.variable(0).bounds;
    for (int64_t d0 = d.lo(); d0 <= d.hi(); ++d0)
        RC_ASSERT(reachable(m, d0) == reachable(r, d0));
}

}  // namespace
}  // namespace provix
