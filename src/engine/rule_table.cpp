/// \file
/// RuleTable construction from the generated tables.

#include "rule_table.h"

#include <algorithm>

#include "block_condition.h"
#include "rule_table_data.h"

namespace provix::engine {
namespace {

using rules::Op;
using rules::Rule;

constexpr uint16_t kAllKinds = (1u << kNumExprKinds) - 1;
static_assert(kNumExprKinds <= 16, "CompiledRule::kinds holds a bit per ExprKind");

/// The expression kinds of an ExprKind mask, in enum order.
std::vector<ExprKind> kinds_of(uint16_t mask) {
    std::vector<ExprKind> out;
    for (unsigned k = 0; k < kNumExprKinds; ++k)
        if (mask & (1u << k)) out.push_back(static_cast<ExprKind>(k));
    return out;
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

/// True if the generator split the condition into `nodes` (ending with
/// -1) as compile_rule did.
bool same_conjuncts(const CompiledRule& c, const int* nodes) {
    size_t i = 0;
    for (; nodes[i] >= 0; ++i)
        if (i >= c.conjuncts.size() || c.conjuncts[i].node != nodes[i]) return false;
    return i == c.conjuncts.size();
}

/// The value of node `n` of `rule` (a variable node's variable index).
int64_t node_value(const Rule& rule, int n) { return rule.nodes[static_cast<size_t>(n)].value; }

/// How many sum-variable nodes for variable `var` the pattern below node
/// `p` has.
int sum_var_occurrences(const Rule& rule, int p, int64_t var) {
    const rules::Node& n = rule.nodes[static_cast<size_t>(p)];
    int count = n.op == Op::SumVar && n.value == var;
    for (int ch : n.children)
        count += sum_var_occurrences(rule, ch, var);
    return count;
}

/// Marks the sum patterns of the left side below node `p`.
void find_sums(CompiledRule& c, int p, bool inside_sum) {
    const Rule& rule = c.rule;
    const rules::Node& n = rule.nodes[static_cast<size_t>(p)];
    bool sum_root = !inside_sum && (n.op == Op::Add || n.op == Op::SumVar || is_partition(rule, n));
    if (sum_root) {
        SumPattern sp;
        for (int t : rules::flatten(rule, p, Op::Add)) {
            const rules::Node& tn = rule.nodes[static_cast<size_t>(t)];
            if (tn.op == Op::SumVar) {
                sp.rest = t;
                sp.rest_var = static_cast<int>(tn.value);
            } else if (is_partition(rule, tn)) {
                sp.part_const = tn.children[0];
                sp.part_sum = tn.children[1];
                sp.part_const_var = static_cast<int>(node_value(rule, sp.part_const));
                sp.part_sum_var = static_cast<int>(node_value(rule, sp.part_sum));
            } else if (is_coefficient(tn)) {
                sp.const_term = t;
            } else {
                sp.general.push_back(t);
            }
        }
        sp.min_terms = sp.general.size() + (sp.const_term >= 0) + (sp.part_sum >= 0);
        for (int v : {sp.rest_var, sp.part_sum_var})
            if (v >= 0 && sum_var_occurrences(rule, rule.lhs, v) > 1) sp.sub_sum_repeated = true;
        c.sums[static_cast<size_t>(p)] = sp;
        c.is_sum[static_cast<size_t>(p)] = 1;
        for (int t : sp.general)
            find_sums(c, t, true);
        return;
    }
    // Below a sum's term list (the term patterns themselves) new sums may
    // start again inside operators.
    bool child_inside = inside_sum && (n.op == Op::Add);
    for (int ch : n.children)
        find_sums(c, ch, child_inside);
}

/// The kinds of expression node `p` can match (see RuleMatcher::match): a
/// sum needing two or more terms only matches an Add; `p * c` with a
/// coefficient matches a Mul or what `p` matches (coefficient 1).
uint16_t node_kinds(const CompiledRule& c, int p) {
    const Rule& rule = c.rule;
    const rules::Node& n = rule.nodes[static_cast<size_t>(p)];
    if (c.is_sum[static_cast<size_t>(p)]) {
        const SumPattern& sp = c.sums[static_cast<size_t>(p)];
        return sp.min_terms >= 2 ? kind_bit(ExprKind::Add) : kAllKinds;
    }
    switch (n.op) {
        case Op::Literal:
        case Op::ConstVar:
            return kind_bit(ExprKind::Constant);
        case Op::Mul:
            if (is_coefficient(rule.nodes[static_cast<size_t>(n.children[1])])) {
                // A node that is not a product is its own monomial with
                // coefficient 1: a literal coefficient other than 1 (`x * 0`)
                // only matches a product.
                const rules::Node& coef = rule.nodes[static_cast<size_t>(n.children[1])];
                if (coef.op == Op::Literal && coef.value != 1) return kind_bit(ExprKind::Mul);
                uint16_t monomial = node_kinds(c, n.children[0]);
                return static_cast<uint16_t>(monomial | kind_bit(ExprKind::Mul));
            }
            return kind_bit(ExprKind::Mul);
        case Op::Add:  // below a sum pattern: flattened into that sum's terms
            return kAllKinds;
        default: {
            std::optional<ExprKind> kind = rules::expr_kind(n.op);
            return kind ? kind_bit(*kind) : kAllKinds;
        }
    }
}

/// True if every expression that pattern node `p` of `c`'s left side
/// matches has a floordiv, ceildiv, mod, min or max node in it: `p` is of
/// such a kind (the matcher takes no other kind for it, see node_kinds),
/// or a product or sum pattern one of whose parts needs one. A sum
/// pattern's term patterns each match a term of their own (its `c0 * X`
/// and rest may take none); `q * c` matches a product whose monomial `q`
/// matches, or `q`'s match itself. Anything else (a variable, a constant,
/// an Add flattened into a sum) needs nothing.
bool needs_piecewise(const CompiledRule& c, int p) {
    const auto i = static_cast<size_t>(p);
    if (c.is_sum[i]) {
        const std::vector<int>& terms = c.sums[i].general;
        return std::any_of(terms.begin(), terms.end(),
                           [&](int t) { return needs_piecewise(c, t); });
    }
    const rules::Node& n = c.rule.nodes[i];
    if (n.op == Op::Mul) {
        if (rules::is_coefficient(c.rule.nodes[static_cast<size_t>(n.children[1])]))
            return needs_piecewise(c, n.children[0]);
        return std::any_of(n.children.begin(), n.children.end(),
                           [&](int ch) { return needs_piecewise(c, ch); });
    }
    const std::optional<ExprKind> kind = rules::expr_kind(n.op);
    return kind && detail::is_piecewise(*kind);
}

}  // namespace

CompiledRule compile_rule(rules::Rule rule) {
    CompiledRule c;
    c.rule = std::move(rule);
    size_t n = c.rule.nodes.size();
    c.sums.resize(n);
    c.is_sum.assign(n, 0);
    c.constant_subtree.assign(n, 0);
    for (size_t i = 0; i < n; ++i)
        c.constant_subtree[i] = rules::is_constant_subtree(c.rule, static_cast<int>(i)) ? 1 : 0;
    c.flat.resize(n);
    for (size_t i = 0; i < n; ++i) {
        const rules::Node& nd = c.rule.nodes[i];
        FlatNode& f = c.flat[i];
        f.op = nd.op;
        f.value = nd.value;
        if (!nd.children.empty()) f.a = nd.children[0];
        if (nd.children.size() > 1) f.b = nd.children[1];
        if (nd.op == Op::Lb || nd.op == Op::Ub || nd.op == Op::Defined)
            f.value = c.rule.nodes[static_cast<size_t>(nd.children[0])].value;
    }
    for (FlatNode& f : c.flat) {  // the fused comparisons (see FlatNode::Fused)
        bool comparison = f.op == Op::Eq || f.op == Op::Ne || f.op == Op::Lt || f.op == Op::Le ||
                          f.op == Op::Gt || f.op == Op::Ge;
        if (!comparison) continue;
        const FlatNode& l = c.flat[static_cast<size_t>(f.a)];
        const FlatNode& r = c.flat[static_cast<size_t>(f.b)];
        if (f.op == Op::Eq && l.op == Op::Lb && r.op == Op::Ub && l.value == r.value) {
            f.fused = FlatNode::Fused::IsPoint;
            f.value = l.value;
        } else if (l.op == Op::ConstVar && r.op == Op::Literal) {
            f.fused = FlatNode::Fused::ConstVsLiteral;
            f.value = l.value;
            f.literal = r.value;
        }
    }
    find_sums(c, c.rule.lhs, false);
    c.kinds.assign(n, kAllKinds);
    for (size_t i = 0; i < n; ++i)
        c.kinds[i] = node_kinds(c, static_cast<int>(i));
    // Divisor variables of both sides: the matcher checks that their range
    // excludes zero (divisor_nonzero_pos / _neg).
    std::vector<int> stack = {c.rule.lhs, c.rule.rhs};
    while (!stack.empty()) {
        int p = stack.back();
        stack.pop_back();
        const rules::Node& nd = c.rule.nodes[static_cast<size_t>(p)];
        if (rules::is_division(nd.op)) {
            const rules::Node& d = c.rule.nodes[static_cast<size_t>(nd.children[1])];
            int v = static_cast<int>(d.value);
            if (d.op == Op::ExprVar &&
                std::find(c.divisor_vars.begin(), c.divisor_vars.end(), v) == c.divisor_vars.end())
                c.divisor_vars.push_back(v);
        }
        for (int ch : nd.children)
            stack.push_back(ch);
    }
    if (c.rule.vars.size() <= static_cast<size_t>(CompiledRule::kMaxTrackedVariables))
        for (int p : rules::condition_conjuncts(c.rule))
            c.conjuncts.push_back({p, rules::variables_read(c.rule, p)});
    if (c.conjuncts.size() > CompiledRule::kMaxTrackedConjuncts) c.conjuncts.clear();
    for (const CompiledRule::Conjunct& conjunct : c.conjuncts) {
        c.conjunct_vars |= conjunct.vars;
        if (conjunct.vars == 0) c.has_variable_free_conjunct = true;
    }
    c.var_conjuncts.assign(c.rule.vars.size(), 0);
    for (size_t i = 0; i < c.conjuncts.size(); ++i)
        for (size_t v = 0; v < c.rule.vars.size(); ++v)
            if (c.conjuncts[i].vars & (uint64_t{1} << v)) c.var_conjuncts[v] |= uint64_t{1} << i;
    for (SumPattern& sp : c.sums) {
        if (sp.part_const < 0) continue;
        int64_t c0 = c.rule.nodes[static_cast<size_t>(sp.part_const)].value;
        sp.scale_divisor = multiple_scale_divisor(c.rule, c0);
        if (sp.rest >= 0)
            sp.block_divisor =
                block_divisor(c.rule, c0, c.rule.nodes[static_cast<size_t>(sp.part_sum)].value,
                              c.rule.nodes[static_cast<size_t>(sp.rest)].value);
    }
    c.gate = make_rule_gate(c);
    return c;
}

RuleTable::RuleTable(std::vector<rules::Rule> rules, std::vector<std::string> lemma_names)
    : RuleTable(std::move(rules), std::move(lemma_names), {}) {}

RuleTable::RuleTable(std::vector<rules::Rule> rules, std::vector<std::string> lemma_names,
                     const std::vector<GeneratedCode>& generated)
    : lemma_names_(std::move(lemma_names)) {
    for (rules::Rule& r : rules)
        rules_.push_back(compile_rule(std::move(r)));
    // The generated code of each conjunct (and of the whole condition), by
    // node index. The bound hooks number the conjuncts as the generator
    // split the condition: attached only if compile_rule split it alike.
    for (size_t r = 0; r < generated.size() && r < rules_.size(); ++r) {
        CompiledRule& c = rules_[r];
        const GeneratedCode& code = generated[r];
        for (CompiledRule::Conjunct& conjunct : c.conjuncts)
            conjunct.compiled = code.conditions[static_cast<size_t>(conjunct.node)];
        if (c.rule.condition >= 0)
            c.compiled_condition = code.conditions[static_cast<size_t>(c.rule.condition)];
        if (!c.conjuncts.empty() && same_conjuncts(c, code.conjunct_nodes))
            c.bound_hooks = code.bound_hooks;
        c.values = code.values;
        c.build_rhs = code.build_rhs;
        // The generated matcher follows the interpreter for left sides
        // without sum patterns only (find_sums marked none).
        if (std::find(c.is_sum.begin(), c.is_sum.end(), 1) == c.is_sum.end())
            c.match_lhs = code.match_lhs;
        else
            c.match_lhs_sum = code.match_lhs_sum;
    }
    // Rules whose left side is a bare variable (fixed_value) are the most
    // decisive and cheapest: try them first; the rest keep table order.
    for (int pass = 0; pass < 2; ++pass) {
        for (const CompiledRule& c : rules_) {
            const Rule& rule = c.rule;
            bool generic = rule.nodes[static_cast<size_t>(rule.lhs)].op == Op::ExprVar;
            if ((pass == 0) != generic) continue;
            if (rule.is_constraint()) constraint_rules_.push_back(&c);
            // Indexed by the kinds its left side can match at all.
            auto& by_kind = rule.is_constraint() ? constraint_by_kind_ : by_kind_;
            for (ExprKind k : kinds_of(c.kinds[static_cast<size_t>(rule.lhs)]))
                by_kind[static_cast<size_t>(k)].push_back(&c);
        }
    }
    for (size_t k = 0; k < kNumExprKinds; ++k) {
        sum_gate_skip_[k].build(by_kind_[k]);
        if (k < kNumExprLeafKinds) continue;  // no operands
        by_operands_[k].resize(kOperandClasses);
        bool differs = false;
        for (size_t oc = 0; oc < kOperandClasses; ++oc) {
            for (const CompiledRule* c : by_kind_[k])
                if (c->gate.may_admit_operands(oc)) by_operands_[k][oc].push_back(c);
            differs = differs || by_operands_[k][oc].size() != by_kind_[k].size();
        }
        if (!differs) by_operands_[k].clear();
    }
    // The point rules' gates admit only a node whose range is one point
    // (their gate holds the point test alone); every other expression rule
    // must need a piecewise node.
    polynomials_only_at_points_ =
        std::all_of(rules_.begin(), rules_.end(), [](const CompiledRule& c) {
            if (c.rule.is_constraint()) return true;
            const bool point_test_alone = !c.gate.shape_tests && c.gate.point_range;
            return point_test_alone || needs_piecewise(c, c.rule.lhs);
        });
}

const RuleTable& RuleTable::builtin() {
    static const RuleTable table(
        load_generated(),
        std::vector<std::string>(generated::kLemmaNames,
                                 generated::kLemmaNames + generated::kNumLemmas),
        generated_code());
    return table;
}

std::vector<RuleTable::GeneratedCode> RuleTable::generated_code() {
    std::vector<GeneratedCode> out;
    for (int r = 0; r < generated::kNumRules; ++r) {
        const generated::RuleRecord& rec = generated::kRules[r];
        out.push_back({rec.conditions, rec.conjunct_nodes, rec.bound_hooks, rec.values,
                       rec.build_rhs, rec.match_lhs, rec.match_lhs_sum});
    }
    return out;
}

bool RuleTable::is_lemma(const std::string& name) const {
    return std::find(lemma_names_.begin(), lemma_names_.end(), name) != lemma_names_.end();
}

}  // namespace provix::engine
