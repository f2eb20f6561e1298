#pragma once
/// \file
/// The fuzz generator driven by RapidCheck: every random choice is a
/// RapidCheck draw, so RapidCheck shrinks a failing map choice by choice
/// (towards the first option of each choice) and prints its
/// `RC_PARAMS="reproduce=..."` line.
///
///     RC_GTEST_PROP(Area, Property, ()) {
///         Context ctx;
///         RapidCheckSource rng;
///         MapSpec spec = generate_map(ctx, rng, property_options());
///     }

#include <rapidcheck.h>

#include "provix/fuzz/generator.h"
#include "provix/fuzz/random.h"
#include "provix/semantics.h"

namespace provix::fuzz::testing {

/// Draws with `rc::gen::inRange` (inside a property only).
class RapidCheckSource final : public RandomSource {
public:
    int64_t uniform(int64_t lo, int64_t hi) override {
        if (lo >= hi) return lo;
        if (hi < kInt64Max) return *rc::gen::inRange<int64_t>(lo, hi + 1);
        if (lo > kInt64Min) return *rc::gen::inRange<int64_t>(lo - 1, hi) + 1;
        return *rc::gen::arbitrary<int64_t>();
    }
};

/// The generator options of the properties: small maps and no constants or
/// bounds near the int64 limits. Behaviour at the limits is covered by the
/// campaign (`provix fuzz`) and its regression files, which are
/// deterministic; a property that hit a known limit bug at random would
/// fail or pass by chance of the seed.
inline GeneratorOptions property_options() {
    GeneratorOptions o;
    o.max_dims = 3;
    o.max_symbols = 2;
    o.max_variables = 4;
    o.max_results = 3;
    o.max_constraints = 2;
    o.max_depth = 3;
    o.near_limit_constants = false;
    return o;
}

}  // namespace provix::fuzz::testing
