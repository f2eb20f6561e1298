// provix-mlir-opt: mlir-opt with the affine, arith, memref, scf and standard
// dialects, the affine passes, canonicalize, cse and provix's pass.
//
//     provix-mlir-opt --provix-simplify-affine input.mlir
//     provix-mlir-opt --provix-simplify-affine --provix-verify input.mlir
//     provix-mlir-opt --provix-simplify-affine='verify=1 isl-max-operations=100000' input.mlir

#include <mlir/Dialect/Affine/IR/AffineOps.h>
#include <mlir/Dialect/Affine/Passes.h>
#include <mlir/Dialect/Arithmetic/IR/Arithmetic.h>
#include <mlir/Dialect/MemRef/IR/MemRef.h>
#include <mlir/Dialect/SCF/SCF.h>
#include <mlir/Dialect/StandardOps/IR/Ops.h>
#include <mlir/IR/Dialect.h>
#include <mlir/Support/MlirOptMain.h>
#include <mlir/Transforms/Passes.h>

#include "provix/mlir/simplify_affine.h"

int main(int argc, char** argv) {
    mlir::DialectRegistry registry;
    registry.insert<mlir::AffineDialect, mlir::arith::ArithmeticDialect,
                    mlir::memref::MemRefDialect, mlir::scf::SCFDialect, mlir::StandardOpsDialect>();
    mlir::registerAffinePasses();  // -affine-loop-tile, -affine-loop-normalize, ...
    mlir::registerCanonicalizerPass();
    mlir::registerCSEPass();
    provix::mlir_bridge::register_simplify_affine_pass();
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, "provix MLIR optimizer (provix-mlir-opt)", registry));
}
