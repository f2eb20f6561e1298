/// \file
/// RuleTable construction from the generated tables.

#include "rule_table.h"

#include "rule_table_data.h"

namespace provix::engine {
namespace {

using rules::Op;
using rules::Rule;

/// The node kinds a left side rooted at `root` may match: a specific kind
/// for operator roots, every kind for variables, sums and term patterns.
std::vector<ExprKind> root_kinds(const Rule& rule) {
    const rules::Node& n = rule.nodes[static_cast<size_t>(rule.lhs)];
    switch (n.op) {
        case Op::FloorDiv: return {ExprKind::FloorDiv};
        case Op::CeilDiv: return {ExprKind::CeilDiv};
        case Op::Mod: return {ExprKind::Mod};
        case Op::Min: return {ExprKind::Min};
        case Op::Max: return {ExprKind::Max};
        default:
            return {ExprKind::Constant, ExprKind::Variable, ExprKind::Add,
                    ExprKind::Mul,      ExprKind::FloorDiv, ExprKind::CeilDiv,
                    ExprKind::Mod,      ExprKind::Min,      ExprKind::Max};
    }
}

std::vector<Rule> load_generated() {
    using namespace generated;
    std::vector<Rule> out;
    for (int r = 0; r < kNumRules; ++r) {
        const RuleRecord& rec = kRules[r];
        Rule rule;
        rule.name = rec.name;
        rule.file = rec.file;
        rule.line = rec.line;
        rule.text = rec.text;
        for (size_t v = 0; v < rec.num_vars; ++v)
            rule.vars.push_back({rec.vars[v].name, static_cast<rules::VarKind>(rec.vars[v].kind)});
        for (size_t i = 0; i < rec.num_nodes; ++i) {
            const NodeRecord& n = rec.nodes[i];
            rules::Node node{static_cast<Op>(n.op), n.value, {}};
            for (size_t c = 0; c < n.num_children; ++c)
                node.children.push_back(rec.children[n.first_child + c]);
            rule.nodes.push_back(std::move(node));
        }
        rule.lhs = rec.lhs;
        rule.rhs = rec.rhs;
        rule.condition = rec.condition;
        rule.lhs_lo = rec.lhs_lo;
        rule.lhs_hi = rec.lhs_hi;
        rule.rhs_lo = rec.rhs_lo;
        rule.rhs_hi = rec.rhs_hi;
        out.push_back(std::move(rule));
    }
    return out;
}

}  // namespace

RuleTable::RuleTable(std::vector<rules::Rule> rules) : rules_(std::move(rules)) {
    // Rules whose left side is a bare variable (fixed_value) are the most
    // decisive and cheapest: try them first; the rest keep table order.
    for (int pass = 0; pass < 2; ++pass) {
        for (const Rule& rule : rules_) {
            bool generic = rule.nodes[static_cast<size_t>(rule.lhs)].op == Op::ExprVar;
            if ((pass == 0) != generic) continue;
            if (rule.is_constraint()) {
                constraint_rules_.push_back(&rule);
                continue;
            }
            for (ExprKind k : root_kinds(rule)) by_kind_[static_cast<size_t>(k)].push_back(&rule);
        }
    }
}

const RuleTable& RuleTable::builtin() {
    static const RuleTable table(load_generated());
    return table;
}

const rules::Rule* RuleTable::find(const std::string& name) const {
    for (const Rule& r : rules_)
        if (r.name == name) return &r;
    return nullptr;
}

}  // namespace provix::engine
