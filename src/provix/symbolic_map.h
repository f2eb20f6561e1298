#pragma once
/// \file
/// `SymbolicMap`: `(d0, ...)[s0, ...] -> (e0, ...)`, a list of result
/// expressions over dimensions and symbols (MLIR's AffineMap, without a
/// domain; `IndexingMap` adds one). Variable ids `0 .. num_dims-1` are
/// dimensions, `num_dims .. num_dims+num_symbols-1` symbols.
///
///     // (d0, d1)[s0] -> (d0 + s0, d1 * 2)
///     Result<SymbolicMap> m = SymbolicMap::get(ctx, 2, 1, {ctx.variable(0) + ctx.variable(2),
///                                                          ctx.variable(1) * 2});
///     m->to_string() == "(d0, d1)[s0] -> (d0 + s0, d1 * 2)"

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "provix/expr.h"
#include "provix/result.h"
#include "provix/small_vector.h"

namespace provix {

/// The results of a map, in order; up to four are kept inside the map object
/// (copying such a map allocates nothing for them):
/// `for (Expr r : map.results()) ...`.
using ResultExprs = SmallVector<Expr, 4>;

/// An immutable value: dimension and symbol counts plus result expressions.
class SymbolicMap {
public:
    SymbolicMap() = default;

    /// The map with `num_dims` dims, `num_symbols` symbols and `results`.
    /// Errors if a count is negative, a result is null or belongs to another
    /// context, or a result uses a variable id at or above
    /// `num_dims + num_symbols`: `get(ctx, 1, 0, {ctx.variable(1)})` is an
    /// error.
    static Result<SymbolicMap> get(Context& ctx, int64_t num_dims, int64_t num_symbols,
                                   std::vector<Expr> results);
    /// The identity map `(d0, ..., dn-1) -> (d0, ..., dn-1)`.
    /// Precondition: `num_dims >= 0`.
    static SymbolicMap identity(Context& ctx, int64_t num_dims);

    Context* context() const { return ctx_; }
    int64_t num_dims() const { return num_dims_; }
    int64_t num_symbols() const { return num_symbols_; }
    int64_t num_results() const { return static_cast<int64_t>(results_.size()); }
    const ResultExprs& results() const { return results_; }
    /// Result i. Precondition: `0 <= i < num_results()`.
    Expr result(int64_t i) const;
    /// Replaces result i by `e`: `m.set_result(0, ctx.constant(3))`.
    /// Precondition: `0 <= i < num_results()`, and `e` is non-null, of this
    /// map's context and uses only its variables.
    void set_result(int64_t i, Expr e);

    /// The expression for dimension i: variable i.
    /// Precondition: `0 <= i < num_dims()`.
    Expr dim(int64_t i) const;
    /// The expression for symbol i: variable num_dims + i.
    /// Precondition: `0 <= i < num_symbols()`.
    Expr symbol(int64_t i) const;

    /// Substitutes dims and symbols and yields a map with the new counts.
    /// `(d0, d1)[s0, s1] -> (d0 + s0, d1 * s1)` with new_dims {d1, 2} and
    /// new_symbols {3, d0} (over 2 dims, 0 symbols) gives
    /// `(d0, d1) -> (d1 + 3, d0 * 2)`. Errors unless there is one
    /// replacement per dim and per symbol, each using only the new
    /// `num_new_dims + num_new_symbols` variables.
    Result<SymbolicMap> replace_dims_and_symbols(const std::vector<Expr>& new_dims,
                                                 const std::vector<Expr>& new_symbols,
                                                 int64_t num_new_dims,
                                                 int64_t num_new_symbols) const;

    /// MLIR's composition (`AffineMap::compose`): `this->compose(other)` is
    /// `this ∘ other`, x ↦ this(other(x)): other's results feed this map's
    /// dims; the result has other's dims, and this map's symbols followed by
    /// other's. (For indexing maps, `compose_indexing_maps(first, second)`
    /// takes its arguments in the opposite order, as XLA does.)
    ///
    ///     (d0, d1)[s0] -> (d0 + s0, d1 * 2)  compose  (d0)[s0] -> (d0 - 10, d0 + s0)
    ///     == (d0)[s0, s1] -> (d0 + s0 - 10, d0 * 2 + s1 * 2)
    ///
    /// Errors unless `num_dims() == other.num_results()` and both maps share
    /// a context.
    Result<SymbolicMap> compose(const SymbolicMap& other) const;

    /// Drops dims no result uses and renumbers the rest:
    /// `(d0, d1, d2)[s0] -> (d0 + d2, s0 * 5)` becomes
    /// `(d0, d1)[s0] -> (d0 + d1, s0 * 5)`. `kept`, if given, receives the old
    /// index of each remaining dim.
    SymbolicMap compress_dims(std::vector<int64_t>* kept = nullptr) const;
    /// Drops unused symbols: `(d0)[s0, s1, s2] -> (d0 + s2, s0 * 5)` becomes
    /// `(d0)[s0, s1] -> (d0 + s1, s0 * 5)`.
    SymbolicMap compress_symbols(std::vector<int64_t>* kept = nullptr) const;

    /// True if dim i / symbol i occurs in some result.
    bool is_dim_used(int64_t i) const;
    bool is_symbol_used(int64_t i) const;

    /// Evaluates every result at `dims` and `symbols`; errors on zero divisor
    /// or overflow.
    Result<std::vector<int64_t>> evaluate(const std::vector<int64_t>& dims,
                                          const std::vector<int64_t>& symbols) const;

    /// Same context, counts and (uniqued) results.
    bool operator==(const SymbolicMap& o) const;
    bool operator!=(const SymbolicMap& o) const { return !(*this == o); }

    /// `(d0, d1)[s0] -> (d0 + s0, d1 * 2)`.
    std::string to_string() const;

private:
    /// The map with these fields, unchecked (callers inside the class have
    /// checked them).
    static SymbolicMap create(Context& ctx, int64_t num_dims, int64_t num_symbols,
                              std::vector<Expr> results);
    /// Drops the unused variables among ids [first, first + count) (the
    /// dims or the symbols) and renumbers every variable in order; `kept`,
    /// if given, receives the position in that range of each one kept.
    SymbolicMap compress_ids(int64_t first, int64_t count, std::vector<int64_t>* kept) const;

    Context* ctx_ = nullptr;
    int64_t num_dims_ = 0;
    int64_t num_symbols_ = 0;
    ResultExprs results_;
};

/// Writes `m.to_string()`: `std::cout << map`.
std::ostream& operator<<(std::ostream& os, const SymbolicMap& m);

}  // namespace provix
