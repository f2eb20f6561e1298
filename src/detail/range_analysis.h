#pragma once
/// \file
/// RangeAnalysis: memoized interval of every expression node over a domain
/// (variable bounds, and optionally the domain's constraints, each
/// intersected into the range of its expression node).

#include <vector>

#include "provix/expr.h"
#include "provix/indexing_map.h"
#include "provix/interval.h"
#include "id_map.h"

namespace provix::engine {

class RangeAnalysis {
public:
    /// Ranges from variable bounds (indexed by variable id) and constraints.
    RangeAnalysis(std::vector<Interval> bounds, const std::vector<Constraint>& constraints);
    explicit RangeAnalysis(std::vector<Interval> bounds) : bounds_(std::move(bounds)) {}

    /// The range of `e` (a sound over-approximation), memoized per node.
    Interval range(Expr e);

    const std::vector<Interval>& bounds() const { return bounds_; }

private:
    Interval compute(Expr e);

    std::vector<Interval> bounds_;
    IdMap<Interval> known_;  // constraint ranges by node id
    IdMap<Interval> memo_;
};

}  // namespace provix::engine
