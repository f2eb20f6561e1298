/// \file
/// Work in child processes (provix/solvers/child_process.h).

#include "provix/solvers/child_process.h"

#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <utility>

#include "deadline.h"
#include "parent_death.h"

namespace provix::solvers {

namespace {

using detail::Deadline;

// --- Frames: an 8-byte length, then the bytes --------------------------------

/// The largest frame accepted from a child (a longer length is malformed).
constexpr uint64_t kMaxFrame = uint64_t(1) << 30;

bool send_all(int fd, const char* data, size_t size) {
    size_t done = 0;
    while (done < size) {
        const ssize_t n = ::send(fd, data + done, size - done, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<size_t>(n);
    }
    return true;
}

bool send_frame(int fd, const std::string& text) {
    uint64_t size = text.size();
    char header[8];
    std::memcpy(header, &size, sizeof header);
    return send_all(fd, header, sizeof header) && send_all(fd, text.data(), text.size());
}

enum class Received : unsigned char { Whole, TimedOut, Ended };

/// Receives exactly `size` bytes into `out`, waiting until `until` (none:
/// without a deadline).
Received receive_exactly(int fd, size_t size, const Deadline& until, char* out) {
    size_t done = 0;
    while (done < size) {
        if (until.is_set()) {
            const uint64_t left = until.remaining_ms();
            if (left == 0) return Received::TimedOut;
            pollfd p{fd, POLLIN, 0};
            const int ready = ::poll(&p, 1, static_cast<int>(std::min<uint64_t>(left, 1000)));
            if (ready < 0 && errno == EINTR) continue;
            if (ready < 0) return Received::Ended;
            if (ready == 0) continue;
        }
        const ssize_t n = ::recv(fd, out + done, size - done, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return Received::Ended;
        done += static_cast<size_t>(n);
    }
    return Received::Whole;
}

Received receive_frame(int fd, const Deadline& until, std::string& text) {
    char header[8];
    const Received got = receive_exactly(fd, sizeof header, until, header);
    if (got != Received::Whole) return got;
    uint64_t size = 0;
    std::memcpy(&size, header, sizeof header);
    if (size > kMaxFrame) return Received::Ended;
    text.resize(size);
    return receive_exactly(fd, size, until, text.data());
}

}  // namespace

std::string ChildOutcome::describe() const {
    switch (ending) {
        case Ending::Answered:
            return "answered";
        case Ending::TimedOut:
            return "killed at its deadline";
        case Ending::NotStarted:
            return "no child process could be made";
        case Ending::Died:
            break;
    }
    if (signal == 0) return "ended without an answer";
    const char* name = ::strsignal(signal);
    return "ended by signal " + std::to_string(signal) + " (" + (name ? name : "unknown") + ")";
}

ChildOutcome run_in_child(double seconds, const std::function<std::string()>& work) {
    ChildWorker child([&](const std::string&) { return work(); });
    return child.ask("", seconds);  // the child ends with `child`
}

ChildWorker::ChildWorker(std::function<std::string(const std::string&)> serve,
                         std::function<void()> start)
    : serve_(std::move(serve)), start_(std::move(start)) {}

ChildWorker::~ChildWorker() { end_child(ChildOutcome::Ending::Died); }

bool ChildWorker::start_child() {
    int fds[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) return false;
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(fds[0]);
        ::close(fds[1]);
        return false;
    }
    if (pid == 0) {
        detail::end_with_parent(parent);
        ::close(fds[0]);
        if (start_) start_();
        std::string request;
        while (receive_frame(fds[1], Deadline(), request) == Received::Whole) {
            if (!send_frame(fds[1], serve_(request))) break;
        }
        ::_exit(0);  // the parent closed its end: no exit handlers, no buffers flushed
    }
    ::close(fds[1]);
    pid_ = pid;
    parent_ = ::getpid();
    fd_ = fds[0];
    ++started_;
    return true;
}

ChildOutcome ChildWorker::end_child(ChildOutcome::Ending ending) {
    ChildOutcome out;
    out.ending = ending;
    if (pid_ < 0) return out;
    ::close(fd_);
    if (!owns_child()) {  // a copy of a worker made before this process was forked
        pid_ = -1;
        fd_ = -1;
        return out;
    }
    // A child that died is a zombie or on its way (its socket closed), and
    // keeps the status it ended with; any other is killed.
    ::kill(pid_, SIGKILL);
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    if (ending == ChildOutcome::Ending::Died && WIFSIGNALED(status)) {
        out.signal = WTERMSIG(status);
    }
    pid_ = -1;
    fd_ = -1;
    return out;
}

ChildOutcome ChildWorker::ask(const std::string& request, double seconds) {
    // In a process forked from the one that started the child, the child is
    // that process's: its socket is left to it, and this one starts its own.
    if (pid_ >= 0 && !owns_child()) end_child(ChildOutcome::Ending::Died);
    if (pid_ < 0 && !start_child()) return ChildOutcome{};  // NotStarted
    const Deadline until = Deadline::after(seconds);
    std::string text;
    const Received got =
        send_frame(fd_, request) ? receive_frame(fd_, until, text) : Received::Ended;
    if (got == Received::TimedOut) return end_child(ChildOutcome::Ending::TimedOut);
    if (got == Received::Ended) return end_child(ChildOutcome::Ending::Died);
    ChildOutcome out;
    out.ending = ChildOutcome::Ending::Answered;
    out.text = std::move(text);
    return out;
}

}  // namespace provix::solvers
