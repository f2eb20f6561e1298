// The solver-neutral formula builders, with the few constant folds that keep
// obligations small (neutral and absorbing elements of and/or/not).

#include "formula.h"

#include <utility>

namespace provix::solvers::formula {
namespace {

Term make(Op op, std::vector<Term> args, std::string text = {}) {
    auto n = std::make_shared<Node>();
    n->op = op;
    n->args = std::move(args);
    n->text = std::move(text);
    return n;
}

}  // namespace

Term num(int64_t value) { return make(Op::Num, {}, std::to_string(value)); }
Term num_text(std::string decimal) { return make(Op::Num, {}, std::move(decimal)); }
Term var(std::string name) { return make(Op::Var, {}, std::move(name)); }
Term add(Term a, Term b) { return make(Op::Add, {std::move(a), std::move(b)}); }
Term sub(Term a, Term b) { return add(std::move(a), neg(std::move(b))); }
Term mul(Term a, Term b) { return make(Op::Mul, {std::move(a), std::move(b)}); }
Term neg(Term a) { return make(Op::Neg, {std::move(a)}); }
Term floor_div(Term a, Term b) { return make(Op::FloorDiv, {std::move(a), std::move(b)}); }
Term floor_mod(Term a, Term b) { return make(Op::FloorMod, {std::move(a), std::move(b)}); }
Term ite(Term c, Term a, Term b) {
    if (is_true(c)) return a;
    if (is_false(c)) return b;
    return make(Op::Ite, {std::move(c), std::move(a), std::move(b)});
}

Term truth() {
    static const Term t = make(Op::True, {});
    return t;
}
Term falsity() {
    static const Term t = make(Op::False, {});
    return t;
}
bool is_true(const Term& t) { return t->op == Op::True; }
bool is_false(const Term& t) { return t->op == Op::False; }

Term lnot(Term a) {
    if (is_true(a)) return falsity();
    if (is_false(a)) return truth();
    if (a->op == Op::Not) return a->args[0];
    return make(Op::Not, {std::move(a)});
}

namespace {

/// The conjunction (`op` And) or disjunction (Or) of `terms`, flattened:
/// its neutral constant dropped, its absorbing one absorbing everything,
/// nested terms of the same connective spliced in.
Term junction(Op op, std::vector<Term> terms) {
    const bool conjunction = op == Op::And;
    std::vector<Term> kept;
    for (Term& t : terms) {
        if (conjunction ? is_false(t) : is_true(t)) return conjunction ? falsity() : truth();
        if (conjunction ? is_true(t) : is_false(t)) continue;
        if (t->op == op) {
            for (const Term& u : t->args)
                kept.push_back(u);
        } else {
            kept.push_back(std::move(t));
        }
    }
    if (kept.empty()) return conjunction ? truth() : falsity();
    if (kept.size() == 1) return kept[0];
    return make(op, std::move(kept));
}

}  // namespace

Term land(std::vector<Term> terms) { return junction(Op::And, std::move(terms)); }

Term lor(std::vector<Term> terms) { return junction(Op::Or, std::move(terms)); }

Term implies(Term a, Term b) { return lor({lnot(std::move(a)), std::move(b)}); }

Term lxor(Term a, Term b) {
    if (is_true(a) && is_true(b)) return falsity();
    if (is_false(a)) return b;
    if (is_false(b)) return a;
    if (is_true(a)) return lnot(b);
    if (is_true(b)) return lnot(a);
    return lor({land({a, lnot(b)}), land({lnot(a), b})});
}

Term eq(Term a, Term b) {
    std::string x, y;
    if (is_num(a, &x) && is_num(b, &y)) return x == y ? truth() : falsity();
    return make(Op::Eq, {std::move(a), std::move(b)});
}
Term ne(Term a, Term b) { return lnot(eq(std::move(a), std::move(b))); }
Term le(Term a, Term b) { return make(Op::Le, {std::move(a), std::move(b)}); }
Term lt(Term a, Term b) { return make(Op::Lt, {std::move(a), std::move(b)}); }

namespace {

/// The quantifier `op` (Forall or Exists) binding `bound` in `body`; the
/// body alone when nothing is bound or it is a constant.
Term quantified(Op op, std::vector<std::string> bound, Term body) {
    if (bound.empty() || is_true(body) || is_false(body)) return body;
    auto n = std::make_shared<Node>();
    n->op = op;
    n->args = {std::move(body)};
    n->bound = std::move(bound);
    return n;
}

}  // namespace

Term forall(std::vector<std::string> bound, Term body) {
    return quantified(Op::Forall, std::move(bound), std::move(body));
}

Term exists(std::vector<std::string> bound, Term body) {
    return quantified(Op::Exists, std::move(bound), std::move(body));
}

bool is_num(const Term& t, std::string* value) {
    if (t->op != Op::Num) return false;
    if (value) *value = t->text;
    return true;
}

Term substitute(const Term& t, const std::unordered_map<std::string, Term>& values) {
    if (t->op == Op::Var) {
        auto it = values.find(t->text);
        return it == values.end() ? t : it->second;
    }
    if (t->args.empty()) return t;
    std::vector<Term> args;
    bool changed = false;
    for (const Term& a : t->args) {
        args.push_back(substitute(a, values));
        changed = changed || args.back() != a;
    }
    if (!changed) return t;
    return rebuild(t, std::move(args));
}

Term rebuild(const Term& t, std::vector<Term> args) {
    switch (t->op) {
        case Op::Not:
            return lnot(args[0]);
        case Op::And:
            return land(std::move(args));
        case Op::Or:
            return lor(std::move(args));
        case Op::Eq:
            return eq(args[0], args[1]);
        case Op::Ite:
            return ite(args[0], args[1], args[2]);
        case Op::Forall:
            return forall(t->bound, args[0]);
        case Op::Exists:
            return exists(t->bound, args[0]);
        default: {
            auto n = std::make_shared<Node>(*t);
            n->args = std::move(args);
            return n;
        }
    }
}

}  // namespace provix::solvers::formula
