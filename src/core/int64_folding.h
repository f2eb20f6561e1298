#pragma once
/// \file
/// Whether folding an expression's constants in int64, as MLIR's
/// AffineExpr builder does, keeps its value: canonical form folds constant
/// arithmetic and combines like terms only where the result fits int64, and
/// keeps them apart where it does not; MLIR would fold those too, and wrap,
/// and its simplification of divisions makes more terms alike.
///
///     Int64Folding f;
///     f.fits(d0 * 4 + d1)                                         // true
///     f.fits(d0 * 9223372036854775807 + d0)                       // false: d0 * 2^63
///     f.fits(d0 * 4611686018427387904 * 4)                        // false: d0 * 2^64
///     f.fits(d0 * 9223372036854775807 + (d0 * 2) floordiv 2)      // false

#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "provix/expr.h"

namespace provix::detail {

/// What int64 folding of one node can produce, bounded (Int64Folding::fits): any
/// constant term, and for each variable (by id) any coefficient of a
/// monomial over it; `fits` if these and its operands' stay in int64.
struct FoldBounds {
    unsigned __int128 constant = 0;
    std::vector<std::pair<int64_t, unsigned __int128>> coefficients;
    bool fits = true;
};

/// The check for the expressions of one context, each node's bounds found
/// once (a parser checks every sub-expression it builds: linear, not
/// quadratic). `Int64Folding f; f.fits(a); f.fits(a + b);`
class Int64Folding {
public:
    /// True if no folding of `e` can leave int64: at every node, bounds on
    /// the constant term and on each variable's coefficients that any
    /// folding MLIR does (constants, like terms, products distributed, terms
    /// a division by a constant gives up) can produce stay within int64
    /// (-2^63 alone counts as in). Conservative: false may be said of an
    /// expression MLIR would in fact fold exactly, never true of one it
    /// would wrap. Also false for constants that did not fold
    /// (has_unfolded_constants).
    bool fits(Expr e);

private:
    std::unordered_map<uint32_t, FoldBounds> bounds_;
};

}  // namespace provix::detail
