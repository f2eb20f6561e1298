#pragma once
/// \file
/// `--bounds NAME=LO:HI,...`: inclusive bounds given on the command line for
/// variables named in the input (MLIR maps have no domain of their own).
///
///     auto b = parse_bounds_option("d0=0:15,s0=0:3");
///     // (*b)[0].name == "d0", (*b)[0].bounds == Interval{0, 15}
///     apply_bounds(map, *b);   // d0's bounds become [0, 15] ∩ its old bounds

#include <string>
#include <vector>

#include "provix/indexing_map.h"
#include "provix/result.h"

namespace provix::cli {

/// One `NAME=LO:HI` entry; LO and HI are integers, `-inf` or `inf`.
struct VariableBound {
    std::string name;
    Interval bounds;
};

/// Parses a comma-separated list of `NAME=LO:HI`. Errors on a malformed
/// entry, an integer outside int64, or a name given twice.
Result<std::vector<VariableBound>> parse_bounds_option(const std::string& text);

/// Intersects the bounds of each variable of `map` named in `bounds` (names
/// the map does not have are left alone). Marks `used[i]` for every entry i
/// that names a variable of the map, and every entry for a KNOWN EMPTY or
/// UNDEFINED map (its variables' names are gone).
void apply_bounds(IndexingMap& map, const std::vector<VariableBound>& bounds,
                  std::vector<bool>& used);

}  // namespace provix::cli
