#pragma once
/// \file
/// Whether a decision runs in a child process (run_in_child,
/// provix/solvers/child_process.h): the one way to bound isl, whose integer
/// arithmetic (GMP) checks no abort flag.
///
///     if (isolates(limits)) run_in_child(limits.timeout_seconds, ...)
///     // the work in the child runs with in_child(limits)

#include "provix/solvers/oracle.h"

namespace provix::solvers::detail {

/// True if work under `limits` runs in a child process: `isolate` is set and
/// there is a timeout to kill it by.
inline bool isolates(const Limits& limits) { return limits.isolate && limits.timeout_seconds > 0; }

/// `limits` for the work in the child (or run in this process after all):
/// the same, without isolation.
inline Limits in_child(Limits limits) {
    limits.isolate = false;
    return limits;
}

}  // namespace provix::solvers::detail
