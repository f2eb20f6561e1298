// With assume-no-overflow the program promises that no index computation
// leaves int64, as MLIR's own affine folding assumes: rewrites over operands
// of unknown range (function arguments) are applied, which the 64-bit wrap
// check refuses by default. A value's range then comes from its exact map.
// RUN: provix-mlir-opt --allow-unregistered-dialect --provix-simplify-affine="assume-no-overflow=1" %s | FileCheck %s --check-prefix=ASSUME
// RUN: provix-mlir-opt --allow-unregistered-dialect --provix-simplify-affine %s | FileCheck %s --check-prefix=CHECKED
// RUN: provix-mlir-opt --allow-unregistered-dialect --provix-simplify-affine="assume-no-overflow=1" %s | mlir-opt --allow-unregistered-dialect

// ASSUME-DAG: #[[SPLIT:map[0-9]*]] = affine_map<(d0, d1) -> ((d0 * 3) floordiv 2)>
// ASSUME-DAG: #[[MERGED:map[0-9]*]] = affine_map<(d0, d1) -> ((d0 * 24 + d1) floordiv 16)>
// CHECKED-DAG: #[[TILE:map[0-9]*]] = affine_map<(d0, d1) -> ((d0 * 24 + d1) floordiv 16)>
// CHECKED-DAG: #[[NESTED:map[0-9]*]] = affine_map<(d0, d1) -> ((d0 * 3 + d1 floordiv 8) floordiv 2)>
// ASSUME-DAG: #[[SAME:map[0-9]*]] = affine_map<(d0) -> (d0)>
// CHECKED-DAG: #[[MIN:map[0-9]*]] = affine_map<(d0) -> (d0, 7)>

// d0 * 24 may wrap for an argument d0 (d1 < 8 is below the gcd 8): kept
// unless no overflow is promised. (MLIR itself folds (d0 * 8 + d1)
// floordiv 8 to d0 + d1 floordiv 8 as it reads it, wrap or not.)
// ASSUME-LABEL: func @gcd_split_of_an_argument
// ASSUME:         affine.apply #[[SPLIT]](%{{.*}}, %{{.*}})
// CHECKED-LABEL: func @gcd_split_of_an_argument
// CHECKED:        affine.apply #[[TILE]](%{{.*}}, %{{.*}})
func @gcd_split_of_an_argument(%n: index) {
  affine.for %j = 0 to 8 {
    %v = affine.apply affine_map<(d0, d1) -> ((d0 * 24 + d1) floordiv 16)>(%n, %j)
    "test.use"(%v) : (index) -> ()
  }
  return
}

// ASSUME-LABEL: func @nested_floordivs
// ASSUME:         affine.apply #[[MERGED]](%{{.*}}, %{{.*}})
// CHECKED-LABEL: func @nested_floordivs
// CHECKED:        affine.apply #[[NESTED]](%{{.*}}, %{{.*}})
func @nested_floordivs(%n: index, %m: index) {
  %a = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1 floordiv 8) floordiv 2)>(%n, %m)
  "test.use"(%a) : (index) -> ()
  return
}

// %a is in [0, 5] by its exact map ((d0 * 2) mod 6), so the min is %a; at
// 64 bits d0 * 2 may wrap for an argument d0, and then nothing is known of
// %a without the promise: the min stays.
// ASSUME-LABEL: func @range_of_a_result
// ASSUME:         %[[A:.*]] = affine.apply
// ASSUME-NEXT:    affine.min #[[SAME]](%[[A]])
// CHECKED-LABEL: func @range_of_a_result
// CHECKED:        %[[A:.*]] = affine.apply
// CHECKED-NEXT:   affine.min #[[MIN]](%[[A]])
func @range_of_a_result(%n: index) {
  %a = affine.apply affine_map<(d0) -> ((d0 * 2) mod 6)>(%n)
  %m = affine.min affine_map<(d0) -> (d0, 7)>(%a)
  "test.use"(%m) : (index) -> ()
  return
}
