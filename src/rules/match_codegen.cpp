/// \file
/// Generation of the C++ of left-side matchers (see match_codegen.h).

#include "match_codegen.h"

#include <cstdint>
#include <sstream>

#include "condition_codegen.h"

namespace provix::rules {
namespace {

/// Writes one left side's matcher: each step of RuleMatcher::match as a
/// statement, in the order the interpreter's continuations run them.
class MatchEmitter {
public:
    /// `with_sum`: the left side may end in one sum pattern, matched by
    /// the interpreter (RuleMatcher::match_sum_step) with the continuation.
    MatchEmitter(const Rule& rule, bool with_sum) : rule_(rule), with_sum_(with_sum) {}

    /// The statements of the match, or false if the left side has a node
    /// this generator does not compile (the interpreter matches it): with
    /// `with_sum`, a left side whose last step is its only sum pattern.
    bool emit() {
        match(rule_.lhs, "e");
        return ok_ && (with_sum_ ? summed_ : !summed_);
    }
    std::string body() const { return out_.str(); }
    /// True if the match binds a variable (it then tracks them in `fresh`).
    bool binds() const { return may_have_bound_; }

private:
    const Node& node(int n) const { return rule_.nodes[static_cast<size_t>(n)]; }
    static std::string name(int n) { return "e" + std::to_string(n); }
    /// The statement leaving the match: nothing to undo before the first
    /// binding.
    std::string fail() const {
        return may_have_bound_ ? "return m.unbind_fresh(fresh);" : "return false;";
    }

    /// True if node `p`, outside any sum, is matched as a sum (as
    /// compile_rule's find_sums marks it): an Add, a sum variable or a
    /// partition `c0 * X`.
    bool is_sum_root(int p) const {
        const Node& n = node(p);
        return n.op == Op::Add || n.op == Op::SumVar || is_partition(rule_, n);
    }

    /// RuleMatcher::match: the kind check, then match_checked.
    void match(int p, const std::string& e) {
        out_ << "    if (!m.kind_fits(" << p << ", " << e << ")) " << fail() << "\n";
        checked(p, e);
    }

    /// RuleMatcher::match_checked (the node's kind fits).
    void checked(int p, const std::string& e) {
        if (summed_) ok_ = false;  // a step after the sum: not straight-line
        const Node& n = node(p);
        if (is_sum_root(p)) {
            // The sum and everything after it (the continuation k); what
            // was bound before is undone if they fail.
            if (!with_sum_) ok_ = false;
            out_ << "    if (m.match_sum_step(" << p << ", " << e << ", k)) return true;\n"
                 << "    " << fail() << "\n";
            summed_ = true;
        } else if (n.op == Op::ExprVar) {
            out_ << "    if (!m.bind_expr_step(" << n.value << ", " << e << ", fresh)) " << fail()
                 << "\n";
            may_have_bound_ = true;
        } else if (is_coefficient(n)) {
            constant(p, "provix::detail::const_value(" + e + ")");
        } else {
            operator_node(p, e);
        }
    }

    /// RuleMatcher::match_const.
    void constant(int p, const std::string& v) {
        const Node& n = node(p);
        if (n.op == Op::Literal) {
            out_ << "    if (" << v << " != " << int_literal(n.value) << ") " << fail() << "\n";
            return;
        }
        out_ << "    if (!m.bind_const_step(" << n.value << ", " << v << ", fresh)) " << fail()
             << "\n";
        may_have_bound_ = true;
    }

    /// RuleMatcher::match_node for an operator pattern (no sum).
    void operator_node(int p, const std::string& e) {
        const Node& n = node(p);
        switch (n.op) {
            case Op::Mul:
                if (is_coefficient(node(n.children[1]))) {
                    // `x * c`: the split term's coefficient, then its monomial.
                    const std::string t = "t" + std::to_string(p);
                    out_ << "    const SumTerm " << t << " = RuleMatcher::term_of(" << e << ");\n"
                         << "    if (!" << t << ".monomial) " << fail() << "\n";
                    constant(n.children[1], t + ".coef");
                    match(n.children[0], t + ".monomial");
                    return;
                }
                out_ << "    if (provix::detail::num_ops(" << e << ") != 2) " << fail() << "\n";
                break;
            case Op::FloorDiv:
            case Op::CeilDiv:
            case Op::Mod:
            case Op::Min:
            case Op::Max:
                break;
            default:
                ok_ = false;  // a sum, or an operator the matcher rejects
                return;
        }
        // Both operands' kinds before anything is bound; a constant right
        // operand first.
        const int a = n.children[0], b = n.children[1];
        out_ << "    const Expr " << name(a) << " = provix::detail::op_at(" << e << ", 0);\n"
             << "    const Expr " << name(b) << " = provix::detail::op_at(" << e << ", 1);\n"
             << "    if (!m.kind_fits(" << a << ", " << name(a) << ") || !m.kind_fits(" << b << ", "
             << name(b) << ")) " << fail() << "\n";
        if (is_coefficient(node(b))) {
            checked(b, name(b));
            checked(a, name(a));
        } else {
            checked(a, name(a));
            checked(b, name(b));
        }
    }

    const Rule& rule_;
    std::ostringstream out_;
    const bool with_sum_;
    bool ok_ = true;
    bool summed_ = false;  ///< the sum step is written
    bool may_have_bound_ = false;
};

/// Variables beyond this are not tracked by the matcher's masks.
constexpr size_t kMaxVariables = 64;

}  // namespace

std::string match_code(const Rule& rule, size_t index) {
    const std::string id = std::to_string(index);
    std::ostringstream out;
    MatchEmitter plain(rule, false);
    MatchEmitter summed(rule, true);
    const bool fits = rule.lhs >= 0 && rule.vars.size() <= kMaxVariables;
    if (fits && plain.emit()) {
        out << "// " << to_string(rule, rule.lhs) << "\n"
            << "inline bool match_" << id << "(RuleMatcher& m, Expr e, uint64_t& fresh) {\n"
            << plain.body() << "    return true;\n}\n"
            << "const CompiledMatch kMatch" << id << " = &match_" << id << ";\n";
    } else {
        out << "const CompiledMatch kMatch" << id << " = nullptr;\n";
    }
    if (fits && summed.emit()) {
        out << "// " << to_string(rule, rule.lhs) << "\n"
            << "inline bool match_sum_" << id << "(RuleMatcher& m, Expr e, Continuation k) {\n"
            << (summed.binds() ? "    uint64_t fresh = 0;\n" : "") << summed.body() << "}\n"
            << "const CompiledSumMatch kMatchSum" << id << " = &match_sum_" << id << ";\n";
    } else {
        out << "const CompiledSumMatch kMatchSum" << id << " = nullptr;\n";
    }
    return out.str();
}

}  // namespace provix::rules
