#pragma once
/// \file
/// The part of every oracle that needs no solver: `UNDEFINED` and `KNOWN
/// EMPTY` maps, shape checks, result indices, the pointwise-first strategy of
/// `equivalent`, and the wall-clock deadline of each decision. Back ends
/// implement the `decide_*` hooks, which only ever see maps in the Normal
/// state with matching shapes, and watch `deadline()`.

#include <string>
#include <vector>

#include "deadline.h"
#include "provix/solvers/oracle.h"

namespace provix::solvers::detail {

class OracleBase : public Oracle {
public:
    explicit OracleBase(const Limits& limits) : limits_(limits) {}

    Decision equivalent(const IndexingMap& a, const IndexingMap& b) final;
    Decision equivalent_pointwise(const IndexingMap& a, const IndexingMap& b) final;
    RangeDecision exact_range(const IndexingMap& map, int64_t result) final;
    Decision is_empty(const IndexingMap& map) final;
    Decision implies(const IndexingMap& map, const Constraint& constraint) final;

    /// Until called again with null, decisions use `*shared` as their
    /// deadline instead of starting their own (the exact oracle gives its
    /// back ends one deadline per decision).
    void share_deadline(const Deadline* shared) { shared_ = shared; }

    void set_timeout(double seconds) override { limits_.timeout_seconds = seconds; }

protected:
    const Limits& limits() const { return limits_; }
    /// The deadline of the decision in progress.
    const Deadline& deadline() const { return active_; }

    /// Same dims, range vars, runtime vars and results.
    virtual Decision decide_pointwise(const IndexingMap& a, const IndexingMap& b) = 0;
    /// Same dims and results, and the same runtime variables (aligned by
    /// `align_runtime_variables`); range variables may differ.
    virtual Decision decide_relational(const IndexingMap& a, const IndexingMap& b) = 0;
    virtual RangeDecision decide_range(const IndexingMap& map, int64_t result) = 0;
    virtual Decision decide_empty(const IndexingMap& map) = 0;
    virtual Decision decide_implies(const IndexingMap& map, const Constraint& c) = 0;

private:
    /// Starts the decision's deadline on entry of the outermost public call.
    class Scope {
    public:
        explicit Scope(OracleBase& o) : o_(o) {
            if (o_.depth_++ == 0) {
                o_.active_ = o_.shared_ ? *o_.shared_ : Deadline::after(o_.limits_.timeout_seconds);
            }
        }
        ~Scope() { --o_.depth_; }
        Scope(const Scope&) = delete;
        Scope& operator=(const Scope&) = delete;

    private:
        OracleBase& o_;
    };
    /// `d`, its reason replaced by "timeout" when it is Unknown because the
    /// deadline passed.
    Decision timed(Decision d) const;
    RangeDecision timed(RangeDecision d) const;
    Decision against_known_empty(const IndexingMap& other, bool other_is_first);
    Decision equivalent_in_scope(const IndexingMap& a, const IndexingMap& b);

    Limits limits_;
    Deadline active_;
    const Deadline* shared_ = nullptr;
    int depth_ = 0;
};

/// `Decision{Unknown, reason}`.
Decision unknown(std::string reason, std::string backend = "");
/// `Decision{Proven}`.
Decision proven(std::string backend);

/// Names and values of variables `first .. first+values.size()-1` of `map`.
std::vector<NamedValue> named(const IndexingMap& map, int64_t first,
                              const std::vector<std::string>& values);

/// `(v0, v1)` for a result tuple.
std::string tuple_text(const std::vector<std::string>& values);

}  // namespace provix::solvers::detail
