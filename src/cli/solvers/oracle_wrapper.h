#pragma once
/// \file
/// The common base of the commands' oracles that wrap another one
/// (ProgressOracle, BudgetedOracle): every decision goes to the inner
/// oracle through the derived class's `around`, the rest is forwarded.
///
///     class Counting : public OracleWrapper<Counting> {
///     public:
///         using OracleWrapper::OracleWrapper;
///         template <class Decide>
///         auto around(Decide decide) { ++n; return decide(); }
///         int n = 0;
///     };

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "provix/solvers/oracle.h"

namespace provix::cli {

template <class Derived>
class OracleWrapper : public solvers::Oracle {
public:
    explicit OracleWrapper(std::unique_ptr<solvers::Oracle> inner) : inner_(std::move(inner)) {}

    std::string name() const override { return inner_->name(); }
    bool supports(const IndexingMap& map) const override { return inner_->supports(map); }
    solvers::Decision equivalent(const IndexingMap& a, const IndexingMap& b) override {
        return self().around([&] { return inner_->equivalent(a, b); });
    }
    solvers::Decision equivalent_pointwise(const IndexingMap& a, const IndexingMap& b) override {
        return self().around([&] { return inner_->equivalent_pointwise(a, b); });
    }
    solvers::RangeDecision exact_range(const IndexingMap& map, int64_t result) override {
        return self().around([&] { return inner_->exact_range(map, result); });
    }
    solvers::Decision is_empty(const IndexingMap& map) override {
        return self().around([&] { return inner_->is_empty(map); });
    }
    solvers::Decision implies(const IndexingMap& map, const Constraint& constraint) override {
        return self().around([&] { return inner_->implies(map, constraint); });
    }
    void set_timeout(double seconds) override { inner_->set_timeout(seconds); }

protected:
    /// The wrapped oracle.
    solvers::Oracle& inner() { return *inner_; }

private:
    Derived& self() { return static_cast<Derived&>(*this); }

    std::unique_ptr<solvers::Oracle> inner_;
};

}  // namespace provix::cli
