# The MLIR pass, the provix-mlir-opt tool and the IndexExpr MLIR builder
# (provix_indexexpr_mlir): built when MLIR 14's CMake
# package is found (Debian: libmlir-14-dev); otherwise a status line says so
# and everything else builds as usual. MLIR_DIR selects another MLIR 14.
# LLVM's package configuration runs C compile checks: C must be enabled.
include(CheckLanguage)
check_language(C)
if(CMAKE_C_COMPILER)
  enable_language(C)
  find_package(MLIR CONFIG QUIET HINTS /usr/lib/llvm-14/lib/cmake/mlir)
endif()
if(NOT MLIR_FOUND)
  message(STATUS "provix: MLIR not found: provix-mlir-opt not built")
elseif(NOT LLVM_VERSION_MAJOR EQUAL 14)
  message(STATUS "provix: MLIR ${LLVM_VERSION_MAJOR} found, the pass is written for MLIR 14: "
                 "provix-mlir-opt not built")
elseif(NOT TARGET MLIR OR NOT TARGET LLVM)
  message(STATUS "provix: MLIR 14 has no shared libMLIR/libLLVM: provix-mlir-opt not built")
else()
  message(STATUS "provix: MLIR ${LLVM_PACKAGE_VERSION} from ${MLIR_DIR}")
  add_subdirectory(mlir)
  # IndexExpr code generation to MLIR (provix/indexexpr/mlir_builder.h).
  if(TARGET provix_indexexpr)
    add_subdirectory(src/indexexpr_mlir)
  endif()
endif()
