# Profile-guided optimisation of the engine library (GCC, optimised builds).
#
# Two stages in one build directory (cmake/pgo_build.sh runs both):
#   -DPROVIX_PGO=generate  the library counts where its branches go
#                          (-fprofile-generate); provix_pgo_training runs the
#                          engine on a fixed workload (random maps of the fuzz
#                          generator, bench/pgo_training.cpp) and leaves a
#                          .gcda file beside each object it ran;
#   -DPROVIX_PGO=use       the library is compiled again from those counts
#                          (-fprofile-use); code the workload never reached is
#                          optimised as without them (-fprofile-partial-training).
# Empty (the default): no profiles. Profiles change only how the code is laid
# out and inlined, never what it computes.
set(PROVIX_PGO "" CACHE STRING
    "Profile-guided optimisation stage of the engine library: empty, generate or use")
set_property(CACHE PROVIX_PGO PROPERTY STRINGS "" generate use)
if(PROVIX_PGO AND NOT PROVIX_PGO MATCHES "^(generate|use)$")
  message(FATAL_ERROR "PROVIX_PGO is empty, generate or use (not '${PROVIX_PGO}')")
endif()
if(PROVIX_PGO AND NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  message(FATAL_ERROR "PROVIX_PGO needs GCC (found ${CMAKE_CXX_COMPILER_ID})")
endif()

# Compiles library `target` for the stage PROVIX_PGO names.
#   provix_profile_guided(provix)
function(provix_profile_guided target)
  if(PROVIX_PGO STREQUAL "generate")
    # One thread runs the workload: plain counter updates suffice.
    target_compile_options(${target} PRIVATE -fprofile-generate -fprofile-update=single)
    # Programs linking the library link the profiling runtime.
    target_link_options(${target} INTERFACE -fprofile-generate)
  elseif(PROVIX_PGO STREQUAL "use")
    target_compile_options(${target} PRIVATE -fprofile-use -fprofile-partial-training
                           -Wno-missing-profile)
  endif()
endfunction()
