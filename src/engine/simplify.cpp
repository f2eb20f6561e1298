/// \file
/// `simplify` for indexing maps. Until the rule engine is wired in, this is
/// the range-free kernel: canonical folding of results and constraints.

#include "provix/simplify.h"

namespace provix {

bool simplify(IndexingMap& map, const SimplifyOptions& /*options*/) {
    if (map.is_known_empty() || map.is_undefined()) return false;
    return map.canonicalize();
}

}  // namespace provix
