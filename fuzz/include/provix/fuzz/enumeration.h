#pragma once
/// \file
/// Comparison of two maps by exhaustive evaluation (provix/semantics.h, no
/// solver): the fuzzer's independent check of the engine and of the
/// oracles on small domains. At each input point (dimensions and runtime
/// variables) a map means the set of its result tuples over the values of
/// its range variables where the domain holds and every result is defined,
/// and whether some such value divides by zero (definedness compared point
/// by point). A constraint that divides by zero at a point excludes it.
/// Runtime variables are matched as the oracles match them: by name when
/// one map's names are among the other's (a variable only one map has
/// ranges over the values it takes on that map's domain), else by position.
///
///     // (d0)[s0] -> (d0 floordiv s0), s0 in [0, 1]   vs   (d0)[s0] -> (0), ...
///     EnumerationResult r = compare_by_enumeration(a, b);
///     r.outcome == EnumerationResult::Outcome::Differ   // d0 = 0: undefined vs (0)

#include <cstdint>
#include <string>

#include "provix/indexing_map.h"

namespace provix::fuzz {

/// The outcome of `compare_by_enumeration`.
struct EnumerationResult {
    enum class Outcome {
        Same,     ///< equal at every input point
        Differ,   ///< `detail` names an input point where they differ
        Skipped,  ///< too many points, an unbounded variable, or an overflow
    };
    Outcome outcome = Outcome::Skipped;
    /// Differ: the point and both sides' meanings there; Skipped: why.
    std::string detail;
    /// Result evaluations done.
    int64_t evaluations = 0;
};

/// Compares `a` and `b` (Normal or KNOWN EMPTY maps with the same numbers
/// of dims and results) at every input point, spending at most
/// `max_evaluations` evaluations of a point (else Skipped). A point whose
/// evaluation overflows int64 makes the comparison Skipped.
EnumerationResult compare_by_enumeration(const IndexingMap& a, const IndexingMap& b,
                                         int64_t max_evaluations = 20000);

}  // namespace provix::fuzz
