#pragma once
/// \file
/// Encoding of provix expressions and maps into the formula language, and
/// the obligations (one existential question each: "is there a
/// counterexample?") of every query. Shared by the Z3 oracle and the
/// SMT-LIB export, so the files cvc5 re-checks are the formulas Z3 decides.
///
/// Variable naming: pointwise, emptiness and implication queries use `v<i>`
/// for variable id i; relational equivalence uses `d<i>` and `r<i>` for the
/// shared inputs (dims and runtime variables), `a<i>` / `b<i>` for the first
/// / second map's range variables, and `qa<i>` / `qb<i>` for their
/// universally quantified copies.

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "formula.h"
#include "provix/expr.h"
#include "provix/indexing_map.h"
#include "provix/result.h"
#include "provix/solvers/smtlib.h"

namespace provix::solvers::detail {

/// Encodes expressions over fixed variable terms (memoized by node id).
class ExprEncoder {
public:
    explicit ExprEncoder(std::vector<formula::Term> vars) : vars_(std::move(vars)) {}
    /// The integer value of `e` (floor semantics; meaningless where a
    /// divisor is zero, see `defined`).
    formula::Term value(Expr e);
    /// True where every divisor inside `e` is non-zero.
    formula::Term defined(Expr e);

private:
    std::vector<formula::Term> vars_;
    std::unordered_map<uint32_t, formula::Term> values_;
    std::unordered_map<uint32_t, formula::Term> defined_;
};

/// A map encoded over given variable terms.
struct EncodedMap {
    /// Variable bounds and constraints (a constraint must be defined to hold).
    formula::Term domain;
    std::vector<formula::Term> results;
    /// Every result is defined.
    formula::Term defined;
};

/// Encodes `map` (Normal state) with variable id i bound to `vars[i]`.
EncodedMap encode_map(const IndexingMap& map, const std::vector<formula::Term>& vars);

/// Terms `prefix0, prefix1, ...` and their names.
std::vector<std::string> names(const std::string& prefix, int64_t count);
std::vector<formula::Term> vars_of(const std::vector<std::string>& names);

/// What a model of an obligation shows.
enum class Role {
    Trivial,           ///< formula is a constant (shape mismatch, known empty)
    Pointwise,         ///< a point where the maps differ
    FirstNotInSecond,  ///< inputs + first's range vars: a tuple only in the first
    SecondNotInFirst,  ///< inputs + second's range vars: a tuple only in the second
    FirstUndefined,    ///< inputs where only the first divides by zero
    SecondUndefined,   ///< inputs where only the second divides by zero
    FirstNonEmpty,     ///< a point of the first map's domain
    SecondNonEmpty,    ///< a point of the second map's domain
    Violation,         ///< a domain point violating the implied constraint
    OutsideRange,      ///< a domain point whose result is outside [lo, hi]
    NotAttained,       ///< no free variables: a claimed bound is not attained
    Bounded,           ///< a bound `n` beyond which no value lies (claimed infinite)
};

/// One existential question; a model refutes the query's claim.
struct Obligation {
    std::string name;
    Role role = Role::Trivial;
    /// The free (existential) integer variables.
    std::vector<std::string> free_vars;
    formula::Term formula;
    /// Bounds of the universally quantified variables (from the map's
    /// variable bounds, which the quantified body also requires).
    std::unordered_map<std::string, Interval> quantified_bounds;
};

/// `o.formula` with every `forall` over variables of finite bounds replaced
/// by the conjunction of its instances (exact: outside its bounds the body
/// holds trivially); nullopt if a bound is infinite or there would be more
/// than `max_instances` instances in one quantifier.
std::optional<formula::Term> expand_quantifiers(const Obligation& o, int64_t max_instances);

/// The obligations of `query`: all unsatisfiable iff the claim holds.
/// Obligations whose formula folds to false are dropped (so the list may be
/// empty: proven without a solver). Errors on UNDEFINED maps and on a
/// constraint using variables the map does not have.
Result<std::vector<Obligation>> build_obligations(const Query& query);

/// The relational names of `m`'s inputs: `d0, ..., r0, ...` (dims, then
/// runtime variables).
std::vector<std::string> relational_inputs(const IndexingMap& m);

/// The relational names of all of `m`'s variables in id order: dims `d<i>`,
/// range variables `<range_prefix><i>`, runtime variables `r<i>`.
std::vector<std::string> relational_vars(const IndexingMap& m, const std::string& range_prefix);

/// True if the two maps have the same numbers of dims, range variables,
/// runtime variables and results (pointwise comparison applies).
bool same_shape(const IndexingMap& a, const IndexingMap& b);

}  // namespace provix::solvers::detail
