# Install rules and the exported CMake package, included by the top-level
# CMakeLists.txt when PROVIX_INSTALL is ON.
#
# After `cmake --install build --prefix P`:
#   P/include/provix/*.h                  public headers
#   P/lib/libprovix*.a                    libraries (core, hlo, indexexpr, solvers if built)
#   P/lib/cmake/provix/provixConfig.cmake find_package(provix) -> provix::provix, provix::hlo, ...
#   P/lib/pkgconfig/provix.pc             pkg-config --cflags --libs provix (core library)
#   P/lib/pkgconfig/provix-<lib>.pc       the same for provix-hlo, provix-indexexpr, provix-solvers
#   P/bin/provix                          the command, if built
#   P/share/provix/rules/*.rules          the rules the engine was built from (`provix prove`)
include(CMakePackageConfigHelpers)

set(PROVIX_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/provix
    CACHE STRING "Where provixConfig.cmake is installed, relative to the prefix")

# Libraries: the core always; the optional layers when their target exists.
set(_provix_libraries provix)
set(PROVIX_EXPORTED_COMPONENTS core)
foreach(_component hlo indexexpr solvers)
  if(TARGET provix_${_component})
    list(APPEND _provix_libraries provix_${_component})
    list(APPEND PROVIX_EXPORTED_COMPONENTS ${_component})
  endif()
endforeach()

install(TARGETS ${_provix_libraries}
  EXPORT provixTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# Public headers: src/provix/ (core), with the hlo/ and indexexpr/ folders
# only when their library is installed.
set(_provix_header_excludes)
foreach(_component hlo indexexpr)
  if(NOT TARGET provix_${_component})
    list(APPEND _provix_header_excludes PATTERN "${_component}" EXCLUDE)
  endif()
endforeach()
install(DIRECTORY ${PROJECT_SOURCE_DIR}/src/provix/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/provix
  FILES_MATCHING PATTERN "*.h" ${_provix_header_excludes})
install(FILES ${PROJECT_BINARY_DIR}/include/provix/version.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/provix)
# Solver headers: solvers/include/provix/solvers/*.h.
if(TARGET provix_solvers)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/solvers/include/provix/
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/provix FILES_MATCHING PATTERN "*.h")
endif()

install(EXPORT provixTargets
  NAMESPACE provix::
  FILE provixTargets.cmake
  DESTINATION ${PROVIX_INSTALL_CMAKEDIR})

# Dependencies the exported static libraries carry: the core needs Threads;
# the solvers link isl, GMP and Z3 through pkg-config imported targets, which
# the consumer must recreate before the targets file is loaded. Those are
# looked for quietly: without them only the solvers component is missing
# (provix_solvers_FOUND is FALSE, and a find_package that requires it fails
# with a message), so the core, hlo and indexexpr stay usable on a machine
# without isl or Z3.
set(PROVIX_CONFIG_DEPENDENCIES "find_dependency(Threads)\n")
if(TARGET provix_solvers)
  get_target_property(_provix_solver_links provix_solvers LINK_LIBRARIES)
  set(_provix_pkg_targets)
  foreach(_lib IN LISTS _provix_solver_links)
    if(_lib MATCHES "^PkgConfig::(.+)$")
      list(APPEND _provix_pkg_targets ${CMAKE_MATCH_1})
    endif()
  endforeach()
  if(_provix_pkg_targets)
    string(APPEND PROVIX_CONFIG_DEPENDENCIES
      "find_package(PkgConfig QUIET)\n"
      "set(_provix_solver_dependencies_missing)\n")
    foreach(_prefix IN LISTS _provix_pkg_targets)
      # The module names are recorded by the solvers' CMakeLists as
      # PROVIX_PKG_MODULES_<prefix> (falls back to the lower-case prefix).
      if(DEFINED PROVIX_PKG_MODULES_${_prefix})
        set(_modules "${PROVIX_PKG_MODULES_${_prefix}}")
      else()
        string(TOLOWER "${_prefix}" _modules)
      endif()
      string(APPEND PROVIX_CONFIG_DEPENDENCIES
        "if(NOT TARGET PkgConfig::${_prefix} AND PKG_CONFIG_FOUND)\n"
        "  pkg_check_modules(${_prefix} QUIET IMPORTED_TARGET ${_modules})\n"
        "endif()\n"
        "if(NOT TARGET PkgConfig::${_prefix})\n"
        "  list(APPEND _provix_solver_dependencies_missing ${_modules})\n"
        "endif()\n")
    endforeach()
  endif()
endif()

configure_package_config_file(
  ${CMAKE_CURRENT_LIST_DIR}/provixConfig.cmake.in
  ${PROJECT_BINARY_DIR}/provixConfig.cmake
  INSTALL_DESTINATION ${PROVIX_INSTALL_CMAKEDIR})
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/provixConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/provixConfig.cmake
  ${PROJECT_BINARY_DIR}/provixConfigVersion.cmake
  DESTINATION ${PROVIX_INSTALL_CMAKEDIR})

# pkg-config file for the core library, relocatable (paths relative to the
# .pc file, so `cmake --install --prefix` anywhere works).
set(_provix_pc_dir ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}" OR IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(PROVIX_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH _provix_pc_up "/prefix/${_provix_pc_dir}" "/prefix")
  string(REGEX REPLACE "/$" "" _provix_pc_up "${_provix_pc_up}")
  set(PROVIX_PC_PREFIX "\${pcfiledir}/${_provix_pc_up}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(PROVIX_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
else()
  set(PROVIX_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(PROVIX_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
else()
  set(PROVIX_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
configure_file(${CMAKE_CURRENT_LIST_DIR}/provix.pc.in ${PROJECT_BINARY_DIR}/provix.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/provix.pc DESTINATION ${_provix_pc_dir})

# One pkg-config file per optional library: provix-hlo, provix-indexexpr,
# provix-solvers. Each requires provix; the solvers also need isl, GMP and
# Z3, which a static library passes on to the final link (`Requires`), a
# shared one keeps to itself (`Requires.private`).
set(_provix_pc_descriptions
  hlo "indexing maps of HLO operations and fusions"
  indexexpr "index values known at compile time or only at run time (IndexExpr)"
  solvers "exact oracles (isl, Z3) and rule proofs")
foreach(_component hlo indexexpr solvers)
  if(NOT TARGET provix_${_component})
    continue()
  endif()
  list(FIND _provix_pc_descriptions ${_component} _at)
  math(EXPR _at "${_at} + 1")
  list(GET _provix_pc_descriptions ${_at} PROVIX_PC_DESCRIPTION)
  set(PROVIX_PC_NAME provix-${_component})
  set(PROVIX_PC_LIBRARY provix_${_component})
  set(PROVIX_PC_REQUIRES "provix = ${PROJECT_VERSION}")
  set(PROVIX_PC_REQUIRES_PRIVATE "")
  if(_component STREQUAL "solvers")
    if(BUILD_SHARED_LIBS)
      set(PROVIX_PC_REQUIRES_PRIVATE "isl gmp z3")
    else()
      string(APPEND PROVIX_PC_REQUIRES ", isl, gmp, z3")
    endif()
  endif()
  configure_file(${CMAKE_CURRENT_LIST_DIR}/provix-component.pc.in
                 ${PROJECT_BINARY_DIR}/provix-${_component}.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/provix-${_component}.pc DESTINATION ${_provix_pc_dir})
endforeach()

# The command, and the rule files it was built with (`provix prove` with no
# argument proves <prefix>/share/provix/rules/*.rules and *.lemmas, with the
# Coq proofs of rules/proofs).
if(TARGET provix_cli)
  install(TARGETS provix_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
install(FILES ${PROVIX_RULE_FILES} DESTINATION ${CMAKE_INSTALL_DATADIR}/provix/rules)
install(FILES ${PROVIX_RULE_PROOFS} DESTINATION ${CMAKE_INSTALL_DATADIR}/provix/rules/proofs)
# The licence and the user's documentation.
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE ${PROJECT_SOURCE_DIR}/README.md
  DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}
  FILES_MATCHING PATTERN "*.md")
