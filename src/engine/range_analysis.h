#pragma once
/// \file
/// RangeAnalysis: memoized interval of every expression node over a domain
/// (variable bounds, and optionally the domain's constraints, each
/// intersected into the range of its expression node), and whether a node
/// may be undefined somewhere on the domain (a divisor whose range holds 0).
/// The transfer functions are the lemmas of rules/analysis.lemmas.

#include <vector>

#include "id_map.h"
#include "provix/expr.h"
#include "provix/indexing_map.h"
#include "provix/interval.h"

namespace provix::engine {

class RangeAnalysis {
public:
    /// Ranges from variable bounds (indexed by variable id) and constraints.
    RangeAnalysis(std::vector<Interval> bounds, const std::vector<Constraint>& constraints);
    explicit RangeAnalysis(std::vector<Interval> bounds) : bounds_(std::move(bounds)) {}

    /// The range of `e` over the domain points where `e` is defined (a sound
    /// over-approximation), memoized per node: `d0 floordiv s0` with
    /// d0 in [0, 8], s0 in [0, 2] has range [0, 8].
    Interval range(Expr e);

    /// True unless `e` is shown to be defined at every domain point: some
    /// divisor inside it has a range holding 0 (`d0 floordiv s0` with
    /// s0 in [0, 2]) or is the constant 0. False for total expressions
    /// without any look-up.
    bool may_be_undefined(Expr e);

    const std::vector<Interval>& bounds() const { return bounds_; }

    /// The constraints the analysis was built with (none for bounds only).
    const std::vector<Constraint>& constraints() const { return constraints_; }

private:
    Interval compute(Expr e);
    bool compute_may_be_undefined(Expr e);

    std::vector<Interval> bounds_;
    std::vector<Constraint> constraints_;
    IdMap<Interval> known_;  // constraint ranges by node id
    IdMap<Interval> memo_;
    IdMap<char> undefined_memo_;
};

}  // namespace provix::engine
