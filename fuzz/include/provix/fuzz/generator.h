#pragma once
/// \file
/// The structured generator of random indexing maps:
/// quasi-affine maps shaped like the ones tensor compilers build, with
/// 0-5 dimensions, range and runtime variables, bounds that are often
/// `[0, n-1]` but also negative, single points, empty, huge or unbounded;
/// results drawn from families (linearized indices and their
/// delinearization, reshape chains, `(x floordiv c) * c + x mod c`
/// splits, tilings, clamps, nested floordiv/ceildiv/mod/min/max with
/// positive, negative, small and near-limit constants, sums sharing
/// sub-terms, random trees), often perturbed by one so that a rule's side
/// condition only just fails; and constraints (ranges of sums, divisions,
/// products, congruences `e mod c in [r, r]`, sometimes infeasible).
///
///     Context ctx;
///     SplitMixSource rng(case_seed(1, 0));
///     MapSpec spec = generate_map(ctx, rng);   // deterministic from the seed
///
/// On top of these, a share of the maps gets one edge template
/// (`edge_template_names()`), aimed at the places where a simplifier is most
/// easily wrong: divisors with variables whose ranges include 0, constants
/// and bounds at the int64 limits, constraints whose rewritten bounds land
/// next to the limits, congruences whose combined modulus overflows, and
/// runtime variables as inputs. Divisors with variables take few values, so
/// every generated map is in the fragment isl decides exactly. Expressions
/// are built either canonically or exactly as drawn (`Context::make`, half
/// of the maps), so the engine also sees non-canonical input.

#include <cstdint>
#include <string>
#include <vector>

#include "provix/fuzz/map_spec.h"
#include "provix/fuzz/random.h"

namespace provix::fuzz {

/// Size limits of generated maps.
struct GeneratorOptions {
    int max_dims = 5;         ///< dimensions: 0..max_dims (1..3 most often)
    int max_symbols = 4;      ///< range + runtime variables: 0..max_symbols
    int max_variables = 6;    ///< all variables together
    int max_results = 4;      ///< results: 1..max_results (0 rarely)
    int max_constraints = 3;  ///< constraints: 0..max_constraints
    int max_depth = 4;        ///< nesting depth of random trees
    /// Constants near the int64 limits, and bounds up to 2^62 (else 2^40).
    bool near_limit_constants = true;
    bool empty_bounds = true;  ///< variables with lo > hi (map known empty)
    bool unbounded = true;     ///< variables without a finite bound
    bool runtime_vars = true;  ///< runtime variables (else dims and range variables only)
    /// The edge templates in use (names from `edge_template_names()`).
    std::vector<std::string> edge_templates = default_edge_templates();
    /// Percent of the maps that get one of them.
    int edge_percent = 35;
    /// If not empty, every map gets this edge template (per-class figures).
    std::string only_template;

    /// Every edge template: `zero-divisor`, `int64-limits`, `limit-bounds`,
    /// `congruence-overflow`, `runtime-inputs`, `wide-divisor`,
    /// `split-constants`, `probe-limits`.
    static std::vector<std::string> edge_template_names();
    /// The templates a campaign draws from by default: all but
    /// `wide-divisor` and `split-constants`, whose maps are often outside
    /// isl's fragment (values beyond int64 where a divisor or factor is
    /// split: Z3 decides them, up to 25 times slower per case);
    /// `--only-template` runs them.
    static std::vector<std::string> default_edge_templates();
};

/// One random map drawn from `rng`. The same draws give the same map.
MapSpec generate_map(Context& ctx, RandomSource& rng, const GeneratorOptions& options = {});

/// One random quasi-affine expression over variables `0 .. spec.num_variables()-1`
/// (whose bounds shape the patterns), as `generate_map` draws results.
Expr generate_expr(Context& ctx, RandomSource& rng, const MapSpec& spec,
                   const GeneratorOptions& options = {});

}  // namespace provix::fuzz
