#pragma once
/// \file
/// The missed-simplification probe (used by the fuzzer's completeness
/// checks): asks isl whether one result of a map equals a div-free affine
/// expression (possibly a constant) at every point of the map's domain
/// where it is defined. isl computes the affine hull of the integer points
/// of the result's graph `{ (v, r(v)) : v in domain }`; an equality of that
/// hull with coefficient +-1 on `r` is such an expression.
///
///     // (d0, d1) -> ((d0 * 4 + d1) floordiv 4), d0 in [0, 9], d1 in [0, 3]
///     AffineProber p;
///     AffineProbe a = p.probe(map, 0);
///     a.outcome == AffineProbe::Outcome::Affine && to_string(a.expr) == "v0"
///
/// The probe can miss an affine form (isl's hull of a set with existential
/// variables is not always the hull of its integer points; coefficients
/// other than +-1 are not used), never invent one: callers still confirm a
/// reported expression with the exact oracle.

#include <memory>
#include <string>

#include "provix/expr.h"
#include "provix/indexing_map.h"

namespace provix::solvers {

/// What the probe found for one result.
struct AffineProbe {
    enum class Outcome {
        Affine,    ///< `expr` (div-free, affine; maybe a constant) equals the result
        NotFound,  ///< no such expression found (or the domain is empty)
        Unknown,   ///< not decided: isl's budget ran out, or outside isl's fragment
    };
    Outcome outcome = Outcome::Unknown;
    /// The affine expression over the map's variable ids (Affine only).
    Expr expr;
    /// Why the outcome is Unknown.
    std::string reason;
};

/// Runs probes with one isl context (deterministic operation budget).
/// Not thread-safe.
class AffineProber {
public:
    /// `max_operations`: isl's operation budget per probe.
    explicit AffineProber(unsigned long max_operations = 2'000'000);
    ~AffineProber();
    AffineProber(const AffineProber&) = delete;
    AffineProber& operator=(const AffineProber&) = delete;

    /// Probes result `result` of `map` (a Normal map within isl's fragment:
    /// `make_isl_oracle()->supports(map)`; else Unknown).
    AffineProbe probe(const IndexingMap& map, int64_t result);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace provix::solvers
