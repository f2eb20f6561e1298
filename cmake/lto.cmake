# Link-time optimisation of the engine (GCC, optimised builds, no sanitizers).
#
# The core library's objects carry both machine code and GCC's intermediate
# code (-ffat-lto-objects). The provix command and the benchmarks are linked
# with -flto, so the engine is optimised across its source files (inlining
# interval and expression accessors into the rule matcher, the range analysis
# into the passes); every other program, the tests among them, links the
# machine code (-fno-lto), which keeps test builds fast. Consumers of an
# installed archive link its machine code unless they ask for -flto with the
# same GCC; -DPROVIX_LTO=OFF builds an archive without intermediate code.
option(PROVIX_LTO "Link the provix command and the benchmarks with link-time optimisation" ON)

set(PROVIX_LTO_ACTIVE OFF)
if(PROVIX_LTO AND PROVIX_TOP_LEVEL AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU"
   AND CMAKE_BUILD_TYPE MATCHES "^(Release|RelWithDebInfo|MinSizeRel)$" AND NOT PROVIX_SANITIZE)
  set(PROVIX_LTO_ACTIVE ON)
  # Programs link machine code unless provix_link_time_optimised() takes
  # this option off them (GCC uses no linker plugin once -fno-lto is on the
  # command line, whatever follows it).
  add_link_options(-fno-lto)
endif()

# Compiles `target`'s sources with intermediate code beside the machine code.
#   provix_lto_objects(provix)
function(provix_lto_objects target)
  if(PROVIX_LTO_ACTIVE)
    target_compile_options(${target} PRIVATE -flto=auto -ffat-lto-objects)
  endif()
endfunction()

# Links program `target` with link-time optimisation.
#   provix_link_time_optimised(provix_cli)
function(provix_link_time_optimised target)
  if(PROVIX_LTO_ACTIVE)
    get_target_property(options ${target} LINK_OPTIONS)
    if(NOT options)
      set(options)
    endif()
    list(REMOVE_ITEM options -fno-lto)
    list(APPEND options -flto=auto)
    set_target_properties(${target} PROPERTIES LINK_OPTIONS "${options}")
  endif()
endfunction()
