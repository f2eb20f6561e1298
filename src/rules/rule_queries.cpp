/// \file
/// Queries on a parsed rule or lemma: its text form, the operands of a
/// flattened operator chain, its condition's conjuncts, the variables a
/// subtree reads.

#include <string>
#include <vector>

#include "provix/rules/rule.h"

namespace provix::rules {

int Rule::find_var(std::string_view n) const {
    for (size_t i = 0; i < vars.size(); ++i)
        if (vars[i].name == n) return static_cast<int>(i);
    return -1;
}

std::string to_string(const Rule& rule, int n) {
    const Node& node = rule.nodes[static_cast<size_t>(n)];
    auto c = [&](size_t i) { return to_string(rule, node.children[i]); };
    switch (node.op) {
        case Op::ExprVar:
        case Op::ConstVar:
        case Op::SumVar:
            return rule.vars[static_cast<size_t>(node.value)].name;
        case Op::Literal:
            return std::to_string(node.value);
        default:
            break;
    }
    switch (operator_info(node.op).syntax) {
        case OpSyntax::Call: {
            std::string s = std::string(op_name(node.op)) + "(";
            for (size_t i = 0; i < node.children.size(); ++i)
                s += (i ? ", " : "") + c(i);
            return s + ")";
        }
        case OpSyntax::Prefix:
            return std::string(op_name(node.op)) + "(" + c(0) + ")";
        default:
            return "(" + c(0) + " " + op_name(node.op) + " " + c(1) + ")";
    }
}

bool is_constant_subtree(const Rule& rule, int n) {
    const Node& node = rule.nodes[static_cast<size_t>(n)];
    if (node.op == Op::ExprVar || node.op == Op::SumVar) return false;
    if (operator_info(node.op).role == OpRole::Analysis) return true;
    for (int c : node.children)
        if (!is_constant_subtree(rule, c)) return false;
    return true;
}

namespace {

void append_operands(const Rule& rule, int n, Op op, std::vector<int>& out) {
    const Node& node = rule.nodes[static_cast<size_t>(n)];
    if (node.op != op) {
        out.push_back(n);
        return;
    }
    for (int c : node.children)
        append_operands(rule, c, op, out);
}

}  // namespace

std::vector<int> flatten(const Rule& rule, int node, Op op) {
    std::vector<int> out;
    append_operands(rule, node, op, out);
    return out;
}

std::vector<int> condition_conjuncts(const Rule& rule) {
    if (rule.condition < 0) return {};
    return flatten(rule, rule.condition, Op::And);
}

uint64_t variables_read(const Rule& rule, int n) {
    const Node& node = rule.nodes[static_cast<size_t>(n)];
    uint64_t m = 0;
    if (node.op == Op::ExprVar || node.op == Op::ConstVar || node.op == Op::SumVar)
        m |= uint64_t{1} << node.value;
    for (int c : node.children)
        m |= variables_read(rule, c);
    return m;
}

std::string to_string(const Lemma& lemma, int node) {
    Rule r;
    r.vars = lemma.vars;
    r.nodes = lemma.nodes;
    return to_string(r, node);
}

}  // namespace provix::rules
