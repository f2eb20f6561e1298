#pragma once
/// \file
/// Exact equivalence of two indexing maps by enumerating their (bounded,
/// small) domains. A map stands for the relation {((d, rt), f(d, s, rt)) :
/// the variables lie in their bounds and the constraints hold}: the range
/// variables `s` are existentially quantified, the runtime variables `rt`
/// are inputs like the dimensions (values the caller supplies, compared
/// value for value); two maps are equivalent when their relations are
/// equal. Enumerating every point of both boxes decides that exactly.
///
///     (d0) -> (d0 floordiv 8, d0 mod 8), d0 in [0, 31]
///     (d0) -> ((d0 mod 32) floordiv 8, d0 mod 8), d0 in [0, 31]
///     equivalent_by_enumeration(a, b) == true
///
/// Used for de-duplicating fusion maps the simplifier leaves in different
/// forms, and by the tests as an exact check where no solver is linked.

#include <cstdint>
#include <optional>

#include "provix/indexing_map.h"

namespace provix::hlo {

/// The default budget: points of the variable boxes enumerated in all.
inline constexpr int64_t kDefaultEnumerationBudget = int64_t{1} << 21;

/// True if `a` and `b` denote the same relation, false if not; nullopt when
/// a box is unbounded or has more than `max_points` points, or a map is
/// UNDEFINED. Maps with different numbers of dimensions, runtime variables
/// or results are not equivalent. KNOWN EMPTY is the empty relation. Also nullopt when, at a
/// point of a box, a constraint or a result cannot be evaluated (a value
/// leaves int64, a result divides by zero): enumeration cannot tell there.
std::optional<bool> equivalent_by_enumeration(const IndexingMap& a, const IndexingMap& b,
                                              int64_t max_points = kDefaultEnumerationBudget);

}  // namespace provix::hlo
