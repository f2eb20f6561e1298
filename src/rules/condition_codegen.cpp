/// \file
/// Generation of the C++ of rule conditions (see condition_codegen.h).

#include "condition_codegen.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <sstream>
#include <vector>

namespace provix::rules {
namespace {

#define PROVIX_OPERATOR_NAME(Name, name, spelling, syntax, arity, role, smt) #Name,
/// The enumerator of each Op, in enum order: `kOpNames[Op::Gt] == "Gt"`.
constexpr const char* kOpNames[] = {PROVIX_RULE_LEAVES(PROVIX_OPERATOR_NAME) PROVIX_EXPR_OPERATORS(
    PROVIX_OPERATOR_NAME) PROVIX_RULE_OPERATORS(PROVIX_OPERATOR_NAME)};
#undef PROVIX_OPERATOR_NAME
static_assert(sizeof(kOpNames) / sizeof(kOpNames[0]) == kNumOps, "a name per operator");

std::string op_code(Op op) {
    return std::string("rules::Op::") + kOpNames[static_cast<size_t>(op)];
}

bool is_comparison(Op op) {
    return op == Op::Eq || op == Op::Ne || op == Op::Lt || op == Op::Le || op == Op::Gt ||
           op == Op::Ge;
}

/// Writes the functions of one rule's condition, callees first.
class Emitter {
public:
    Emitter(const Rule& rule, size_t index) : rule_(rule), index_(std::to_string(index)) {}

    /// Emits the condition function of node `n` (and what it calls).
    void condition(int n) {
        std::ostringstream body;
        const Node& nd = node(n);
        int a = child(n, 0), b = child(n, 1);
        if (fused_point(nd)) {
            body << "    return m.range_is_point(" << var_of(a) << ");\n";
        } else if (is_comparison(nd.op) && node(a).op == Op::ConstVar &&
                   node(b).op == Op::Literal) {
            body << "    std::optional<int64_t> a = m.constant_of(" << node(a).value << ");\n"
                 << "    if (!a) return Tri::Unknown;\n"
                 << "    return RuleMatcher::compare(" << op_code(nd.op) << ", *a, "
                 << int_literal(node(b).value) << ");\n";
        } else if (nd.op == Op::And || nd.op == Op::Or) {
            bool conj = nd.op == Op::And;
            const char* stop = conj ? "Tri::False" : "Tri::True";
            const char* other = conj ? "Tri::True" : "Tri::False";
            condition(a);
            condition(b);
            body << "    Tri a = " << cond_name(a) << "(m);\n"
                 << "    if (a == " << stop << ") return " << stop << ";\n"
                 << "    Tri b = " << cond_name(b) << "(m);\n"
                 << "    if (b == " << stop << ") return " << stop << ";\n"
                 << "    return a == " << other << " && b == " << other << " ? " << other
                 << " : Tri::Unknown;\n";
        } else if (nd.op == Op::Not) {
            condition(a);
            body << "    Tri a = " << cond_name(a) << "(m);\n"
                 << "    if (a == Tri::Unknown) return a;\n"
                 << "    return a == Tri::True ? Tri::False : Tri::True;\n";
        } else if (nd.op == Op::Defined) {
            body << "    return m.defined_verdict(" << var_of(a) << ");\n";
        } else if (nd.op == Op::Divisible) {
            body << "    std::optional<int64_t> c = " << operand(b) << ";\n"
                 << "    if (!c || *c == 0) return Tri::Unknown;\n"
                 << "    return m.divisible_verdict(" << node(a).value << ", *c);\n";
        } else {
            body << "    std::optional<int64_t> a = " << operand(a) << ";\n"
                 << "    std::optional<int64_t> b = " << operand(b) << ";\n"
                 << "    if (!a || !b) return Tri::Unknown;\n"
                 << "    return RuleMatcher::compare(" << op_code(nd.op) << ", *a, *b);\n";
        }
        out_ << "// " << to_string(rule_, n) << "\n"
             << "inline Tri " << cond_name(n) << "(RuleMatcher& m) {\n"
             << body.str() << "}\n";
        is_condition_.push_back(n);
    }

    /// Emits the integer functions of the right side's constant parts
    /// under node `n` (RuleMatcher::build_node evaluates them): the
    /// topmost constant subtrees that are operators (a literal or a
    /// constant variable is read in place).
    void right_side(int n) {
        if (n < 0) return;
        const Node& nd = node(n);
        if (nd.op == Op::Literal || nd.op == Op::ConstVar || nd.op == Op::ExprVar ||
            nd.op == Op::SumVar)
            return;
        if (!is_constant_subtree(rule_, n)) {
            for (int c : nd.children)
                right_side(c);
            return;
        }
        integer(n);
        is_value_.push_back(n);
    }

    /// The C++ expression building right-side node `n` as RuleMatcher::build
    /// does (a leaf inline, a constant part through its integer function,
    /// an operator through its builder function, emitted now).
    std::string built(int n) {
        const Node& nd = node(n);
        const std::string v = std::to_string(nd.value);
        switch (nd.op) {
            case Op::Literal:
                return "m.constant_node(" + int_literal(nd.value) + ")";
            case Op::ConstVar:
                return "m.constant_node(m.constant_of(" + v + "))";
            case Op::ExprVar:
                return "m.expr_var_node(" + v + ")";
            case Op::SumVar:
                return "m.sum_var_node(" + v + ")";
            default:
                break;
        }
        if (is_constant_subtree(rule_, n)) {
            integer(n);
            return "m.constant_node(" + int_name(n) + "(m))";
        }
        const std::string name = "build_" + index_ + "_" + std::to_string(n);
        if (std::find(is_built_.begin(), is_built_.end(), n) != is_built_.end())
            return name + "(m)";
        is_built_.push_back(n);
        // The operands in order, each checked before the next is built.
        std::ostringstream body;
        std::string ops;
        for (size_t i = 0; i < nd.children.size(); ++i) {
            const std::string o = "o" + std::to_string(i);
            body << "    const Expr " << o << " = " << built(nd.children[i]) << ";\n"
                 << "    if (!" << o << ") return Expr();\n";
            ops += (i ? ", " : "") + o;
        }
        body << "    const Expr ops[] = {" << ops << "};\n"
             << "    return m.build_operator(" << op_code(nd.op) << ", ops, " << nd.children.size()
             << ");\n";
        out_ << "// " << to_string(rule_, n) << "\n"
             << "inline Expr " << name << "(RuleMatcher& m) {\n"
             << body.str() << "}\n";
        return name + "(m)";
    }

    std::string functions() const { return out_.str(); }
    const std::vector<int>& condition_nodes() const { return is_condition_; }
    const std::vector<int>& value_nodes() const { return is_value_; }

private:
    const Node& node(int n) const { return rule_.nodes[static_cast<size_t>(n)]; }
    int child(int n, size_t i) const {
        const Node& nd = node(n);
        return i < nd.children.size() ? nd.children[i] : -1;
    }
    /// The variable index of an `lb`/`ub`/`defined` argument.
    int64_t var_of(int n) const { return n < 0 ? -1 : node(n).value; }
    bool fused_point(const Node& nd) const {
        if (nd.op != Op::Eq || nd.children.size() != 2) return false;
        const Node& l = node(nd.children[0]);
        const Node& r = node(nd.children[1]);
        return l.op == Op::Lb && r.op == Op::Ub && var_of(l.children[0]) == var_of(r.children[0]);
    }
    std::string cond_name(int n) const { return "cond_" + index_ + "_" + std::to_string(n); }
    std::string int_name(int n) const { return "int_" + index_ + "_" + std::to_string(n); }

    /// An operand's value as a C++ expression (RuleMatcher::eval_operand):
    /// literals and constant variables inline, the rest through its function.
    std::string operand(int n) {
        if (n < 0) return "std::optional<int64_t>()";
        const Node& nd = node(n);
        if (nd.op == Op::Literal) return "std::optional<int64_t>(" + int_literal(nd.value) + ")";
        if (nd.op == Op::ConstVar) return "m.constant_of(" + std::to_string(nd.value) + ")";
        integer(n);
        return int_name(n) + "(m)";
    }

    /// Emits the integer function of node `n` (RuleMatcher::eval_int), once.
    void integer(int n) {
        if (std::find(is_integer_.begin(), is_integer_.end(), n) != is_integer_.end()) return;
        is_integer_.push_back(n);
        std::ostringstream body;
        const Node& nd = node(n);
        int a = child(n, 0), b = child(n, 1);
        if (nd.op == Op::Lb || nd.op == Op::Ub) {
            body << "    return m." << (nd.op == Op::Lb ? "lower" : "upper") << "_bound("
                 << var_of(a) << ");\n";
        } else if (nd.op == Op::Residue) {
            body << "    std::optional<int64_t> c = " << operand(b) << ";\n"
                 << "    if (!c) return std::nullopt;\n"
                 << "    return m.residue_of(" << var_of(a) << ", *c);\n";
        } else if (nd.op == Op::Abs) {
            body << "    std::optional<int64_t> a = " << operand(a) << ";\n"
                 << "    if (!a) return std::nullopt;\n"
                 << "    return rules::apply_unary(" << op_code(nd.op) << ", *a);\n";
        } else {
            std::string ca = operand(a);
            std::string cb = operand(b);
            body << "    std::optional<int64_t> a = " << ca << ";\n"
                 << "    if (!a) return std::nullopt;\n"
                 << "    std::optional<int64_t> b = " << cb << ";\n"
                 << "    if (!b) return std::nullopt;\n"
                 << "    return rules::apply_binary(" << op_code(nd.op) << ", *a, *b);\n";
        }
        out_ << "// " << to_string(rule_, n) << "\n"
             << "inline std::optional<int64_t> " << int_name(n) << "(RuleMatcher& m) {\n"
             << body.str() << "}\n";
    }

    const Rule& rule_;
    std::string index_;
    std::ostringstream out_;
    std::vector<int> is_condition_;
    std::vector<int> is_integer_;  ///< the nodes whose integer function is emitted
    std::vector<int> is_value_;    ///< the right side's constant parts (right_side)
    std::vector<int> is_built_;    ///< the nodes whose builder function is emitted
};

/// Conjunct and variable sets are 64-bit masks (the matcher's limits,
/// CompiledRule::kMaxTrackedVariables and kMaxTrackedConjuncts): beyond
/// them no hooks are written and the matcher decides the condition at the
/// end of a match.
constexpr size_t kMaxTracked = 64;

/// The bound hooks of one rule (see condition_code): for each variable, the
/// conjuncts reading it, each checked once all its variables are bound.
std::string bound_hooks(const Rule& rule, const std::string& index,
                        const std::vector<int>& conjuncts) {
    std::ostringstream out;
    std::vector<std::string> hooks(rule.vars.size(), "nullptr");
    for (size_t v = 0; v < rule.vars.size(); ++v) {
        std::ostringstream body;
        for (size_t i = 0; i < conjuncts.size(); ++i) {
            uint64_t vars = variables_read(rule, conjuncts[i]);
            if (!(vars & (uint64_t{1} << v))) continue;
            body << "    if ((bound & " << vars << "u) == " << vars << "u && !m.record_conjunct("
                 << i << ", cond_" << index << "_" << conjuncts[i] << "(m)))\n"
                 << "        return false;\n";
        }
        if (body.str().empty()) continue;
        std::string name = "bound_" + index + "_" + std::to_string(v);
        out << "// variable " << rule.vars[v].name << " bound\n"
            << "inline bool " << name << "(RuleMatcher& m) {\n"
            << "    const uint64_t bound = m.bound_variables();\n"
            << body.str() << "    return true;\n}\n";
        hooks[v] = "&" + name;
    }
    out << "const BoundHook kBoundHooks" << index << "[] = {";
    for (const std::string& h : hooks)
        out << h << ", ";
    out << "nullptr};\n";
    out << "const int kConjunctNodes" << index << "[] = {";
    for (int n : conjuncts)
        out << n << ", ";
    out << "-1};\n";
    return out.str();
}

}  // namespace

std::string condition_code(const Rule& rule, size_t index) {
    Emitter emitter(rule, index);
    if (rule.condition >= 0) emitter.condition(rule.condition);
    std::vector<bool> has(rule.nodes.size(), false);
    for (int n : emitter.condition_nodes())
        has[static_cast<size_t>(n)] = true;
    std::ostringstream out;
    std::string id = std::to_string(index);
    out << emitter.functions() << "const CompiledCondition kConditions" << id << "[] = {";
    for (size_t n = 0; n < rule.nodes.size(); ++n)
        out << (has[n] ? "&cond_" + id + "_" + std::to_string(n) : "nullptr") << ", ";
    out << "nullptr};\n";
    // The right side's constant parts (and a constraint rule's new range
    // ends), for the matcher's right-side builder.
    Emitter values(rule, index);
    values.right_side(rule.rhs);
    values.right_side(rule.rhs_lo);
    values.right_side(rule.rhs_hi);
    std::string build_rhs;
    if (rule.rhs >= 0) build_rhs = values.built(rule.rhs);
    std::vector<bool> value(rule.nodes.size(), false);
    for (int n : values.value_nodes())
        value[static_cast<size_t>(n)] = true;
    out << "namespace values" << id << " {\n"
        << values.functions() << "}  // namespace values" << id << "\n";
    out << "const CompiledValue kValues" << id << "[] = {";
    for (size_t n = 0; n < rule.nodes.size(); ++n)
        out << (value[n] ? "&values" + id + "::int_" + id + "_" + std::to_string(n) : "nullptr")
            << ", ";
    out << "nullptr};\n";
    // The right side's builder.
    if (build_rhs.empty()) {
        out << "const CompiledBuild kBuild" << id << " = nullptr;\n";
    } else {
        out << "namespace values" << id << " {\n"
            << "inline Expr build_" << id << "(RuleMatcher& m) { return " << build_rhs << "; }\n"
            << "}  // namespace values" << id << "\n"
            << "const CompiledBuild kBuild" << id << " = &values" << id << "::build_" << id
            << ";\n";
    }
    std::vector<int> conjuncts;
    if (rule.vars.size() <= kMaxTracked) conjuncts = condition_conjuncts(rule);
    if (conjuncts.size() > kMaxTracked) conjuncts.clear();
    out << bound_hooks(rule, id, conjuncts) << "\n";
    return out.str();
}

std::string int_literal(int64_t v) {
    if (v == std::numeric_limits<int64_t>::min()) return "(int64_t{-9223372036854775807} - 1)";
    return "int64_t{" + std::to_string(v) + "}";
}

}  // namespace provix::rules
