// Ranges from loop bounds and steps, constants and affine.apply results.
// RUN: provix-mlir-opt --allow-unregistered-dialect --provix-simplify-affine %s | FileCheck %s

// The maps, printed before the functions:
// CHECK-DAG: #[[ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[ZERO:map[0-9]*]] = affine_map<(d0) -> (0)>
// CHECK-DAG: #[[SIXTEEN:map[0-9]*]] = affine_map<(d0) -> (16)>
// CHECK-DAG: #[[PARTIAL:map[0-9]*]] = affine_map<(d0) -> (16, -d0 + 100)>
// CHECK-DAG: #[[BLOCK:map[0-9]*]] = affine_map<(d0) -> (d0 floordiv 16)>
// CHECK-DAG: #[[SUM:map[0-9]*]] = affine_map<(d0, d1) -> (d0 + 3)>

// A tile loop with a step and a point loop inside the tile: the step makes
// %i a multiple of 32, the point loop keeps %ii below 32.
// CHECK-LABEL: func @strided_tiles
// CHECK:       affine.for %[[I:.*]] = 0 to 128 step 32 {
// CHECK:         affine.for %[[II:.*]] = 0 to 32 {
// CHECK-NEXT:      %[[V:.*]] = affine.load %{{.*}}[%[[I]] floordiv 32, %[[II]]] : memref<4x32xf32>
// CHECK-NEXT:      affine.store %[[V]], %{{.*}}[%[[II]]] : memref<32xf32>
// CHECK-NEXT:      %[[BASE:.*]] = affine.apply #[[ID]](%[[I]])
// CHECK-NEXT:      %[[REM:.*]] = affine.apply #[[ZERO]](%[[I]])
func @strided_tiles(%A: memref<4x32xf32>, %B: memref<32xf32>) {
  affine.for %i = 0 to 128 step 32 {
    affine.for %ii = 0 to 32 {
      %v = affine.load %A[%i floordiv 32 + %ii floordiv 32, (%ii + 64) mod 32] : memref<4x32xf32>
      affine.store %v, %B[%ii + %i mod 32] : memref<32xf32>
      %base = affine.apply affine_map<(d0) -> ((d0 floordiv 32) * 32)>(%i)
      %rem = affine.apply affine_map<(d0) -> (d0 mod 32)>(%i)
      "test.use"(%base, %rem) : (index, index) -> ()
    }
  }
  return
}

// The size of a tile: affine.min of the tile size and what is left. With
// 96 = 6 * 16 every tile is full and the min is the tile size; from an
// offset of 8 the last tile has 4 elements and the min stays. affine.max
// drops the results that never win.
// CHECK-LABEL: func @tile_sizes
// CHECK:         affine.for %[[I:.*]] = 0 to 96 step 16 {
// CHECK-NEXT:      affine.min #[[SIXTEEN]](%[[I]])
// CHECK-NEXT:      %[[J:.*]] = affine.apply
// CHECK-NEXT:      affine.min #[[PARTIAL]](%[[J]])
// CHECK-NEXT:      affine.max #[[BLOCK]](%[[I]])
func @tile_sizes() {
  affine.for %i = 0 to 96 step 16 {
    %full = affine.min affine_map<(d0) -> (16, -d0 + 96)>(%i)
    %j = affine.apply affine_map<(d0) -> (d0 + 8)>(%i)
    %last = affine.min affine_map<(d0) -> (16, -d0 + 100)>(%j)
    %q = affine.max affine_map<(d0) -> (0, d0 - 100, d0 floordiv 16)>(%i)
    "test.use"(%full, %last, %q) : (index, index, index) -> ()
  }
  return
}

// Constants, a loop with a non-zero lower bound, and bounds that are maps of
// an outer loop (the inner loop's range is the hull over the outer one).
// CHECK-LABEL: func @bounds
// CHECK:         %[[C:.*]] = arith.constant 3 : index
// CHECK:         affine.for %[[I:.*]] = 2 to 10 {
// CHECK-NEXT:      affine.apply #[[SUM]](%[[I]], %[[C]])
// CHECK-NEXT:      affine.for %[[J:.*]] = #{{.*}}(%[[I]]) to #{{.*}}(%[[I]]) {
// CHECK-NEXT:        affine.apply #[[ZERO]](%[[J]])
func @bounds() {
  %c3 = arith.constant 3 : index
  affine.for %i = 2 to 10 {
    %a = affine.apply affine_map<(d0, d1) -> (d0 + d1 * 3 floordiv 4 + (d0 + 20) floordiv 16)>(%i, %c3)
    affine.for %j = affine_map<(d0) -> (d0 * 4)>(%i) to affine_map<(d0) -> (d0 * 4 + 4)>(%i) {
      %b = affine.apply affine_map<(d0) -> (d0 floordiv 64)>(%j)
      "test.use"(%a, %b) : (index, index) -> ()
    }
  }
  return
}
