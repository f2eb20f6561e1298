#pragma once
/// \file
/// Running a computation in a child process that a deadline kills: the one
/// way to bound isl, whose integer arithmetic (GMP) checks no abort flag.
///
///     std::string why;
///     auto text = run_isolated(2.0, [&] { return encode(decide()); }, &why);
///     if (!text) ... why == "timeout" (or the child ended without an answer)

#include <functional>
#include <optional>
#include <string>

#include "provix/solvers/oracle.h"

namespace provix::solvers::detail {

/// The text `work` returns, computed in a child process (forked: it sees
/// this process's memory as it was, and nothing it does comes back but the
/// text). Nullopt with `*why` set when the child has not finished within
/// `seconds` (it is killed; `*why` is "timeout") or ended without an answer;
/// nullopt with `*why` empty when no child could be made (then the caller
/// may run `work` itself).
std::optional<std::string> run_isolated(double seconds, const std::function<std::string()>& work,
                                        std::string* why);

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
