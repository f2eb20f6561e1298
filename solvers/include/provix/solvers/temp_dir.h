#pragma once
/// \file
/// Private temporary folders for the external provers' files (cvc5's
/// obligations, Coq scripts and what coqc writes beside them), removed
/// whichever way the process ends:
/// - with the object, normally;
/// - by `remove_temp_dirs_on_signal`'s handlers on SIGINT, SIGTERM and
///   SIGHUP (the folders of the moment, then the signal's own ending);
/// - after SIGKILL or a crash, by the next process that makes one: a folder
///   `provix-<pid>-XXXXXX` of this user whose process is gone and which
///   nothing has changed for an hour is removed.
///
///     provix::solvers::remove_temp_dirs_on_signal();   // once, in main
///     provix::solvers::TempDir dir;
///     if (dir.ok()) write(dir.path() / "obligation.smt2");

#include <filesystem>

namespace provix::solvers {

/// A new private folder under the system's temporary folder, named
/// `provix-<pid>-XXXXXX`, removed with its contents on destruction.
///
///     TempDir dir;   // /tmp/provix-4242-a8Bx1Q
class TempDir {
public:
    /// Makes the folder (ok() is false if it cannot be made).
    TempDir();
    /// Removes the folder and what it holds.
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    /// The folder's path (empty when not ok()).
    const std::filesystem::path& path() const { return path_; }
    /// True if the folder was made.
    bool ok() const { return !path_.empty(); }

private:
    std::filesystem::path path_;
    int slot_ = -1;  ///< its entry among the folders a signal removes
};

/// Installs handlers for SIGINT, SIGTERM and SIGHUP that remove the
/// TempDirs of the moment (the files directly inside them and then the
/// folders) and end the process by the signal, as it would have ended
/// without them. A signal whose handler is not the default one (ignored,
/// or the program's own) is left as it is. Call once, before any thread.
///
///     remove_temp_dirs_on_signal();
void remove_temp_dirs_on_signal();

}  // namespace provix::solvers
