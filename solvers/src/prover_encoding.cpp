// The SMT-LIB 2 obligation of a rule. Semantics modelled (src/engine/
// rule_matcher.cpp):
//  - a constant variable, an expression variable and a sub-sum are each one
//    integer unknown; a partition `c0 * X` is c0 times X with c0 != 0 (the
//    matcher never binds a zero scale);
//  - lb(v) / ub(v) are unknowns L_v <= v <= U_v (the engine evaluates them
//    only when finite, and then they are sound bounds);
//  - the left side is defined: its divisors are non-zero (constant divisors
//    of an existing expression never are; an expression-variable divisor is
//    checked by the matcher);
//  - the condition is evaluated three-valued as the engine does: a
//    comparison holds only when both sides are defined; divisible(v, k)
//    holds only when k != 0 and v mod k == 0 and is never known false;
//  - the right side fires only when its constant parts and constant or
//    expression-variable divisors are defined, so the obligation assumes
//    that (`rhs_defined`); any other divisor of the right side (a compound
//    non-constant one) must be shown non-zero (`rhs_required`);
//  - constraint rules only fire on non-empty ranges: c_lo <= c_hi.
// Int64 overflow is not modelled: the engine refuses an overflowing fold.

#include "prover_encoding.h"

#include <algorithm>
#include <map>
#include <sstream>
#include <utility>

namespace provix::solvers::prover {

using rules::Node;
using rules::Op;
using rules::Rule;
using rules::VarKind;

namespace {

std::string and_of(const std::vector<std::string>& parts) {
    std::vector<std::string> kept;
    for (const std::string& p : parts)
        if (p != "true" && std::find(kept.begin(), kept.end(), p) == kept.end()) kept.push_back(p);
    for (const std::string& p : kept)
        if (p == "false") return "false";
    if (kept.empty()) return "true";
    if (kept.size() == 1) return kept[0];
    std::string s = "(and";
    for (const std::string& p : kept)
        s += " " + p;
    return s + ")";
}

std::string or_of(const std::vector<std::string>& parts) {
    std::vector<std::string> kept;
    for (const std::string& p : parts)
        if (p != "false" && std::find(kept.begin(), kept.end(), p) == kept.end()) kept.push_back(p);
    for (const std::string& p : kept)
        if (p == "true") return "true";
    if (kept.empty()) return "false";
    if (kept.size() == 1) return kept[0];
    std::string s = "(or";
    for (const std::string& p : kept)
        s += " " + p;
    return s + ")";
}

std::string not_of(const std::string& p) {
    if (p == "true") return "false";
    if (p == "false") return "true";
    return "(not " + p + ")";
}

std::string literal(int64_t v) {
    if (v >= 0) return std::to_string(v);
    // -v may not fit: print the magnitude as unsigned.
    uint64_t m = static_cast<uint64_t>(-(v + 1)) + 1;
    return "(- " + std::to_string(m) + ")";
}

const char* kPrelude =
    "(set-logic ALL)\n"
    "; floor division: SMT-LIB div is Euclidean, which equals floor division\n"
    "; for a positive divisor; for b < 0, floor(a / b) == floor(-a / -b).\n"
    "(define-fun floor_div ((a Int) (b Int)) Int\n"
    "  (ite (> b 0) (div a b) (div (- a) (- b))))\n"
    "(define-fun floor_mod ((a Int) (b Int)) Int (- a (* b (floor_div a b))))\n"
    "(define-fun ceil_div ((a Int) (b Int)) Int (- (floor_div (- a) b)))\n"
    "(define-fun int_min ((a Int) (b Int)) Int (ite (<= a b) a b))\n"
    "(define-fun int_max ((a Int) (b Int)) Int (ite (>= a b) a b))\n"
    "(define-fun int_abs ((a Int)) Int (ite (< a 0) (- a) a))\n";

class Encoder {
public:
    explicit Encoder(const Rule& rule)
        : r_(rule), lb_(rule.vars.size(), false), ub_(rule.vars.size(), false) {}

    RuleObligation run();

private:
    enum class Where { Lhs, Rhs, Cond };
    struct Defs {
        std::vector<std::string> guard;     // assumed (the engine checks them)
        std::vector<std::string> required;  // to be shown
    };

    const Node& node(int n) const { return r_.nodes[static_cast<size_t>(n)]; }
    std::string var_name(int v) const {
        const rules::Var& var = r_.vars[static_cast<size_t>(v)];
        return var.kind == VarKind::Const ? var.name : "v_" + var.name;
    }

    std::string value(int n, Where w, Defs& d, bool in_const);
    std::pair<std::string, std::string> truth(int n);
    std::string gcd_of(const std::string& a, const std::string& b);
    std::string fresh(const std::string& stem) {
        std::string name = stem + std::to_string(aux_count_++);
        aux_.push_back(name);
        return name;
    }

    const Rule& r_;
    std::vector<bool> lb_, ub_;
    std::vector<std::string> aux_;
    std::vector<std::string> aux_facts_;
    std::map<std::string, std::string> gcd_memo_;
    int aux_count_ = 0;
};

std::string Encoder::gcd_of(const std::string& a, const std::string& b) {
    std::string key = a + "|" + b;
    auto it = gcd_memo_.find(key);
    if (it != gcd_memo_.end()) return it->second;
    // g = gcd(a, b): g >= 0 divides a and b and is an integer combination of
    // them (Bezout), so every common divisor divides g. gcd(0, 0) == 0.
    std::string g = fresh("gcd_");
    std::string ka = fresh("gcd_qa_"), kb = fresh("gcd_qb_");
    std::string s = fresh("gcd_sa_"), t = fresh("gcd_sb_");
    aux_facts_.push_back("(>= " + g + " 0)");
    aux_facts_.push_back("(= " + a + " (* " + g + " " + ka + "))");
    aux_facts_.push_back("(= " + b + " (* " + g + " " + kb + "))");
    aux_facts_.push_back("(= " + g + " (+ (* " + a + " " + s + ") (* " + b + " " + t + ")))");
    gcd_memo_.emplace(key, g);
    return g;
}

std::string Encoder::value(int n, Where w, Defs& d, bool in_const) {
    const Node& nd = node(n);
    if (w == Where::Rhs && !in_const && rules::is_constant_subtree(r_, n)) in_const = true;
    auto arg = [&](size_t i) { return value(nd.children[i], w, d, in_const); };
    switch (nd.op) {
        case Op::Literal:
            return literal(nd.value);
        case Op::ConstVar:
        case Op::ExprVar:
        case Op::SumVar:
            return var_name(static_cast<int>(nd.value));
        case Op::Lb:
        case Op::Ub: {
            int v = static_cast<int>(node(nd.children[0]).value);
            (nd.op == Op::Lb ? lb_ : ub_)[static_cast<size_t>(v)] = true;
            return (nd.op == Op::Lb ? "lb_" : "ub_") + r_.vars[static_cast<size_t>(v)].name;
        }
        case Op::Add:
            return "(+ " + arg(0) + " " + arg(1) + ")";
        case Op::Mul:
            return "(* " + arg(0) + " " + arg(1) + ")";
        case Op::FloorDiv:
        case Op::CeilDiv:
        case Op::Mod: {
            std::string a = arg(0), b = arg(1);
            std::string nonzero = "(not (= " + b + " 0))";
            const Node& div = node(nd.children[1]);
            bool checked_by_engine = w != Where::Rhs || in_const || div.op == Op::ExprVar ||
                                     rules::is_constant_subtree(r_, nd.children[1]);
            (checked_by_engine ? d.guard : d.required).push_back(nonzero);
            const char* f = nd.op == Op::FloorDiv  ? "floor_div"
                            : nd.op == Op::CeilDiv ? "ceil_div"
                                                   : "floor_mod";
            return std::string("(") + f + " " + a + " " + b + ")";
        }
        case Op::Min:
            return "(int_min " + arg(0) + " " + arg(1) + ")";
        case Op::Max:
            return "(int_max " + arg(0) + " " + arg(1) + ")";
        case Op::Abs:
            return "(int_abs " + arg(0) + ")";
        case Op::Gcd:
            return gcd_of(arg(0), arg(1));
        case Op::Lcm: {
            std::string a = arg(0), b = arg(1);
            std::string g = gcd_of(a, b);
            return "(ite (or (= " + a + " 0) (= " + b + " 0)) 0 (div (int_abs (* " + a + " " + b +
                   ")) " + g + "))";
        }
        default:
            break;
    }
    return "0";  // conditions never reach here: the parser checked the types
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
        case Op::Divisible: {
            Defs d;
            std::string v = value(nd.children[0], Where::Cond, d, true);
            std::string k = value(nd.children[1], Where::Cond, d, true);
            std::vector<std::string> t = d.guard;
            t.push_back("(not (= " + k + " 0))");
            t.push_back("(= (floor_mod " + v + " " + k + ") 0)");
            // The engine only ever shows divisibility; it never knows it false.
            return {and_of(t), "false"};
        }
        default:
            break;
    }
    Defs d;
    std::string a = value(nd.children[0], Where::Cond, d, true);
    std::string b = value(nd.children[1], Where::Cond, d, true);
    std::string rel;
    switch (nd.op) {
        case Op::Eq:
            rel = "(= " + a + " " + b + ")";
            break;
        case Op::Ne:
            rel = "(not (= " + a + " " + b + "))";
            break;
        case Op::Lt:
            rel = "(< " + a + " " + b + ")";
            break;
        case Op::Le:
            rel = "(<= " + a + " " + b + ")";
            break;
        case Op::Gt:
            rel = "(> " + a + " " + b + ")";
            break;
        case Op::Ge:
            rel = "(>= " + a + " " + b + ")";
            break;
        default:
            rel = "false";
            break;
    }
    std::vector<std::string> t = d.guard, f = d.guard;
    t.push_back(rel);
    f.push_back(not_of(rel));
    return {and_of(t), and_of(f)};
}

RuleObligation Encoder::run() {
    Defs lhs_defs, rhs_defs;
    std::string lhs = value(r_.lhs, Where::Lhs, lhs_defs, false);
    std::string rhs = value(r_.rhs, Where::Rhs, rhs_defs, false);
    std::string in_lhs, in_rhs;
    std::vector<std::string> facts;
    if (r_.is_constraint()) {
        std::string lo = value(r_.lhs_lo, Where::Lhs, lhs_defs, true);
        std::string hi = value(r_.lhs_hi, Where::Lhs, lhs_defs, true);
        std::string rlo = value(r_.rhs_lo, Where::Rhs, rhs_defs, true);
        std::string rhi = value(r_.rhs_hi, Where::Rhs, rhs_defs, true);
        in_lhs = "(and (<= " + lo + " lhs) (<= lhs " + hi + "))";
        in_rhs = "(and (<= " + rlo + " rhs) (<= rhs " + rhi + "))";
        facts.push_back("(<= " + lo + " " + hi + ")");  // only non-empty ranges are rewritten
    }
    std::string cond = "true";
    if (r_.condition >= 0) cond = truth(r_.condition).first;

    for (int c : partition_constants(r_))
        facts.push_back("(not (= " + var_name(c) + " 0))");
    for (size_t v = 0; v < r_.vars.size(); ++v) {
        if (lb_[v]) facts.push_back("(<= lb_" + r_.vars[v].name + " " + var_name(int(v)) + ")");
        if (ub_[v]) facts.push_back("(<= " + var_name(int(v)) + " ub_" + r_.vars[v].name + ")");
    }
    for (const std::string& f : aux_facts_)
        facts.push_back(f);

    RuleObligation out;
    std::ostringstream body;
    body << kPrelude;
    auto declare = [&](const std::string& smt, const std::string& display, SymbolKind kind,
                       int var) {
        body << "(declare-const " << smt << " Int)\n";
        out.symbols.push_back({smt, display, kind, var});
    };
    body << "; the rule's constants, variables (a sub-sum is one integer) and bounds\n";
    for (VarKind pass : {VarKind::Const, VarKind::Expr}) {
        for (size_t v = 0; v < r_.vars.size(); ++v) {
            const rules::Var& var = r_.vars[v];
            bool is_const = var.kind == VarKind::Const;
            if (is_const != (pass == VarKind::Const)) continue;
            declare(var_name(int(v)), var.name, is_const ? SymbolKind::Const : SymbolKind::Var,
                    int(v));
        }
    }
    for (size_t v = 0; v < r_.vars.size(); ++v) {
        const std::string& name = r_.vars[v].name;
        if (lb_[v]) declare("lb_" + name, "lb(" + name + ")", SymbolKind::Lb, int(v));
        if (ub_[v]) declare("ub_" + name, "ub(" + name + ")", SymbolKind::Ub, int(v));
    }
    for (const std::string& a : aux_)
        declare(a, a, SymbolKind::Aux, -1);
    body << "(define-fun lhs () Int " << lhs << ")\n"
         << "(define-fun rhs () Int " << rhs << ")\n"
         << "; bounds, partition scales, gcd witnesses"
         << (r_.is_constraint() ? ", a non-empty range" : "") << "\n"
         << "(define-fun facts () Bool " << and_of(facts) << ")\n"
         << "(define-fun condition () Bool " << cond << ")\n"
         << "(define-fun lhs_defined () Bool " << and_of(lhs_defs.guard) << ")\n"
         << "; the engine does not fire unless the right side's constants are defined\n"
         << "(define-fun rhs_defined () Bool " << and_of(rhs_defs.guard) << ")\n"
         << "(define-fun rhs_required () Bool " << and_of(rhs_defs.required) << ")\n";
    std::string mismatch =
        r_.is_constraint() ? "(not (= " + in_lhs + " " + in_rhs + "))" : "(not (= lhs rhs))";
    body << "(assert (and facts condition lhs_defined rhs_defined\n"
         << "  (or (not rhs_required) " << mismatch << ")))\n";
    out.body = body.str();

    std::ostringstream text;
    text << "; provix rule obligation: " << r_.name << " (" << r_.file << ":" << r_.line << ")\n"
         << ";   " << r_.text << "\n"
         << "; sat: a model is a counterexample to the rule; unsat: the rule holds for all\n"
         << "; integers (constants symbolic, lb/ub universally quantified bounds).\n"
         << out.body << "(check-sat)\n";
    out.text = text.str();
    return out;
}

}  // namespace

void collect_divisors(const Rule& rule, int n, std::vector<int>& out) {
    const Node& nd = rule.nodes[static_cast<size_t>(n)];
    if (nd.op == Op::FloorDiv || nd.op == Op::CeilDiv || nd.op == Op::Mod)
        out.push_back(nd.children[1]);
    for (int c : nd.children)
        collect_divisors(rule, c, out);
}

namespace {

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
