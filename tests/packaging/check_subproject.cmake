# cmake -DPROVIX_SOURCE_DIR=... -DSUBPROJECT_SOURCE_DIR=... -DWORK_DIR=...
#       -DCXX_COMPILER=... -DCTEST_COMMAND=... -P check_subproject.cmake
#
# Configures a parent project that add_subdirectory()s provix (the parent's
# CMakeLists checks which options and targets provix defined) and checks that
# ctest finds no test of provix's in it; then builds and runs its program.
cmake_minimum_required(VERSION 3.20)

file(REMOVE_RECURSE ${WORK_DIR})
execute_process(
  COMMAND ${CMAKE_COMMAND} -S ${SUBPROJECT_SOURCE_DIR} -B ${WORK_DIR}
    -DPROVIX_SOURCE_DIR=${PROVIX_SOURCE_DIR} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring the parent project failed:\n${out}\n${err}")
endif()

execute_process(COMMAND ${CTEST_COMMAND} -N WORKING_DIRECTORY ${WORK_DIR}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT out MATCHES "Total Tests: 0")
  message(FATAL_ERROR "the parent project has provix tests:\n${out}\n${err}")
endif()

# The parent's program links provix::provix (core built from source, -O0 as
# the parent chose no build type) and prints the simplified map.
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK_DIR} --target parent_app -j2
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "building the parent project failed:\n${out}\n${err}")
endif()
execute_process(COMMAND ${WORK_DIR}/parent_app
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "^\\(d0, d1\\) -> \\(d0, d1\\)")
  message(FATAL_ERROR "parent_app failed (${rc}):\n${out}\n${err}")
endif()
message(STATUS "add_subdirectory: provix::provix links and works, no provix tests registered")
