// The lowered program computes a map's arithmetic at 64 bits, wrapping: a
// rewrite is kept only if its lowering gives the exact value for every
// operand in range (sums and products wrap harmlessly, modulo 2^64, but the
// operands of floordiv, ceildiv and mod must not), and a value whose map
// may wrap is not given the exact map's range. The output must read back in
// MLIR (the last RUN line).
// RUN: provix-mlir-opt --allow-unregistered-dialect --provix-simplify-affine %s | FileCheck %s
// RUN: provix-mlir-opt --allow-unregistered-dialect --provix-simplify-affine %s | mlir-opt --allow-unregistered-dialect

// CHECK-DAG: #[[CEIL:map[0-9]*]] = affine_map<(d0) -> ((d0 mod 6 + d0) ceildiv 5)>
// CHECK-DAG: #[[TIMES:map[0-9]*]] = affine_map<(d0) -> (d0 * -4)>
// CHECK-DAG: #[[MAX:map[0-9]*]] = affine_map<(d0) -> (d0, 9223372036854775807)>
// CHECK-DAG: #[[MINUS1:map[0-9]*]] = affine_map<(d0) -> (d0 - 1)>
// CHECK-DAG: #[[DOUBLE:map[0-9]*]] = affine_map<(d0, d1) -> (d0 * 2)>
// CHECK-DAG: #[[SUM:map[0-9]*]] = affine_map<(d0, d1) -> (d0 + d1)>
// CHECK-DAG: #[[HALF:map[0-9]*]] = affine_map<(d0, d1) -> (d0 + d1 floordiv 2)>
// CHECK-DAG: #[[MERGE:map[0-9]*]] = affine_map<(d0, d1) -> ((d0 * 3 + d1 floordiv 8) floordiv 2)>

// d0 mod 6 + d0 stays in int64 for these d0, but the equal (d0 * 2)
// ceildiv 5 + 1844674407370955160 doubles d0 past -2^63: kept as it is.
// CHECK-LABEL: func @rewrite_would_wrap
// CHECK:         affine.apply #[[CEIL]](%{{.*}})
func @rewrite_would_wrap() {
  affine.for %i = -9223372036854775800 to -9223372036854775796 {
    %v = affine.apply affine_map<(d0) -> ((d0 mod 6 + d0) ceildiv 5)>(%i)
    "test.use"(%v) : (index) -> ()
  }
  return
}

// %a wraps (about 2^65): the max of it and INT64_MAX is not %a.
// CHECK-LABEL: func @wrapped_operand
// CHECK:         %[[A:.*]] = affine.apply #[[TIMES]](%{{.*}})
// CHECK:         affine.max #[[MAX]](%[[A]])
func @wrapped_operand() {
  affine.for %i = -9223372036854775799 to -9223372036854775798 {
    %a = affine.apply affine_map<(d0) -> (d0 * -4)>(%i)
    %m = affine.max affine_map<(d0) -> (d0, 9223372036854775807)>(%a)
    "test.use"(%m) : (index) -> ()
  }
  return
}

// d0 - 1 is the constant -2^63 here, which MLIR prints but cannot read:
// kept as it is.
// CHECK-LABEL: func @int64_min
// CHECK:         affine.apply #[[MINUS1]](%{{.*}})
func @int64_min() {
  affine.for %i = -9223372036854775807 to -9223372036854775806 {
    %v = affine.apply affine_map<(d0) -> (d0 - 1)>(%i)
    "test.use"(%v) : (index) -> ()
  }
  return
}

// An argument %n has no known range: d0 * 2 may wrap, but no division
// reads it, so the lowered value is exact modulo 2^64: the rewrite is kept.
// CHECK-LABEL: func @unbounded_argument
// CHECK:         affine.apply #[[DOUBLE]](%{{.*}}, %{{.*}})
func @unbounded_argument(%n: index) {
  affine.for %i = 0 to 8 {
    %v = affine.apply affine_map<(d0, d1) -> ((d0 * 16 + d1) floordiv 8)>(%n, %i)
    "test.use"(%v) : (index) -> ()
  }
  return
}

// d0 + d1 may wrap for arguments, but no division reads it: kept.
// CHECK-LABEL: func @sum_the_input_computes
// CHECK:         affine.apply #[[SUM]](%{{.*}}, %{{.*}})
func @sum_the_input_computes(%x: index, %y: index) {
  %v = affine.apply affine_map<(d0, d1) -> (((d0 + d1) floordiv 4) * 4 + (d0 + d1) mod 4)>(%x, %y)
  "test.use"(%v) : (index) -> ()
  return
}

// A sum above every division may wrap: at 64 bits it is exact modulo 2^64.
// Merged into one division, d0 * 24 + d1 could wrap: the input is kept.
// CHECK-LABEL: func @sums_and_divisions
// CHECK:         affine.apply #[[HALF]](%{{.*}}, %{{.*}})
// CHECK:         affine.apply #[[MERGE]](%{{.*}}, %{{.*}})
func @sums_and_divisions(%x: index, %y: index) {
  %a = affine.apply affine_map<(d0, d1) -> (d0 + (d1 * 2) floordiv 4)>(%x, %y)
  %b = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1 floordiv 8) floordiv 2)>(%x, %y)
  "test.use"(%a, %b) : (index, index) -> ()
  return
}
