#pragma once
/// \file
/// Building blocks of the SMT-LIB 2 text of proof obligations (rules and
/// lemmas): Boolean connectives that fold constants, integer literals, and
/// the prelude defining floor division, ceiling division and modulo on top
/// of SMT-LIB's Euclidean `div`.
///
///     and_of({"true", "(< x 3)"})  == "(< x 3)"
///     literal(-5)                  == "(- 5)"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "provix/rules/rule.h"

namespace provix::solvers::prover {

/// The SMT-LIB comparison `a op b` for a comparison operator of the rule
/// language; "false" for any other operator.
///
///     comparison_of(rules::Op::Le, "x", "3") == "(<= x 3)"
inline std::string comparison_of(rules::Op op, const std::string& a, const std::string& b) {
    if (op == rules::Op::Ne) return "(not " + comparison_of(rules::Op::Eq, a, b) + ")";
    if (rules::operator_info(op).syntax != OpSyntax::Comparison) return "false";
    return "(" + std::string(rules::operator_info(op).smt) + " " + a + " " + b + ")";
}

/// The SMT-LIB application `(f a b ...)`.
///
///     application("floor_div", {"x", "4"}) == "(floor_div x 4)"
inline std::string application(const char* f, const std::vector<std::string>& args) {
    std::string s = std::string("(") + f;
    for (const std::string& a : args)
        s += " " + a;
    return s + ")";
}

/// The value of a rule node whose operator is one SMT-LIB function of its
/// operands (`+ * min max abs`), `operand(i)` giving the i-th operand's text;
/// nullopt for any other operator. The last operand is computed first: the
/// order in which obligations (their definedness conjuncts, and the Coq
/// statements proven against them) have always been written.
///
///     application_of(rules::Op::Min, 2, [](size_t i) { return i ? "y" : "x"; })
///         == "(int_min x y)"
template <class Operand>
std::optional<std::string> application_of(rules::Op op, size_t arity, Operand operand) {
    const OperatorInfo& info = rules::operator_info(op);
    if (info.role == OpRole::Condition || !*info.smt) return std::nullopt;
    std::vector<std::string> args(arity);
    for (size_t i = arity; i-- > 0;)
        args[i] = operand(i);
    return application(info.smt, args);
}

/// The gcd and lcm terms of one obligation. SMT-LIB has no gcd: each
/// distinct gcd(a, b) is a fresh integer g with the facts that determine it
/// (g >= 0 divides a and b and is an integer combination of them, Bezout,
/// so every common divisor divides g; gcd(0, 0) == 0), over four more fresh
/// integers. Names count every integer made so far: `gcd_0`, `gcd_qa_1`,
/// `gcd_qb_2`, `gcd_sa_3`, `gcd_sb_4`, then `gcd_5`... The obligation
/// declares `names()` and assumes `facts()`.
///
///     GcdTerms t;
///     t.gcd_of("x", "6") == "gcd_0"      // again for the same operands
///     t.lcm_of("x", "6") == "(ite (or (= x 0) (= 6 0)) 0 (div (int_abs (* x 6)) gcd_0))"
class GcdTerms {
public:
    /// The fresh integer that is gcd(a, b), made on the first request.
    std::string gcd_of(const std::string& a, const std::string& b) {
        std::string key = a + "|" + b;
        auto it = memo_.find(key);
        if (it != memo_.end()) return it->second;
        std::string g = fresh("gcd_");
        std::string ka = fresh("gcd_qa_"), kb = fresh("gcd_qb_");
        std::string s = fresh("gcd_sa_"), t = fresh("gcd_sb_");
        facts_.push_back("(>= " + g + " 0)");
        facts_.push_back("(= " + a + " (* " + g + " " + ka + "))");
        facts_.push_back("(= " + b + " (* " + g + " " + kb + "))");
        facts_.push_back("(= " + g + " (+ (* " + a + " " + s + ") (* " + b + " " + t + ")))");
        memo_.emplace(key, g);
        return g;
    }
    /// lcm(a, b): 0 if a or b is 0, else |a * b| / gcd(a, b).
    std::string lcm_of(const std::string& a, const std::string& b) {
        std::string g = gcd_of(a, b);
        return "(ite (or (= " + a + " 0) (= " + b + " 0)) 0 (div (int_abs (* " + a + " " + b +
               ")) " + g + "))";
    }
    /// The fresh integers, in the order they were made.
    const std::vector<std::string>& names() const { return names_; }
    /// The facts defining them.
    const std::vector<std::string>& facts() const { return facts_; }

private:
    std::string fresh(const char* stem) {
        names_.push_back(stem + std::to_string(names_.size()));
        return names_.back();
    }

    std::vector<std::string> names_, facts_;
    std::map<std::string, std::string> memo_;
};

/// The value of a rule node whose operator is a function of its operands'
/// values: gcd and lcm through `gcd` (operands computed first to last), and
/// every operator that is one SMT-LIB function (`application_of`); nullopt
/// for any other operator.
///
///     function_value(rules::Op::Gcd, 2, operand, terms) == "gcd_0"
template <class Operand>
std::optional<std::string> function_value(rules::Op op, size_t arity, Operand operand,
                                          GcdTerms& gcd) {
    if (op == rules::Op::Gcd || op == rules::Op::Lcm) {
        std::string a = operand(0);
        std::string b = operand(1);
        return op == rules::Op::Gcd ? gcd.gcd_of(a, b) : gcd.lcm_of(a, b);
    }
    return application_of(op, arity, operand);
}

/// The conjunction (or disjunction) of `parts`, folded: its neutral
/// constant (`true` for a conjunction) and repeated parts dropped, its
/// absorbing constant (`false`) absorbing everything.
///
///     connective(false, {"false", "p", "p"}) == "p"
inline std::string connective(bool conjunction, const std::vector<std::string>& parts) {
    const char* unit = conjunction ? "true" : "false";
    const char* absorbing = conjunction ? "false" : "true";
    std::vector<std::string> kept;
    for (const std::string& p : parts)
        if (p != unit && std::find(kept.begin(), kept.end(), p) == kept.end()) kept.push_back(p);
    for (const std::string& p : kept)
        if (p == absorbing) return absorbing;
    if (kept.empty()) return unit;
    if (kept.size() == 1) return kept[0];
    std::string s = conjunction ? "(and" : "(or";
    for (const std::string& p : kept)
        s += " " + p;
    return s + ")";
}

/// The folded conjunction: `and_of({"true", "(< x 3)"}) == "(< x 3)"`.
inline std::string and_of(const std::vector<std::string>& parts) { return connective(true, parts); }

/// The folded disjunction: `or_of({"false"}) == "false"`.
inline std::string or_of(const std::vector<std::string>& parts) { return connective(false, parts); }

inline std::string not_of(const std::string& p) {
    if (p == "true") return "false";
    if (p == "false") return "true";
    return "(not " + p + ")";
}

inline std::string literal(int64_t v) {
    if (v >= 0) return std::to_string(v);
    // -v may not fit: print the magnitude as unsigned.
    uint64_t m = static_cast<uint64_t>(-(v + 1)) + 1;
    return "(- " + std::to_string(m) + ")";
}

inline const char* const kPrelude =
    "(set-logic ALL)\n"
    "; floor division: SMT-LIB div is Euclidean, which equals floor division\n"
    "; for a positive divisor; for b < 0, floor(a / b) == floor(-a / -b).\n"
    "(define-fun floor_div ((a Int) (b Int)) Int\n"
    "  (ite (> b 0) (div a b) (div (- a) (- b))))\n"
    "(define-fun floor_mod ((a Int) (b Int)) Int (- a (* b (floor_div a b))))\n"
    "(define-fun ceil_div ((a Int) (b Int)) Int (- (floor_div (- a) b)))\n"
    "(define-fun int_min ((a Int) (b Int)) Int (ite (<= a b) a b))\n"
    "(define-fun int_max ((a Int) (b Int)) Int (ite (>= a b) a b))\n"
    "(define-fun int_abs ((a Int)) Int (ite (< a 0) (- a) a))\n";

}  // namespace provix::solvers::prover
