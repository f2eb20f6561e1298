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
#include <string>
#include <utility>

#include "progress.h"
#include "provix/solvers/oracle.h"

namespace provix::cli {

/// `inner`'s decisions, each counted on `progress` (drawn only where the
/// progress line is enabled: standard error a terminal).
class ProgressOracle : public solvers::Oracle {
public:
    ProgressOracle(std::unique_ptr<solvers::Oracle> inner, Progress& progress)
        : inner_(std::move(inner)), progress_(progress) {}

    std::string name() const override { return inner_->name(); }
    bool supports(const IndexingMap& map) const override { return inner_->supports(map); }
    solvers::Decision equivalent(const IndexingMap& a, const IndexingMap& b) override {
        return counted([&] { return inner_->equivalent(a, b); });
    }
    solvers::Decision equivalent_pointwise(const IndexingMap& a, const IndexingMap& b) override {
        return counted([&] { return inner_->equivalent_pointwise(a, b); });
    }
    solvers::RangeDecision exact_range(const IndexingMap& map, int64_t result) override {
        return counted([&] { return inner_->exact_range(map, result); });
    }
    solvers::Decision is_empty(const IndexingMap& map) override {
        return counted([&] { return inner_->is_empty(map); });
    }
    solvers::Decision implies(const IndexingMap& map, const Constraint& constraint) override {
        return counted([&] { return inner_->implies(map, constraint); });
    }
    void set_timeout(double seconds) override { inner_->set_timeout(seconds); }

private:
    template <class Decide>
    decltype(std::declval<Decide>()()) counted(Decide decide) {
        progress_.update(done_, "deciding one");  // the time before it is seen
        auto answer = decide();
        progress_.update(++done_);
        return answer;
    }

    std::unique_ptr<solvers::Oracle> inner_;
    Progress& progress_;
    int64_t done_ = 0;
};

}  // namespace provix::cli
