// Lemma proofs (see provix/solvers/lemma_prover.h): a lemma's formula is
// encoded into SMT-LIB with floor semantics and Z3 decides its negation.

#include "provix/solvers/lemma_prover.h"

#include <sstream>
#include <vector>

#include "external_provers.h"
#include "smt_text.h"
#include "z3_solve.h"

namespace provix::solvers {

using rules::Lemma;
using rules::Node;
using rules::Op;

namespace prover {
namespace {

/// The SMT-LIB text of a lemma's formula.
class LemmaEncoder {
public:
    explicit LemmaEncoder(const Lemma& lemma) : l_(lemma) {}

    /// Declarations, definitions and `(assert ...)` of the negated formula.
    std::string obligation() {
        return header() + "(assert (and " + facts() + " " + not_of(formula_) + "))\n";
    }
    /// For `H => C`: satisfiable when the hypothesis H can hold.
    std::string hypothesis_query() {
        return header() + "(assert (and " + facts() + " " + hypothesis_ + "))\n";
    }
    bool has_hypothesis() const { return !hypothesis_.empty(); }
    std::vector<std::string> variables() const {
        std::vector<std::string> out;
        for (const rules::Var& v : l_.vars)
            out.push_back(smt_name(v.name));
        return out;
    }
    static std::string smt_name(const std::string& name) { return "v_" + name; }

    void encode() {
        formula_ = truth(l_.formula);
        const Node& top = node(l_.formula);
        if (top.op == Op::Implies) hypothesis_ = truth(top.children[0]);
    }

private:
    const Node& node(int n) const { return l_.nodes[static_cast<size_t>(n)]; }

    std::string header() const {
        std::ostringstream out;
        out << kPrelude << "; the lemma's variables (all integers)\n";
        for (const rules::Var& v : l_.vars)
            out << "(declare-const " << smt_name(v.name) << " Int)\n";
        for (const std::string& a : gcd_.names())
            out << "(declare-const " << a << " Int)\n";
        return out.str();
    }
    std::string facts() const { return and_of(gcd_.facts()); }

    /// The value of node `n`; its divisors' non-zero conditions go to `def`.
    std::string value(int n, std::vector<std::string>& def) {
        const Node& nd = node(n);
        auto arg = [&](size_t i) { return value(nd.children[i], def); };
        switch (nd.op) {
            case Op::Literal:
                return literal(nd.value);
            case Op::ConstVar:
            case Op::ExprVar:
            case Op::SumVar:
                return smt_name(l_.vars[static_cast<size_t>(nd.value)].name);
            case Op::FloorDiv:
            case Op::CeilDiv:
            case Op::Mod: {
                std::string a = arg(0), b = arg(1);
                def.push_back("(not (= " + b + " 0))");
                return application(rules::operator_info(nd.op).smt, {a, b});
            }
            default:
                break;
        }
        if (auto applied = function_value(nd.op, nd.children.size(), arg, gcd_)) return *applied;
        return "0";  // the parser checked the types
    }

    /// Two-valued truth: a comparison holds when its operands are defined
    /// and the relation holds.
    std::string truth(int n) {
        const Node& nd = node(n);
        switch (nd.op) {
            case Op::And:
                return and_of({truth(nd.children[0]), truth(nd.children[1])});
            case Op::Or:
                return or_of({truth(nd.children[0]), truth(nd.children[1])});
            case Op::Not:
                return not_of(truth(nd.children[0]));
            case Op::Implies:
            case Op::Iff: {
                std::string p = truth(nd.children[0]), q = truth(nd.children[1]);
                return application(rules::operator_info(nd.op).smt, {p, q});
            }
            default:
                break;
        }
        std::vector<std::string> def;
        std::string a = value(nd.children[0], def), b = value(nd.children[1], def);
        def.push_back(comparison_of(nd.op, a, b));
        return and_of(def);
    }

    const Lemma& l_;
    std::string formula_, hypothesis_;
    GcdTerms gcd_;
};

}  // namespace
}  // namespace prover

std::string lemma_obligation_smtlib(const Lemma& lemma) {
    prover::LemmaEncoder e(lemma);
    e.encode();
    return "; provix lemma obligation: " + lemma.name + " (" + lemma.file + ":" +
           std::to_string(lemma.line) + ")\n;   " + lemma.text +
           "\n; sat: a model is a counterexample to the lemma; unsat: it holds for all "
           "integers.\n" +
           e.obligation() + "(check-sat)\n";
}

std::string lemma_coq_statement(const Lemma& lemma) {
    prover::LemmaEncoder e(lemma);
    e.encode();
    return prover::coq_statement_file(lemma.name, e.obligation());
}

RuleProof prove_lemma(const Lemma& lemma, const ProverOptions& options) {
    RuleProof p;
    if (lemma.formula < 0) {
        p.detail = "not a parsed lemma";
        return p;
    }
    prover::LemmaEncoder e(lemma);
    e.encode();
    if (prover::has_coq_proof(lemma.name, options)) {
        p = prover::prove_with_coq(lemma.name, e.obligation(), options);
        if (p.verdict == RuleVerdict::Proven && e.has_hypothesis())
            prover::check_not_vacuous(p, e.hypothesis_query(), "its hypothesis never holds",
                                      options);
        return p;
    }
    prover::SmtAnswer a;
    if (options.use_z3)
        a = prover::z3_solve(e.obligation(), options.z3_rlimit, options.z3_timeout_ms,
                             e.variables(), {});
    p.backend = "z3";
    switch (a.result) {
        case prover::SmtResult::Unsat: {
            p.verdict = RuleVerdict::Proven;
            p.z3_answer = "unsat";
            if (e.has_hypothesis())
                prover::check_not_vacuous(p, e.hypothesis_query(), "its hypothesis never holds",
                                          options);
            break;
        }
        case prover::SmtResult::Sat: {
            p.verdict = RuleVerdict::Refuted;
            p.z3_answer = "sat";
            RuleCounterexample c;
            c.kind = "the lemma does not hold";
            for (const rules::Var& v : lemma.vars) {
                auto value = a.ints[prover::LemmaEncoder::smt_name(v.name)];
                c.variables.push_back({v.name, value ? std::to_string(*value) : "(beyond int64)"});
            }
            c.source = "the hypotheses hold";
            c.target = "the conclusion does not";
            p.counterexample = c;
            break;
        }
        case prover::SmtResult::Unknown: {
            // cvc5 on the same text, then a Coq proof of its statement.
            std::string z3 = options.use_z3 ? "unknown (" + a.reason + ")" : "";
            p = prover::prove_after_z3(lemma.name, e.obligation(), z3, options);
            if (p.verdict == RuleVerdict::Proven && e.has_hypothesis())
                prover::check_not_vacuous(p, e.hypothesis_query(), "its hypothesis never holds",
                                          options);
            break;
        }
    }
    return p;
}

}  // namespace provix::solvers
