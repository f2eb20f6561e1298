#pragma once
/// \file
/// MLIR's affine syntax: `affine_map<...>` and `affine_set<...>`, read into
/// indexing maps and written back.
///
///     #map0 = affine_map<(d0, d1)[s0] -> (d0 floordiv 4 + s0, d1 mod 8)>
///     #set0 = affine_set<(d0)[s0] : (d0 >= 0, -d0 + 15 >= 0, d0 - s0 * 4 == 0)>
///
/// An MLIR map has no domain. Here an `affine_set` gives the domain of the
/// maps that follow it, up to the next `affine_set` or `// -----` line (the
/// set and the maps must have the same numbers of dimensions and symbols);
/// callers may narrow bounds further (`provix simplify --bounds`).
///
/// MLIR's dimensions and symbols are both inputs (a symbol is a value fixed
/// for the enclosing scope, such as a dynamic size), so every one of them is
/// a *dimension* of the provix map: dims first, then symbols (named as
/// written). Nothing renames, rescales or drops them, and the printer writes
/// the first `num_dims` as `d0, d1, ...` and the rest as `s0, s1, ...`.
///
/// Semantics. MLIR defines `floordiv`, `ceildiv` and `mod` only for a
/// positive divisor; provix's are floor division and floor modulo for every
/// non-zero divisor, which agree with MLIR's wherever MLIR defines them.
///  - Reading: a literal divisor that is zero or negative is an error
///    (`d0 mod -2` has no MLIR meaning). A divisor that is an expression over
///    symbols (`d0 floordiv s0`) is assumed positive, as MLIR defines the
///    operation only there: the constraint `s0 in [1, inf]` joins the map's
///    domain (so `(d0 * s0) floordiv s0` simplifies to `d0`), and a
///    simplification is equal to its input wherever MLIR defines the input.
///  - Writing: a negative constant divisor (which the engine may produce) is
///    rewritten to a positive one with the same value:
///    `x floordiv -c` as `-(x ceildiv c)`, `x ceildiv -c` as
///    `-(x floordiv c)`, `x mod -c` as `-((-x) mod c)`.
///  - MLIR's grammar also requires one factor of every product and every
///    divisor to be symbolic (constants and symbols only), and has no `min`
///    or `max`: the reader rejects such input and the printer returns an
///    error for a map it cannot write.
///
///     Context ctx;
///     auto defs = parse_mlir_affine(ctx, "#map = affine_map<(d0) -> (d0 mod 4)>");
///     (*defs)[0].map.num_dims() == 1
///     *to_mlir_affine_map((*defs)[0].map, 1) == "affine_map<(d0) -> (d0 mod 4)>"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "provix/indexing_map.h"
#include "provix/parser.h"
#include "provix/result.h"

namespace provix {

/// One constraint of an MLIR affine set: `expr >= 0`, or `expr == 0`.
struct MlirSetConstraint {
    Expr expr;
    bool equality = false;
};

/// One `affine_map<...>` or `affine_set<...>` of an MLIR text.
struct MlirDefinition {
    enum class Kind : uint8_t { Map, Set };
    Kind kind = Kind::Map;
    /// The alias defined (`#map0`), or empty for a bare `affine_map<...>`.
    std::string alias;
    /// MLIR's counts: variables `0..num_dims-1` of `map` are MLIR's
    /// dimensions, the next `num_symbols` its symbols.
    int64_t num_dims = 0;
    int64_t num_symbols = 0;
    /// A map: its results over `num_dims + num_symbols` dimensions, with the
    /// domain of the set that applies to it (unbounded if none) and every
    /// symbolic divisor positive. A set: no results; its constraints are the
    /// domain.
    IndexingMap map;
    /// The definition's text as written, from its alias (or `affine_map` /
    /// `affine_set`) to its closing `>`: `#m = affine_map<(d0) -> (d0 + 1)>`.
    /// What to write back to keep it exactly as MLIR reads it (provix's
    /// canonical form may differ: MLIR keeps `d0 * 4 + (d0 + 1)` apart where
    /// provix combines it to `d0 * 5 + 1`).
    std::string text;
    /// For a map: the index in the file's definitions of the set giving its
    /// domain, or -1.
    int64_t domain_set = -1;
    /// True if a `// -----` line comes before this definition (after the
    /// previous one).
    bool after_separator = false;
    /// Where the definition starts (its alias, or `affine_map`).
    SourceLocation location;
};

/// Reads every definition of `text`: lines `#name = affine_map<...>`,
/// `#name = affine_set<...>`, bare `affine_map<...>` / `affine_set<...>`,
/// `// -----` separators and `//` comments. `filename` names the text in
/// diagnostics (`file:line:col: error: ...`, the line, a caret).
Result<std::vector<MlirDefinition>> parse_mlir_affine(Context& ctx, std::string_view text,
                                                      std::string_view filename = "<input>",
                                                      const ParseOptions& options = {});

/// True if MLIR reads `e` exactly: MLIR's AffineExpr builder folds constant
/// arithmetic and combines like terms in int64, which provix keeps apart
/// where the result leaves int64 (`d0 * 9223372036854775807 + d0` would
/// become `d0 * -9223372036854775808` there). `to_mlir_affine_expr` and the
/// MLIR bridge refuse an expression for which it is false.
/// `folds_in_mlir(d0 * 4 + 1) == true`.
bool folds_in_mlir(Expr e);

/// The expression `e` in MLIR syntax, variables `0..num_dims-1` written
/// `d<i>` and the others `s<i - num_dims>`: `d0 * 4 + s0`,
/// `(d0 + 1) floordiv 4`, `-d0 + 15`. Errors (Invalid) on `min`/`max`, a
/// product of two non-symbolic factors and a non-symbolic divisor.
Result<std::string> to_mlir_affine_expr(Expr e, int64_t num_dims);

/// `affine_map<(d0, ...)[s0, ...] -> (...)>` for the results of `map`, its
/// first `num_dims` variables being MLIR dims and the others symbols.
/// Errors on a map that is not Normal (known empty, undefined) and on
/// results MLIR cannot express (see `to_mlir_affine_expr`).
Result<std::string> to_mlir_affine_map(const IndexingMap& map, int64_t num_dims);

/// The most dims, and the most symbols, `to_mlir_affine_set` writes for a
/// known-empty map.
inline constexpr int64_t kMaxSetVariables = int64_t{1} << 20;

/// `affine_set<(d0, ...)[s0, ...] : (...)>` for the domain of `map`: each
/// variable's finite bounds (`d0 >= 0`, `-d0 + 15 >= 0`), then each
/// constraint (`e - lo >= 0`, `-e + hi >= 0`, or `e - c == 0` for a point).
/// A known-empty map gives MLIR's empty set `(1 == 0)` over `num_dims` dims
/// and `num_symbols` symbols (a Normal map's own counts are used otherwise).
/// A domain with no constraint at all prints `(0 == 0)`. A bound of -2^63,
/// whose negation int64 lacks, is written through a halving
/// (`d0 floordiv 2 + 4611686018427387904 >= 0` for d0 >= -2^63). Errors on
/// counts outside [0, kMaxSetVariables].
Result<std::string> to_mlir_affine_set(const IndexingMap& map, int64_t num_dims,
                                       int64_t num_symbols);

/// The constraints `to_mlir_affine_set` writes for the domain of a Normal
/// `map`, in its order (empty for `(0 == 0)`): for d0 in [0, 15],
/// `{d0 >= 0, -d0 + 15 >= 0}`. What MLIR computes is these expressions.
std::vector<MlirSetConstraint> mlir_affine_set_constraints(const IndexingMap& map);

}  // namespace provix
