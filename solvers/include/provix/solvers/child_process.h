#pragma once
/// \file
/// Work run in a child process that a deadline kills: the one way to bound
/// a computation that checks no abort flag (isl's integer arithmetic, GMP),
/// and to survive one that crashes.
///
///     ChildOutcome c = run_in_child(2.0, [&] { return encode(decide()); });
///     if (c.ending == ChildOutcome::Ending::Answered) decode(c.text);
///     // TimedOut: killed after 2 s; Died: crashed (c.signal) or exited early
///
///     ChildWorker worker([](const std::string& request) { return answer(request); });
///     worker.ask("case 7", 300);   // one child answers request after request

#include <sys/types.h>
#include <unistd.h>

#include <cstdint>
#include <functional>
#include <string>

namespace provix::solvers {

/// How work in a child process ended, and what it returned.
struct ChildOutcome {
    enum class Ending : unsigned char {
        Answered,    ///< returned `text`
        TimedOut,    ///< still running at the deadline: killed
        Died,        ///< ended without an answer: by `signal`, or by an exit
        NotStarted,  ///< no child could be made (no socket pair, no fork)
    };
    Ending ending = Ending::NotStarted;
    /// What the work returned (Answered only).
    std::string text;
    /// The signal that ended the child (Died by a signal), else 0.
    int signal = 0;

    /// How it ended, for a report: `"answered"`, `"killed at its
    /// deadline"`, `"ended by signal 11 (Segmentation fault)"`, `"ended
    /// without an answer"`, `"no child process could be made"`.
    std::string describe() const;
};

/// The text `work` returns, computed in a child process (forked: it sees
/// this process's memory as it was, and nothing it does comes back but the
/// text), killed once `seconds` have passed. Call it from a process with a
/// single thread when `work` takes locks or uses threads (a fork copies
/// only the calling thread). `work` may crash or hang: the caller learns
/// which from the outcome.
/// `run_in_child(1, [] { return std::string("x"); }).text == "x"`
ChildOutcome run_in_child(double seconds, const std::function<std::string()>& work);

/// A child process that answers requests one after another with `serve`
/// (forked from this process on the first request: it sees this process's
/// memory as it was then), so that a long series of requests pays for one
/// process, not one each. A request that outlasts its deadline kills the
/// child; one during which the child dies ends it; either way the next
/// request starts a new child. The same rule as run_in_child: fork from a
/// process with a single thread when `serve` takes locks or uses threads.
/// A copy of the worker in a process forked from this one (Python's
/// multiprocessing) leaves this process's child alone and starts its own.
class ChildWorker {
public:
    /// `serve` answers a request (in the child); `start`, if given, runs
    /// once in each new child before its first request.
    explicit ChildWorker(std::function<std::string(const std::string&)> serve,
                         std::function<void()> start = {});
    /// Ends the child (it holds no work between requests).
    ~ChildWorker();
    ChildWorker(const ChildWorker&) = delete;
    ChildWorker& operator=(const ChildWorker&) = delete;

    /// `serve(request)` in the child, within `seconds`: Answered with its
    /// text, TimedOut (the child killed), Died (the child ended: a signal,
    /// an exit, a malformed answer) or NotStarted (no child could be made;
    /// the caller may serve the request itself).
    /// `worker.ask("7", 60).text`
    ChildOutcome ask(const std::string& request, double seconds);

    /// Children started so far (each after a death, a timeout, or the first).
    int64_t children_started() const { return started_; }

private:
    bool start_child();
    /// True if this process started the child (not a process forked since,
    /// holding a copy of this worker).
    bool owns_child() const { return parent_ == ::getpid(); }
    /// Kills the child (if any) and reaps it; its ending, as ChildOutcome has it.
    ChildOutcome end_child(ChildOutcome::Ending ending);

    std::function<std::string(const std::string&)> serve_;
    std::function<void()> start_;
    pid_t pid_ = -1;
    pid_t parent_ = -1;  ///< the process that started the child
    int fd_ = -1;        ///< this process's end of the child's socket
    int64_t started_ = 0;
};

}  // namespace provix::solvers
