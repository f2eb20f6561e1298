// What the pass knows about operands that are not loop variables, and what
// it leaves alone.
// RUN: provix-mlir-opt --allow-unregistered-dialect --provix-simplify-affine %s | FileCheck %s

// CHECK-DAG: #[[ZERO2:map[0-9]*]] = affine_map<(d0, d1) -> (0)>
// CHECK-DAG: #[[BLOCK:map[0-9]*]] = affine_map<(d0) -> (d0 floordiv 16)>
// CHECK-DAG: #[[NEG:map[0-9]*]] = affine_map<(d0) -> (d0 mod -2)>
// CHECK-DAG: #[[DEAD:map[0-9]*]] = affine_map<(d0) -> (d0 mod 16)>
// CHECK-DAG: #[[PLUS1:map[0-9]*]] = affine_map<(d0) -> (d0 + 1)>
// CHECK-DAG: #[[HALF:map[0-9]*]] = affine_map<(d0) -> (d0 floordiv 2)>
// CHECK-DAG: #[[BYSYM:map[0-9]*]] = affine_map<(d0)[s0] -> (d0 floordiv s0)>

// A function argument is unbounded: nothing to simplify. The same value
// used twice is the same number.
// CHECK-LABEL: func @arguments
// CHECK-NEXT:    affine.apply #[[BLOCK]](%arg0)
// CHECK-NEXT:    affine.apply #[[ZERO2]](%arg0, %arg0)
func @arguments(%x: index) {
  %a = affine.apply affine_map<(d0) -> (d0 floordiv 16)>(%x)
  %b = affine.apply affine_map<(d0, d1) -> ((d0 - d1) floordiv 4)>(%x, %x)
  "test.use"(%a, %b) : (index, index) -> ()
  return
}

// MLIR leaves `mod -2` undefined: provix does not read the map and leaves it.
// CHECK-LABEL: func @negative_divisor
// CHECK:         affine.apply #[[NEG]](%{{.*}})
func @negative_divisor() {
  affine.for %i = 0 to 10 {
    %a = affine.apply affine_map<(d0) -> (d0 mod -2)>(%i)
    "test.use"(%a) : (index) -> ()
  }
  return
}

// A loop that never runs: its body is left as it is.
// CHECK-LABEL: func @dead_loop
// CHECK:         affine.apply #[[DEAD]](%{{.*}})
func @dead_loop() {
  affine.for %i = 5 to 5 {
    %a = affine.apply affine_map<(d0) -> (d0 mod 16)>(%i)
    "test.use"(%a) : (index) -> ()
  }
  return
}

// An apply on a value of a loop that never runs, or on a quotient by a
// symbol fixed to 0, has no point to run at: nothing is known of its value,
// and the applies that read it stay as they are.
// CHECK-LABEL: func @dead_loop_chain
// CHECK:         affine.apply #[[PLUS1]](%{{.*}})
// CHECK-NEXT:    affine.apply #[[HALF]](%{{.*}})
func @dead_loop_chain() {
  affine.for %i = 5 to 0 {
    %a = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    %b = affine.apply affine_map<(d0) -> (d0 floordiv 2)>(%a)
    "test.use"(%b) : (index) -> ()
  }
  return
}

// CHECK-LABEL: func @zero_symbol_divisor
// CHECK:         affine.apply #[[BYSYM]](%{{.*}})[%{{.*}}]
// CHECK-NEXT:    affine.apply #[[PLUS1]](%{{.*}})
func @zero_symbol_divisor() {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %a = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%c5)[%c0]
  %b = affine.apply affine_map<(d0) -> (d0 + 1)>(%a)
  "test.use"(%b) : (index) -> ()
  return
}

// A loop-carried value (iter_args) has no known range, though the loop
// variable does.
// CHECK-LABEL: func @iter_args
// CHECK:         affine.apply #[[BLOCK]](%{{.*}})
func @iter_args() -> index {
  %c0 = arith.constant 0 : index
  %r = affine.for %i = 0 to 16 iter_args(%acc = %c0) -> (index) {
    %a = affine.apply affine_map<(d0) -> (d0 floordiv 16)>(%acc)
    affine.yield %a : index
  }
  return %r : index
}
