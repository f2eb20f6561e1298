#pragma once
/// \file
/// An oracle whose decisions run in a child process, killed when a
/// decision's deadline has passed: isl's integer arithmetic (GMP) checks no
/// abort flag, so a decision whose coefficients explode can outlast any
/// timeout in process. One child answers the oracle's decisions in turn
/// (ChildWorker: one process for many decisions, not one each; a new one
/// after a decision that killed it); each decision's maps go to it node
/// for node (map_fields.h), a back end is built afresh for each (no solver
/// state lives from one decision to the next), and the answer comes back
/// through a socket.
///
///     auto oracle = detail::make_isolated_oracle(limits, make_isl_oracle);
///     oracle->exact_range(map, 0);   // unknown (timeout) after the deadline

#include <memory>

#include "provix/solvers/oracle.h"

namespace provix::solvers::detail {

/// The back end `make` builds with `limits` (their `isolate` off), its
/// decisions made in a child process that is killed once a decision has
/// run `limits.timeout_seconds` and a grace period (then that decision is
/// Unknown, "timeout"). Thread-safe: decisions from several threads take
/// turns.
/// Precondition: `limits.timeout_seconds > 0`.
std::unique_ptr<Oracle> make_isolated_oracle(const Limits& limits,
                                             std::unique_ptr<Oracle> (*make)(const Limits&));

}  // namespace provix::solvers::detail
