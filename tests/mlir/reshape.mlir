// Loop nests of the kind reshape lowering produces: an index linearized by
// one shape and delinearized by another. canonicalize composes the
// affine.apply chain into the access maps; provix, knowing the loop ranges,
// cancels the floordiv/mod pairs that MLIR keeps.
//
// RUN: provix-mlir-opt -canonicalize --provix-simplify-affine %s | FileCheck %s
// RUN: provix-mlir-opt -canonicalize %s | FileCheck %s --check-prefix=MLIR

// 10x20 -> 200 -> 10x20 (collapse then expand).
// CHECK-LABEL: func @collapse_expand
// CHECK:         affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 20 {
// CHECK-NEXT:        affine.load %{{.*}}[%[[I]], %[[J]]] : memref<10x20xf32>
// MLIR-LABEL:    func @collapse_expand
// MLIR:            affine.load %{{.*}}[%{{.*}} + %[[J:.*]] floordiv 20, %[[J]] mod 20]
func @collapse_expand(%A: memref<10x20xf32>, %B: memref<200xf32>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 20 {
      %lin = affine.apply affine_map<(d0, d1) -> (d0 * 20 + d1)>(%i, %j)
      %v = affine.load %A[%lin floordiv 20, %lin mod 20] : memref<10x20xf32>
      affine.store %v, %B[%lin] : memref<200xf32>
    }
  }
  return
}

// f32[10,10,10] -> f32[50,20] -> f32[10,10,10]: the two reshapes cancel.
// CHECK-LABEL: func @chained_reshapes
// CHECK:         affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 10 {
// CHECK-NEXT:        affine.for %[[K:.*]] = 0 to 10 {
// CHECK-NEXT:          affine.load %{{.*}}[%[[I]], %[[J]], %[[K]]] : memref<10x10x10xf32>
// CHECK-NEXT:          affine.store %{{.*}}, %{{.*}}[%[[I]], %[[J]], %[[K]]]
// MLIR-LABEL:    func @chained_reshapes
// MLIR:            affine.load %{{.*}}[({{.*}}) floordiv 100, (({{.*}}) mod 100) floordiv 10, %{{.*}} mod 10]
func @chained_reshapes(%A: memref<10x10x10xf32>, %B: memref<10x10x10xf32>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      affine.for %k = 0 to 10 {
        %lin = affine.apply affine_map<(d0, d1, d2) -> (d0 * 100 + d1 * 10 + d2)>(%i, %j, %k)
        %r0 = affine.apply affine_map<(d0) -> (d0 floordiv 20)>(%lin)
        %r1 = affine.apply affine_map<(d0) -> (d0 mod 20)>(%lin)
        %lin2 = affine.apply affine_map<(d0, d1) -> (d0 * 20 + d1)>(%r0, %r1)
        %v = affine.load %A[%lin2 floordiv 100, (%lin2 mod 100) floordiv 10, %lin2 mod 10] : memref<10x10x10xf32>
        affine.store %v, %B[%i, %j, %k] : memref<10x10x10xf32>
      }
    }
  }
  return
}

// 8x3 read from a 4x6 buffer (a genuine reshape, nothing cancels): with
// %j < 3, (3 * %i + %j) floordiv 6 is %i floordiv 2 and the remainder
// splits as 3 * (%i mod 2) + %j.
// CHECK-LABEL: func @reshape_4x6_to_8x3
// CHECK:         affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 3 {
// CHECK-NEXT:        affine.load %{{.*}}[%[[I]] floordiv 2, %[[J]] + (%[[I]] mod 2) * 3] : memref<4x6xf32>
func @reshape_4x6_to_8x3(%A: memref<4x6xf32>, %B: memref<8x3xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 3 {
      %lin = affine.apply affine_map<(d0, d1) -> (d0 * 3 + d1)>(%i, %j)
      %v = affine.load %A[%lin floordiv 6, %lin mod 6] : memref<4x6xf32>
      affine.store %v, %B[%i, %j] : memref<8x3xf32>
    }
  }
  return
}

// A tiled reshape: 16x16 blocks of a 64x64 matrix read from a 4x4x16x16
// buffer, the tile index and the point index recombined and split again.
// CHECK-LABEL: func @blocked_reshape
// CHECK:         affine.for %[[T:.*]] = 0 to 4 {
// CHECK-NEXT:      affine.for %[[P:.*]] = 0 to 16 {
// CHECK-NEXT:        affine.for %[[C:.*]] = 0 to 64 {
// CHECK-NEXT:          affine.load %{{.*}}[%[[T]], %[[C]] floordiv 16, %[[P]], %[[C]] mod 16] : memref<4x4x16x16xf32>
func @blocked_reshape(%A: memref<4x4x16x16xf32>, %B: memref<64x64xf32>) {
  affine.for %t = 0 to 4 {
    affine.for %p = 0 to 16 {
      affine.for %c = 0 to 64 {
        %row = affine.apply affine_map<(d0, d1) -> (d0 * 16 + d1)>(%t, %p)
        %v = affine.load %A[%row floordiv 16, %c floordiv 16, %row mod 16, %c mod 16] : memref<4x4x16x16xf32>
        affine.store %v, %B[%row, %c] : memref<64x64xf32>
      }
    }
  }
  return
}
