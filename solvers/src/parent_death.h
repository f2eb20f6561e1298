#pragma once
/// \file
/// Children that do not outlive the process that made them.
///
///     const pid_t parent = ::getpid();
///     if (::fork() == 0) {
///         detail::end_with_parent(parent);  // first thing in the child
///         ...
///     }

#include <signal.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <unistd.h>

namespace provix::solvers::detail {

/// Called first in a forked child: the kernel kills it (SIGKILL) when the
/// thread that forked it ends, however that ends (a signal to the parent
/// alone, `kill PID`, leaves no solver running on). A parent already gone
/// before the request took effect ends the child at once. The setting
/// survives exec, so a program run in the child is covered too.
inline void end_with_parent(pid_t parent) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(0);
}

}  // namespace provix::solvers::detail
