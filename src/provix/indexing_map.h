#pragma once
/// \file
/// `IndexingMap`: a symbolic map plus a domain, in XLA's sense (docs/semantics.md).
///
/// The underlying SymbolicMap has `num_dims()` dimensions and
/// `num_range_vars() + num_rt_vars()` symbols: range variables first, then
/// runtime variables. Variable ids: dims `0..D-1`, range vars `D..D+R-1`,
/// runtime vars `D+R..D+R+T-1`.
///
///     (d0, d1)[s0]{rt0} -> (d0 + d1 floordiv 8 - rt0 * 64, s0),
///     domain:
///     d0 in [0, 3],
///     d1 in [-4, 4],
///     s0 in [0, 1],
///     rt0 in [0, 100],
///     d0 mod 4 in [0, 0]
///
/// Special values: `KNOWN EMPTY` (the domain is proven empty) and
/// `UNDEFINED` (no map could be computed, or a result divides by zero at
/// every point).
///
/// Definedness is part of a map's meaning: the map is undefined at a domain
/// point where a result divides by zero, and a constraint that divides by
/// zero at a point excludes that point from the domain. Runtime variables
/// are inputs the caller supplies, like dimensions.

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "provix/copy_on_write.h"
#include "provix/expr.h"
#include "provix/interval.h"
#include "provix/result.h"
#include "provix/small_vector.h"
#include "provix/symbolic_map.h"

namespace provix {

/// The three kinds of domain variables.
enum class VariableKind : uint8_t {
    Dimension,  ///< `d_i`: an output element's coordinate
    Range,      ///< `s_i`: a range of inputs per output element
    Runtime,    ///< `rt_i`: a value known only at run time
};

/// One domain variable: inclusive bounds and a name used when printing.
struct IndexingVariable {
    Interval bounds;
    std::string name;
    bool operator==(const IndexingVariable& o) const {
        return bounds == o.bounds && name == o.name;
    }
};

/// The variables of one kind, in id order; a map with up to four of a kind
/// keeps them inside the map object (copying a map allocates nothing for
/// them): `for (const IndexingVariable& v : map.dims()) ...`.
using IndexingVariables = SmallVector<IndexingVariable, 4>;

/// A constraint `expr in [range.lo, range.hi]`.
struct Constraint {
    Expr expr;
    Interval range;
    bool operator==(const Constraint& o) const { return expr == o.expr && range == o.range; }
};

/// Whether a point lies in the domain of a map (IndexingMap::membership).
/// `Undecided`: evaluating a constraint at the point leaves 128 bits on the
/// way, so it cannot tell whether the constraint holds (over the integers it
/// either does or does not).
enum class Membership : uint8_t { Outside, Inside, Undecided };

/// An indexing map. A value type; copying is cheap (expression handles, and
/// the variables and constraints shared with the copy until either changes
/// them).
class IndexingMap {
public:
    enum class State : uint8_t { Normal, KnownEmpty, Undefined };

    IndexingMap() = default;

    /// Builds a map. Unnamed variables (empty name) get `d<i>`, `s<i>`,
    /// `rt<i>`. Constraints are added with `add_constraint` (so a constraint
    /// on a bare variable tightens its bounds, and an infeasible one makes
    /// the map known empty). Errors if the variable counts do not match the
    /// symbolic map, a name repeats, or an expression uses an unknown id.
    static Result<IndexingMap> get(SymbolicMap map, std::vector<IndexingVariable> dims,
                                   std::vector<IndexingVariable> range_vars,
                                   std::vector<IndexingVariable> rt_vars,
                                   std::vector<Constraint> constraints = {});

    /// A map over a tensor: dim i in [0, dim_sizes[i] - 1], symbol j (range
    /// variables only) in [0, symbol_sizes[j] - 1]; a size <= 0 makes the map
    /// known empty. `from_tensor_sizes((d0, d1) -> (d1, d0), {10, 20}, {})`.
    /// Errors unless there is one size per dim and per symbol.
    static Result<IndexingMap> from_tensor_sizes(SymbolicMap map,
                                                 const std::vector<int64_t>& dim_sizes,
                                                 const std::vector<int64_t>& symbol_sizes);

    /// The `KNOWN EMPTY` map.
    static IndexingMap known_empty(Context& ctx);
    /// The `UNDEFINED` map.
    static IndexingMap undefined(Context& ctx);

    State state() const { return state_; }
    bool is_known_empty() const { return state_ == State::KnownEmpty; }
    bool is_undefined() const { return state_ == State::Undefined; }

    Context* context() const { return map_.context(); }
    const SymbolicMap& symbolic_map() const { return map_; }
    const ResultExprs& results() const { return map_.results(); }
    int64_t num_results() const { return map_.num_results(); }

    int64_t num_dims() const { return static_cast<int64_t>(vars_->dims.size()); }
    int64_t num_range_vars() const { return static_cast<int64_t>(vars_->range_vars.size()); }
    int64_t num_rt_vars() const { return static_cast<int64_t>(vars_->rt_vars.size()); }
    int64_t num_symbols() const { return num_range_vars() + num_rt_vars(); }
    int64_t num_variables() const { return num_dims() + num_symbols(); }

    const IndexingVariables& dims() const { return vars_->dims; }
    const IndexingVariables& range_vars() const { return vars_->range_vars; }
    const IndexingVariables& rt_vars() const { return vars_->rt_vars; }
    /// The variable with id `id` (dims, then range vars, then runtime vars).
    /// Precondition: `0 <= id < num_variables()`. (Inline: the analyses
    /// and domain passes read bounds in their loops.)
    const IndexingVariable& variable(int64_t id) const {
        // A negative id wraps to a huge index and fails every test.
        const Variables& vars = *vars_;
        size_t i = static_cast<size_t>(id);
        if (i < vars.dims.size()) return vars.dims[i];
        i -= vars.dims.size();
        if (i < vars.range_vars.size()) return vars.range_vars[i];
        i -= vars.range_vars.size();
        if (i < vars.rt_vars.size()) return vars.rt_vars[i];
        no_variable("IndexingMap::variable", id);
    }
    /// Which kind variable `id` is. Precondition: `0 <= id < num_variables()`.
    VariableKind variable_kind(int64_t id) const {
        if (id < 0 || id >= num_variables()) no_variable("IndexingMap::variable_kind", id);
        if (id < num_dims()) return VariableKind::Dimension;
        if (id < num_dims() + num_range_vars()) return VariableKind::Range;
        return VariableKind::Runtime;
    }
    /// Bounds of every variable, indexed by id.
    std::vector<Interval> variable_bounds() const;
    /// The same, kept beside the variables in one array (no copy, no
    /// search over the kinds: `bounds_by_id()[id] == variable(id).bounds`),
    /// for the analyses that copy or compare all of them.
    const SmallVector<Interval, 8>& bounds_by_id() const { return vars_->bounds; }

    /// The constraints, ordered by `compare` on their expressions (each
    /// expression at most once; none on a bare variable).
    const std::vector<Constraint>& constraints() const { return *constraints_; }

    /// Adds `expr in range`: a bare variable intersects its bounds; an
    /// existing constraint on the same expression is intersected; a constant
    /// expression is checked; an empty intersection (or empty range) makes
    /// the map known empty, and so does an expression dividing by the
    /// constant 0 (it never evaluates, so it never holds).
    /// Precondition: `expr` is non-null and uses only this map's variables.
    void add_constraint(Expr expr, Interval range);

    /// Replaces the results (same variables and domain).
    /// Precondition: each result is non-null and uses only this map's variables.
    void set_results(std::vector<Expr> results);
    /// Replaces result i by `e` (same variables and domain):
    /// `map.set_result(0, ctx.variable(1))`.
    /// Precondition: `0 <= i < num_results()`, and `e` is non-null and uses
    /// only this map's variables.
    void set_result(int64_t i, Expr e);
    /// Sets the bounds of variable `id` (an empty interval makes the map
    /// known empty). Precondition: `0 <= id < num_variables()`.
    void set_variable_bounds(int64_t id, Interval bounds);
    /// Replaces all constraints (re-added with `add_constraint`).
    /// Precondition: as `add_constraint`, for each.
    void set_constraints(std::vector<Constraint> constraints);
    /// Marks the map known empty (drops results, variables, constraints
    /// but keeps the context). Precondition: the map has a context (it was
    /// not default-constructed).
    void mark_known_empty();

    /// Whether the point `values` (indexed by variable id) is in the domain:
    /// Inside if every variable lies in its bounds and every constraint
    /// holds there; Outside if some variable or constraint does not, or a
    /// constraint divides by zero there (which excludes the point), or the
    /// map is not normal, or `values` has another length; else Undecided (a
    /// constraint whose evaluation leaves 128 bits). Values are compared
    /// exactly: `d0 * 4611686018427387904 * 4 in [0, inf]` holds at d0 = 1,
    /// where its value is 2^64.
    ///
    ///     // (d0) -> (d0), domain: d0 in [0, 9], d0 mod 2 in [0, 0]
    ///     m.membership({4}) == Membership::Inside
    ///     m.membership({3}) == Membership::Outside
    Membership membership(const std::vector<int64_t>& values) const;

    /// The results at `values` (indexed by variable id); errors on zero
    /// divisor, overflow or wrong arity. Does not check the domain.
    Result<std::vector<int64_t>> evaluate(const std::vector<int64_t>& values) const;

    /// Removes range and runtime variables that no result uses and no
    /// constraint mentions, and constraints over only such variables that
    /// hold for every value in their bounds. Renumbers the rest. Returns
    /// true if anything was removed.
    bool remove_unused_symbols();

    /// As remove_unused_symbols, but every runtime variable stays (they are
    /// inputs the caller supplies, numbered by position): only unused range
    /// variables, and constraints over only them that always hold, go.
    /// `simplify` uses this.
    bool remove_unused_range_variables();

    /// Turns every range and runtime variable into a dimension (appended
    /// after the existing dims, in id order), keeping bounds and names.
    IndexingMap convert_symbols_to_dims() const;

    /// Canonicalizes results and constraint expressions (constant folding,
    /// term ordering; no rewrite rules). Returns true if anything changed.
    /// A divisor that folds to the constant 0 fails at every point, as in
    /// `compose`: in a constraint the map becomes known empty, in a result
    /// (on a domain not known empty) the map becomes undefined.
    ///
    ///     (d0) -> (d0 floordiv (2 - 2))   canonicalizes to   UNDEFINED
    bool canonicalize();

    /// Structural equality: state, variables (bounds and names), results and
    /// constraints.
    bool operator==(const IndexingMap& o) const;
    bool operator!=(const IndexingMap& o) const { return !(*this == o); }

    /// The canonical text form (docs/syntax.md); parse(to_string()) == *this
    /// when the parser's nesting limit allows the map's depth
    /// (`ParseOptions::max_depth`, 256 by default, at most 2000): a map
    /// built through the API may nest deeper than any text the parser reads.
    std::string to_string() const;

    /// Prints expression `e` using this map's variable names.
    std::string expr_to_string(Expr e) const;

private:
    /// The variables of each kind, in id order, and their bounds by id.
    struct Variables {
        IndexingVariables dims;
        IndexingVariables range_vars;
        IndexingVariables rt_vars;
        /// `bounds[id] == variable(id).bounds` for every id: set with the
        /// variables (`index_bounds`) and with each bound.
        SmallVector<Interval, 8> bounds;

        /// Sets `bounds` from the variables of the three kinds.
        void index_bounds();
    };

    bool remove_unused(bool keep_runtime);
    /// Removes every constraint (without copying them when they are shared).
    void clear_constraints();
    /// Fails the precondition of `function`: no variable has id `id`.
    [[noreturn]] static void no_variable(const char* function, int64_t id);

    State state_ = State::Normal;
    SymbolicMap map_;
    // Shared with copies of the map until either changes them: copying a
    // map, as `simplify`'s callers do before simplifying, copies neither
    // the variables' names nor the constraints.
    CopyOnWrite<Variables> vars_;
    CopyOnWrite<std::vector<Constraint>> constraints_;
};

/// XLA's `ComposeIndexingMaps(first, second)`: `second ∘ first`, the results
/// of `first` feed the dims of `second` (x ↦ second(first(x))). Note the
/// order: the map applied first comes first, the opposite of
/// `SymbolicMap::compose` (MLIR's `a.compose(b)` is `a ∘ b`).
///
/// The composed map has first's dims; its range variables are first's then
/// second's, its runtime variables first's then second's; its constraints
/// are both maps' (second's with its dims substituted), plus
/// `first.result(i) in second.dim(i).bounds` for each i. In fusion terms
/// `first` is the consumer's map of the producer's output and `second` the
/// producer's operand map.
///
///     first:  (d0, d1) -> (d1, d0), d0 in [0, 9], d1 in [0, 19]       (a transpose)
///     second: (d0, d1) -> (d0 * 10 + d1), d0 in [0, 19], d1 in [0, 9]  (a reshape)
///     compose_indexing_maps(first, second)
///         == (d0, d1) -> (d0 + d1 * 10), d0 in [0, 9], d1 in [0, 19]
///
/// Errors if `first.num_results() != second.num_dims()`. Known empty if
/// either is; undefined if either is, or if a composed result divides by the
/// constant 0 (`(d0, d1) -> (d0 floordiv d1)` after `(d0) -> (d0, 0)`) on a
/// domain not known empty.
Result<IndexingMap> compose_indexing_maps(const IndexingMap& first, const IndexingMap& second);

/// Writes `m.to_string()`: `std::cout << map`.
std::ostream& operator<<(std::ostream& os, const IndexingMap& m);

}  // namespace provix
