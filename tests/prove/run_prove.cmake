# Runs `provix prove` (default files: rules/*.rules and rules/*.lemmas of the
# working directory, Coq proofs from rules/proofs/) with a fresh SMT-LIB
# folder and a JUnit report in OUT; fails unless it exits 0 and its summary
# says that every rule and lemma is proven (none rests on the grid alone).
#   cmake -DPROVIX=provix -DOUT=dir -P run_prove.cmake
file(REMOVE_RECURSE ${OUT}/smtlib)
file(REMOVE ${OUT}/prove-junit.xml)
execute_process(COMMAND ${PROVIX} prove --junit ${OUT}/prove-junit.xml
                        --smtlib ${OUT}/smtlib
                RESULT_VARIABLE rc OUTPUT_VARIABLE out)
message("${out}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "provix prove exited with ${rc}")
endif()
if(NOT EXISTS ${OUT}/prove-junit.xml)
  message(FATAL_ERROR "provix prove wrote no JUnit report")
endif()
if(NOT out MATCHES "\n([0-9]+) rules: ([0-9]+) proven, 0 checked \\(grid\\), 0 refuted, 0 unknown, 0 vacuous, 0 non-terminating; ([0-9]+) lemmas: ([0-9]+) proven, 0 refuted, 0 unknown, 0 vacuous")
  message(FATAL_ERROR "the summary does not say every rule and lemma is proven")
endif()
if(NOT CMAKE_MATCH_1 STREQUAL CMAKE_MATCH_2 OR NOT CMAKE_MATCH_3 STREQUAL CMAKE_MATCH_4)
  message(FATAL_ERROR "${CMAKE_MATCH_2} of ${CMAKE_MATCH_1} rules and ${CMAKE_MATCH_4} of ${CMAKE_MATCH_3} lemmas proven")
endif()
