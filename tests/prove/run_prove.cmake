# Runs `provix prove` (default files: rules/*.rules and rules/*.lemmas of the
# working directory, Coq proofs from rules/proofs/) with a fresh SMT-LIB
# folder and a JUnit report in OUT; fails unless it exits 0.
#   cmake -DPROVIX=provix -DOUT=dir -P run_prove.cmake
file(REMOVE_RECURSE ${OUT}/smtlib)
file(REMOVE ${OUT}/prove-junit.xml)
execute_process(COMMAND ${PROVIX} prove --allow-grid --junit ${OUT}/prove-junit.xml
                        --smtlib ${OUT}/smtlib
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "provix prove exited with ${rc}")
endif()
if(NOT EXISTS ${OUT}/prove-junit.xml)
  message(FATAL_ERROR "provix prove wrote no JUnit report")
endif()
