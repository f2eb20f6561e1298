// The watchdog that stops solver computations from outside: when its action
// runs, that it repeats while armed, and that disarming is final. Waits are
// bounded generously (hang detectors, not timing tests).

#include "watchdog.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "provix/solvers/child_process.h"

namespace provix::solvers::detail {
namespace {

using Clock = Watchdog::Clock;
using std::chrono::milliseconds;

/// Waits until `count` reaches `n` (at most 30 s); true if it did.
bool wait_for_count(const std::atomic<int>& count, int n) {
    auto give_up = Clock::now() + std::chrono::seconds(30);
    while (count.load() < n) {
        if (Clock::now() > give_up) return false;
        std::this_thread::sleep_for(milliseconds(1));
    }
    return true;
}

TEST(Watchdog, ActionRunsWhenTheInstantPassesAndRepeatsWhileArmed) {
    Watchdog dog;
    std::atomic<int> runs{0};
    dog.arm(Clock::now() + milliseconds(10), [&] { ++runs; });
    ASSERT_TRUE(wait_for_count(runs, 3));
    EXPECT_TRUE(dog.fired());
    dog.disarm();
    EXPECT_TRUE(dog.fired());
}

TEST(Watchdog, OnceRunsTheActionOnceAndDisarms) {
    Watchdog dog;
    std::atomic<int> runs{0};
    dog.arm(
        Clock::now(), [&] { ++runs; }, Watchdog::Repeat::Once);
    ASSERT_TRUE(wait_for_count(runs, 1));
    std::this_thread::sleep_for(5 * Watchdog::kRepeat);
    EXPECT_EQ(runs.load(), 1);
    EXPECT_TRUE(dog.fired());
}

TEST(Watchdog, DisarmingIsFinal) {
    Watchdog dog;
    std::atomic<int> runs{0};
    dog.arm(Clock::now(), [&] { ++runs; });
    ASSERT_TRUE(wait_for_count(runs, 1));
    dog.disarm();
    int after = runs.load();
    // Several repeat intervals: a run still scheduled would show here.
    std::this_thread::sleep_for(5 * Watchdog::kRepeat);
    EXPECT_EQ(runs.load(), after);
}

TEST(Watchdog, DisarmedBeforeTheInstantNeverFires) {
    Watchdog dog;
    std::atomic<int> runs{0};
    {
        Watchdog::Armed armed(dog, Clock::now() + std::chrono::hours(1), [&] { ++runs; });
        EXPECT_FALSE(dog.fired());
    }
    std::this_thread::sleep_for(5 * Watchdog::kRepeat);
    EXPECT_EQ(runs.load(), 0);
    EXPECT_FALSE(dog.fired());
}

TEST(Watchdog, ArmingAgainClearsFiredAndTakesTheNewAction) {
    Watchdog dog;
    std::atomic<int> first{0}, second{0};
    dog.arm(Clock::now(), [&] { ++first; });
    ASSERT_TRUE(wait_for_count(first, 1));
    dog.arm(Clock::now() + std::chrono::hours(1), [&] { ++second; });
    EXPECT_FALSE(dog.fired());
    int first_runs = first.load();
    dog.arm(Clock::now(), [&] { ++second; });
    ASSERT_TRUE(wait_for_count(second, 1));
    dog.disarm();
    EXPECT_TRUE(dog.fired());
    EXPECT_EQ(first.load(), first_runs);
}

TEST(Watchdog, AProcessForkedJustAfterArmingAllocatesAndStartsThreads) {
    // The watchdog's thread has finished starting when `arm` returns: a
    // thread still starting may hold a lock of the allocator (the address
    // sanitizer's takes one), which a child forked at that instant would
    // inherit held, and wait on forever. Each round forks at once after the
    // first `arm`, and the child allocates and starts a thread.
    for (int round = 0; round < 100; ++round) {
        Watchdog dog;
        dog.arm(Clock::now() + std::chrono::hours(1), [] {});
        const ChildOutcome child = run_in_child(20, [] {
            std::vector<std::string> blocks;
            for (size_t size = 16; size <= (size_t(1) << 16); size *= 2)
                blocks.emplace_back(size, 'x');
            std::thread([] {}).join();
            return std::to_string(blocks.size());
        });
        ASSERT_EQ(child.ending, ChildOutcome::Ending::Answered)
            << "round " << round << ": " << child.describe();
        EXPECT_EQ(child.text, "13");
    }
}

}  // namespace
}  // namespace provix::solvers::detail
