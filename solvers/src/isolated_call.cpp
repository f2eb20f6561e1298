/// \file
/// Computations in child processes (isolated_call.h).

#include "isolated_call.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>

#include "deadline.h"

namespace provix::solvers::detail {

namespace {

void write_all(int fd, const std::string& text) {
    size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        done += static_cast<size_t>(n);
    }
}

/// Reads `fd` to its end, or until `until`; true if the end was reached.
bool read_until_end(int fd, Deadline::Clock::time_point until, std::string& text) {
    char buffer[4096];
    while (true) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(until - Deadline::Clock::now());
        if (left.count() <= 0) return false;
        pollfd p{fd, POLLIN, 0};
        const int ready = ::poll(&p, 1, static_cast<int>(std::min<int64_t>(left.count(), 1000)));
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) return false;
        if (ready == 0) continue;
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return false;
        if (n == 0) return true;
        text.append(buffer, static_cast<size_t>(n));
    }
}

}  // namespace

std::optional<std::string> run_isolated(double seconds, const std::function<std::string()>& work,
                                        std::string* why) {
    why->clear();
    const auto until = Deadline::after(seconds).when();
    int fds[2];
    if (::pipe(fds) != 0) return std::nullopt;
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(fds[0]);
        ::close(fds[1]);
        return std::nullopt;
    }
    if (pid == 0) {
        ::close(fds[0]);
        write_all(fds[1], work());
        ::_exit(0);  // no exit handlers, no buffers of the parent flushed
    }
    ::close(fds[1]);
    std::string text;
    const bool whole = read_until_end(fds[0], until, text);
    ::close(fds[0]);
    if (!whole) ::kill(pid, SIGKILL);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!whole) {
        *why = kTimeoutReason;
        return std::nullopt;
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        *why = "the process deciding it ended without an answer";
        return std::nullopt;
    }
    return text;
}

}  // namespace provix::solvers::detail
