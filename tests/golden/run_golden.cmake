# cmake -DPROVIX=path/to/provix -DGOLDEN_DIR=tests/golden -DNAME=foo -DWORK_DIR=dir
#       -P run_golden.cmake
#
# Runs `provix <args> NAME.in` in GOLDEN_DIR and compares standard output with
# NAME.out (exit 0, or the code in NAME.exit; empty stderr) or standard error
# with NAME.err (exit 2, empty stdout). On a mismatch prints a unified diff
# and fails.
cmake_minimum_required(VERSION 3.20)

set(input ${GOLDEN_DIR}/${NAME}.in)
set(args simplify)
if(EXISTS ${GOLDEN_DIR}/${NAME}.args)
  file(STRINGS ${GOLDEN_DIR}/${NAME}.args args)
endif()

set(expected_rc 0)
if(EXISTS ${GOLDEN_DIR}/${NAME}.exit)
  file(STRINGS ${GOLDEN_DIR}/${NAME}.exit expected_rc LIMIT_COUNT 1)
endif()

set(has_out FALSE)
set(has_err FALSE)
if(EXISTS ${GOLDEN_DIR}/${NAME}.out)
  set(has_out TRUE)
endif()
if(EXISTS ${GOLDEN_DIR}/${NAME}.err)
  set(has_err TRUE)
endif()
if(has_out STREQUAL has_err)
  message(FATAL_ERROR "${NAME}: need exactly one of ${NAME}.out and ${NAME}.err")
endif()

execute_process(COMMAND ${PROVIX} ${args} ${NAME}.in
  WORKING_DIRECTORY ${GOLDEN_DIR}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)

set(failed FALSE)
function(compare kind actual)
  file(READ ${GOLDEN_DIR}/${NAME}.${kind} expected)
  if(NOT actual STREQUAL expected)
    set(actual_file ${WORK_DIR}/${NAME}.${kind}.actual)
    file(WRITE ${actual_file} "${actual}")
    execute_process(COMMAND diff -u ${GOLDEN_DIR}/${NAME}.${kind} ${actual_file}
                    OUTPUT_VARIABLE diff)
    message("${NAME}.${kind} differs (--- expected, +++ actual):\n${diff}")
    set(failed TRUE PARENT_SCOPE)
  endif()
endfunction()

string(REPLACE ";" " " shown_args "${args}")
if(has_out)
  if(NOT rc EQUAL expected_rc)
    message("expected exit ${expected_rc} from 'provix ${shown_args} ${NAME}.in', got ${rc}")
    set(failed TRUE)
  endif()
  if(NOT err STREQUAL "")
    message("expected no standard error, got:\n${err}")
    set(failed TRUE)
  endif()
  compare(out "${out}")
else()
  if(NOT rc EQUAL 2)
    message("expected exit 2 from 'provix ${shown_args} ${NAME}.in', got ${rc}")
    set(failed TRUE)
  endif()
  if(NOT out STREQUAL "")
    message("expected no standard output, got:\n${out}")
    set(failed TRUE)
  endif()
  compare(err "${err}")
endif()

if(failed)
  message(FATAL_ERROR "golden test ${NAME} failed")
endif()
