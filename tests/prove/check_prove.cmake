# Runs `provix prove ARGS` and checks its exit status and output.
#   cmake -DPROVIX=provix -DARGS="a|b" -DEXPECT_RC=1 -DEXPECT_REGEX="re1|re2" -P check_prove.cmake
# (lists separated by '|').
string(REPLACE "|" ";" ARGS "${ARGS}")
string(REPLACE "|" ";" EXPECT_REGEX "${EXPECT_REGEX}")
execute_process(COMMAND ${PROVIX} prove ${ARGS}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL EXPECT_RC)
  message(FATAL_ERROR "exit status ${rc}, expected ${EXPECT_RC}\n${out}${err}")
endif()
foreach(re IN LISTS EXPECT_REGEX)
  if(NOT "${out}${err}" MATCHES "${re}")
    message(FATAL_ERROR "output does not match '${re}':\n${out}${err}")
  endif()
endforeach()
