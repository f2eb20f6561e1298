/// \file
/// Generation of the C++ of left-side matchers (see match_codegen.h).

#include "match_codegen.h"

#include <cstdint>
#include <sstream>
#include <vector>

#include "condition_codegen.h"

namespace provix::rules {
namespace {

/// Writes one left side's matcher: each step of RuleMatcher::match as a
/// statement, in the order the interpreter's continuations run them.
class MatchEmitter {
public:
    /// `with_sum`: the left side may end in one sum pattern, matched by
    /// generated loops (see sum) or by the interpreter with the continuation.
    MatchEmitter(const Rule& rule, bool with_sum) : rule_(rule), with_sum_(with_sum) {}

    /// The statements of the match, or false if the left side has a node
    /// this generator does not compile (the interpreter matches it): with
    /// `with_sum`, a left side whose last step is its only sum pattern.
    bool emit() {
        match(rule_.lhs, "e");
        return ok_ && (with_sum_ ? summed_ : !summed_);
    }
    std::string body() const { return out_.str(); }
    /// True if the match binds a variable before its sum's term loops (it
    /// then tracks them in `fresh`).
    bool binds() const { return scopes_.front().bound; }

private:
    /// Where bindings are recorded and how a failed step leaves: the match
    /// itself (`fresh`, return), or one term pattern's loop over the sum's
    /// terms (its own mask, on to the next term).
    struct Scope {
        std::string fresh;
        bool loop;
        bool bound = false;  ///< a binding may have been recorded
    };

    const Node& node(int n) const { return rule_.nodes[static_cast<size_t>(n)]; }
    static std::string name(int n) { return "e" + std::to_string(n); }
    /// The statement leaving a failed step: nothing to undo before the
    /// scope's first binding.
    std::string fail() const {
        const Scope& s = scopes_.back();
        if (s.loop) return s.bound ? "{ m.unbind_fresh(" + s.fresh + "); continue; }" : "continue;";
        return s.bound ? "return m.unbind_fresh(fresh);" : "return false;";
    }
    /// The mask of the current scope, marked as holding a binding.
    const std::string& fresh() {
        scopes_.back().bound = true;
        return scopes_.back().fresh;
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
        out_ << ind_ << "if (!m.kind_fits(" << p << ", " << e << ")) " << fail() << "\n";
        checked(p, e);
    }

    /// RuleMatcher::match_checked (the node's kind fits).
    void checked(int p, const std::string& e) {
        if (summed_ && !in_sum_) ok_ = false;  // a step after the sum: not straight-line
        const Node& n = node(p);
        if (is_sum_root(p)) {
            if (in_sum_) {
                ok_ = false;  // a sum inside a term pattern: the interpreter's
                return;
            }
            if (!with_sum_) ok_ = false;
            sum(p, e);
        } else if (n.op == Op::ExprVar) {
            out_ << ind_ << "if (!m.bind_expr_step(" << n.value << ", " << e << ", " << fresh()
                 << ")) " << fail() << "\n";
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
            out_ << ind_ << "if (" << v << " != " << int_literal(n.value) << ") " << fail() << "\n";
            return;
        }
        out_ << ind_ << "if (!m.bind_const_step(" << n.value << ", " << v << ", " << fresh()
             << ")) " << fail() << "\n";
    }

    /// RuleMatcher::match_node for an operator pattern (no sum).
    void operator_node(int p, const std::string& e) {
        const Node& n = node(p);
        switch (n.op) {
            case Op::Mul:
                if (is_coefficient(node(n.children[1]))) {
                    // `x * c`: the split term's coefficient, then its monomial.
                    const std::string t = "t" + std::to_string(p);
                    out_ << ind_ << "const SumTerm " << t << " = RuleMatcher::term_of(" << e
                         << ");\n"
                         << ind_ << "if (!" << t << ".monomial) " << fail() << "\n";
                    constant(n.children[1], t + ".coef");
                    match(n.children[0], t + ".monomial");
                    return;
                }
                out_ << ind_ << "if (provix::detail::num_ops(" << e << ") != 2) " << fail() << "\n";
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
        out_ << ind_ << "const Expr " << name(a) << " = provix::detail::op_at(" << e << ", 0);\n"
             << ind_ << "const Expr " << name(b) << " = provix::detail::op_at(" << e << ", 1);\n"
             << ind_ << "if (!m.kind_fits(" << a << ", " << name(a) << ") || !m.kind_fits(" << b
             << ", " << name(b) << ")) " << fail() << "\n";
        if (is_coefficient(node(b))) {
            checked(b, name(b));
            checked(a, name(a));
        } else {
            checked(a, name(a));
            checked(b, name(b));
        }
    }

    /// The sum pattern at `p` against `e`, then the continuation `k`, as
    /// RuleMatcher::match_sum takes it: its quick rejects and terms
    /// (sum_terms_step); assign_terms as nested loops, term pattern i over
    /// the unused terms with a monomial in increasing order, each loop's
    /// bindings in its own mask, undone before its next term; the
    /// constant term; the partition (partition_step) with `k`. A term
    /// pattern holding a sum of its own has choice points inside the term:
    /// the whole sum is left to the interpreter (match_sum_step).
    void sum(int p, const std::string& e) {
        summed_ = true;
        // The sum's terms as find_sums splits them: the general term
        // patterns in order and the constant term; the partition and the
        // rest are partition_step's.
        const std::vector<int> terms = flatten(rule_, p, Op::Add);
        std::vector<int> general;
        int const_term = -1;
        // The partition's shape (RuleMatcher::PartitionShape), as
        // find_sums sets SumPattern::part_sum and SumPattern::rest.
        bool with_x = false, with_y = false;
        for (int t : terms) {
            const Node& tn = node(t);
            if (tn.op == Op::SumVar || is_partition(rule_, tn)) {
                (tn.op == Op::SumVar ? with_y : with_x) = true;
                continue;
            }
            if (is_coefficient(tn))
                const_term = t;
            else
                general.push_back(t);
        }
        const std::string leave = fail();
        const bool bound_before = scopes_.front().bound;
        std::ostringstream loops;
        out_.swap(loops);
        const bool ok_before = ok_;
        in_sum_ = true;
        out_ << ind_ << "provix::detail::ScopedScratch<std::vector<SumTerm>> sum_buffer("
             << "RuleMatcher::term_buffers());\n"
             << ind_ << "if (!m.sum_terms_step(" << p << ", " << e << ", *sum_buffer)) " << leave
             << "\n"
             << ind_ << "const std::vector<SumTerm>& terms = *sum_buffer;\n";
        if (!general.empty() || const_term >= 0)
            out_ << ind_ << "const size_t n_terms = terms.size();\n";
        if (const_term >= 0) {
            // The term patterns take terms with a monomial only: the first
            // unused constant term is the first constant term.
            out_ << ind_ << "size_t jc = 0;\n"
                 << ind_ << "while (jc < n_terms && terms[jc].monomial) ++jc;\n";
        }
        for (size_t i = 0; i < general.size(); ++i) {
            const std::string j = "j" + std::to_string(i), u = "u" + std::to_string(i);
            const std::string used = "used" + std::to_string(i);
            out_ << ind_ << "for (size_t " << j << " = 0; " << j << " < n_terms; ++" << j
                 << ") {\n";
            ind_ += "    ";
            out_ << ind_ << "if (";
            if (i > 0) out_ << "((used" << i - 1 << " >> " << j << ") & 1) || ";
            out_ << "!terms[" << j << "].monomial) continue;\n"
                 << ind_ << "const uint64_t " << used << " = "
                 << (i > 0 ? "used" + std::to_string(i - 1) + " | " : std::string())
                 << "(uint64_t{1} << " << j << ");\n"
                 << ind_ << "const SumTerm& " << u << " = terms[" << j << "];\n"
                 << ind_ << "[[maybe_unused]] uint64_t f" << i << " = 0;\n";
            scopes_.push_back({"f" + std::to_string(i), true});
            // RuleMatcher::match_term. For `x * c` the monomial's kind is
            // checked before c is bound rather than after: a check without
            // effects, so a term it rejects leaves the bindings and their
            // recorded verdicts as binding c and unbinding it again would
            // (a conjunct's verdict is recorded anew whenever the last of
            // its variables is bound).
            const Node& g = node(general[i]);
            if (g.op == Op::Mul && is_coefficient(node(g.children[1]))) {
                out_ << ind_ << "if (!m.kind_fits(" << g.children[0] << ", " << u << ".monomial)) "
                     << fail() << "\n";
                constant(g.children[1], u + ".coef");
                checked(g.children[0], u + ".monomial");
            } else {
                match(general[i], u + ".whole");
            }
        }
        std::string used =
            general.empty() ? "uint64_t{0}" : "used" + std::to_string(general.size() - 1);
        if (const_term >= 0) {
            out_ << ind_ << "if (jc == n_terms) " << fail() << "\n";
            constant(const_term, "terms[jc].coef");
            used += " | (uint64_t{1} << jc)";
        }
        const std::string shape = with_x && with_y
                                      ? "RuleMatcher::kPartitionX | RuleMatcher::kPartitionY"
                                  : with_x ? "RuleMatcher::kPartitionX"
                                  : with_y ? "RuleMatcher::kPartitionY"
                                           : "0";
        out_ << ind_ << "if (m.partition_step<" << shape << ">(" << p << ", terms, " << used
             << ", k)) return true;\n";
        for (size_t i = general.size(); i-- > 0;) {
            if (scopes_.back().bound) out_ << ind_ << "m.unbind_fresh(f" << i << ");\n";
            scopes_.pop_back();
            ind_.resize(ind_.size() - 4);
            out_ << ind_ << "}\n";
        }
        out_ << ind_ << fail() << "\n";
        in_sum_ = false;
        out_.swap(loops);
        if (ok_) {
            out_ << loops.str();
            return;
        }
        // The interpreter's sum, and everything after it (the continuation
        // k); what was bound before is undone if they fail.
        ok_ = ok_before;
        scopes_.front().bound = bound_before;
        out_ << ind_ << "if (m.match_sum_step(" << p << ", " << e << ", k)) return true;\n"
             << ind_ << leave << "\n";
    }

    const Rule& rule_;
    std::ostringstream out_;
    const bool with_sum_;
    bool ok_ = true;
    bool summed_ = false;  ///< the sum step is written
    bool in_sum_ = false;  ///< writing the sum's term patterns
    std::vector<Scope> scopes_ = {{"fresh", false}};
    std::string ind_ = "    ";
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
