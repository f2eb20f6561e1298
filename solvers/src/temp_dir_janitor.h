#pragma once
/// \file
/// The removal of TempDirs left by processes that ended without removing
/// them (SIGKILL, a crash): what `TempDir` does once per process.
///
///     orphan_pid("provix-4242-a8Bx1Q");   // 4242
///     remove_orphaned_temp_dirs();         // the folders of gone processes

#include <chrono>
#include <string>

namespace provix::solvers::detail {

/// The process id in a TempDir's folder name `provix-<pid>-XXXXXX`; 0 for
/// any other name.
/// `orphan_pid("provix-17-abcdef")` is 17; `orphan_pid("provix-x")` is 0.
long long orphan_pid(const std::string& name);

/// Removes the TempDir folders under the temporary folder that this user
/// owns, whose process is gone, and that nothing has changed for
/// `unchanged_for` (so that a live folder of a process in another process
/// namespace sharing the folder is not taken for an orphan). Returns how
/// many were removed.
/// `remove_orphaned_temp_dirs(std::chrono::hours(1))`
int remove_orphaned_temp_dirs(std::chrono::seconds unchanged_for = std::chrono::hours(1));

}  // namespace provix::solvers::detail
