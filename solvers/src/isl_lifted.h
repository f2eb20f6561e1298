#pragma once
/// \file
/// Exact ranges of quasi-affine results by integer linear programming over a
/// lifted space (private to provix_solvers). Every floordiv / ceildiv / mod
/// node by a constant gets its own integer variable q with the linear
/// constraints that define it (`c*q <= a <= c*q + c - 1` for `q = a floordiv
/// c`, c > 0), and every min / max node a variable m with `m <= a, m <= b`
/// and one of `m >= a` / `m >= b` (one basic set per choice); the result and
/// the constraints are then affine, and the range is one integer linear
/// program per end and choice: `max` of the result's affine form over one
/// basic set. Nested divisions cost one variable each, where isl's
/// piecewise quasi-affine functions nest their integer divisions (64 nested
/// floordivs take minutes that way, milliseconds here).
///
///     LiftedRange r = lifted_range(ctx, map, 0);   // (d0) -> (d0 floordiv 4), d0 in [-5, 9]
///     r.status == LiftedRange::Status::Decided && val_text(r.lo) == "-2"

#include <isl/ctx.h>
#include <isl/val.h>

#include <cstdint>
#include <string>
#include <vector>

#include "isl_translate.h"
#include "provix/indexing_map.h"

namespace provix::solvers::detail {

/// The outcome of `lifted_range`.
struct LiftedRange {
    enum class Status {
        Decided,      ///< `empty`, or `lo` / `hi` (maybe infinite)
        NotLiftable,  ///< outside the fragment: use the piecewise translation
        Failed,       ///< isl failed (budget, abort): see the context's error
    };
    Status status = Status::NotLiftable;
    bool empty = false;
    Own<isl_val> lo, hi;
};

/// Most min / max nodes lifted (each doubles the linear programs).
constexpr int kMaxLiftedChoices = 6;

/// The exact range of result `result` of the Normal map `map` over its
/// domain, when every result and constraint is quasi-affine with constant
/// divisors and at most kMaxLiftedChoices min / max nodes.
LiftedRange lifted_range(isl_ctx* ctx, const IndexingMap& map, int64_t result);

/// Whether the domain of `map` is empty (`empty`), by one integer linear
/// program per min / max choice, under the same conditions as
/// `lifted_range` (the results need not be liftable); for a non-empty
/// domain `*witness` (if given) receives a point's variable values.
LiftedRange lifted_emptiness(isl_ctx* ctx, const IndexingMap& map,
                             std::vector<std::string>* witness);

/// The outcome of `lifted_pointwise`.
struct LiftedEquivalence {
    enum class Status { Decided, NotLiftable, Failed };
    enum class Difference {
        OnlyFirstDefined,   ///< `witness` is in the first domain only
        OnlySecondDefined,  ///< `witness` is in the second domain only
        Values,             ///< `witness` is in both; a result differs
    };
    Status status = Status::NotLiftable;
    bool equal = false;
    Difference difference = Difference::Values;
    /// The variables' values at a differing point (not equal).
    std::vector<std::string> witness;
};

/// Pointwise equivalence of two maps over the same variables whose results
/// and constraints `lifted_range` takes (constant divisors, so both are
/// defined wherever their domains hold): the same domain (each row of one
/// domain not in the other is checked violated-nowhere, one integer linear
/// program each), and equal results on it (`r_a - r_b >= 1` and `<= -1`
/// infeasible). No piecewise function is built, so deep nests and hundreds of
/// variables stay cheap.
LiftedEquivalence lifted_pointwise(isl_ctx* ctx, const IndexingMap& a, const IndexingMap& b);

}  // namespace provix::solvers::detail
