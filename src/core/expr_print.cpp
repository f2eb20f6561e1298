/// \file
/// Printing expressions with minimal parentheses. The printed text parses
/// back to the same canonical expression.

#include <ostream>
#include <string>

#include "expr_node.h"

namespace provix {
namespace {

enum Prec { kAdd = 1, kMul = 2, kPrimary = 3 };

class Printer {
public:
    explicit Printer(const VariableNamer& namer) : namer_(namer) {}

    void print(Expr e, int prec) {
        switch (e.kind()) {
            case ExprKind::Constant:
                out_ += std::to_string(e.constant_value());
                return;
            case ExprKind::Variable:
                out_ += namer_(e.variable_id());
                return;
            case ExprKind::Add:
                return print_add(e, prec);
            case ExprKind::Mul:
                return print_mul(e, prec);
            case ExprKind::FloorDiv:
            case ExprKind::CeilDiv:
            case ExprKind::Mod:
                return print_binary(e, operator_info(e.kind()).spelling, prec);
            case ExprKind::Min:
            case ExprKind::Max:
                out_ += operator_info(e.kind()).spelling;
                out_ += "(";
                print(e.operand(0), kAdd);
                out_ += ", ";
                print(e.operand(1), kAdd);
                out_ += ")";
                return;
        }
    }

    std::string take() { return std::move(out_); }

private:
    /// The negative trailing coefficient of a Mul (`x * -3`), if any, whose
    /// negation is representable.
    static bool negative_coefficient(Expr e, int64_t* coef) {
        using M = detail::TermSplit::Monomial;
        const detail::TermSplit s = detail::split_sum_term(e);
        if (s.monomial == M::None || s.monomial == M::Whole || s.coef >= 0 || s.coef == kMinI)
            return false;
        *coef = s.coef;
        return true;
    }

    /// True if `e` is a sum times a constant, `(a + b) * c`: for c < -1,
    /// written `- (a + b) * -c` it would read back as the sum times -c, then
    /// negated, which distributes differently from the sum times c when one
    /// of the two overflows (`(d0 - 2^62) * -2` stays a product, `(d0 -
    /// 2^62) * 2` becomes `d0 * 2 - 2^63`): printed `+ (a + b) * c`. For
    /// c = -1, `- (a + b)` reads back as the sum times -1 itself.
    static bool scales_a_sum(Expr e) {
        return e.kind() == ExprKind::Mul && e.num_operands() == 2 &&
               e.operand(0).kind() == ExprKind::Add;
    }

    /// Prints the factors of `e` but its last, times `coef` (omitted if 1).
    void print_scaled(Expr e, int64_t coef, int prec) {
        size_t n = e.num_operands();
        if (n == 2 && coef == 1) return print(e.operand(0), prec);
        bool parens = prec > kMul;
        if (parens) out_ += "(";
        for (size_t i = 0; i + 1 < n; ++i) {
            if (i) out_ += " * ";
            print(e.operand(i), kPrimary);
        }
        if (coef != 1) out_ += " * " + std::to_string(coef);
        if (parens) out_ += ")";
    }

    void print_add(Expr e, int prec) {
        if (prec > kAdd) out_ += "(";
        for (size_t i = 0; i < e.num_operands(); ++i) {
            Expr t = e.operand(i);
            int64_t coef;
            if (i == 0) {
                print(t, kAdd);
            } else if (t.is_constant() && t.constant_value() < 0 && t.constant_value() != kMinI) {
                out_ += " - " + std::to_string(-t.constant_value());
            } else if (negative_coefficient(t, &coef) && (coef == -1 || !scales_a_sum(t))) {
                out_ += " - ";
                print_scaled(t, -coef, kMul);
            } else {
                out_ += " + ";
                print(t, kMul);
            }
        }
        if (prec > kAdd) out_ += ")";
    }

    void print_mul(Expr e, int prec) {
        int64_t coef;
        if (negative_coefficient(e, &coef) && coef == -1) {
            // `-x`: unary minus binds tighter than every binary operator;
            // as an operand of one it is parenthesized for readability.
            if (prec >= kPrimary) out_ += "(";
            out_ += "-";
            print_scaled(e, 1, kPrimary);
            if (prec >= kPrimary) out_ += ")";
            return;
        }
        if (prec > kMul) out_ += "(";
        for (size_t i = 0; i < e.num_operands(); ++i) {
            if (i) out_ += " * ";
            // `(d0 floordiv 3) * 2`: a division factor is always parenthesized.
            print(e.operand(i), kPrimary);
        }
        if (prec > kMul) out_ += ")";
    }

    void print_binary(Expr e, const char* op, int prec) {
        if (prec > kMul) out_ += "(";
        // `(d0 * 4) floordiv 8`, `(d0 floordiv 16) mod 2`: an operator
        // dividend is parenthesized for readability.
        print(e.operand(0), kPrimary);
        out_ += ' ';
        out_ += op;
        out_ += ' ';
        print(e.operand(1), kPrimary);
        if (prec > kMul) out_ += ")";
    }

    static constexpr int64_t kMinI = INT64_MIN;
    const VariableNamer& namer_;
    std::string out_;
};

}  // namespace

std::string to_string(Expr e, const VariableNamer& namer) {
    if (!e) return "<null>";
    Printer p(namer);
    p.print(e, 1);
    return p.take();
}

std::string to_string(Expr e) {
    return to_string(e, [](int64_t id) { return "v" + std::to_string(id); });
}

std::ostream& operator<<(std::ostream& os, Expr e) { return os << (e ? to_string(e) : "<null>"); }

}  // namespace provix
