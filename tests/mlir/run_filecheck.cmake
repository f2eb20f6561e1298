# cmake -DTEST_FILE=x.mlir -DPROVIX_MLIR_OPT=... -DMLIR_OPT=... -DPROVIX=...
#       -DFILECHECK=... -DBASH=... -DWORK_DIR=... -P run_filecheck.cmake
#
# Runs the '// RUN:' lines of TEST_FILE the way lit does (a line ending in
# '\' continues on the next RUN line): %s is TEST_FILE, %t a scratch path, and
# the words provix-mlir-opt, mlir-opt, provix and FileCheck name the tools
# given. Each line runs under `bash -o pipefail -c`, so a failing tool fails
# the test even when FileCheck reads its output. No RUN line is an error.
cmake_minimum_required(VERSION 3.20)

# Read as text, not with file(STRINGS): a line ending in '\' would escape
# the list separator after it.
file(READ ${TEST_FILE} content)
string(REPLACE ";" "@PROVIX_SEMICOLON@" content "${content}")
# A '\' at the end of a RUN line continues on the next RUN line.
string(REGEX REPLACE "\\\\[ \t]*\n// RUN:" " " content "${content}")
string(REPLACE "\n" ";" lines "${content}")
set(commands)
foreach(line IN LISTS lines)
  if(line MATCHES "^// RUN:(.*)$")
    string(STRIP "${CMAKE_MATCH_1}" body)
    list(APPEND commands "${body}")
  endif()
endforeach()
if(NOT commands)
  message(FATAL_ERROR "${TEST_FILE}: no '// RUN:' line")
endif()
get_filename_component(name ${TEST_FILE} NAME_WE)
set(scratch ${WORK_DIR}/${name}.tmp)

foreach(command IN LISTS commands)
  # Tool names are replaced as whole words only.
  set(c " ${command} ")
  string(REPLACE "%s" "${TEST_FILE}" c "${c}")
  string(REPLACE "%t" "${scratch}" c "${c}")
  string(REGEX REPLACE "([ |(])provix-mlir-opt " "\\1${PROVIX_MLIR_OPT} " c "${c}")
  string(REGEX REPLACE "([ |(])mlir-opt " "\\1${MLIR_OPT} " c "${c}")
  string(REGEX REPLACE "([ |(])FileCheck " "\\1${FILECHECK} " c "${c}")
  if(c MATCHES "[ |(]provix ")
    if(NOT PROVIX)
      message(FATAL_ERROR "${TEST_FILE}: the RUN line needs the provix command, not built")
    endif()
    string(REGEX REPLACE "([ |(])provix " "\\1${PROVIX} " c "${c}")
  endif()
  string(STRIP "${c}" c)
  string(REPLACE "@PROVIX_SEMICOLON@" ";" c "${c}")
  message(STATUS "RUN: ${c}")
  execute_process(COMMAND ${BASH} -o pipefail -c "${c}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${TEST_FILE}: RUN line failed (exit ${rc}):\n${c}\n"
                        "--- stdout:\n${out}\n--- stderr:\n${err}")
  endif()
endforeach()
