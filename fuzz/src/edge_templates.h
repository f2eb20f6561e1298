#pragma once
// The generator's edge templates (internal to provix_fuzzlib): small map
// parts aimed at the places where a simplifier is most easily wrong, mixed
// into a generated map. See `edge_template_names()` in generator.h.

#include <string>

#include "provix/fuzz/map_spec.h"
#include "provix/fuzz/random.h"

namespace provix::fuzz::detail {

/// Adds the parts of edge template `name` to `spec` (bounds of existing
/// variables may be narrowed, variables, results and constraints added);
/// `raw`: build expressions exactly as drawn, else canonically. Returns
/// false (spec unchanged) when the template does not apply to `spec`.
bool apply_edge_template(const std::string& name, Context& ctx, RandomSource& rng, MapSpec& spec,
                         bool raw);

}  // namespace provix::fuzz::detail
