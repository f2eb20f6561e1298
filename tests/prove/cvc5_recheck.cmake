# Re-checks every SMT-LIB obligation exported by `provix prove --smtlib DIR`
# with cvc5. Every rule passed `provix prove` (the test this one depends on),
# so no obligation may be satisfiable: `sat` is a contradiction between the
# solvers, an error (parse error, crash) a broken export. A timeout answers
# nothing and agrees with anything; the count of independent cvc5 proofs is
# printed. Also checks that the JUnit report lists every obligation's rule.
#   cmake -DCVC5=cvc5 -DDIR=smtlib -DJUNIT=prove-junit.xml -DTLIMIT=5000 -P cvc5_recheck.cmake
file(GLOB obligations ${DIR}/*.smt2)
list(LENGTH obligations total)
if(total EQUAL 0)
  message(FATAL_ERROR "no obligations in ${DIR}")
endif()
file(READ ${JUNIT} junit)
set(proven 0)
set(timeouts 0)
set(failures "")
foreach(file IN LISTS obligations)
  get_filename_component(name ${file} NAME_WE)
  get_filename_component(stem ${file} NAME)
  string(REGEX REPLACE "^[^.]+\\.(.*)\\.smt2$" "\\1" rule "${stem}")
  string(FIND "${junit}" "name=\"${rule}\"" at)
  if(at EQUAL -1)
    list(APPEND failures "${stem}: rule '${rule}' missing from the JUnit report")
  endif()
  execute_process(COMMAND ${CVC5} --lang=smt2 --tlimit=${TLIMIT} ${file}
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  string(STRIP "${out}" answer)
  if(answer STREQUAL "unsat")
    math(EXPR proven "${proven} + 1")
  elseif(answer STREQUAL "sat")
    list(APPEND failures "${stem}: cvc5 finds a counterexample to a rule provix passed")
  elseif("${out}${err}" MATCHES "timeout" OR answer STREQUAL "unknown")
    math(EXPR timeouts "${timeouts} + 1")
  else()
    list(APPEND failures "${stem}: cvc5 failed (${rc}): ${out}${err}")
  endif()
endforeach()
message(STATUS "cvc5: ${proven} of ${total} obligations unsat, ${timeouts} undecided "
               "within ${TLIMIT} ms, 0 sat")
if(failures)
  list(JOIN failures "\n" text)
  message(FATAL_ERROR "${text}")
endif()
