// Concrete evaluation of rule nodes (see prover_eval.h).

#include "prover_eval.h"

#include "provix/rules/op_semantics.h"
#include "provix/semantics.h"

namespace provix::solvers::prover {

using rules::Node;
using rules::Op;

RulePoint RulePoint::sized(const rules::Rule& rule) {
    RulePoint p;
    p.value.assign(rule.vars.size(), std::nullopt);
    p.lb.assign(rule.vars.size(), std::nullopt);
    p.ub.assign(rule.vars.size(), std::nullopt);
    p.defined.assign(rule.vars.size(), 1);
    return p;
}

std::optional<int64_t> eval_value(const rules::Rule& rule, int n, const RulePoint& p) {
    const Node& nd = rule.nodes[static_cast<size_t>(n)];
    auto arg = [&](size_t i) { return eval_value(rule, nd.children[i], p); };
    switch (nd.op) {
        case Op::Literal:
            return nd.value;
        case Op::ConstVar:
            return p.value[static_cast<size_t>(nd.value)];
        case Op::ExprVar:
        case Op::SumVar:
            if (!p.defined[static_cast<size_t>(nd.value)]) return std::nullopt;
            return p.value[static_cast<size_t>(nd.value)];
        case Op::Lb:
        case Op::Ub: {
            size_t v = static_cast<size_t>(rule.nodes[static_cast<size_t>(nd.children[0])].value);
            return nd.op == Op::Lb ? p.lb[v] : p.ub[v];
        }
        case Op::Residue: {
            // The variable's residue at this point (the analysis' fact holds
            // where it is defined), for a positive modulus only.
            auto k = arg(1);
            if (!k || *k <= 0) return std::nullopt;
            auto v = arg(0);
            if (!v) return std::nullopt;
            return floor_mod(*v, *k);
        }
        case Op::Abs: {
            auto a = arg(0);
            if (!a) return std::nullopt;
            return rules::apply_unary(nd.op, *a);
        }
        default:
            break;
    }
    if (nd.children.size() != 2) return std::nullopt;
    auto a = arg(0);
    if (!a) return std::nullopt;
    auto b = arg(1);
    if (!b) return std::nullopt;
    return rules::apply_binary(nd.op, *a, *b);
}

Truth eval_truth(const rules::Rule& rule, int n, const RulePoint& p) {
    const Node& nd = rule.nodes[static_cast<size_t>(n)];
    switch (nd.op) {
        case Op::And:
        case Op::Or: {
            // The absorbing value (false for &&, true for ||) decides alone;
            // otherwise both operands must be known (and then agree).
            const Truth absorbing = nd.op == Op::And ? Truth::False : Truth::True;
            Truth a = eval_truth(rule, nd.children[0], p);
            if (a == absorbing) return a;
            Truth b = eval_truth(rule, nd.children[1], p);
            if (b == absorbing) return b;
            return a == b ? a : Truth::Unknown;
        }
        case Op::Not: {
            Truth a = eval_truth(rule, nd.children[0], p);
            if (a == Truth::Unknown) return a;
            return a == Truth::True ? Truth::False : Truth::True;
        }
        case Op::Defined: {
            size_t v = static_cast<size_t>(rule.nodes[static_cast<size_t>(nd.children[0])].value);
            return p.defined[v] ? Truth::True : Truth::Unknown;
        }
        case Op::Divisible: {
            auto k = eval_value(rule, nd.children[1], p);
            if (!k || *k == 0) return Truth::Unknown;
            size_t var = static_cast<size_t>(rule.nodes[static_cast<size_t>(nd.children[0])].value);
            if (!p.defined[var]) return Truth::True;  // no point where it is defined
            auto v = eval_value(rule, nd.children[0], p);
            if (!v) return Truth::Unknown;
            auto m = floor_mod(*v, *k);
            return m && *m == 0 ? Truth::True : Truth::Unknown;
        }
        default:
            break;
    }
    auto a = eval_value(rule, nd.children[0], p);
    auto b = eval_value(rule, nd.children[1], p);
    if (!a || !b) return Truth::Unknown;
    std::optional<bool> holds = rules::apply_comparison(nd.op, *a, *b);
    if (!holds) return Truth::Unknown;
    return *holds ? Truth::True : Truth::False;
}

}  // namespace provix::solvers::prover
