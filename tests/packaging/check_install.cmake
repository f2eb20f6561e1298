# cmake -DPROVIX_BINARY_DIR=... -DCONSUMER_SOURCE_DIR=... -DWORK_DIR=...
#       -DCXX_COMPILER=... [-DPKG_CONFIG=...] [-DCONFIG=...] -P check_install.cmake
#
# Installs the built tree into WORK_DIR/prefix, builds the consumer project
# with find_package(provix) against it, runs it, and does the same with a
# plain compiler call using `pkg-config --cflags --libs provix`.
cmake_minimum_required(VERSION 3.20)

set(expected "(d0, d1) -> (d0, d1)")

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    string(REPLACE ";" " " cmd "${ARGN}")
    message(FATAL_ERROR "command failed (${rc}): ${cmd}\n${out}\n${err}")
  endif()
  set(run_output "${out}" PARENT_SCOPE)
endfunction()

function(check_output what text)
  if(NOT text MATCHES "^\\(d0, d1\\) -> \\(d0, d1\\)")
    message(FATAL_ERROR "${what} printed:\n${text}\nexpected it to start with: ${expected}")
  endif()
  message(STATUS "${what}: ok")
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
set(config_args)
if(CONFIG)
  set(config_args --config ${CONFIG})
endif()

run(${CMAKE_COMMAND} --install ${PROVIX_BINARY_DIR} --prefix ${prefix} ${config_args})
file(GLOB_RECURSE config_file ${prefix}/*/provixConfig.cmake)
file(GLOB_RECURSE version_file ${prefix}/*/provixConfigVersion.cmake)
file(GLOB_RECURSE pc_file ${prefix}/*/provix.pc)
if(NOT config_file OR NOT version_file OR NOT pc_file OR NOT EXISTS ${prefix}/include/provix/expr.h)
  message(FATAL_ERROR "install is incomplete: config='${config_file}' version='${version_file}' "
                      "pc='${pc_file}'")
endif()

# find_package consumer.
run(${CMAKE_COMMAND} -S ${CONSUMER_SOURCE_DIR} -B ${WORK_DIR}/consumer
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
    -DCMAKE_BUILD_TYPE=Release)
run(${CMAKE_COMMAND} --build ${WORK_DIR}/consumer)
run(${WORK_DIR}/consumer/consumer)
check_output("find_package(provix) consumer" "${run_output}")

# A version and a component the package must refuse.
foreach(case "-DPROVIX_REQUIRED_VERSION=99.0" "-DPROVIX_REQUIRED_COMPONENTS=no_such_part")
  execute_process(
    COMMAND ${CMAKE_COMMAND} -S ${CONSUMER_SOURCE_DIR} -B ${WORK_DIR}/consumer_refused
      -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${CXX_COMPILER} ${case}
    RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  if(rc EQUAL 0)
    message(FATAL_ERROR "find_package(provix) accepted ${case}")
  endif()
  file(REMOVE_RECURSE ${WORK_DIR}/consumer_refused)
endforeach()
message(STATUS "find_package(provix) refuses a wrong version and an unknown component: ok")

# pkg-config consumer.
if(PKG_CONFIG)
  get_filename_component(pc_dir ${pc_file} DIRECTORY)
  run(${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${pc_dir}
      ${PKG_CONFIG} --cflags --libs provix)
  string(STRIP "${run_output}" flags)
  separate_arguments(flags UNIX_COMMAND "${flags}")
  run(${CXX_COMPILER} -std=c++17 ${CONSUMER_SOURCE_DIR}/main.cpp ${flags}
      -o ${WORK_DIR}/pc_consumer)
  run(${WORK_DIR}/pc_consumer)
  check_output("pkg-config consumer" "${run_output}")
else()
  message(STATUS "pkg-config not found: pkg-config consumer skipped")
endif()

# The Python module, imported from the prefix alone (not from the build tree).
if(PYTHON)
  set(module_dir ${prefix}/${PYTHON_INSTALL_DIR})
  file(WRITE ${WORK_DIR}/use_provix.py [=[
import sys
import provix
if not provix.__file__.startswith(sys.argv[1]):
    sys.exit("provix imported from " + provix.__file__ + ", not from " + sys.argv[1])
m = provix.parse_map("(d0, d1) -> (d0 + d1 floordiv 16, d1 mod 16), "
                     "domain: d0 in [0, 6], d1 in [0, 14]")
print(provix.simplify(m))
]=])
  run(${CMAKE_COMMAND} -E env PYTHONPATH=${module_dir} PYTHONDONTWRITEBYTECODE=1
      ${PYTHON} ${WORK_DIR}/use_provix.py ${module_dir})
  check_output("installed Python module" "${run_output}")
endif()
