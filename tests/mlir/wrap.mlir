// The lowered program computes a map's arithmetic at 64 bits, wrapping: a
// rewrite is kept only if the lowered input and the lowered rewrite both
// give the exact value for every operand in range (sums and products wrap
// harmlessly, modulo 2^64, but the operands of floordiv, ceildiv and mod
// must not; for affine.min/max nothing may), and a value whose map may wrap
// is not given the exact map's range. The output must read back in MLIR
// (the last RUN line).
// RUN: provix-mlir-opt --allow-unregistered-dialect --provix-simplify-affine %s | FileCheck %s
// RUN: provix-mlir-opt --allow-unregistered-dialect --provix-simplify-affine %s | mlir-opt --allow-unregistered-dialect

// CHECK-DAG: #[[CEIL:map[0-9]*]] = affine_map<(d0) -> ((d0 mod 6 + d0) ceildiv 5)>
// CHECK-DAG: #[[TIMES:map[0-9]*]] = affine_map<(d0) -> (d0 * -4)>
// CHECK-DAG: #[[MAX:map[0-9]*]] = affine_map<(d0) -> (d0, 9223372036854775807)>
// CHECK-DAG: #[[MINUS1:map[0-9]*]] = affine_map<(d0) -> (d0 - 1)>
// CHECK-DAG: #[[DOUBLE:map[0-9]*]] = affine_map<(d0, d1) -> (d0 * 2)>
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

// The input's own d0 * 2 wraps under the floordiv, and the affine.if that
// guards the load computes the same wrapped index: the exact index would be
// out of bounds. Both are kept as they are.
// CHECK-LABEL: func @input_wraps
// CHECK:         affine.load %{{.*}}[(%{{.*}} * -2) floordiv 6 + symbol(%{{.*}})]
func @input_wraps(%M: memref<64xindex>, %s: index) {
  affine.for %i = -9223372036854775806 to -9223372036854775803 {
    affine.if affine_set<(d0)[s0] : (s0 + (-(d0 * 2)) floordiv 6 >= 0, 63 - s0 - (-(d0 * 2)) floordiv 6 >= 0)>(%i)[%s] {
      %v = affine.load %M[symbol(%s) + (-(%i * 2)) floordiv 6] : memref<64xindex>
      "test.use"(%v) : (index) -> ()
    }
  }
  return
}

// Arguments have no known range: d0 * 3 + d1 floordiv 8 may wrap under the
// outer floordiv, so the map stays. Inside loops of known range
// (d0 * 16 + d1) floordiv 8 is d0 * 2, which may wrap harmlessly (no
// division reads it).
// CHECK-LABEL: func @arguments_and_loops
// CHECK:         affine.apply #[[MERGE]](%{{.*}}, %{{.*}})
// CHECK:         affine.apply #[[DOUBLE]](%{{.*}}, %{{.*}})
func @arguments_and_loops(%n: index, %m: index) {
  %a = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1 floordiv 8) floordiv 2)>(%n, %m)
  "test.use"(%a) : (index) -> ()
  affine.for %i = 0 to 1000 {
    affine.for %j = 0 to 8 {
      %b = affine.apply affine_map<(d0, d1) -> ((d0 * 16 + d1) floordiv 8)>(%i, %j)
      "test.use"(%b) : (index) -> ()
    }
  }
  return
}

// Merged into one division, d0 * 24 + d1 would wrap at d0 near 2^61, where
// d0 * 3 does not: kept as it is.
// CHECK-LABEL: func @merge_would_wrap
// CHECK:         affine.apply #[[MERGE]](%{{.*}}, %{{.*}})
func @merge_would_wrap() {
  affine.for %i = 2305843009213693952 to 2305843009213693960 {
    affine.for %j = 0 to 64 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1 floordiv 8) floordiv 2)>(%i, %j)
      "test.use"(%v) : (index) -> ()
    }
  }
  return
}
