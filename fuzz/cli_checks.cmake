# `provix fuzz` from the command line (ctest, label `fuzz`): run with
#   cmake -DPROVIX=<provix> -DSOURCE_DIR=<repo> -DCASE=<case> -P cli_checks.cmake
function(run)
  execute_process(COMMAND ${PROVIX} ${ARGN} WORKING_DIRECTORY ${SOURCE_DIR}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(rc "${rc}" PARENT_SCOPE)
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

macro(expect what)
  if(NOT (${ARGN}))
    message(FATAL_ERROR "${CASE}: ${what}\nexit: ${rc}\nstdout:\n${out}\nstderr:\n${err}")
  endif()
endmacro()

if(CASE STREQUAL "help")
  run(fuzz --help)
  expect("expected exit 0" rc EQUAL 0)
  expect("expected the usage line" out MATCHES "^usage: provix fuzz \\[--cases N\\] \\[--seed S\\] \\[--shard I/N\\]")
elseif(CASE STREQUAL "bad_shard_is_usage_error")
  run(fuzz --cases 10 --shard 2/2)
  expect("expected exit 2" rc EQUAL 2)
  expect("expected the shard diagnostic" err MATCHES "--shard expects I/N with 0 <= I < N, got '2/2'")
elseif(CASE STREQUAL "file_without_replay_is_usage_error")
  run(fuzz maps.map)
  expect("expected exit 2" rc EQUAL 2)
elseif(CASE STREQUAL "summary_ends_with_passed_failed")
  run(fuzz --cases 4 --seed 3 --no-near-limit --no-edge-templates --no-runtime-vars
      --regressions ${WORK_DIR}/fuzz-cli-failures)
  expect("expected exit 0" rc EQUAL 0)
  expect("expected 'K unknown' then 'N passed, M failed' as the last lines"
         out MATCHES "\ncompleteness [(]4 cases[^\n]*\n(  [^\n]*\n)+0 unknown\n4 passed, 0 failed\n$")
elseif(CASE STREQUAL "replays_the_examples")
  run(fuzz --replay examples/simplify_basics.map examples/xla_simplify.map
      examples/constraints.map examples/reshape_chain.map)
  expect("expected exit 0" rc EQUAL 0)
  expect("expected every example map checked and passed" out MATCHES "\n16 passed, 0 failed\n$")
elseif(CASE STREQUAL "shards_cover_the_campaign")
  run(fuzz --cases 6 --seed 5 --shard 0/2 --no-near-limit --regressions ${WORK_DIR}/fuzz-cli-failures)
  expect("expected shard 0/2 to run 3 cases" out MATCHES "\ncompleteness [(]3 cases")
  run(fuzz --cases 6 --seed 5 --shard 1/2 --no-near-limit --regressions ${WORK_DIR}/fuzz-cli-failures)
  expect("expected shard 1/2 to run 3 cases" out MATCHES "\ncompleteness [(]3 cases")
elseif(CASE STREQUAL "edge_template_options")
  run(fuzz --cases 3 --only-template no-such-template)
  expect("expected exit 2" rc EQUAL 2)
  expect("expected the template diagnostic" err MATCHES "unknown edge template 'no-such-template'")
  run(fuzz --cases 3 --edge-percent 101)
  expect("expected exit 2" rc EQUAL 2)
  run(fuzz --cases 3 --seed 2 --only-template limit-bounds --no-shrink
      --regressions ${WORK_DIR}/fuzz-cli-failures)
  expect("expected every case to get the template"
         out MATCHES "\n  edge templates: limit-bounds 3 [(][0-9]+ failed[)][^\n]*\n")
  expect("expected the template in the reproduce command or no failure"
         out MATCHES "(--only-template limit-bounds|\n3 passed, 0 failed\n$)")
else()
  message(FATAL_ERROR "unknown case '${CASE}'")
endif()
