#pragma once
/// \file
/// SMT-LIB 2 export of oracle queries: every query becomes one or
/// more self-contained `.smt2` texts, each asking whether a counterexample
/// exists. `unsat` for every obligation means the claim is proven; `sat` for
/// any means it is refuted. Floor division is defined in the file itself
/// (SMT-LIB's `div`/`mod` are Euclidean), so any solver (cvc5, Z3) re-checks
/// the same obligation:
///
///     (set-logic ALL)
///     (define-fun pvx_floor_div ((a Int) (b Int)) Int
///       (ite (> b 0) (div a b) (div (- a) (- b))))
///     ...
///     (check-sat)
///
///     auto obligations = to_smtlib(Query::equivalent(a, b));

#include <cstdint>
#include <string>
#include <vector>

#include "provix/indexing_map.h"
#include "provix/result.h"

namespace provix::solvers {

/// The claims an oracle decides (see `Oracle` for their meaning).
enum class QueryKind {
    Equivalent,           ///< relational equivalence of `first` and `second`
    EquivalentPointwise,  ///< pointwise equivalence over the same variables
    Empty,                ///< `first`'s domain is empty
    Implies,              ///< `constraint` holds on `first`'s domain
    Range,                ///< result `result` of `first` ranges exactly over [lo, hi]
};

/// One query. Build with the named constructors.
struct Query {
    /// Which claim.
    QueryKind kind = QueryKind::Empty;
    /// The map of the claim (the first of two for equivalence).
    IndexingMap first;
    /// Equivalence: the second map.
    IndexingMap second;
    /// Implies: the constraint, over `first`'s variables (by id).
    Constraint constraint;
    /// Range: the result index and the claimed exact bounds (decimal text,
    /// any size, or `-inf` / `inf`; both empty: the result takes no value).
    int64_t result = 0;
    std::string lo;
    std::string hi;

    /// `Query::equivalent(a, b)`: relational equivalence.
    static Query equivalent(IndexingMap a, IndexingMap b);
    /// `Query::equivalent_pointwise(a, b)`.
    static Query equivalent_pointwise(IndexingMap a, IndexingMap b);
    /// `Query::empty(m)`: the domain of `m` is empty.
    static Query empty(IndexingMap m);
    /// `Query::implies(m, {d0 * 2, {0, 18}})`: the constraint holds on the domain.
    static Query implies(IndexingMap m, Constraint c);
    /// `Query::range(m, 0, "-3", "inf")`: result 0 of `m` has exactly this
    /// range (the bounds hold and are attained; an infinite end is
    /// unbounded). Obligations with an attainment claim use a quantifier.
    static Query range(IndexingMap m, int64_t result, std::string lo, std::string hi);
};

/// One self-contained SMT-LIB 2 text; `sat` refutes the claim.
struct SmtObligation {
    /// What a model would show: `"first-not-in-second"`, `"non-empty"`, ...
    std::string name;
    /// The complete file: logic, floor-division definitions, declarations,
    /// one assertion, `(check-sat)`.
    std::string text;
};

/// The obligations of `query`. Errors for `UNDEFINED` maps or maps of
/// different shapes where the claim has no formula. A query that needs no
/// solver (e.g. `KNOWN EMPTY` is empty) yields an obligation asserting
/// `false` or `true`.
Result<std::vector<SmtObligation>> to_smtlib(const Query& query);

}  // namespace provix::solvers
