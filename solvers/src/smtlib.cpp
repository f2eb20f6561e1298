// SMT-LIB 2 text for the obligations of a query. Floor division and modulo
// are defined in the file on top of SMT-LIB's Euclidean `div`: for b > 0
// Euclidean and floor division agree; for b < 0, ⌊a / b⌋ == ⌊-a / -b⌋.

#include "provix/solvers/smtlib.h"

#include <optional>
#include <sstream>
#include <utility>

#include "formula.h"
#include "obligations.h"

namespace provix::solvers {

using formula::Op;
using formula::Term;

namespace {

/// A query of `kind` about `first` (and `second`, for a comparison).
Query query_of(QueryKind kind, IndexingMap first, std::optional<IndexingMap> second = {}) {
    Query q;
    q.kind = kind;
    q.first = std::move(first);
    if (second) q.second = std::move(*second);
    return q;
}

}  // namespace

Query Query::equivalent(IndexingMap a, IndexingMap b) {
    return query_of(QueryKind::Equivalent, std::move(a), std::move(b));
}

Query Query::equivalent_pointwise(IndexingMap a, IndexingMap b) {
    return query_of(QueryKind::EquivalentPointwise, std::move(a), std::move(b));
}

Query Query::empty(IndexingMap m) { return query_of(QueryKind::Empty, std::move(m)); }

Query Query::implies(IndexingMap m, Constraint c) {
    Query q = query_of(QueryKind::Implies, std::move(m));
    q.constraint = std::move(c);
    return q;
}

Query Query::range(IndexingMap m, int64_t result, std::string lo, std::string hi) {
    Query q = query_of(QueryKind::Range, std::move(m));
    q.result = result;
    q.lo = std::move(lo);
    q.hi = std::move(hi);
    return q;
}

namespace {

void emit(std::ostream& os, const Term& t);

void emit_nary(std::ostream& os, const char* op, const Term& t) {
    os << '(' << op;
    for (const Term& a : t->args) {
        os << ' ';
        emit(os, a);
    }
    os << ')';
}

void emit_quantifier(std::ostream& os, const char* q, const Term& t) {
    os << '(' << q << " (";
    for (size_t i = 0; i < t->bound.size(); ++i) {
        os << (i ? " " : "") << '(' << t->bound[i] << " Int)";
    }
    os << ") ";
    emit(os, t->args[0]);
    os << ')';
}

void emit(std::ostream& os, const Term& t) {
    switch (t->op) {
        case Op::Num:
            if (!t->text.empty() && t->text[0] == '-') {
                os << "(- " << t->text.substr(1) << ')';
            } else {
                os << t->text;
            }
            return;
        case Op::Var:
            os << t->text;
            return;
        case Op::Add:
            emit_nary(os, "+", t);
            return;
        case Op::Mul:
            emit_nary(os, "*", t);
            return;
        case Op::Neg:
            emit_nary(os, "-", t);
            return;
        case Op::FloorDiv:
            emit_nary(os, "pvx_floor_div", t);
            return;
        case Op::FloorMod:
            emit_nary(os, "pvx_floor_mod", t);
            return;
        case Op::Ite:
            emit_nary(os, "ite", t);
            return;
        case Op::True:
            os << "true";
            return;
        case Op::False:
            os << "false";
            return;
        case Op::Not:
            emit_nary(os, "not", t);
            return;
        case Op::And:
            emit_nary(os, "and", t);
            return;
        case Op::Or:
            emit_nary(os, "or", t);
            return;
        case Op::Eq:
            emit_nary(os, "=", t);
            return;
        case Op::Le:
            emit_nary(os, "<=", t);
            return;
        case Op::Lt:
            emit_nary(os, "<", t);
            return;
        case Op::Forall:
            emit_quantifier(os, "forall", t);
            return;
        case Op::Exists:
            emit_quantifier(os, "exists", t);
            return;
    }
}

const char* claim_text(QueryKind kind) {
    switch (kind) {
        case QueryKind::Equivalent:
            return "relational equivalence";
        case QueryKind::EquivalentPointwise:
            return "pointwise equivalence";
        case QueryKind::Empty:
            return "empty domain";
        case QueryKind::Implies:
            return "constraint implied by the domain";
        case QueryKind::Range:
            return "exact range of a result";
    }
    return "";
}

std::string obligation_text(const Query& q, const detail::Obligation& o) {
    std::ostringstream os;
    os << "; provix obligation: " << o.name << " (claim: " << claim_text(q.kind) << ")\n"
       << "; unsat: this part of the claim holds; sat: a model is a counterexample\n";
    if (q.first.state() == IndexingMap::State::Normal) {
        os << "; first map:\n";
        std::istringstream lines(q.first.to_string());
        for (std::string line; std::getline(lines, line);)
            os << ";   " << line << '\n';
    }
    if ((q.kind == QueryKind::Equivalent || q.kind == QueryKind::EquivalentPointwise) &&
        q.second.state() == IndexingMap::State::Normal) {
        os << "; second map:\n";
        std::istringstream lines(q.second.to_string());
        for (std::string line; std::getline(lines, line);)
            os << ";   " << line << '\n';
    }
    os << "(set-logic ALL)\n"
          "; floor division (SMT-LIB div is Euclidean; equal to floor for b > 0)\n"
          "(define-fun pvx_floor_div ((a Int) (b Int)) Int\n"
          "  (ite (> b 0) (div a b) (div (- a) (- b))))\n"
          "(define-fun pvx_floor_mod ((a Int) (b Int)) Int\n"
          "  (- a (* b (pvx_floor_div a b))))\n";
    for (const std::string& v : o.free_vars)
        os << "(declare-const " << v << " Int)\n";
    os << "(assert ";
    emit(os, o.formula);
    os << ")\n(check-sat)\n";
    return os.str();
}

}  // namespace

Result<std::vector<SmtObligation>> to_smtlib(const Query& query) {
    auto obligations = detail::build_obligations(query);
    if (!obligations) return obligations.error();
    std::vector<detail::Obligation> list = std::move(*obligations);
    if (list.empty()) {
        detail::Obligation trivial;
        trivial.name = "trivially-proven";
        trivial.formula = formula::falsity();
        list.push_back(std::move(trivial));
    }
    std::vector<SmtObligation> out;
    for (const detail::Obligation& o : list) {
        out.push_back({o.name, obligation_text(query, o)});
    }
    return out;
}

}  // namespace provix::solvers
