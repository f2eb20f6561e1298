# include()d by the packaging scripts (cmake -P): installs the built tree
# PROVIX_BINARY_DIR (configuration CONFIG, if set) into WORK_DIR/prefix, WORK_DIR
# emptied first, and sets `prefix` to it. A failed install stops the script
# with the command's output.
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
set(config_args)
if(CONFIG)
  set(config_args --config ${CONFIG})
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --install ${PROVIX_BINARY_DIR} --prefix ${prefix}
                        ${config_args}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "install failed (${rc}):\n${out}\n${err}")
endif()
