// Rule proofs: Z3 decides the SMT-LIB obligation of prover_encoding.cpp
// (the very text exported with --smtlib); where it answers unknown the isl
// grid of prover_grid.cpp decides the rule for every assignment of its
// factor constants.

#include "provix/solvers/prover.h"

#include <optional>
#include <string>
#include <vector>

#include "external_provers.h"
#include "prover_encoding.h"
#include "prover_eval.h"
#include "prover_internal.h"
#include "z3_solve.h"

namespace provix::solvers {

using prover::RuleObligation;
using prover::RulePoint;
using prover::SmtAnswer;
using prover::SmtResult;
using prover::Symbol;
using prover::SymbolKind;
using rules::Rule;
using rules::VarKind;

const char* rule_verdict_name(RuleVerdict v) {
    switch (v) {
        case RuleVerdict::Proven:
            return "proven";
        case RuleVerdict::CheckedGrid:
            return "checked (grid)";
        case RuleVerdict::Refuted:
            return "refuted";
        case RuleVerdict::Unknown:
            return "unknown";
        case RuleVerdict::Vacuous:
            return "vacuous";
    }
    return "unknown";
}

std::string to_string(const RuleCounterexample& c) {
    std::string out = "ERROR: " + c.kind + "\n\nExample:";
    for (const auto* list : {&c.constants, &c.variables, &c.bounds})
        for (const NamedValue& v : *list)
            out += "\n  " + v.name + " = " + v.value;
    out += "\nSource value: " + c.source;
    out += "\nTarget value: " + c.target;
    return out;
}

namespace prover {
namespace {

std::string value_text(const std::optional<int64_t>& v) {
    return v ? std::to_string(*v) : "undefined (zero divisor or int64 overflow)";
}

}  // namespace

RuleCounterexample make_counterexample(const Rule& rule, const RulePoint& p,
                                       const std::vector<bool>& lb_used,
                                       const std::vector<bool>& ub_used) {
    RuleCounterexample c;
    for (size_t v = 0; v < rule.vars.size(); ++v) {
        const rules::Var& var = rule.vars[v];
        std::string text = p.value[v] ? std::to_string(*p.value[v]) : "?";
        (var.kind == VarKind::Const ? c.constants : c.variables).push_back({var.name, text});
    }
    for (size_t v = 0; v < rule.vars.size(); ++v) {
        const std::string& name = rule.vars[v].name;
        if (v < lb_used.size() && lb_used[v])
            c.bounds.push_back({"lb(" + name + ")", p.lb[v] ? std::to_string(*p.lb[v]) : "?"});
        if (v < ub_used.size() && ub_used[v])
            c.bounds.push_back({"ub(" + name + ")", p.ub[v] ? std::to_string(*p.ub[v]) : "?"});
    }
    for (size_t v = 0; v < rule.vars.size(); ++v)
        if (rule.vars[v].kind != VarKind::Const && !p.defined[v])
            for (NamedValue& nv : c.variables)
                if (nv.name == rule.vars[v].name) nv.value = "undefined (divides by zero here)";
    auto lhs = eval_value(rule, rule.lhs, p);
    auto rhs = eval_value(rule, rule.rhs, p);
    auto kind = [&](const char* mismatch) -> std::string {
        if (lhs && !rhs) return "right side undefined where the left side is defined";
        if (!lhs && rhs) return "right side defined where the left side is undefined";
        return mismatch;
    };
    if (!rule.is_constraint()) {
        c.kind = kind("value mismatch");
        c.source = value_text(lhs);
        c.target = value_text(rhs);
        return c;
    }
    auto in_range = [&](const std::optional<int64_t>& x, int lo_node, int hi_node) {
        auto lo = eval_value(rule, lo_node, p);
        auto hi = eval_value(rule, hi_node, p);
        std::string s = value_text(x) + " in [" + value_text(lo) + ", " + value_text(hi) + "]";
        if (x && lo && hi) s += *lo <= *x && *x <= *hi ? ": true" : ": false";
        return s;
    };
    c.kind = kind("constraint mismatch");
    c.source = in_range(lhs, rule.lhs_lo, rule.lhs_hi);
    c.target = in_range(rhs, rule.rhs_lo, rule.rhs_hi);
    return c;
}

namespace {

/// Z3's answer on an obligation, with the model as a rule point.
struct Z3Answer {
    SmtResult result = SmtResult::Unknown;
    std::string reason;
    std::optional<RulePoint> point;
};

/// Decides `body` (the obligation's or its vacuity query's text).
Z3Answer z3_decide(const Rule& rule, const RuleObligation& o, const std::string& body,
                   const ProverOptions& options) {
    std::vector<std::string> ints, bools;
    for (const Symbol& sym : o.symbols) {
        if (sym.kind == SymbolKind::Def)
            bools.push_back(sym.smt);
        else if (sym.kind != SymbolKind::Aux)
            ints.push_back(sym.smt);
    }
    SmtAnswer a = z3_solve(body, options.z3_rlimit, options.z3_timeout_ms, ints, bools);
    Z3Answer out{a.result, a.reason, std::nullopt};
    if (a.result != SmtResult::Sat) return out;
    RulePoint p = RulePoint::sized(rule);
    for (const Symbol& sym : o.symbols) {
        size_t i = static_cast<size_t>(sym.var);
        switch (sym.kind) {
            case SymbolKind::Aux:
                break;
            case SymbolKind::Def:
                p.defined[i] = a.bools[sym.smt] ? 1 : 0;
                break;
            case SymbolKind::Lb:
                p.lb[i] = a.ints[sym.smt];
                break;
            case SymbolKind::Ub:
                p.ub[i] = a.ints[sym.smt];
                break;
            case SymbolKind::Const:
            case SymbolKind::Var:
                p.value[i] = a.ints[sym.smt];
                break;
        }
    }
    out.point = p;
    return out;
}

}  // namespace
}  // namespace prover

std::string rule_obligation_smtlib(const Rule& rule) { return prover::encode_rule(rule).text; }

std::string rule_coq_statement(const Rule& rule) {
    return prover::coq_statement_file(rule.name, prover::encode_rule(rule).body);
}

RuleProof prove_rule(const Rule& rule, const ProverOptions& options) {
    if (rule.lhs < 0 || rule.rhs < 0) {
        RuleProof p;
        p.detail = "not a parsed rule (no left or right side)";
        return p;
    }
    if (prover::has_coq_proof(rule.name, options)) {
        RuleObligation o = prover::encode_rule(rule);
        RuleProof p = prover::prove_with_coq(rule.name, o.body, options);
        if (p.verdict == RuleVerdict::Proven)
            prover::check_not_vacuous(p, o.vacuity_body,
                                      "the condition never holds on a defined left side", options);
        return p;
    }
    std::string z3_text;
    if (options.use_z3) {
        RuleObligation o = prover::encode_rule(rule);
        prover::Z3Answer a = prover::z3_decide(rule, o, o.body, options);
        if (a.result == SmtResult::Unsat) {
            RuleProof p;
            p.verdict = RuleVerdict::Proven;
            p.backend = "z3";
            p.z3_answer = "unsat";
            // Proven, but it must also be able to fire: a rule whose
            // condition never holds on a defined left side proves nothing.
            prover::check_not_vacuous(p, o.vacuity_body,
                                      "the condition never holds on a defined left side", options);
            return p;
        }
        if (a.result == SmtResult::Sat) {
            RuleProof p;
            p.verdict = RuleVerdict::Refuted;
            p.backend = "z3";
            p.z3_answer = "sat";
            std::vector<bool> lb, ub;
            prover::used_bounds(rule, lb, ub);
            if (a.point) p.counterexample = prover::make_counterexample(rule, *a.point, lb, ub);
            return p;
        }
        z3_text = "unknown (" + a.reason + ")";
    }
    // cvc5 on the same text, then a Coq proof of the statement generated
    // from it; the isl grid only as a last resort (it proves nothing beyond
    // its grid, and passes only with ProverOptions::allow_grid).
    RuleObligation o = prover::encode_rule(rule);
    RuleProof p = prover::prove_after_z3(rule.name, o.body, z3_text, options);
    if (p.verdict == RuleVerdict::Proven) {
        prover::check_not_vacuous(p, o.vacuity_body,
                                  "the condition never holds on a defined left side", options);
        return p;
    }
    if (p.verdict == RuleVerdict::Refuted || !options.grid_fallback) return p;
    std::string why = p.detail;
    p = prover::check_rule_on_grid(rule, options);
    p.z3_answer = z3_text;
    if (p.verdict == RuleVerdict::CheckedGrid) p.detail += "; not proven: " + why;
    return p;
}

}  // namespace provix::solvers
