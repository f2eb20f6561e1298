#pragma once
/// \file
/// QuietPasses: which passes of a fixpoint loop can be skipped because they
/// would find nothing to do. Each pass is a deterministic function of the
/// state it reads (for the domain passes: the variables' bounds and the
/// constraints) and returns true exactly when it changed that state. A pass
/// that changed nothing and reported nothing finds nothing again as long as
/// no pass has changed the state since, so running it again is skipped:
///
///     QuietPasses quiet(log);
///     for (...rounds...) {
///         changed |= quiet.run(0, [&] { return pass_a(map, log); });
///         changed |= quiet.run(1, [&] { return pass_b(map, log); });
///     }
///
/// A pass that reported something to the log without changing the state is
/// never skipped (skipping it would drop its report), and neither is any
/// pass when the log counts without keeping the names (the reports cannot be
/// seen then).

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "rewrite_log.h"

namespace provix::engine {

/// Tracks, per pass, the state version at which the pass last ran without
/// effect (see the file comment). `QuietPasses q(log); q.run(0, f)` runs
/// `f`; a second `q.run(0, f)` after `f` returned false (and logged nothing)
/// returns false without running it, until some pass returns true.
class QuietPasses {
public:
    /// Most passes one tracker follows.
    static constexpr size_t kMaxPasses = 16;

    /// A tracker for passes that report to `log`.
    explicit QuietPasses(RewriteLog log) : log_(log) { quiet_at_.fill(kNever); }

    /// True if pass `pass` (< kMaxPasses) may change the state: it has not
    /// run without effect since the state last changed.
    bool may_change(size_t pass) const { return quiet_at_[pass] != version_; }

    /// How many times a pass has changed the state so far: the same at two
    /// moments exactly when no pass changed the state in between, so
    /// whatever was computed from the state at the first still holds at the
    /// second. `q.run(0, f)` with `f` returning true adds one.
    uint64_t version() const { return version_; }

    /// Runs `pass_fn` (returning true on a change of the state) unless pass
    /// `pass` is known to do nothing; returns what it returned (false when
    /// skipped).
    template <class PassFn>
    bool run(size_t pass, PassFn&& pass_fn) {
        if (!may_change(pass)) return false;
        const std::optional<size_t> before = log_length();
        const bool changed = pass_fn();
        if (changed)
            ++version_;
        else if (before && log_length() == before)
            quiet_at_[pass] = version_;
        return changed;
    }

private:
    static constexpr uint64_t kNever = UINT64_MAX;

    /// How many reports the log holds; nullopt when that cannot be seen.
    std::optional<size_t> log_length() const {
        if (log_.trace) return log_.trace->size();
        if (log_.counters) return std::nullopt;
        return size_t{0};  // nothing is kept: reports leave no trace
    }

    RewriteLog log_;
    uint64_t version_ = 0;
    std::array<uint64_t, kMaxPasses> quiet_at_{};
};

}  // namespace provix::engine
