#pragma once
/// \file
/// The part of every oracle that needs no solver: `UNDEFINED` and `KNOWN
/// EMPTY` maps, shape checks, result indices, the pointwise-first strategy of
/// `equivalent`. Back ends implement the `decide_*` hooks, which only ever
/// see maps in the Normal state with matching shapes.

#include <string>
#include <vector>

#include "provix/solvers/oracle.h"

namespace provix::solvers::detail {

class OracleBase : public Oracle {
public:
    Decision equivalent(const IndexingMap& a, const IndexingMap& b) final;
    Decision equivalent_pointwise(const IndexingMap& a, const IndexingMap& b) final;
    RangeDecision exact_range(const IndexingMap& map, int64_t result) final;
    Decision is_empty(const IndexingMap& map) final;
    Decision implies(const IndexingMap& map, const Constraint& constraint) final;

protected:
    /// Same dims, range vars, runtime vars and results.
    virtual Decision decide_pointwise(const IndexingMap& a, const IndexingMap& b) = 0;
    /// Same dims and results.
    virtual Decision decide_relational(const IndexingMap& a, const IndexingMap& b) = 0;
    virtual RangeDecision decide_range(const IndexingMap& map, int64_t result) = 0;
    virtual Decision decide_empty(const IndexingMap& map) = 0;
    virtual Decision decide_implies(const IndexingMap& map, const Constraint& c) = 0;

private:
    Decision against_known_empty(const IndexingMap& other, bool other_is_first);
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
