// Bounds by enumeration against a direct computation: on small random maps
// whose constraints all read the same variables, the pass must move each
// variable's bounds to the hull of its values at the points where every
// constraint holds (or mark the map empty when there is none), whatever
// order it visits the points in and whichever points it skips. The cases
// the pass is meant for are in examples/enumerated_bounds.map.

#include "enumerated_bounds.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "provix/parser.h"

namespace provix {
namespace {

/// A random constraint over all of d0 .. d{n-1} (no coefficient is zero): a
/// linear form, taken modulo a small number or not, and a small range.
std::string random_constraint(std::mt19937& rng, int n) {
    std::uniform_int_distribution<int> coef(1, 3), pick(0, 1), modulus(2, 5), off(-4, 4);
    std::ostringstream e;
    e << "(";
    for (int v = 0; v < n; ++v)
        e << (v ? " + " : "") << "d" << v << " * " << (pick(rng) ? -coef(rng) : coef(rng));
    e << " + " << off(rng) << ")";
    std::ostringstream c;
    if (pick(rng)) {
        const int m = modulus(rng);
        const int r = std::uniform_int_distribution<int>(0, m - 1)(rng);
        c << e.str() << " mod " << m << " in [" << r << ", "
          << r + std::uniform_int_distribution<int>(0, 1)(rng) << "]";
    } else {
        const int lo = off(rng);
        c << e.str() << " in [" << lo << ", " << lo + modulus(rng) << "]";
    }
    return c.str();
}

TEST(EnumeratedBounds, BoundsAreTheHullOfThePointsWhereEveryConstraintHolds) {
    std::mt19937 rng(20261202);
    int tightened = 0, emptied = 0;
    for (int round = 0; round < 400; ++round) {
        const int n = std::uniform_int_distribution<int>(1, 3)(rng);
        std::vector<int64_t> lo(n), hi(n);
        std::ostringstream text;
        text << "(";
        for (int v = 0; v < n; ++v)
            text << (v ? ", " : "") << "d" << v;
        text << ") -> (d0), domain: ";
        for (int v = 0; v < n; ++v) {
            lo[v] = std::uniform_int_distribution<int>(-3, 3)(rng);
            hi[v] = lo[v] + std::uniform_int_distribution<int>(0, 3)(rng);  // at most 64 points
            text << "d" << v << " in [" << lo[v] << ", " << hi[v] << "], ";
        }
        const int k = std::uniform_int_distribution<int>(1, 2)(rng);
        for (int i = 0; i < k; ++i)
            text << (i ? ", " : "") << random_constraint(rng, n);
        Context ctx;
        auto map = parse_indexing_map(ctx, text.str());
        ASSERT_TRUE(map.ok()) << text.str();
        // Reading the map may already decide it (a constraint on one variable
        // becomes its bounds); the box is the bounds it ends up with.
        if (map->is_known_empty()) continue;
        for (int v = 0; v < n; ++v) {
            lo[v] = map->variable(v).bounds.lo();
            hi[v] = map->variable(v).bounds.hi();
        }
        // The hull of the points of the box where every constraint holds.
        std::vector<Interval> hull(n, Interval::empty());
        std::vector<int64_t> at(lo);
        for (bool more = true; more;) {
            bool holds = true;
            for (const Constraint& c : map->constraints()) {
                auto v = evaluate(c.expr, at);
                ASSERT_TRUE(v.ok()) << text.str();
                holds = holds && c.range.contains(*v);
            }
            for (int v = 0; holds && v < n; ++v)
                hull[v] = hull[v].hull(Interval::point(at[v]));
            more = false;
            for (int v = 0; v < n && !more; ++v) {
                if (at[v] < hi[v]) {
                    ++at[v];
                    more = true;
                } else {
                    at[v] = lo[v];
                }
            }
        }
        IndexingMap out = *map;
        const bool changed = engine::tighten_bounds_by_enumeration(out);
        if (hull[0].is_empty()) {
            EXPECT_TRUE(out.is_known_empty()) << text.str();
            emptied += out.is_known_empty();
            continue;
        }
        ASSERT_FALSE(out.is_known_empty()) << text.str();
        bool narrower = false;
        for (int v = 0; v < n; ++v) {
            EXPECT_EQ(out.variable(v).bounds, hull[v]) << text.str() << " d" << v;
            narrower = narrower || !(hull[v] == Interval(lo[v], hi[v]));
        }
        EXPECT_EQ(changed, narrower) << text.str();
        tightened += narrower;
    }
    // The random maps exercise both outcomes.
    EXPECT_GT(tightened, 50);
    EXPECT_GT(emptied, 10);
}

}  // namespace
}  // namespace provix
