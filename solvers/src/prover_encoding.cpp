// The SMT-LIB 2 obligation of a rule. Semantics modelled (src/engine/
// rule_matcher.cpp):
//  - a constant variable, an expression variable and a sub-sum are each one
//    integer unknown; an expression or sum variable also has a Boolean
//    `def_v`: whether it is defined (divides by no zero) at the point. A
//    partition `c0 * X` is c0 times X with c0 != 0 (the matcher never binds
//    a zero scale);
//  - lb(v) / ub(v) are unknowns with def_v => L_v <= v <= U_v (ranges hold
//    where v is defined; the engine evaluates them only when finite);
//  - a side is defined where its variables are and its divisors are
//    non-zero; the matcher fires only when an expression-variable divisor's
//    range excludes 0 (def_y => y != 0) and when the constant parts of the
//    right side can be computed (their divisors non-zero);
//  - the condition is evaluated three-valued as the engine does: a
//    comparison holds only when both sides are defined; divisible(v, k)
//    holds when k != 0 and v mod k == 0 wherever v is defined, and is never
//    known false; defined(v) is def_v and never known false;
//  - residue(v, k) is an unknown r with def_v => v mod k == r (the
//    analysis speaks of the points where v is defined); the engine knows it
//    only for k > 0: a comparison reading it needs k > 0, a right side
//    holding it is built only then;
//  - the rule must keep definedness: both sides defined at the same points,
//    and equal there (constraint rules: the two constraints hold at the
//    same points);
//  - constraint rules only fire on non-empty ranges: c_lo <= c_hi.
// A separate query checks that the rule can fire at all on a defined left
// side (else it is vacuous). Int64 overflow is not modelled: the engine
// refuses an overflowing fold.

#include "prover_encoding.h"

#include <algorithm>
#include <sstream>
#include <utility>

#include "smt_text.h"

namespace provix::solvers::prover {

namespace {

class Encoder {
public:
    explicit Encoder(const Rule& rule)
        : r_(rule), lb_(rule.vars.size(), false), ub_(rule.vars.size(), false) {}

    RuleObligation run();

private:
    enum class Where { Lhs, Rhs, Cond };

    const Node& node(int n) const { return r_.nodes[static_cast<size_t>(n)]; }
    bool is_expr_var(int v) const { return r_.vars[static_cast<size_t>(v)].kind != VarKind::Const; }
    std::string var_name(int v) const {
        const rules::Var& var = r_.vars[static_cast<size_t>(v)];
        return var.kind == VarKind::Const ? var.name : "v_" + var.name;
    }
    std::string def_name(int v) const { return "def_" + r_.vars[static_cast<size_t>(v)].name; }

    /// The value of node `n`; what it needs to be defined is appended to
    /// `def` (variables defined, divisors non-zero), except inside a
    /// constant part of the right side, which the engine computes as an
    /// integer before firing: that goes to the engine's checks.
    std::string value(int n, Where w, std::vector<std::string>& def, bool in_const);
    std::pair<std::string, std::string> truth(int n);

    /// The unknown standing for residue(v, k): one per variable and modulus.
    std::string residue(int v, const std::string& k);

    const Rule& r_;
    std::vector<bool> lb_, ub_;
    /// residue(v, k) unknowns: name, display and fact.
    struct ResidueTerm {
        std::string name, display, fact;
    };
    std::vector<ResidueTerm> residues_;
    GcdTerms gcd_;
    /// What the matcher checks before a rule fires (range of a variable
    /// divisor excludes 0, constants of the right side computable).
    std::vector<std::string> engine_checks_;
};

std::string Encoder::value(int n, Where w, std::vector<std::string>& def, bool in_const) {
    const Node& nd = node(n);
    if (w == Where::Rhs && !in_const && rules::is_constant_subtree(r_, n)) in_const = true;
    auto arg = [&](size_t i) { return value(nd.children[i], w, def, in_const); };
    switch (nd.op) {
        case Op::Literal:
            return literal(nd.value);
        case Op::ConstVar:
            return var_name(static_cast<int>(nd.value));
        case Op::ExprVar:
        case Op::SumVar:
            def.push_back(def_name(static_cast<int>(nd.value)));
            return var_name(static_cast<int>(nd.value));
        case Op::Lb:
        case Op::Ub: {
            int v = static_cast<int>(node(nd.children[0]).value);
            (nd.op == Op::Lb ? lb_ : ub_)[static_cast<size_t>(v)] = true;
            return (nd.op == Op::Lb ? "lb_" : "ub_") + r_.vars[static_cast<size_t>(v)].name;
        }
        case Op::Residue: {
            int v = static_cast<int>(node(nd.children[0]).value);
            std::string k = value(nd.children[1], w, def, true);
            // Known only for a positive modulus: a condition reading it is
            // unknown otherwise, and a right side holding it is not built.
            (w == Where::Rhs ? engine_checks_ : def).push_back("(> " + k + " 0)");
            return residue(v, k);
        }
        case Op::FloorDiv:
        case Op::CeilDiv:
        case Op::Mod: {
            std::string a = arg(0), b = arg(1);
            std::string nonzero = "(not (= " + b + " 0))";
            // The engine computes a constant divisor of the right side before
            // firing and does not fire on 0; elsewhere it is definedness.
            bool computed =
                w == Where::Rhs && (in_const || rules::is_constant_subtree(r_, nd.children[1]));
            (computed ? engine_checks_ : def).push_back(nonzero);
            const Node& div = node(nd.children[1]);
            if (div.op == Op::ExprVar) {
                // The matcher fires only when the divisor's range (over the
                // points where it is defined) excludes 0.
                int v = static_cast<int>(div.value);
                std::string check = "(=> " + def_name(v) + " (not (= " + var_name(v) + " 0)))";
                if (std::find(engine_checks_.begin(), engine_checks_.end(), check) ==
                    engine_checks_.end())
                    engine_checks_.push_back(check);
            }
            return application(rules::operator_info(nd.op).smt, {a, b});
        }
        default:
            break;
    }
    if (auto applied = function_value(nd.op, nd.children.size(), arg, gcd_)) return *applied;
    return "0";  // conditions never reach here: the parser checked the types
}

std::string Encoder::residue(int v, const std::string& k) {
    const std::string& var = r_.vars[static_cast<size_t>(v)].name;
    const std::string display = "residue(" + var + ", " + k + ")";
    for (const ResidueTerm& t : residues_)
        if (t.display == display) return t.name;
    ResidueTerm t;
    t.name = "res_" + var + "_" + std::to_string(residues_.size());
    t.display = display;
    t.fact = "(=> (and " + def_name(v) + " (> " + k + " 0)) (= (floor_mod " + var_name(v) + " " +
             k + ") " + t.name + "))";
    residues_.push_back(t);
    return residues_.back().name;
}

std::pair<std::string, std::string> Encoder::truth(int n) {
    const Node& nd = node(n);
    switch (nd.op) {
        case Op::And:
        case Op::Or: {
            // Flattened: a && b && c is one conjunction.
            std::vector<int> leaves;
            std::vector<int> stack{n};
            while (!stack.empty()) {
                int k = stack.back();
                stack.pop_back();
                if (node(k).op == nd.op) {
                    stack.push_back(node(k).children[1]);
                    stack.push_back(node(k).children[0]);
                } else {
                    leaves.push_back(k);
                }
            }
            std::vector<std::string> ts, fs;
            for (int leaf : leaves) {
                auto t = truth(leaf);
                ts.push_back(t.first);
                fs.push_back(t.second);
            }
            if (nd.op == Op::And) return {and_of(ts), or_of(fs)};
            return {or_of(ts), and_of(fs)};
        }
        case Op::Not: {
            auto a = truth(nd.children[0]);
            return {a.second, a.first};
        }
        case Op::Defined:
            // Shown defined on the whole domain: defined at this point. The
            // engine never knows it false.
            return {def_name(static_cast<int>(node(nd.children[0]).value)), "false"};
        case Op::Divisible: {
            std::vector<std::string> d;
            int var = static_cast<int>(node(nd.children[0]).value);
            std::string k = value(nd.children[1], Where::Cond, d, true);
            std::vector<std::string> t = d;
            t.push_back("(not (= " + k + " 0))");
            // The analysis speaks of the points where the variable is defined.
            t.push_back("(=> " + def_name(var) + " (= (floor_mod " + var_name(var) + " " + k +
                        ") 0))");
            // The engine only ever shows divisibility; it never knows it false.
            return {and_of(t), "false"};
        }
        default:
            break;
    }
    std::vector<std::string> d;
    std::string a = value(nd.children[0], Where::Cond, d, true);
    std::string b = value(nd.children[1], Where::Cond, d, true);
    std::string rel = comparison_of(nd.op, a, b);
    std::vector<std::string> t = d, f = d;
    t.push_back(rel);
    f.push_back(not_of(rel));
    return {and_of(t), and_of(f)};
}

RuleObligation Encoder::run() {
    std::vector<std::string> lhs_def, rhs_def;
    std::string lhs = value(r_.lhs, Where::Lhs, lhs_def, false);
    std::string rhs = value(r_.rhs, Where::Rhs, rhs_def, false);
    std::string in_lhs, in_rhs;
    std::vector<std::string> facts;
    if (r_.is_constraint()) {
        std::string lo = value(r_.lhs_lo, Where::Lhs, lhs_def, true);
        std::string hi = value(r_.lhs_hi, Where::Lhs, lhs_def, true);
        std::string rlo = value(r_.rhs_lo, Where::Rhs, rhs_def, true);
        std::string rhi = value(r_.rhs_hi, Where::Rhs, rhs_def, true);
        in_lhs = "(and (<= " + lo + " lhs) (<= lhs " + hi + "))";
        in_rhs = "(and (<= " + rlo + " rhs) (<= rhs " + rhi + "))";
        facts.push_back("(<= " + lo + " " + hi + ")");  // only non-empty ranges are rewritten
    }
    std::string cond = "true";
    if (r_.condition >= 0) cond = truth(r_.condition).first;

    for (int c : partition_constants(r_))
        facts.push_back("(not (= " + var_name(c) + " 0))");
    for (size_t v = 0; v < r_.vars.size(); ++v) {
        // A range holds where the expression is defined.
        std::vector<std::string> in;
        if (lb_[v]) in.push_back("(<= lb_" + r_.vars[v].name + " " + var_name(int(v)) + ")");
        if (ub_[v]) in.push_back("(<= " + var_name(int(v)) + " ub_" + r_.vars[v].name + ")");
        if (!in.empty()) facts.push_back("(=> " + def_name(int(v)) + " " + and_of(in) + ")");
    }
    for (const ResidueTerm& t : residues_)
        facts.push_back(t.fact);
    for (const std::string& f : gcd_.facts())
        facts.push_back(f);

    RuleObligation out;
    std::ostringstream decls;
    decls << kPrelude;
    auto declare = [&](const std::string& smt, const std::string& display, SymbolKind kind, int var,
                       const char* sort) {
        decls << "(declare-const " << smt << " " << sort << ")\n";
        out.symbols.push_back({smt, display, kind, var});
    };
    decls << "; the rule's constants, variables (a sub-sum is one integer), whether each\n"
             "; variable is defined (divides by no zero) at the point, and bounds\n";
    for (VarKind pass : {VarKind::Const, VarKind::Expr}) {
        for (size_t v = 0; v < r_.vars.size(); ++v) {
            const rules::Var& var = r_.vars[v];
            bool is_const = var.kind == VarKind::Const;
            if (is_const != (pass == VarKind::Const)) continue;
            declare(var_name(int(v)), var.name, is_const ? SymbolKind::Const : SymbolKind::Var,
                    int(v), "Int");
            if (!is_const) declare(def_name(int(v)), var.name, SymbolKind::Def, int(v), "Bool");
        }
    }
    for (size_t v = 0; v < r_.vars.size(); ++v) {
        const std::string& name = r_.vars[v].name;
        if (lb_[v]) declare("lb_" + name, "lb(" + name + ")", SymbolKind::Lb, int(v), "Int");
        if (ub_[v]) declare("ub_" + name, "ub(" + name + ")", SymbolKind::Ub, int(v), "Int");
    }
    for (const ResidueTerm& t : residues_)
        declare(t.name, t.display, SymbolKind::Aux, -1, "Int");
    for (const std::string& a : gcd_.names())
        declare(a, a, SymbolKind::Aux, -1, "Int");
    decls << "(define-fun lhs () Int " << lhs << ")\n"
          << "(define-fun rhs () Int " << rhs << ")\n"
          << "; bounds and residues (where defined), partition scales, gcd witnesses"
          << (r_.is_constraint() ? ", a non-empty range" : "") << "\n"
          << "(define-fun facts () Bool " << and_of(facts) << ")\n"
          << "(define-fun condition () Bool " << cond << ")\n"
          << "; the matcher fires only when these hold\n"
          << "(define-fun engine_checks () Bool " << and_of(engine_checks_) << ")\n"
          << "(define-fun lhs_defined () Bool " << and_of(lhs_def) << ")\n"
          << "(define-fun rhs_defined () Bool " << and_of(rhs_def) << ")\n";
    if (r_.is_constraint()) {
        decls << "(define-fun lhs_holds () Bool (and lhs_defined " << in_lhs << "))\n"
              << "(define-fun rhs_holds () Bool (and rhs_defined " << in_rhs << "))\n"
              << "; the two constraints hold at the same points\n"
              << "(define-fun goal () Bool (= lhs_holds rhs_holds))\n";
    } else {
        decls << "; defined at the same points, and equal there\n"
              << "(define-fun goal () Bool (and (= lhs_defined rhs_defined)\n"
              << "  (=> lhs_defined (= lhs rhs))))\n";
    }
    out.body = decls.str() + "(assert (and facts condition engine_checks (not goal)))\n";
    out.vacuity_body = decls.str() + "; some left side the rule fires on is defined\n" +
                       "(assert (and facts condition engine_checks lhs_defined))\n";

    std::ostringstream text;
    text << "; provix rule obligation: " << r_.name << " (" << r_.file << ":" << r_.line << ")\n"
         << ";   " << r_.text << "\n"
         << "; sat: a model is a counterexample to the rule; unsat: the rule holds for all\n"
         << "; integers (constants symbolic, lb/ub universally quantified bounds, each\n"
         << "; variable possibly undefined: both sides must be defined at the same points).\n"
         << out.body << "(check-sat)\n";
    out.text = text.str();
    return out;
}

void find_partitions(const Rule& rule, int n, std::vector<int>& out) {
    const Node& nd = rule.nodes[static_cast<size_t>(n)];
    if (nd.op == Op::Mul && nd.children.size() == 2) {
        const Node& a = rule.nodes[static_cast<size_t>(nd.children[0])];
        const Node& b = rule.nodes[static_cast<size_t>(nd.children[1])];
        if (a.op == Op::ConstVar && b.op == Op::SumVar) {
            int v = static_cast<int>(a.value);
            bool seen = false;
            for (int o : out)
                seen = seen || o == v;
            if (!seen) out.push_back(v);
        }
    }
    for (int c : nd.children)
        find_partitions(rule, c, out);
}

void find_bounds(const Rule& rule, int n, std::vector<bool>& lb, std::vector<bool>& ub) {
    const Node& nd = rule.nodes[static_cast<size_t>(n)];
    if (nd.op == Op::Lb || nd.op == Op::Ub) {
        size_t v = static_cast<size_t>(rule.nodes[static_cast<size_t>(nd.children[0])].value);
        (nd.op == Op::Lb ? lb : ub)[v] = true;
    }
    for (int c : nd.children)
        find_bounds(rule, c, lb, ub);
}

}  // namespace

std::vector<int> partition_constants(const Rule& rule) {
    std::vector<int> out;
    find_partitions(rule, rule.lhs, out);
    return out;
}

void used_bounds(const Rule& rule, std::vector<bool>& lb, std::vector<bool>& ub) {
    lb.assign(rule.vars.size(), false);
    ub.assign(rule.vars.size(), false);
    for (int root : {rule.rhs, rule.condition, rule.rhs_lo, rule.rhs_hi})
        if (root >= 0) find_bounds(rule, root, lb, ub);
}

RuleObligation encode_rule(const Rule& rule) { return Encoder(rule).run(); }

}  // namespace provix::solvers::prover
