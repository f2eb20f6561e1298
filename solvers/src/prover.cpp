// Rule proofs: Z3 decides the SMT-LIB obligation of prover_encoding.cpp
// (the very text exported with --smtlib); where it answers unknown the isl
// grid of prover_grid.cpp decides the rule for every assignment of its
// factor constants.

#include "provix/solvers/prover.h"

#include <z3++.h>

#include <optional>
#include <string>
#include <vector>

#include "prover_encoding.h"
#include "prover_eval.h"
#include "prover_internal.h"

namespace provix::solvers {

using prover::RuleObligation;
using prover::RulePoint;
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
    auto lhs = eval_value(rule, rule.lhs, p);
    auto rhs = eval_value(rule, rule.rhs, p);
    if (!rule.is_constraint()) {
        c.kind = lhs && !rhs ? "right side undefined" : "value mismatch";
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
    c.kind = lhs && !rhs ? "right side undefined" : "constraint mismatch";
    c.source = in_range(lhs, rule.lhs_lo, rule.lhs_hi);
    c.target = in_range(rhs, rule.rhs_lo, rule.rhs_hi);
    return c;
}

namespace {

/// Z3's answer on an obligation.
struct Z3Answer {
    z3::check_result result = z3::unknown;
    std::string reason;
    std::optional<RulePoint> point;
};

Z3Answer z3_decide(const Rule& rule, const RuleObligation& o, unsigned rlimit,
                   unsigned timeout_ms) {
    Z3Answer out;
    try {
        z3::context ctx;
        z3::expr_vector assertions = ctx.parse_string(o.body.c_str());
        // A fixed strategy: Z3's default solver for non-linear integer
        // problems races tactics against wall-clock timeouts, so its answer
        // would depend on the machine's load. Preprocessing, then the SMT
        // core (with its non-linear solver), bounded by rlimit alone.
        z3::tactic strategy = z3::tactic(ctx, "simplify") & z3::tactic(ctx, "propagate-values") &
                              z3::tactic(ctx, "solve-eqs") & z3::tactic(ctx, "smt");
        z3::solver s = strategy.mk_solver();
        z3::params params(ctx);
        params.set("rlimit", rlimit);
        if (timeout_ms) params.set("timeout", timeout_ms);  // safeguard, see ProverOptions
        s.set(params);
        for (unsigned i = 0; i < assertions.size(); ++i)
            s.add(assertions[i]);
        out.result = s.check();
        if (out.result == z3::unknown) out.reason = s.reason_unknown();
        if (out.result != z3::sat) return out;
        z3::model model = s.get_model();
        // Prefer a small counterexample: bound every value, loosening.
        for (int64_t bound : {8, 64, 1024, 1 << 20}) {
            s.push();
            for (const prover::Symbol& sym : o.symbols) {
                if (sym.kind == SymbolKind::Aux) continue;
                z3::expr e = ctx.int_const(sym.smt.c_str());
                s.add(e <= ctx.int_val(bound) && e >= ctx.int_val(-bound));
            }
            bool found = s.check() == z3::sat;
            if (found) model = s.get_model();
            s.pop();
            if (found) break;
        }
        RulePoint p = RulePoint::sized(rule);
        for (const prover::Symbol& sym : o.symbols) {
            if (sym.kind == SymbolKind::Aux) continue;
            z3::expr v = model.eval(ctx.int_const(sym.smt.c_str()), true);
            int64_t value = 0;
            std::optional<int64_t> fit;
            if (v.is_numeral_i64(value)) fit = value;
            size_t i = static_cast<size_t>(sym.var);
            if (sym.kind == SymbolKind::Lb)
                p.lb[i] = fit;
            else if (sym.kind == SymbolKind::Ub)
                p.ub[i] = fit;
            else
                p.value[i] = fit;
        }
        out.point = p;
    } catch (const z3::exception& e) {
        out.result = z3::unknown;
        out.reason = std::string("z3 error: ") + e.msg();
        out.point.reset();
    }
    return out;
}

}  // namespace
}  // namespace prover

std::string rule_obligation_smtlib(const Rule& rule) { return prover::encode_rule(rule).text; }

RuleProof prove_rule(const Rule& rule, const ProverOptions& options) {
    if (rule.lhs < 0 || rule.rhs < 0) {
        RuleProof p;
        p.detail = "not a parsed rule (no left or right side)";
        return p;
    }
    std::string z3_text;
    if (options.use_z3) {
        RuleObligation o = prover::encode_rule(rule);
        prover::Z3Answer a = prover::z3_decide(rule, o, options.z3_rlimit, options.z3_timeout_ms);
        if (a.result == z3::unsat) {
            RuleProof p;
            p.verdict = RuleVerdict::Proven;
            p.backend = "z3";
            p.z3_answer = "unsat";
            return p;
        }
        if (a.result == z3::sat) {
            RuleProof p;
            p.verdict = RuleVerdict::Refuted;
            p.backend = "z3";
            p.z3_answer = "sat";
            std::vector<bool> lb, ub;
            prover::used_bounds(rule, lb, ub);
            if (a.point) p.counterexample = prover::make_counterexample(rule, *a.point, lb, ub);
            return p;
        }
        // The strategy reports an exhausted rlimit as "canceled".
        std::string reason = a.reason;
        if (reason == "canceled" || reason.find("resource limit") != std::string::npos)
            reason = "rlimit " + std::to_string(options.z3_rlimit) + " exhausted";
        else if (reason == "timeout")
            reason = "timeout " + std::to_string(options.z3_timeout_ms) +
                     " ms, a wall-clock safeguard: not reproducible";
        z3_text = "unknown (" + reason + ")";
    }
    if (!options.grid_fallback) {
        RuleProof p;
        p.z3_answer = z3_text;
        p.detail = options.use_z3 ? "z3 answered " + z3_text : "no back end asked";
        return p;
    }
    RuleProof p = prover::check_rule_on_grid(rule, options);
    p.z3_answer = z3_text;
    return p;
}

}  // namespace provix::solvers
