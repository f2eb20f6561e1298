// Encoding of provix maps into formulas, and the obligations of each query.

#include "obligations.h"

#include <utility>

#include "runtime_alignment.h"

namespace provix::solvers::detail {

using namespace formula;

Term ExprEncoder::value(Expr e) {
    auto it = values_.find(e.id());
    if (it != values_.end()) return it->second;
    Term t;
    switch (e.kind()) {
        case ExprKind::Constant:
            t = num(e.constant_value());
            break;
        case ExprKind::Variable:
            t = vars_.at(static_cast<size_t>(e.variable_id()));
            break;
        case ExprKind::Add:
        case ExprKind::Mul: {
            t = value(e.operand(0));
            for (size_t i = 1; i < e.num_operands(); ++i) {
                Term o = value(e.operand(i));
                t = e.kind() == ExprKind::Add ? add(t, o) : mul(t, o);
            }
            break;
        }
        case ExprKind::FloorDiv:
            t = floor_div(value(e.lhs()), value(e.rhs()));
            break;
        case ExprKind::CeilDiv:  // ⌈a / b⌉ == -⌊-a / b⌋
            t = neg(floor_div(neg(value(e.lhs())), value(e.rhs())));
            break;
        case ExprKind::Mod:
            t = floor_mod(value(e.lhs()), value(e.rhs()));
            break;
        case ExprKind::Min: {
            Term a = value(e.lhs()), b = value(e.rhs());
            t = ite(le(a, b), a, b);
            break;
        }
        case ExprKind::Max: {
            Term a = value(e.lhs()), b = value(e.rhs());
            t = ite(le(a, b), b, a);
            break;
        }
    }
    values_.emplace(e.id(), t);
    return t;
}

Term ExprEncoder::defined(Expr e) {
    auto it = defined_.find(e.id());
    if (it != defined_.end()) return it->second;
    std::vector<Term> parts;
    for (size_t i = 0; i < e.num_operands(); ++i)
        parts.push_back(defined(e.operand(i)));
    ExprKind k = e.kind();
    if (k == ExprKind::FloorDiv || k == ExprKind::CeilDiv || k == ExprKind::Mod) {
        Expr divisor = e.rhs();
        if (divisor.is_constant()) {
            if (divisor.constant_value() == 0) parts.push_back(falsity());
        } else {
            parts.push_back(ne(value(divisor), num(0)));
        }
    }
    Term t = land(std::move(parts));
    defined_.emplace(e.id(), t);
    return t;
}

namespace {

/// `lo <= t <= hi`, an infinite end omitted.
Term in_interval(const Term& t, const Interval& range) {
    std::vector<Term> parts;
    if (!range.lo_is_inf()) parts.push_back(le(num(range.lo()), t));
    if (!range.hi_is_inf()) parts.push_back(le(t, num(range.hi())));
    if (range.is_empty()) parts.push_back(falsity());
    return land(std::move(parts));
}

/// The conjunction of `a[i] == b[i]`.
Term all_equal(const std::vector<Term>& a, const std::vector<Term>& b) {
    std::vector<Term> parts;
    for (size_t i = 0; i < a.size(); ++i)
        parts.push_back(eq(a[i], b[i]));
    return land(std::move(parts));
}

std::vector<std::string> concat(std::vector<std::string> a, const std::vector<std::string>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

Obligation make_obligation(std::string name, Role role, std::vector<std::string> free_vars,
                           Term f) {
    Obligation o;
    o.name = std::move(name);
    o.role = role;
    o.free_vars = std::move(free_vars);
    o.formula = std::move(f);
    return o;
}

/// "Is the domain of `m` non-empty?" over `v<i>`.
Obligation non_empty(const IndexingMap& m, Role role, const std::string& name) {
    std::vector<std::string> vs = names("v", m.num_variables());
    EncodedMap enc = encode_map(m, vars_of(vs));
    return make_obligation(name, role, vs, enc.domain);
}

void keep_if_satisfiable(std::vector<Obligation>& out, Obligation o) {
    if (!is_false(o.formula)) out.push_back(std::move(o));
}

std::vector<Obligation> pointwise(const IndexingMap& a, const IndexingMap& b) {
    std::vector<Obligation> out;
    if (!same_shape(a, b)) {
        out.push_back(make_obligation("shape-mismatch", Role::Trivial, {}, truth()));
        return out;
    }
    std::vector<std::string> vs = names("v", a.num_variables());
    std::vector<Term> vars = vars_of(vs);
    EncodedMap ea = encode_map(a, vars);
    EncodedMap eb = encode_map(b, vars);
    std::vector<Term> differ;
    for (size_t i = 0; i < ea.results.size(); ++i)
        differ.push_back(ne(ea.results[i], eb.results[i]));
    Term f =
        lor({lxor(ea.domain, eb.domain), land({ea.domain, eb.domain, lxor(ea.defined, eb.defined)}),
             land({ea.domain, eb.domain, ea.defined, eb.defined, lor(differ)})});
    keep_if_satisfiable(out, make_obligation("pointwise-difference", Role::Pointwise, vs, f));
    return out;
}

bool valid_decimal(const std::string& s) {
    size_t i = !s.empty() && s[0] == '-' ? 1 : 0;
    if (i == s.size()) return false;
    for (; i < s.size(); ++i) {
        if (s[i] < '0' || s[i] > '9') return false;
    }
    return true;
}

Result<std::vector<Obligation>> range_claim(const Query& q) {
    std::vector<Obligation> out;
    const IndexingMap& m = q.first;
    bool claim_empty = q.lo.empty() && q.hi.empty();
    if (!claim_empty &&
        ((q.lo != "-inf" && !valid_decimal(q.lo)) || (q.hi != "inf" && !valid_decimal(q.hi)))) {
        return Error::invalid("a range bound must be an integer, -inf or inf");
    }
    if (m.is_known_empty()) {
        if (!claim_empty) out.push_back(make_obligation("known-empty", Role::Trivial, {}, truth()));
        return out;
    }
    if (q.result < 0 || q.result >= m.num_results()) {
        return Error::invalid("the map has no result " + std::to_string(q.result));
    }
    std::vector<std::string> vs = names("v", m.num_variables());
    std::vector<Term> vars = vars_of(vs);
    EncodedMap enc = encode_map(m, vars);
    ExprEncoder ee(vars);
    Expr r = m.results()[static_cast<size_t>(q.result)];
    Term point = land({enc.domain, ee.defined(r)});
    Term value = ee.value(r);
    if (claim_empty) {
        keep_if_satisfiable(out, make_obligation("has-a-value", Role::FirstNonEmpty, vs, point));
        return out;
    }
    // Each end: finite -> no value beyond it, and it is attained (a closed
    // formula: "no point has this value" must be unsatisfiable); infinite ->
    // no bound n exists beyond which no value lies.
    auto end = [&](const std::string& bound, bool lower) {
        std::string side = lower ? "lower" : "upper";
        if (bound == (lower ? "-inf" : "inf")) {
            Term n = var("n");
            Term beyond = lower ? lt(value, n) : lt(n, value);
            keep_if_satisfiable(out, make_obligation(side + "-bounded", Role::Bounded, {"n"},
                                                     forall(vs, lnot(land({point, beyond})))));
            return;
        }
        Term b = num_text(bound);
        Term beyond = lower ? lt(value, b) : lt(b, value);
        keep_if_satisfiable(out, make_obligation("beyond-" + side + "-bound", Role::OutsideRange,
                                                 vs, land({point, beyond})));
        keep_if_satisfiable(out,
                            make_obligation(side + "-bound-not-attained", Role::NotAttained, {},
                                            lnot(exists(vs, land({point, eq(value, b)})))));
    };
    end(q.lo, true);
    end(q.hi, false);
    return out;
}

std::vector<Obligation> relational(const IndexingMap& a, const IndexingMap& b) {
    std::vector<Obligation> out;
    if (a.num_dims() != b.num_dims() || a.num_results() != b.num_results() ||
        a.num_rt_vars() != b.num_rt_vars()) {
        out.push_back(make_obligation("shape-mismatch", Role::Trivial, {}, truth()));
        return out;
    }
    // Inputs (dims `d<i>`, runtime variables `r<i>`) are shared; range
    // variables are the maps' own (`a<i>`, `b<i>`) with quantified copies.
    std::vector<std::string> inputs = relational_inputs(a);
    std::vector<std::string> as = names("a", a.num_range_vars());
    std::vector<std::string> bs = names("b", b.num_range_vars());
    std::vector<std::string> qas = names("qa", a.num_range_vars());
    std::vector<std::string> qbs = names("qb", b.num_range_vars());
    EncodedMap fa = encode_map(a, vars_of(relational_vars(a, "a")));
    EncodedMap fb = encode_map(b, vars_of(relational_vars(b, "b")));
    EncodedMap qa = encode_map(a, vars_of(relational_vars(a, "qa")));
    EncodedMap qb = encode_map(b, vars_of(relational_vars(b, "qb")));

    std::unordered_map<std::string, Interval> qbounds;
    for (int64_t i = 0; i < a.num_range_vars(); ++i) {
        qbounds[qas[static_cast<size_t>(i)]] = a.variable(a.num_dims() + i).bounds;
    }
    for (int64_t i = 0; i < b.num_range_vars(); ++i) {
        qbounds[qbs[static_cast<size_t>(i)]] = b.variable(b.num_dims() + i).bounds;
    }
    keep_if_satisfiable(
        out, make_obligation("first-not-in-second", Role::FirstNotInSecond, concat(inputs, as),
                             land({fa.domain, fa.defined,
                                   forall(qbs, lnot(land({qb.domain, qb.defined,
                                                          all_equal(qb.results, fa.results)})))})));
    keep_if_satisfiable(
        out, make_obligation("second-not-in-first", Role::SecondNotInFirst, concat(inputs, bs),
                             land({fb.domain, fb.defined,
                                   forall(qas, lnot(land({qa.domain, qa.defined,
                                                          all_equal(qa.results, fb.results)})))})));
    keep_if_satisfiable(
        out, make_obligation("first-undefined-only", Role::FirstUndefined, concat(inputs, as),
                             land({fa.domain, lnot(fa.defined),
                                   forall(qbs, lnot(land({qb.domain, lnot(qb.defined)})))})));
    keep_if_satisfiable(
        out, make_obligation("second-undefined-only", Role::SecondUndefined, concat(inputs, bs),
                             land({fb.domain, lnot(fb.defined),
                                   forall(qas, lnot(land({qa.domain, lnot(qa.defined)})))})));
    for (Obligation& o : out)
        o.quantified_bounds = qbounds;
    return out;
}

/// Expands the quantifiers inside `t` (see expand_quantifiers).
std::optional<Term> expand(const Term& t, const std::unordered_map<std::string, Interval>& bounds,
                           int64_t max_instances) {
    if (t->op != Op::Forall && t->op != Op::Exists) {
        if (t->args.empty()) return t;
        bool changed = false;
        std::vector<Term> args;
        for (const Term& a : t->args) {
            auto e = expand(a, bounds, max_instances);
            if (!e) return std::nullopt;
            changed = changed || *e != a;
            args.push_back(*e);
        }
        if (!changed) return t;
        return rebuild(t, std::move(args));
    }
    auto body = expand(t->args[0], bounds, max_instances);
    if (!body) return std::nullopt;
    int64_t instances = 1;
    for (const std::string& v : t->bound) {
        auto it = bounds.find(v);
        if (it == bounds.end() || !it->second.is_bounded()) return std::nullopt;
        int64_t size = it->second.size();
        if (size == 0) return t->op == Op::Forall ? truth() : falsity();
        if (size > max_instances || instances > max_instances / size) return std::nullopt;
        instances *= size;
    }
    std::vector<Term> parts;
    std::vector<int64_t> point;
    for (const std::string& v : t->bound)
        point.push_back(bounds.at(v).lo());
    for (int64_t k = 0; k < instances; ++k) {
        std::unordered_map<std::string, Term> values;
        for (size_t i = 0; i < point.size(); ++i)
            values[t->bound[i]] = num(point[i]);
        parts.push_back(substitute(*body, values));
        for (size_t i = 0; i < point.size(); ++i) {  // next point of the box
            if (point[i] < bounds.at(t->bound[i]).hi()) {
                ++point[i];
                break;
            }
            point[i] = bounds.at(t->bound[i]).lo();
        }
    }
    return t->op == Op::Forall ? land(std::move(parts)) : lor(std::move(parts));
}

}  // namespace

std::optional<Term> expand_quantifiers(const Obligation& o, int64_t max_instances) {
    return expand(o.formula, o.quantified_bounds, max_instances);
}

EncodedMap encode_map(const IndexingMap& map, const std::vector<Term>& vars) {
    EncodedMap out;
    ExprEncoder enc(vars);
    std::vector<Term> dom;
    for (int64_t i = 0; i < map.num_variables(); ++i) {
        dom.push_back(in_interval(vars[static_cast<size_t>(i)], map.variable(i).bounds));
    }
    for (const Constraint& c : map.constraints()) {
        dom.push_back(enc.defined(c.expr));
        dom.push_back(in_interval(enc.value(c.expr), c.range));
    }
    out.domain = land(std::move(dom));
    std::vector<Term> def;
    for (Expr r : map.results()) {
        out.results.push_back(enc.value(r));
        def.push_back(enc.defined(r));
    }
    out.defined = land(std::move(def));
    return out;
}

std::vector<std::string> names(const std::string& prefix, int64_t count) {
    std::vector<std::string> out;
    for (int64_t i = 0; i < count; ++i)
        out.push_back(prefix + std::to_string(i));
    return out;
}

std::vector<Term> vars_of(const std::vector<std::string>& ns) {
    std::vector<Term> out;
    for (const std::string& n : ns)
        out.push_back(var(n));
    return out;
}

std::vector<std::string> relational_inputs(const IndexingMap& m) {
    return concat(names("d", m.num_dims()), names("r", m.num_rt_vars()));
}

std::vector<std::string> relational_vars(const IndexingMap& m, const std::string& range_prefix) {
    return concat(concat(names("d", m.num_dims()), names(range_prefix, m.num_range_vars())),
                  names("r", m.num_rt_vars()));
}

bool same_shape(const IndexingMap& a, const IndexingMap& b) {
    return a.num_dims() == b.num_dims() && a.num_range_vars() == b.num_range_vars() &&
           a.num_rt_vars() == b.num_rt_vars() && a.num_results() == b.num_results();
}

Result<std::vector<Obligation>> build_obligations(const Query& q) {
    bool two = q.kind == QueryKind::Equivalent || q.kind == QueryKind::EquivalentPointwise;
    if (q.first.is_undefined() || (two && q.second.is_undefined())) {
        return Error::invalid("the query involves an UNDEFINED map");
    }
    std::vector<Obligation> out;
    switch (q.kind) {
        case QueryKind::Empty:
            if (!q.first.is_known_empty()) {
                keep_if_satisfiable(out, non_empty(q.first, Role::FirstNonEmpty, "non-empty"));
            }
            return out;
        case QueryKind::Implies: {
            if (q.first.is_known_empty()) return out;
            if (!q.constraint.expr ||
                num_variables_used(q.constraint.expr) > q.first.num_variables()) {
                return Error::invalid("the constraint uses a variable the map does not have");
            }
            std::vector<std::string> vs = names("v", q.first.num_variables());
            std::vector<Term> vars = vars_of(vs);
            EncodedMap enc = encode_map(q.first, vars);
            ExprEncoder ce(vars);
            Term holds = land({ce.defined(q.constraint.expr),
                               in_interval(ce.value(q.constraint.expr), q.constraint.range)});
            keep_if_satisfiable(out, make_obligation("violation", Role::Violation, vs,
                                                     land({enc.domain, lnot(holds)})));
            return out;
        }
        case QueryKind::Range:
            return range_claim(q);
        case QueryKind::Equivalent:
        case QueryKind::EquivalentPointwise: {
            IndexingMap first = q.first, second = q.second;
            if (q.kind == QueryKind::Equivalent && !first.is_known_empty() &&
                !second.is_known_empty() && first.num_dims() == second.num_dims() &&
                first.num_results() == second.num_results()) {
                // Runtime variables are inputs: matched as the oracles match them.
                // (Without an oracle, a runtime variable only one map has
                // ranges over its bounds.)
                Alignment aligned = align_runtime_variables(first, second);
                if (aligned.status != Alignment::Status::Aligned) {
                    out.push_back(
                        make_obligation("runtime-variable-mismatch", Role::Trivial, {}, truth()));
                    return out;
                }
                first = aligned.maps.first;
                second = aligned.maps.second;
            }
            bool ea = first.is_known_empty(), eb = second.is_known_empty();
            if (ea && eb) return out;
            if (ea) {
                keep_if_satisfiable(out,
                                    non_empty(second, Role::SecondNonEmpty, "second-non-empty"));
                return out;
            }
            if (eb) {
                keep_if_satisfiable(out, non_empty(first, Role::FirstNonEmpty, "first-non-empty"));
                return out;
            }
            return q.kind == QueryKind::Equivalent ? relational(first, second)
                                                   : pointwise(first, second);
        }
    }
    return out;
}

}  // namespace provix::solvers::detail
