#pragma once
/// \file
/// Shrinking: a failing map is reduced, one small edit at
/// a time, while it still fails the same way. Edits: drop a result or a
/// constraint; replace a sub-expression by one of its operands or by 0 or
/// 1; drop a term of a sum; move a constant towards 0 (a divisor never to
/// 0); replace a variable by a constant and remove it; move bounds towards
/// 0 and narrow them. Only edits that make (`spec_size`, `spec_magnitude`)
/// smaller are tried, so shrinking ends.
///
///     auto still_fails = [&](const MapSpec& s) { return checker.check_text(
///         spec_text(ctx, s)).has_failure("unsound"); };
///     ShrinkResult r = shrink(ctx, spec, still_fails);
///     // r.spec is a smallest-found map that still fails; r.checks tests were run

#include <cstdint>
#include <functional>

#include "provix/fuzz/map_spec.h"

namespace provix::fuzz {

/// The outcome of shrinking.
struct ShrinkResult {
    MapSpec spec;        ///< the smallest failing spec found
    int64_t checks = 0;  ///< how many times the predicate ran
    int64_t steps = 0;   ///< how many edits were kept
};

/// Shrinks `spec` while `still_fails` holds, running it at most
/// `max_checks` times. `still_fails(spec)` is assumed true on entry.
ShrinkResult shrink(Context& ctx, const MapSpec& spec,
                    const std::function<bool(const MapSpec&)>& still_fails,
                    int64_t max_checks = 400);

}  // namespace provix::fuzz
