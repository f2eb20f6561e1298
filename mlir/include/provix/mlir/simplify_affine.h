#pragma once
/// \file
/// The MLIR pass `--provix-simplify-affine`: simplifies the maps of
/// `affine.apply`, `affine.load`, `affine.store`, `affine.min` and
/// `affine.max` with provix's rule engine, using what is known of each map
/// operand (the range and step of an enclosing `affine.for`, constants,
/// ranges of `affine.apply` / `affine.min` / `affine.max` results), and
/// rewrites the op with the simplified map (same operands).
///
///     affine.for %i = 0 to 64 step 16 {
///       affine.for %j = 0 to 16 {
///         %v = affine.load %A[(%i + %j) floordiv 16, (%i + %j) mod 16] : memref<4x16xf32>
///
/// becomes `affine.load %A[%i floordiv 16, %j]`.
///
/// With `verify` (or the tool's `--provix-verify`), every rewrite is first
/// checked equivalent to the original map on the operands' domain by the
/// exact oracle (isl, Z3 where not quasi-affine); a rewrite that is not
/// proven is not applied, and a warning says why.
///
/// The lowered program computes at 64 bits and wraps, while provix's rules
/// hold over the integers: by default a rewrite is applied only where both
/// maps are exact at 64 bits for every operand in range, so an operand with
/// no known range (a function argument) often blocks it. With
/// `assume-no-overflow`, the pass takes the program's word that no index
/// computation leaves int64, as MLIR's own affine folding does, and skips
/// that check: `(d0 * 8 + d1) floordiv 8` on an argument d0 and a loop's
/// d1 in [0, 7] becomes `d0`.

#include <memory>

namespace mlir {
class Pass;
}  // namespace mlir

namespace provix::mlir_bridge {

/// Options of the pass (also settable as pass options:
/// `--provix-simplify-affine="verify=1 isl-max-operations=100000"`).
struct SimplifyAffineOptions {
    /// Check each rewrite with the exact oracle before applying it.
    bool verify = false;
    /// isl's operation budget per check (0: the oracle's default).
    unsigned long isl_max_operations = 0;
    /// Z3's resource limit per check (0: the oracle's default).
    unsigned z3_rlimit = 0;
    /// Assume no index computation of the program leaves int64: rewrite
    /// without the 64-bit wrap check.
    bool assume_no_overflow = false;
};

/// A new instance of the pass: `pm.addPass(createSimplifyAffinePass({}))`.
std::unique_ptr<mlir::Pass> create_simplify_affine_pass(const SimplifyAffineOptions& options = {});

/// Registers `--provix-simplify-affine` (and the `--provix-verify` flag) with
/// MLIR's pass registry, for mlir-opt-style tools.
void register_simplify_affine_pass();

/// True if this build can check rewrites (it links provix's solvers).
bool can_verify();

}  // namespace provix::mlir_bridge
