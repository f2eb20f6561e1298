# cmake -DPROVIX_BINARY_DIR=... -DCONSUMER_SOURCE_DIR=... -DEXAMPLES_DIR=...
#       -DEXPECTED_DIR=... -DWORK_DIR=... -DCXX_COMPILER=... [-DPKG_CONFIG=...]
#       [-DCONFIG=...] [-DPYTHON=... -DPYTHON_INSTALL_DIR=...] -P check_install.cmake
#
# Installs the built tree into WORK_DIR/prefix and checks what a user gets:
# the files (headers, libraries, CMake package, one pkg-config file per
# library, the rules, the licence); a consumer project built with
# find_package(provix) that builds and runs examples/api/*.cpp, one per
# library; the same programs compiled with `pkg-config --cflags --libs` of
# their library; and the Python module imported from the prefix.
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

# check_example(<what> <example> <program>): runs the program and compares
# its output with EXPECTED_DIR/<example>.out.
function(check_example what example program)
  run(${program})
  file(READ ${EXPECTED_DIR}/${example}.out want)
  if(NOT run_output STREQUAL want)
    message(FATAL_ERROR "${what} printed:\n${run_output}\nexpected:\n${want}")
  endif()
  message(STATUS "${what}: ok")
endfunction()

include(${CMAKE_CURRENT_LIST_DIR}/install_tree.cmake)
file(GLOB_RECURSE config_file ${prefix}/*/provixConfig.cmake)
file(GLOB_RECURSE version_file ${prefix}/*/provixConfigVersion.cmake)
file(GLOB_RECURSE pc_file ${prefix}/*/provix.pc)
if(NOT config_file OR NOT version_file OR NOT pc_file)
  message(FATAL_ERROR "install is incomplete: config='${config_file}' version='${version_file}' "
                      "pc='${pc_file}'")
endif()
get_filename_component(pc_dir ${pc_file} DIRECTORY)
file(GLOB installed_rules ${prefix}/share/provix/rules/*.rules)
foreach(file include/provix/provix.h include/provix/version.h include/provix/expr.h
             include/provix/solvers/oracle.h include/provix/hlo/analyze.h
             include/provix/indexexpr/index_expr.h share/doc/provix/LICENSE bin/provix)
  if(NOT EXISTS ${prefix}/${file})
    message(FATAL_ERROR "install is incomplete: no ${file}")
  endif()
endforeach()
foreach(library hlo indexexpr solvers)
  if(NOT EXISTS ${pc_dir}/provix-${library}.pc)
    message(FATAL_ERROR "install is incomplete: no pkg-config file provix-${library}.pc")
  endif()
endforeach()
if(NOT installed_rules)
  message(FATAL_ERROR "install is incomplete: no share/provix/rules/*.rules")
endif()
file(GLOB_RECURSE private_headers ${prefix}/include/*_impl.h ${prefix}/include/detail/*)
if(private_headers)
  message(FATAL_ERROR "private headers installed: ${private_headers}")
endif()
message(STATUS "installed files: ok")

# find_package consumer: the minimal program and one example per library.
run(${CMAKE_COMMAND} -S ${CONSUMER_SOURCE_DIR} -B ${WORK_DIR}/consumer
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
    -DCMAKE_BUILD_TYPE=Release "-DPROVIX_REQUIRED_COMPONENTS=core;hlo;indexexpr;solvers"
    -DEXAMPLES_DIR=${EXAMPLES_DIR})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/consumer -j2)
run(${WORK_DIR}/consumer/consumer)
check_output("find_package(provix) consumer" "${run_output}")
foreach(example core hlo indexexpr solvers)
  check_example("find_package(provix) example ${example}" ${example}
                ${WORK_DIR}/consumer/example_${example})
endforeach()

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

# Without isl, GMP and Z3 (pkg-config finds no module at all here): the core
# is found, built and run; the solvers component is missing, with a message.
file(MAKE_DIRECTORY ${WORK_DIR}/no_pkg_config_modules)
run(${CMAKE_COMMAND} -E env PKG_CONFIG_LIBDIR=${WORK_DIR}/no_pkg_config_modules
    ${CMAKE_COMMAND} -S ${CONSUMER_SOURCE_DIR} -B ${WORK_DIR}/consumer_core_only
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
    -DCMAKE_BUILD_TYPE=Release -DPROVIX_REQUIRED_COMPONENTS=core)
if(NOT run_output MATCHES "provix::solvers needs these pkg-config modules, not found: isl")
  message(FATAL_ERROR "find_package(provix) without isl did not say why the solvers are "
                      "missing:\n${run_output}")
endif()
run(${CMAKE_COMMAND} --build ${WORK_DIR}/consumer_core_only --target consumer)
run(${WORK_DIR}/consumer_core_only/consumer)
check_output("find_package(provix COMPONENTS core) without isl, GMP and Z3" "${run_output}")
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env PKG_CONFIG_LIBDIR=${WORK_DIR}/no_pkg_config_modules
    ${CMAKE_COMMAND} -S ${CONSUMER_SOURCE_DIR} -B ${WORK_DIR}/consumer_no_solvers
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
    "-DPROVIX_REQUIRED_COMPONENTS=core;solvers"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT "${out}${err}" MATCHES "provix::solvers needs these pkg-config modules")
  message(FATAL_ERROR "find_package(provix COMPONENTS solvers) without isl: rc ${rc}\n${out}${err}")
endif()
message(STATUS "find_package(provix) without isl, GMP and Z3 refuses only the solvers: ok")

# pkg-config consumers: each example compiled with its library's flags alone.
if(PKG_CONFIG)
  function(pkg_config_flags module out)
    run(${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${pc_dir} ${PKG_CONFIG} --cflags --libs ${module})
    string(STRIP "${run_output}" flags)
    separate_arguments(flags UNIX_COMMAND "${flags}")
    set(${out} ${flags} PARENT_SCOPE)
  endfunction()
  pkg_config_flags(provix flags)
  run(${CXX_COMPILER} -std=c++17 ${CONSUMER_SOURCE_DIR}/main.cpp ${flags}
      -o ${WORK_DIR}/pc_consumer)
  run(${WORK_DIR}/pc_consumer)
  check_output("pkg-config consumer" "${run_output}")
  foreach(example core hlo indexexpr solvers)
    set(module provix-${example})
    if(example STREQUAL "core")
      set(module provix)
    endif()
    pkg_config_flags(${module} flags)
    run(${CXX_COMPILER} -std=c++17 ${EXAMPLES_DIR}/${example}.cpp ${flags}
        -o ${WORK_DIR}/pc_example_${example})
    check_example("pkg-config ${module}: example ${example}" ${example}
                  ${WORK_DIR}/pc_example_${example})
  endforeach()
  # The version the .pc files state is the package's.
  run(${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${pc_dir} ${PKG_CONFIG} --modversion provix-solvers)
  file(READ ${version_file} version_text)
  string(STRIP "${run_output}" pc_version)
  if(NOT version_text MATCHES "PACKAGE_VERSION \"${pc_version}\"")
    message(FATAL_ERROR "provix-solvers.pc has version '${pc_version}', the package another")
  endif()
else()
  message(STATUS "pkg-config not found: pkg-config consumers skipped")
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
