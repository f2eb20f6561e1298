// `provix simplify --syntax mlir` writes MLIR that MLIR reads: its output is
// fed to mlir-opt (which rejects anything malformed) and checked.
// RUN: provix simplify --syntax mlir %s | FileCheck %s
// RUN: provix simplify --syntax mlir %s | mlir-opt > /dev/null
// RUN: provix simplify --syntax mlir %s | provix simplify --syntax mlir | FileCheck %s

#set0 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 9 >= 0, d1 >= 0, -d1 + 19 >= 0)>
#map0 = affine_map<(d0, d1) -> ((d0 * 20 + d1) floordiv 20, (d0 * 20 + d1) mod 20)>
#map1 = affine_map<(d0, d1) -> ((d0 * 20 + d1) floordiv 40, ((d0 * 20 + d1) mod 40) * 2)>
// -----
#set1 = affine_set<(d0)[s0] : (d0 >= 0, -d0 + 15 >= 0, s0 - 16 == 0)>
#map2 = affine_map<(d0)[s0] -> (d0 floordiv s0, d0 mod 4 - (d0 floordiv 4) * -4)>
#map3 = affine_map<(d0)[s0] -> (-(d0 ceildiv 4), (-d0) mod 4)>

// CHECK:      #set0 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 9 >= 0, d1 >= 0, -d1 + 19 >= 0)>
// CHECK-NEXT: #map0 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1) -> (d0 floordiv 2, d1 * 2 + (d0 mod 2) * 40)>
// CHECK-NEXT: // -----
// CHECK-NEXT: #set1 = affine_set<(d0)[s0] : (d0 >= 0, -d0 + 15 >= 0, s0 - 16 == 0)>
// CHECK-NEXT: #map2 = affine_map<(d0)[s0] -> (0, d0)>
// CHECK-NEXT: #map3 = affine_map<(d0)[s0] -> (-(d0 ceildiv 4), (-d0) mod 4)>
