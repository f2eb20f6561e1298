#pragma once
/// \file
/// Runs an action on a background thread when a wall-clock instant passes:
/// how a solver computation is stopped from outside (`Z3_interrupt`,
/// `isl_ctx_abort`), so that no wall-clock limit depends on a solver's own
/// timers (Z3 4.8's `timeout` parameter can deadlock its timer pool).
///
///     Watchdog dog;
///     {
///         Watchdog::Armed armed(dog, deadline.when(), [c] { Z3_interrupt(c); });
///         solver.check();
///     }  // disarmed: the action is not running and will not run again
///     if (dog.fired()) return unknown("timeout");
///
/// Past its instant the action is repeated every `kRepeat` until the
/// watchdog is disarmed: a solver may drop a stop request that arrives
/// between two of its internal steps (Z3 clears its cancel flag when a check
/// starts), so one request alone could be lost. `Repeat::Once` is for a
/// request that stays until the caller clears it (`isl_ctx_abort`).

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>

namespace provix::solvers::detail {

class Watchdog {
public:
    using Clock = std::chrono::steady_clock;

    /// The interval between two runs of the action while the watchdog stays
    /// armed past its instant.
    static constexpr std::chrono::milliseconds kRepeat{20};

    /// Whether the action runs again every `kRepeat` until disarmed.
    enum class Repeat : uint8_t { UntilDisarmed, Once };

    /// Disarmed; the thread starts on the first `arm`, which returns once
    /// it has started (a process forked after `arm` inherits no lock that
    /// starting a thread takes).
    Watchdog() = default;
    /// Disarms and joins the thread.
    ~Watchdog();
    Watchdog(const Watchdog&) = delete;
    Watchdog& operator=(const Watchdog&) = delete;

    /// Runs `action` at `when` (at once if it has passed), then (by
    /// default) every `kRepeat` until `disarm` or the next `arm`; clears
    /// `fired()`.
    /// `arm(Clock::now() + 2s, [&] { stop = true; })`
    void arm(Clock::time_point when, std::function<void()> action,
             Repeat repeat = Repeat::UntilDisarmed);

    /// Stops watching. When it returns the action is not running and does
    /// not run again before the next `arm`.
    void disarm();

    /// True if the action ran since the last `arm`. After `disarm`, final.
    bool fired() const;

    /// Armed for one scope: `arm` on construction, `disarm` on destruction.
    /// `{ Watchdog::Armed a(dog, when, stop); long_call(); }`
    class Armed {
    public:
        Armed(Watchdog& dog, Clock::time_point when, std::function<void()> action) : dog_(dog) {
            dog_.arm(when, std::move(action));
        }
        ~Armed() { dog_.disarm(); }
        Armed(const Armed&) = delete;
        Armed& operator=(const Armed&) = delete;

    private:
        Watchdog& dog_;
    };

private:
    void run();

    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable started_;  // `run` has begun: `running_`
    std::function<void()> action_;     // empty: disarmed
    Clock::time_point when_{};
    Repeat repeat_ = Repeat::UntilDisarmed;
    bool fired_ = false;
    bool stop_ = false;
    bool running_ = false;
    std::thread thread_;
};

}  // namespace provix::solvers::detail
