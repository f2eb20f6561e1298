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

inline std::string and_of(const std::vector<std::string>& parts) {
    std::vector<std::string> kept;
    for (const std::string& p : parts)
        if (p != "true" && std::find(kept.begin(), kept.end(), p) == kept.end()) kept.push_back(p);
    for (const std::string& p : kept)
        if (p == "false") return "false";
    if (kept.empty()) return "true";
    if (kept.size() == 1) return kept[0];
    std::string s = "(and";
    for (const std::string& p : kept)
        s += " " + p;
    return s + ")";
}

inline std::string or_of(const std::vector<std::string>& parts) {
    std::vector<std::string> kept;
    for (const std::string& p : parts)
        if (p != "false" && std::find(kept.begin(), kept.end(), p) == kept.end()) kept.push_back(p);
    for (const std::string& p : kept)
        if (p == "true") return "true";
    if (kept.empty()) return "false";
    if (kept.size() == 1) return kept[0];
    std::string s = "(or";
    for (const std::string& p : kept)
        s += " " + p;
    return s + ")";
}

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
