# cmake -DPROVIX_BINARY_DIR=... -DWORK_DIR=... [-DCONFIG=...] -P check_installed_prove.cmake
#
# Installs the built tree into WORK_DIR/prefix and runs the installed
# `provix prove` with no argument from an empty folder: it must find the
# installed rules (<prefix>/share/provix/rules), not the source tree's, prove
# every one of them and exit 0.
cmake_minimum_required(VERSION 3.20)

include(${CMAKE_CURRENT_LIST_DIR}/install_tree.cmake)
file(GLOB rule_files ${prefix}/share/provix/rules/*.rules)
set(rules 0)
foreach(file IN LISTS rule_files)
  file(STRINGS ${file} lines REGEX "^[a-z_0-9]+:")
  list(LENGTH lines n)
  math(EXPR rules "${rules} + ${n}")
endforeach()
if(rules EQUAL 0)
  message(FATAL_ERROR "no rules installed in ${prefix}/share/provix/rules")
endif()

file(MAKE_DIRECTORY ${WORK_DIR}/empty)
# Every installed rule must be proven (Z3 or an installed Coq proof; a grid
# check alone fails). cvc5's re-check is the source-tree test's job.
execute_process(COMMAND ${prefix}/bin/provix prove --no-cvc5
                WORKING_DIRECTORY ${WORK_DIR}/empty
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the installed 'provix prove' exited with ${rc}:\n${out}\n${err}")
endif()
if(NOT out MATCHES "\n${rules} rules: ${rules} proven, 0 checked \\(grid\\)")
  message(FATAL_ERROR "expected a summary of the ${rules} installed rules:\n${out}\n${err}")
endif()
string(FIND "${out}" "${prefix}/share/provix/rules/" at)
if(at EQUAL -1)
  message(FATAL_ERROR "the rules proven are not the installed ones:\n${out}")
endif()
message(STATUS "installed provix prove: ${rules} rules from ${prefix}/share/provix/rules: ok")
