// Loop nests as MLIR's tiling produces them (affine-loop-tile, then
// affine-loop-normalize and canonicalize): the tile loop counts tiles, the
// point loop runs over one tile, and accesses divide by the tile size.
// MLIR's own simplification leaves `%tile + %point floordiv 16` and
// `%point mod 16`; with the loop ranges provix removes the divisions.
//
// RUN: provix-mlir-opt -affine-loop-tile="tile-size=16" -affine-loop-normalize -canonicalize \
// RUN:   --provix-simplify-affine %s | FileCheck %s
// MLIR alone keeps them:
// RUN: provix-mlir-opt -affine-loop-tile="tile-size=16" -affine-loop-normalize -canonicalize %s \
// RUN:   | FileCheck %s --check-prefix=MLIR

// CHECK-LABEL: func @flat_copy
// CHECK:       affine.for %[[T:.*]] = 0 to 4 {
// CHECK-NEXT:    affine.for %[[P:.*]] = 0 to 16 {
// CHECK-NEXT:      affine.load %{{.*}}[%[[T]], %[[P]]] : memref<4x16xf32>
// MLIR-LABEL:  func @flat_copy
// MLIR:          affine.load %{{.*}}[%{{.*}} + %[[P:.*]] floordiv 16, %[[P]] mod 16]
func @flat_copy(%A: memref<4x16xf32>, %B: memref<64xf32>) {
  affine.for %k = 0 to 64 {
    %v = affine.load %A[%k floordiv 16, %k mod 16] : memref<4x16xf32>
    affine.store %v, %B[%k] : memref<64xf32>
  }
  return
}

// A 2-D copy of a 32x32 matrix stored as 4x8 tiles of 8x4: both dims tiled.
// CHECK-LABEL: func @tiled_blocks
// CHECK:       affine.for %[[I:.*]] = 0 to 2 {
// CHECK-NEXT:    affine.for %[[J:.*]] = 0 to 2 {
// CHECK-NEXT:      affine.for %[[II:.*]] = 0 to 16 {
// CHECK-NEXT:        affine.for %[[JJ:.*]] = 0 to 16 {
// CHECK-NEXT:          affine.load %{{.*}}[%[[I]] * 2 + %[[II]] floordiv 8, %[[J]] * 4 + %[[JJ]] floordiv 4, %[[II]] mod 8, %[[JJ]] mod 4]
func @tiled_blocks(%A: memref<4x8x8x4xf32>, %B: memref<32x32xf32>) {
  affine.for %r = 0 to 32 {
    affine.for %c = 0 to 32 {
      %v = affine.load %A[%r floordiv 8, %c floordiv 4, %r mod 8, %c mod 4] : memref<4x8x8x4xf32>
      affine.store %v, %B[%r, %c] : memref<32x32xf32>
    }
  }
  return
}
