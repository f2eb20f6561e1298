#pragma once
/// \file
/// A wall-clock deadline for one oracle decision (`Limits::timeout_seconds`),
/// shared by every solver call the decision makes.
///
///     Deadline d = Deadline::after(2.5);
///     if (d.passed()) return unknown("timeout");
///     Watchdog::Armed armed(dog, d.when(), [c] { Z3_interrupt(c); });

#include <chrono>
#include <cstdint>

namespace provix::solvers::detail {

class Deadline {
public:
    using Clock = std::chrono::steady_clock;

    /// No deadline.
    Deadline() = default;
    /// `seconds` from now; none when `seconds <= 0`.
    static Deadline after(double seconds) {
        Deadline d;
        if (seconds > 0) {
            d.set_ = true;
            d.when_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                         std::chrono::duration<double>(seconds));
        }
        return d;
    }

    /// True if there is a deadline.
    bool is_set() const { return set_; }
    /// The instant (meaningful when set).
    Clock::time_point when() const { return when_; }
    /// True if the deadline is set and has passed.
    bool passed() const { return set_ && Clock::now() >= when_; }
    /// Whole milliseconds left, at least 1 while not passed; 0 when passed
    /// or not set.
    uint64_t remaining_ms() const {
        if (!set_) return 0;
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(when_ - Clock::now());
        if (left.count() <= 0) return passed() ? 0 : 1;
        return static_cast<uint64_t>(left.count());
    }

private:
    bool set_ = false;
    Clock::time_point when_{};
};

/// The reason of an Unknown cut by the deadline.
inline constexpr const char* kTimeoutReason = "timeout";

}  // namespace provix::solvers::detail
