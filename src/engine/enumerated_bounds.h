#pragma once
/// \file
/// Exact bounds of few-valued variables: the constraints over a few variables
/// whose bounds span a small box are evaluated at every point of the box, and
/// each variable's bounds shrink to the least and greatest value it takes at
/// a point where they may all hold (lemmas enumerated_lower,
/// enumerated_upper of rules/domain.lemmas; no such point: enumerated_empty).

#include "provix/indexing_map.h"
#include "rewrite_log.h"

namespace provix::engine {

/// For each constraint over at most 6 variables whose bounds span a box of
/// at most kMaxEnumeratedPoints points (the pre-check), keeps the points of
/// the box where every constraint over only those variables may hold (it
/// holds, or cannot be evaluated: int64 overflow; a point where a divisor of
/// such a constraint is zero is left out) and moves each variable's bounds
/// to the hull of its values at those points. `d1 + (d0 mod 2) * 8 in
/// [2, 2]` with d0, d1 in [0, 7] leaves d1 in [2, 2]; d0 mod 6 in [3, 3] and
/// d0 mod 10 in [3, 4] with d0 in [3, 15] leave d0 in [3, 3]. Known empty
/// when no point is left. Returns true on change.
bool tighten_bounds_by_enumeration(IndexingMap& map, RewriteLog log = {});

}  // namespace provix::engine
