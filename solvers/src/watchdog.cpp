// The watchdog's thread (see watchdog.h). The action runs with the mutex
// held, so `disarm` (which takes the mutex) returns only once a run in
// progress has finished.

#include "watchdog.h"

#include <utility>

namespace provix::solvers::detail {

Watchdog::~Watchdog() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
        action_ = nullptr;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void Watchdog::arm(Clock::time_point when, std::function<void()> action, Repeat repeat) {
    {
        std::unique_lock<std::mutex> lock(mutex_);
        action_ = std::move(action);
        when_ = when;
        repeat_ = repeat;
        fired_ = false;
        if (!thread_.joinable()) {
            thread_ = std::thread([this] { run(); });
            // A thread still starting may hold a lock of the allocator (the
            // address sanitizer's does): a child forked then would inherit
            // it held and wait on it forever. `run` has started once it
            // holds the mutex.
            started_.wait(lock, [this] { return running_; });
        }
    }
    wake_.notify_all();
}

void Watchdog::disarm() {
    std::lock_guard<std::mutex> lock(mutex_);
    action_ = nullptr;
}

bool Watchdog::fired() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return fired_;
}

void Watchdog::run() {
    std::unique_lock<std::mutex> lock(mutex_);
    running_ = true;
    started_.notify_all();
    while (!stop_) {
        if (!action_) {
            wake_.wait(lock);
        } else if (Clock::now() < when_) {
            wake_.wait_until(lock, when_);
        } else {
            action_();
            fired_ = true;
            if (repeat_ == Repeat::Once) {
                action_ = nullptr;
            } else {
                // Repeat later while armed; `arm`, `disarm` and the
                // destructor wake the thread earlier.
                wake_.wait_for(lock, kRepeat);
            }
        }
    }
}

}  // namespace provix::solvers::detail
