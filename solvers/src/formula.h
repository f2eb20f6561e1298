#pragma once
/// \file
/// A small solver-neutral formula language over unbounded integers (the
/// Alive2 `smt/` layer idea): provix expressions and domains are encoded
/// once, then printed as SMT-LIB text (smtlib.cpp) or built as Z3 terms
/// (z3_oracle.cpp), so the exported obligations are the ones Z3 decides.
///
///     Term t = land({le(num(0), var("x")), lt(var("x"), num(4))});

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace provix::solvers::formula {

/// Operators. Integer-valued: Num, Var, Add, Mul, Neg, FloorDiv, FloorMod,
/// Ite. Boolean: True, False, Not, And, Or, Eq, Le, Lt, Forall, Exists.
enum class Op : uint8_t {
    Num,
    Var,
    Add,
    Mul,
    Neg,
    FloorDiv,
    FloorMod,
    Ite,
    True,
    False,
    Not,
    And,
    Or,
    Eq,
    Le,
    Lt,
    Forall,
    Exists,
};

struct Node;
/// An immutable, shareable term.
using Term = std::shared_ptr<const Node>;

struct Node {
    Op op;
    /// Num: exact decimal text; Var: the variable name.
    std::string text;
    std::vector<Term> args;
    /// Forall / Exists: the bound integer variables.
    std::vector<std::string> bound;
};

Term num(int64_t value);
Term num_text(std::string decimal);
Term var(std::string name);
Term add(Term a, Term b);
Term sub(Term a, Term b);
Term mul(Term a, Term b);
Term neg(Term a);
/// ⌊a / b⌋ (b must be checked non-zero by the caller's definedness terms).
Term floor_div(Term a, Term b);
/// `a - b * ⌊a / b⌋`.
Term floor_mod(Term a, Term b);
Term ite(Term c, Term a, Term b);

Term truth();
Term falsity();
bool is_true(const Term& t);
bool is_false(const Term& t);
/// Negation (folds constants).
Term lnot(Term a);
/// Conjunction / disjunction (drops neutral elements, folds absorbing ones).
Term land(std::vector<Term> terms);
Term lor(std::vector<Term> terms);
Term implies(Term a, Term b);
Term lxor(Term a, Term b);
Term eq(Term a, Term b);
Term ne(Term a, Term b);
Term le(Term a, Term b);
Term lt(Term a, Term b);
/// `forall bound: body` (no quantifier when `bound` is empty).
Term forall(std::vector<std::string> bound, Term body);
Term exists(std::vector<std::string> bound, Term body);

/// True if `t` is an integer numeral; `value` receives its decimal text.
bool is_num(const Term& t, std::string* value = nullptr);

/// `t` with free variables replaced by `values[name]` (bound variables of
/// quantifiers are never replaced; names in provix obligations are unique).
Term substitute(const Term& t, const std::unordered_map<std::string, Term>& values);

/// `t`'s operator (and bound variables) over new operands, folding
/// constants in and/or/not/eq/ite.
Term rebuild(const Term& t, std::vector<Term> args);

}  // namespace provix::solvers::formula
