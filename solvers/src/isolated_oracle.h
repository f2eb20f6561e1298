#pragma once
/// \file
/// An oracle whose decisions each run in a child process, killed when its
/// deadline has passed: isl's integer arithmetic (GMP) checks no abort flag,
/// so a decision whose coefficients explode can outlast any timeout in
/// process. The back end is built afresh in the child (no thread or solver
/// state crosses the fork), and the answer comes back through a pipe.
///
///     auto oracle = detail::make_isolated_oracle(limits, make_isl_oracle);
///     oracle->exact_range(map, 0);   // unknown (timeout) after the deadline

#include <memory>

#include "provix/solvers/oracle.h"

namespace provix::solvers::detail {

/// The back end `make` builds with `limits` (their `isolate` off), each
/// decision in a child process that is killed once `limits.timeout_seconds`
/// and a grace period have passed (then the decision is Unknown, "timeout").
/// Precondition: `limits.timeout_seconds > 0`.
std::unique_ptr<Oracle> make_isolated_oracle(const Limits& limits,
                                             std::unique_ptr<Oracle> (*make)(const Limits&));

}  // namespace provix::solvers::detail
