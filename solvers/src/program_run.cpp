/// \file
/// External programs with a deadline (program_run.h).

#include "program_run.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>

#include "deadline.h"
#include "parent_death.h"

namespace provix::solvers::detail {

namespace {

/// Exit code of a child whose exec failed (as a shell reports "not found").
constexpr int kCannotRun = 127;

/// The child's side: set up, then exec; never returns.
[[noreturn]] void exec_child(pid_t parent, int out_fd, const std::string& dir,
                             const std::vector<char*>& args) {
    end_with_parent(parent);
    if (::dup2(out_fd, STDOUT_FILENO) < 0 || ::dup2(out_fd, STDERR_FILENO) < 0) ::_exit(kCannotRun);
    ::close(out_fd);
    if (!dir.empty() && ::chdir(dir.c_str()) != 0) ::_exit(kCannotRun);
    ::execvp(args[0], args.data());
    ::_exit(kCannotRun);
}

}  // namespace

ProgramOutcome run_program(const std::vector<std::string>& argv, const std::string& dir,
                           double seconds) {
    ProgramOutcome out;
    if (argv.empty()) return out;
    // Everything the child needs is made before the fork (the child of a
    // process with threads may only call async-signal-safe functions).
    std::vector<char*> args;
    for (const std::string& a : argv)
        args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return out;
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(fds[0]);
        ::close(fds[1]);
        return out;
    }
    if (pid == 0) exec_child(parent, fds[1], dir, args);  // dup2 clears O_CLOEXEC
    ::close(fds[1]);
    const Deadline until = Deadline::after(seconds);
    char buf[4096];
    for (;;) {
        if (until.is_set()) {
            const uint64_t left = until.remaining_ms();
            if (left == 0) {
                out.timed_out = true;
                break;
            }
            pollfd p{fds[0], POLLIN, 0};
            const int ready = ::poll(&p, 1, static_cast<int>(std::min<uint64_t>(left, 1000)));
            if (ready < 0 && errno != EINTR) break;
            if (ready <= 0) continue;
        }
        const ssize_t n = ::read(fds[0], buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;  // end of output: the program ended (or closed it)
        out.output.append(buf, static_cast<size_t>(n));
    }
    ::close(fds[0]);
    if (out.timed_out) ::kill(pid, SIGKILL);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status)) out.exit_status = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) out.signal = WTERMSIG(status);
    out.started = !(WIFEXITED(status) && WEXITSTATUS(status) == kCannotRun && out.output.empty());
    return out;
}

}  // namespace provix::solvers::detail
