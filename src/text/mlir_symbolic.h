#pragma once
/// \file
/// MLIR's notion of a symbolic affine expression, shared by the reader and
/// the printer of MLIR's affine syntax. Private to src/text.
///
///     // With 2 dims (d0 = variable 0, d1 = variable 1, s0 = variable 2):
///     is_symbolic(s0 * 4 + 1, 2) && !is_symbolic(d1 + s0, 2)

#include <cstdint>
#include <vector>

#include "provix/expr.h"

namespace provix::text {

/// True if `e` uses no dimension (no variable below `num_dims`): only
/// symbols and constants. MLIR requires one factor of a product and every
/// divisor to be symbolic.
inline bool is_symbolic(Expr e, int64_t num_dims) {
    std::vector<bool> used;
    collect_variables(e, used);
    for (size_t id = 0; id < used.size() && static_cast<int64_t>(id) < num_dims; ++id) {
        if (used[id]) return false;
    }
    return true;
}

}  // namespace provix::text
