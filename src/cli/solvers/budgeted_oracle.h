#pragma once
/// \file
/// An oracle whose decisions share one wall-clock budget: the solver
/// commands bound each map's work together (`provix bounds` asks a range
/// per result, and emptiness), not each decision on its own, so that
/// `--timeout 1` bounds a map of 400 results to about a second too.
///
///     BudgetedOracle oracle(solvers::make_exact_oracle(limits), 1.0);
///     oracle.start();              // a new map: a second from now
///     oracle.exact_range(map, 0);  // within the second, or "timeout"
///     oracle.exact_range(map, 1);  // within what is left of it

#include <chrono>
#include <memory>
#include <utility>

#include "oracle_wrapper.h"
#include "provix/solvers/oracle.h"

namespace provix::cli {

/// `inner`'s decisions since the last `start()`, bounded together by
/// `seconds` of wall-clock time (none when `seconds <= 0`): each runs with
/// the time left as its timeout; once none is left a decision is Unknown
/// with the reason "timeout", without being asked.
class BudgetedOracle : public OracleWrapper<BudgetedOracle> {
public:
    using Clock = std::chrono::steady_clock;

    BudgetedOracle(std::unique_ptr<solvers::Oracle> inner, double seconds)
        : OracleWrapper(std::move(inner)), seconds_(seconds) {
        start();
    }

    /// Opens a new budget of the whole `seconds`, from now.
    void start() {
        end_ = Clock::now() +
               std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds_));
    }

    /// The budget of each `start()` becomes `seconds`; a new one opens now.
    /// None (`seconds <= 0`) leaves the decisions with no timeout either.
    void set_timeout(double seconds) override {
        seconds_ = seconds;
        if (seconds <= 0) inner().set_timeout(0);
        start();
    }

    /// `decide()` with the time left as its timeout, or Unknown ("timeout")
    /// when none is left.
    template <class Decide>
    decltype(std::declval<Decide>()()) around(Decide decide) {
        if (seconds_ <= 0) return decide();
        const double remaining = std::chrono::duration<double>(end_ - Clock::now()).count();
        if (remaining <= 0) {
            decltype(decide()) timed_out;
            timed_out.verdict = solvers::Verdict::Unknown;
            timed_out.reason = "timeout";
            return timed_out;
        }
        inner().set_timeout(remaining);
        return decide();
    }

private:
    double seconds_;
    Clock::time_point end_;
};

}  // namespace provix::cli
