#pragma once
// The table of oracle queries with known answers. It drives three tests:
// the expected verdicts (exact_oracle_suite_test), the isl/Z3 agreement on
// every entry within isl's fragment, and the cvc5 re-check of the exported
// SMT-LIB.

#include <cstdint>
#include <vector>

#include "provix/solvers/verdict.h"

namespace provix::solvers::testing {

enum class SuiteKind { Equivalent, Pointwise, Range, Empty, Implies };

struct SuiteQuery {
    const char* name;
    SuiteKind kind;
    /// The (first) map.
    const char* first;
    /// Equivalent / Pointwise: the second map. Implies: the constraint
    /// expression (over the first map's variables). Otherwise unused.
    const char* second;
    Verdict expected;
    /// Range: the exact bounds (result 0). Implies: the constraint's range.
    const char* lo = "";
    const char* hi = "";
};

inline const std::vector<SuiteQuery>& query_suite() {
    using K = SuiteKind;
    const Verdict P = Verdict::Proven, R = Verdict::Refuted;
    // clang-format off
    static const std::vector<SuiteQuery> suite = {
        // --- The simplifications of XLA's indexing-analysis documentation.
        {"seed_fused_reshape", K::Equivalent,
         "(d0, d1) -> (d0 + d1 floordiv 16, d1 mod 16), domain: d0 in [0, 6], d1 in [0, 14]",
         "(d0, d1) -> (d0, d1), domain: d0 in [0, 6], d1 in [0, 14]", P},
        {"seed_three_digits", K::Equivalent,
         "(d0, d1, d2) -> ((d0 * 100 + d1 * 10 + d2) floordiv 100, "
         "((d0 * 100 + d1 * 10 + d2) mod 100) floordiv 10, d2 mod 10), "
         "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]",
         "(d0, d1, d2) -> (d0, d1, d2), domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]", P},
        {"seed_split_sum", K::Equivalent,
         "(d0, d1, d2) -> ((d0 * 16 + d1 * 4 + d2) floordiv 8, (d0 * 16 + d1 * 4 + d2) mod 8), "
         "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]",
         "(d0, d1, d2) -> (d0 * 2 + (d1 * 4 + d2) floordiv 8, (d1 * 4 + d2) mod 8), "
         "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]", P},
        {"seed_negated_floordiv", K::Equivalent,
         "(d0, d1) -> (-((d0 * -11 - d1 + 109) floordiv 11) + 9), "
         "domain: d0 in [0, 9], d1 in [0, 10]",
         "(d0, d1) -> (d0), domain: d0 in [0, 9], d1 in [0, 10]", P},
        // --- Negative divisors and negative domains.
        {"floordiv_negative_divisor_is_minus_ceildiv", K::Equivalent,
         "(d0) -> (d0 floordiv -4), domain: d0 in [-20, 20]",
         "(d0) -> (-(d0 ceildiv 4)), domain: d0 in [-20, 20]", P},
        {"ceildiv_negative_divisor_is_minus_floordiv", K::Equivalent,
         "(d0) -> (d0 ceildiv -3), domain: d0 in [-20, 20]",
         "(d0) -> (-(d0 floordiv 3)), domain: d0 in [-20, 20]", P},
        {"mod_negative_divisor_takes_its_sign", K::Equivalent,
         "(d0) -> (d0 mod -3), domain: d0 in [-20, 20]",
         "(d0) -> (d0 mod 3 - min(d0 mod 3, 1) * 3), domain: d0 in [-20, 20]", P},
        {"mod_negative_divisor_is_not_xla_mod", K::Equivalent,
         "(d0) -> (d0 mod -3), domain: d0 in [-5, 5]",
         "(d0) -> (d0 mod 3), domain: d0 in [-5, 5]", R},
        {"floordiv_rounds_down_not_toward_zero", K::Equivalent,
         "(d0) -> (d0 floordiv 2), domain: d0 in [-3, 3]",
         "(d0) -> ((d0 + 1) floordiv 2 - d0 mod 2 + d0 mod 2), domain: d0 in [-3, 3]", R},
        // --- Nested floordiv / mod, min / max.
        {"nested_floordiv_combines", K::Equivalent,
         "(d0) -> ((d0 floordiv 4) floordiv 3), domain: d0 in [-50, 50]",
         "(d0) -> (d0 floordiv 12), domain: d0 in [-50, 50]", P},
        {"nested_mod_of_multiple", K::Equivalent,
         "(d0) -> ((d0 mod 12) mod 4, (d0 mod 12) floordiv 4), domain: d0 in [-50, 50]",
         "(d0) -> (d0 mod 4, (d0 floordiv 4) mod 3), domain: d0 in [-50, 50]", P},
        {"nested_mod_wrong_modulus", K::Equivalent,
         "(d0) -> ((d0 mod 10) mod 4), domain: d0 in [0, 50]",
         "(d0) -> (d0 mod 4), domain: d0 in [0, 50]", R},
        {"min_plus_max_is_sum", K::Equivalent,
         "(d0, d1) -> (min(d0, d1) + max(d0, d1)), domain: d0 in [-5, 5], d1 in [-3, 7]",
         "(d0, d1) -> (d0 + d1), domain: d0 in [-5, 5], d1 in [-3, 7]", P},
        {"clamp_is_identity_inside_bounds", K::Equivalent,
         "(d0) -> (max(min(d0, 9), 0)), domain: d0 in [0, 9]",
         "(d0) -> (d0), domain: d0 in [0, 9]", P},
        // --- Constants near the int64 limits (isl and Z3 are unbounded).
        {"int64_max_divisor", K::Equivalent,
         "(d0) -> (d0 floordiv 9223372036854775807), "
         "domain: d0 in [-9223372036854775807, 9223372036854775806]",
         "(d0) -> ((d0 floordiv 4611686018427387904) floordiv 2), "
         "domain: d0 in [-9223372036854775807, 9223372036854775806]", P},
        {"int64_max_divisor_range", K::Range,
         "(d0) -> (d0 floordiv 9223372036854775807), "
         "domain: d0 in [-9223372036854775807, 9223372036854775806]", "", P, "-1", "0"},
        {"range_beyond_int64_is_reported_exactly", K::Range,
         "(d0) -> (d0 + 9223372036854775800), domain: d0 in [0, 10]", "", P,
         "9223372036854775800", "9223372036854775810"},
        {"range_below_int64_is_reported_exactly", K::Range,
         "(d0) -> (d0 * 3), domain: d0 in [-4611686018427387904, 0]", "", P,
         "-13835058055282163712", "0"},
        // --- Range and runtime variables; a rescaled symbol.
        {"rescaled_symbol_same_relation", K::Equivalent,
         "(d0)[s0] -> (d0 + s0), domain: d0 in [0, 9], s0 in [0, 12], s0 mod 4 in [0, 0]",
         "(d0)[s0] -> (d0 + s0 * 4), domain: d0 in [0, 9], s0 in [0, 3]", P},
        {"rescaled_symbol_pointwise_differs", K::Pointwise,
         "(d0)[s0] -> (d0 + s0), domain: d0 in [0, 9], s0 in [0, 12], s0 mod 4 in [0, 0]",
         "(d0)[s0] -> (d0 + s0 * 4), domain: d0 in [0, 9], s0 in [0, 3]", R},
        {"permuted_symbols_same_relation", K::Equivalent,
         "(d0)[s0, s1] -> (d0 + s0 * 2 + s1), domain: d0 in [0, 3], s0 in [0, 1], s1 in [0, 1]",
         "(d0)[s0, s1] -> (d0 + s1 * 2 + s0), domain: d0 in [0, 3], s0 in [0, 1], s1 in [0, 1]",
         P},
        {"reflected_symbol_same_relation", K::Equivalent,
         "(d0)[s0] -> (d0 + s0), domain: d0 in [0, 9], s0 in [0, 5]",
         "(d0)[s0] -> (d0 - s0 + 5), domain: d0 in [0, 9], s0 in [0, 5]", P},
        {"symbol_range_differs", K::Equivalent,
         "(d0)[s0] -> (d0 + s0), domain: d0 in [0, 9], s0 in [0, 2]",
         "(d0)[s0] -> (d0 + s0), domain: d0 in [0, 9], s0 in [0, 3]", R},
        {"runtime_var_is_an_input_not_a_range_var", K::Equivalent,
         "(d0){rt0} -> (d0 + rt0 * 4), domain: d0 in [0, 3], rt0 in [0, 1]",
         "(d0)[s0] -> (d0 + s0), domain: d0 in [0, 3], s0 in [0, 4], s0 mod 4 in [0, 0]", R},
        // --- Runtime variables are inputs: never projected out.
        {"rescaled_runtime_var_is_not_equivalent", K::Equivalent,
         "(d0){rt0} -> (d0 + rt0), domain: d0 in [0, 1], rt0 in [0, 12], rt0 mod 6 in [4, 4]",
         "(d0){rt0} -> (d0 + rt0 * 6 + 4), domain: d0 in [0, 1], rt0 in [0, 1]", R},
        {"runtime_var_bounds_tightened_to_residue", K::Equivalent,
         "(d0){rt0} -> (d0 + rt0), domain: d0 in [0, 1], rt0 in [0, 12], rt0 mod 6 in [4, 4]",
         "(d0){rt0} -> (d0 + rt0), domain: d0 in [0, 1], rt0 in [4, 10], rt0 mod 6 in [4, 4]",
         P},
        {"reflected_runtime_var_is_not_equivalent", K::Equivalent,
         "(d0){rt0} -> (d0 + rt0), domain: d0 in [0, 9], rt0 in [0, 5]",
         "(d0){rt0} -> (d0 - rt0 + 5), domain: d0 in [0, 9], rt0 in [0, 5]", R},
        {"runtime_vars_matched_by_name", K::Equivalent,
         "(d0){rt0, rt1} -> (d0 + rt0 * 10 + rt1), domain: d0 in [0, 3], rt0 in [0, 2], "
         "rt1 in [0, 5]",
         "(d0){rt1, rt0} -> (d0 + rt0 * 10 + rt1), domain: d0 in [0, 3], rt1 in [0, 5], "
         "rt0 in [0, 2]", P},
        {"runtime_vars_with_other_names_matched_by_position", K::Equivalent,
         "(d0){off} -> (d0 + off), domain: d0 in [0, 3], off in [0, 2]",
         "(d0){rt0} -> (d0 + rt0), domain: d0 in [0, 3], rt0 in [0, 2]", P},
        {"unused_runtime_var_dropped", K::Equivalent,
         "(d0){rt0, rt1} -> (d0 + rt1), domain: d0 in [0, 3], rt0 in [0, 7], rt1 in [0, 2]",
         "(d0){rt1} -> (d0 + rt1), domain: d0 in [0, 3], rt1 in [0, 2]", P},
        {"fixed_runtime_var_replaced_by_its_value", K::Equivalent,
         "(d0){rt0} -> (d0 + rt0), domain: d0 in [0, 3], rt0 in [3, 3]",
         "(d0) -> (d0 + 3), domain: d0 in [0, 3]", P},
        {"used_runtime_var_dropped_is_not_equivalent", K::Equivalent,
         "(d0){rt0} -> (d0), domain: d0 in [0, 3], rt0 in [0, 3], d0 + rt0 in [0, 3]",
         "(d0) -> (d0), domain: d0 in [0, 3]", R},
        {"renamed_runtime_var_is_not_equivalent", K::Equivalent,
         "(d0){rt0, rt1} -> (d0 + rt1), domain: d0 in [0, 3], rt0 in [0, 7], rt1 in [0, 2]",
         "(d0){rt0} -> (d0 + rt0), domain: d0 in [0, 3], rt0 in [0, 2]", R},
        {"different_runtime_vars_are_different_inputs", K::Equivalent,
         "(d0){rt0, rt1} -> (d0), domain: d0 in [0, 3], rt0 in [0, 7], rt1 in [0, 2]",
         "(d0){x} -> (d0), domain: d0 in [0, 3], x in [0, 2]", R},
        {"range_over_runtime_var_inputs", K::Range,
         "(d0){rt0} -> (d0 + rt0), domain: d0 in [0, 1], rt0 in [0, 12], rt0 mod 6 in [4, 4]",
         "", P, "4", "11"},
        {"non_empty_only_for_some_runtime_values", K::Empty,
         "(d0){rt0} -> (d0), domain: d0 in [0, 3], rt0 in [0, 100], rt0 mod 7 in [3, 3], "
         "rt0 floordiv 50 in [1, 1]", "", R},
        {"dimension_domain_differs", K::Equivalent,
         "(d0) -> (d0), domain: d0 in [0, 9]", "(d0) -> (d0), domain: d0 in [0, 10]", R},
        {"constraint_changes_domain", K::Equivalent,
         "(d0, d1) -> (d0 + d1), domain: d0 in [0, 9], d1 in [0, 9], d0 + d1 in [0, 17]",
         "(d0, d1) -> (d0 + d1), domain: d0 in [0, 9], d1 in [0, 9]", R},
        {"redundant_constraint_dropped", K::Pointwise,
         "(d0)[s0] -> (d0 + s0), domain: d0 in [0, 5], s0 in [1, 3], d0 + s0 in [0, 20]",
         "(d0)[s0] -> (d0 + s0), domain: d0 in [0, 5], s0 in [1, 3]", P},
        {"known_empty_equals_empty_domain", K::Equivalent,
         "(d0) -> (d0), domain: d0 in [0, 9], d0 floordiv 10 in [1, 1]", "KNOWN EMPTY", P},
        {"known_empty_differs_from_non_empty", K::Equivalent,
         "(d0) -> (d0), domain: d0 in [0, 9], d0 floordiv 5 in [1, 1]", "KNOWN EMPTY", R},
        // --- Exact ranges.
        {"range_mod_within_block", K::Range, "(d0) -> (d0 mod 4), domain: d0 in [0, 2]", "", P,
         "0", "2"},
        {"range_ceildiv_negative_divisor", K::Range,
         "(d0) -> (d0 ceildiv -3), domain: d0 in [-10, 7]", "", P, "-2", "4"},
        {"range_runtime_variable", K::Range,
         "(d0){rt0} -> (d0 + rt0 * 4), domain: d0 in [0, 3], rt0 in [0, 10]", "", P, "0", "43"},
        {"range_under_constraint", K::Range,
         "(d0, d1) -> (d0 + d1), domain: d0 in [0, 9], d1 in [0, 9], d0 - d1 in [3, 3]", "", P,
         "3", "15"},
        {"range_clamp", K::Range, "(d0) -> (max(min(d0, 5), -2)), domain: d0 in [-10, 10]", "",
         P, "-2", "5"},
        {"range_symbol_reduction", K::Range,
         "(d0)[s0] -> (d0 * 4 + s0 - 7), domain: d0 in [0, 3], s0 in [0, 3], "
         "d0 * 4 + s0 in [2, 13]", "", P, "-5", "6"},
        {"range_unbounded_above", K::Range, "(d0) -> (d0 floordiv 2), domain: d0 in [-5, inf]",
         "", P, "-3", "inf"},
        {"range_empty_domain", K::Range,
         "(d0) -> (d0), domain: d0 in [0, 9], d0 * 2 in [5, 5]", "", P, "", ""},
        // --- Emptiness.
        {"empty_by_parity", K::Empty,
         "(d0, d1) -> (d0), domain: d0 in [0, 9], d1 in [0, 9], d0 * 2 + d1 * 4 in [7, 7]", "",
         P},
        {"non_empty_even_sum", K::Empty,
         "(d0, d1) -> (d0), domain: d0 in [0, 9], d1 in [0, 9], d0 * 2 + d1 * 4 in [6, 6]", "",
         R},
        {"empty_negative_domain_negative_divisor", K::Empty,
         "(d0) -> (d0), domain: d0 in [-20, -1], d0 floordiv -5 in [5, 10]", "", P},
        {"empty_conflicting_congruences", K::Empty,
         "(d0) -> (d0), domain: d0 in [0, 100], d0 mod 6 in [1, 1], d0 mod 4 in [0, 0]", "", P},
        {"non_empty_with_runtime_variable", K::Empty,
         "(d0){rt0} -> (d0), domain: d0 in [0, 3], rt0 in [-5, 5], d0 - rt0 in [8, 8]", "", R},
        {"known_empty_is_empty", K::Empty, "KNOWN EMPTY", "", P},
        // --- Implication.
        {"implied_sum_bound", K::Implies, "(d0, d1) -> (d0), domain: d0 in [0, 9], d1 in [0, 9]",
         "d0 + d1", P, "0", "18"},
        {"not_implied_sum_bound", K::Implies,
         "(d0, d1) -> (d0), domain: d0 in [0, 9], d1 in [0, 9]", "d0 + d1", R, "0", "17"},
        {"implied_by_constraint", K::Implies,
         "(d0) -> (d0), domain: d0 in [-30, 30], d0 mod 4 in [0, 0]", "d0 mod 2", P, "0", "0"},
        // --- Definedness: divisors whose values include 0 (isl splits them on
        //     their values, Z3 encodes them; both must agree).
        {"zero_divisor_result_not_constant", K::Equivalent,
         "(d0)[s0] -> (d0 floordiv s0), domain: d0 in [0, 0], s0 in [0, 1]",
         "(d0)[s0] -> (0), domain: d0 in [0, 0], s0 in [0, 1]", R},
        {"zero_divisor_pointwise_not_constant", K::Pointwise,
         "(d0)[s0] -> (d0 floordiv s0), domain: d0 in [0, 0], s0 in [0, 1]",
         "(d0)[s0] -> (0), domain: d0 in [0, 0], s0 in [0, 1]", R},
        {"zero_divisor_inside_mod_kept", K::Equivalent,
         "(d0, d1)[s0] -> (((d0 floordiv s0) * 4 + d1) mod 4), "
         "domain: d0 in [0, 0], d1 in [0, 3], s0 in [0, 1]",
         "(d0, d1)[s0] -> (d1), domain: d0 in [0, 0], d1 in [0, 3], s0 in [0, 1]", R},
        {"zero_divisor_inside_min_kept", K::Equivalent,
         "(d0, d1)[s0] -> (min(d1, d0 floordiv s0 + 10)), "
         "domain: d0 in [0, 0], d1 in [0, 3], s0 in [0, 1]",
         "(d0, d1)[s0] -> (d1), domain: d0 in [0, 0], d1 in [0, 3], s0 in [0, 1]", R},
        {"zero_divisor_in_both_at_the_same_points", K::Equivalent,
         "(d0, d1)[s0] -> (min(d1, d0 floordiv s0 + 10)), "
         "domain: d0 in [0, 0], d1 in [0, 3], s0 in [0, 1]",
         "(d0, d1)[s0] -> (min(d1, (d0 * 2) floordiv (s0 * 2) + 10)), "
         "domain: d0 in [0, 0], d1 in [0, 3], s0 in [0, 1]", P},
        {"undefined_constraint_excludes_points", K::Equivalent,
         "(d0)[s0] -> (d0), domain: d0 in [0, 5], s0 in [0, 2], d0 floordiv s0 in [0, 5]",
         "(d0)[s0] -> (d0), domain: d0 in [0, 5], s0 in [1, 2], d0 floordiv s0 in [0, 5]", P},
        {"undefined_constraint_dropped_grows_the_domain", K::Pointwise,
         "(d0)[s0] -> (d0), domain: d0 in [0, 5], s0 in [0, 2], d0 floordiv s0 in [0, 5]",
         "(d0)[s0] -> (d0), domain: d0 in [0, 5], s0 in [0, 2]", R},
        {"undefined_mod_constraint_dropped_grows_the_domain", K::Pointwise,
         "(d0, d1) -> (d0), domain: d0 in [0, 5], d1 in [0, 3], d0 mod d1 in [0, 5]",
         "(d0, d1) -> (d0), domain: d0 in [0, 5], d1 in [0, 3]", R},
        {"undefined_only_at_zero_runtime_divisor", K::Equivalent,
         "(d0){rt0} -> (d0 mod rt0), domain: d0 in [0, 7], rt0 in [-2, 2]",
         "(d0){rt0} -> (d0 - (d0 floordiv rt0) * rt0), domain: d0 in [0, 7], rt0 in [-2, 2]",
         P},
        {"zero_divisor_range_excludes_undefined_points", K::Range,
         "(d0)[s0] -> (d0 floordiv s0), domain: d0 in [3, 7], s0 in [0, 2]", "", P, "1", "7"},
        {"zero_divisor_constraint_empties_the_domain", K::Empty,
         "(d0)[s0] -> (d0), domain: d0 in [0, 5], s0 in [0, 0], d0 floordiv s0 in [-100, 100]",
         "", P},
        {"undefined_constraint_is_violated", K::Implies,
         "(d0, d1) -> (d0), domain: d0 in [0, 5], d1 in [0, 3]", "d0 floordiv d1", R, "0", "5"},
        // --- Beyond isl's fragment (Z3 only): wide divisors and factors.
        {"wide_variable_divisor_floor_is_minus_ceil", K::Equivalent,
         "(d0, d1) -> (d0 floordiv d1), domain: d0 in [-1000, 1000], d1 in [1, 1000]",
         "(d0, d1) -> (-((-d0) ceildiv d1)), domain: d0 in [-1000, 1000], d1 in [1, 1000]", P},
        {"wide_variable_divisor_zero_on_one_side", K::Equivalent,
         "(d0, d1) -> (d0 floordiv d1), domain: d0 in [-10, 10], d1 in [0, 200]",
         "(d0, d1) -> (d0 floordiv max(d1, 1)), domain: d0 in [-10, 10], d1 in [0, 200]", R},
        {"wide_product_distributes", K::Equivalent,
         "(d0, d1) -> (d0 * (d1 + 1)), domain: d0 in [-500, 500], d1 in [-500, 500]",
         "(d0, d1) -> (d0 * d1 + d0), domain: d0 in [-500, 500], d1 in [-500, 500]", P},
        // --- Non-constant divisors and products of variables with few values
        //     (isl by splitting, Z3 directly).
        {"product_distributes", K::Equivalent,
         "(d0, d1) -> (d0 * (d1 + 1)), domain: d0 in [-5, 5], d1 in [-5, 5]",
         "(d0, d1) -> (d0 * d1 + d0), domain: d0 in [-5, 5], d1 in [-5, 5]", P},
        {"variable_divisor_floor_is_minus_ceil", K::Equivalent,
         "(d0, d1) -> (d0 floordiv d1), domain: d0 in [-10, 10], d1 in [1, 5]",
         "(d0, d1) -> (-((-d0) ceildiv d1)), domain: d0 in [-10, 10], d1 in [1, 5]", P},
        {"variable_divisor_zero_on_both_sides", K::Equivalent,
         "(d0, d1) -> (d0 floordiv d1), domain: d0 in [-10, 10], d1 in [-2, 2]",
         "(d0, d1) -> ((d0 - d0 mod d1) floordiv d1), domain: d0 in [-10, 10], d1 in [-2, 2]",
         P},
        {"variable_divisor_zero_on_one_side", K::Equivalent,
         "(d0, d1) -> (d0 floordiv d1), domain: d0 in [-10, 10], d1 in [0, 2]",
         "(d0, d1) -> (d0 floordiv max(d1, 1)), domain: d0 in [-10, 10], d1 in [0, 2]", R},
        {"variable_divisor_mod_negative", K::Equivalent,
         "(d0, d1) -> (d0 mod d1), domain: d0 in [-10, 10], d1 in [-4, -1]",
         "(d0, d1) -> (d0 - (d0 floordiv d1) * d1), domain: d0 in [-10, 10], d1 in [-4, -1]", P},
        {"product_range", K::Range, "(d0, d1) -> (d0 * d1), domain: d0 in [-3, 4], d1 in [-5, 2]",
         "", P, "-20", "15"},
        {"product_prime_is_empty", K::Empty,
         "(d0, d1) -> (d0), domain: d0 in [2, 10], d1 in [2, 10], d0 * d1 in [37, 37]", "", P},
        {"product_composite_is_not_empty", K::Empty,
         "(d0, d1) -> (d0), domain: d0 in [2, 10], d1 in [2, 10], d0 * d1 in [36, 36]", "", R},
        {"variable_mod_bounded_by_divisor", K::Implies,
         "(d0, d1) -> (d0), domain: d0 in [-9, 9], d1 in [1, 9]", "d0 mod d1", P, "0", "8"},
        {"product_of_symbols_relation", K::Equivalent,
         "(d0)[s0, s1] -> (d0 + s0 * s1), domain: d0 in [0, 3], s0 in [0, 2], s1 in [0, 2]",
         "(d0)[s0] -> (d0 + s0), domain: d0 in [0, 3], s0 in [0, 4], s0 mod 4 in [0, 2]", P},
    };
    // clang-format on
    return suite;
}

}  // namespace provix::solvers::testing
