#pragma once
/// \file
/// An oracle that shows its decisions on a progress line: the solver
/// commands' long work (a decision may take up to its timeout) is seen on a
/// terminal as `provix bounds: 3 decisions, 0.5 decisions/s, 6 s elapsed`.
///
///     Progress progress("provix bounds", "decisions", 0, Progress::on_terminal());
///     ProgressOracle oracle(solvers::make_exact_oracle(limits), progress);
///     oracle.exact_range(map, 0);   // the line redrawn before and after

#include <cstdint>
#include <memory>
#include <utility>

#include "oracle_wrapper.h"
#include "progress.h"
#include "provix/solvers/oracle.h"

namespace provix::cli {

/// `inner`'s decisions, each counted on `progress` (drawn only where the
/// progress line is enabled: standard error a terminal).
class ProgressOracle : public OracleWrapper<ProgressOracle> {
public:
    ProgressOracle(std::unique_ptr<solvers::Oracle> inner, Progress& progress)
        : OracleWrapper(std::move(inner)), progress_(progress) {}

    /// `decide()`, counted: the line is redrawn before and after it.
    template <class Decide>
    decltype(std::declval<Decide>()()) around(Decide decide) {
        progress_.update(done_, "deciding one");  // the time before it is seen
        auto answer = decide();
        progress_.update(++done_);
        return answer;
    }

private:
    Progress& progress_;
    int64_t done_ = 0;
};

}  // namespace provix::cli
