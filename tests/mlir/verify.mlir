// --provix-verify: each rewrite is checked by the exact oracle first.
//
// Proven rewrites are applied (remarks name the verdict):
// RUN: provix-mlir-opt --allow-unregistered-dialect --provix-simplify-affine="remarks=1" \
// RUN:   --provix-verify -mlir-print-op-on-diagnostic=false %s 2>&1 | FileCheck %s
//
// A rewrite the oracle cannot prove (here: a budget too small to decide
// anything) is refused with a warning and the op keeps its map:
// RUN: provix-mlir-opt --allow-unregistered-dialect \
// RUN:   --provix-simplify-affine="verify=1 isl-max-operations=1 z3-rlimit=1" \
// RUN:   -mlir-print-op-on-diagnostic=false %s 2>&1 | FileCheck %s --check-prefix=REFUSED
//
// The same, as MLIR's diagnostic verifier sees it (every op of @tile_sizes warns):
// RUN: provix-mlir-opt --allow-unregistered-dialect \
// RUN:   --provix-simplify-affine="verify=1 isl-max-operations=1 z3-rlimit=1" \
// RUN:   -mlir-print-op-on-diagnostic=false -verify-diagnostics %s > /dev/null

// CHECK: remark: provix: affine_map<(d0) -> (16, -d0 + 96)> simplified to affine_map<(d0) -> (16)>, proven equivalent [isl]
// CHECK: remark: provix: affine_map<(d0) -> (d0 mod 32)> simplified to affine_map<(d0) -> (0)>, proven equivalent [isl]
// CHECK: remark: provix: affine_map<(d0)[s0] -> (d0 floordiv s0 + d0 floordiv (s0 + 10))> simplified to affine_map<(d0)[s0] -> (d0 floordiv s0)>, proven equivalent [z3]
// CHECK-LABEL: func @tile_sizes
// CHECK:         affine.min #{{.*}}(%{{.*}})
// CHECK:         affine.apply #[[ZERO:map[0-9]*]](%{{.*}})

// REFUSED: warning: provix: rewrite to affine_map<(d0) -> (16)> not applied: the exact oracle answered unknown
// REFUSED: warning: provix: rewrite to affine_map<(d0) -> (0)> not applied: the exact oracle answered unknown
// REFUSED-LABEL: func @tile_sizes
// REFUSED:         affine.min #{{.*}}(%{{.*}})
// REFUSED-NOT:     provix
func @tile_sizes() {
  affine.for %i = 0 to 96 step 32 {
    // expected-warning @+1 {{provix: rewrite to affine_map<(d0) -> (16)> not applied: the exact oracle answered unknown}}
    %full = affine.min affine_map<(d0) -> (16, -d0 + 96)>(%i)
    // expected-warning @+1 {{provix: rewrite to affine_map<(d0) -> (0)> not applied}}
    %rem = affine.apply affine_map<(d0) -> (d0 mod 32)>(%i)
    "test.use"(%full, %rem) : (index, index) -> ()
  }
  return
}

// Divisors that are symbols: MLIR defines the division only where they are
// positive, so s0 >= 1 and %i < 10 < s0 + 10 makes the second quotient 0.
// Not quasi-affine: decided by Z3 (which a budget of 1 cannot).
func @symbolic(%n: index) {
  affine.for %i = 0 to 10 {
    // expected-warning @+1 {{provix: rewrite to affine_map<(d0)[s0] -> (d0 floordiv s0)> not applied}}
    %q = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0 + d0 floordiv (s0 + 10))>(%i)[%n]
    "test.use"(%q) : (index) -> ()
  }
  return
}
