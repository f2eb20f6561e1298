// The writer of MLIR's affine syntax (see provix/mlir_syntax.h), in the form
// MLIR prints: binary operators with their operands parenthesized unless
// they are atoms, sums with subtraction for negative terms (`d1 - d0 * 4`,
// `-d0 + 15`, `d0 - 3`), `-x` for `x * -1`, left-nested products
// (`(d0 * s0) * 4`).

#include <exception>
#include <unordered_map>

#include "expr_node.h"
#include "int64_folding.h"
#include "mlir_symbolic.h"
#include "provix/mlir_syntax.h"

namespace provix {

namespace {

/// Rewrites every negative constant divisor to a positive one with the same
/// value, bottom-up (memoized, so shared sub-trees are visited once):
/// `x floordiv -c` = `-(x ceildiv c)`, `x ceildiv -c` = `-(x floordiv c)`,
/// `x mod -c` = `-((-x) mod c)`.
class PositiveDivisors {
public:
    Result<Expr> run(Expr e) {
        auto known = memo_.find(e.id());
        if (known != memo_.end()) return known->second;
        if (e.num_operands() == 0) return e;
        std::vector<Expr> ops;
        for (Expr o : e.operands()) {
            Result<Expr> r = run(o);
            if (!r) return r;
            ops.push_back(*r);
        }
        Expr out = build(e.kind(), ops);
        const bool division = e.kind() == ExprKind::FloorDiv || e.kind() == ExprKind::CeilDiv ||
                              e.kind() == ExprKind::Mod;
        if (division && ops[1].is_constant() && ops[1].constant_value() < 0) {
            const int64_t c = ops[1].constant_value();
            if (c == kInt64Min) {
                return Error::invalid(
                    "the divisor -9223372036854775808 has no positive "
                    "counterpart in int64, and MLIR needs a positive divisor");
            }
            Expr x = ops[0];
            switch (e.kind()) {
                case ExprKind::FloorDiv:
                    out = -ceil_div(x, -c);
                    break;
                case ExprKind::CeilDiv:
                    out = -floor_div(x, -c);
                    break;
                default:
                    out = -mod(-x, -c);
                    break;
            }
        }
        memo_.emplace(e.id(), out);
        return out;
    }

private:
    std::unordered_map<uint32_t, Expr> memo_;
};

class MlirPrinter {
public:
    explicit MlirPrinter(int64_t num_dims) : num_dims_(num_dims) {}

    /// Prints `e` (already with positive constant divisors); false if MLIR
    /// cannot express it (see `error()`).
    bool print(Expr e, bool strong) {
        switch (e.kind()) {
            case ExprKind::Constant:
                // MLIR reads -9223372036854775808 as the negation of a
                // literal too large for int64: written as a difference.
                if (e.constant_value() == kInt64Min) {
                    out_ += strong ? "(-9223372036854775807 - 1)" : "-9223372036854775807 - 1";
                    return true;
                }
                out_ += std::to_string(e.constant_value());
                return true;
            case ExprKind::Variable:
                out_ += variable(e.variable_id());
                return true;
            case ExprKind::Add:
                return print_add(e, strong);
            case ExprKind::Mul:
                return print_mul(e, strong);
            case ExprKind::FloorDiv:
                return print_division(e, " floordiv ", strong);
            case ExprKind::CeilDiv:
                return print_division(e, " ceildiv ", strong);
            case ExprKind::Mod:
                return print_division(e, " mod ", strong);
            case ExprKind::Min:
            case ExprKind::Max:
                return fail(std::string("MLIR's affine expressions have no ") +
                            kind_name(e.kind()));
        }
        return fail("unknown expression kind");
    }

    std::string take() { return std::move(out_); }
    const std::string& error() const { return error_; }

private:
    std::string variable(int64_t id) const {
        if (id < num_dims_) return "d" + std::to_string(id);
        return "s" + std::to_string(id - num_dims_);
    }

    bool fail(const std::string& message) {
        if (error_.empty()) error_ = message;
        return false;
    }

    bool symbolic(Expr e) const { return text::is_symbolic(e, num_dims_); }

    /// `e` without its last operand (a Mul's constant coefficient).
    static Expr without_coefficient(Expr e) {
        std::vector<Expr> ops = e.operands();
        ops.pop_back();
        return ops.size() == 1 ? ops[0] : build(ExprKind::Mul, ops);
    }

    /// The negative coefficient of `m * c` (c < 0, c != INT64_MIN), or 0.
    static int64_t negative_coefficient(Expr e) {
        if (e.kind() != ExprKind::Mul) return 0;
        Expr last = e.operand(e.num_operands() - 1);
        if (!last.is_constant() || last.constant_value() >= 0) return 0;
        if (last.constant_value() == kInt64Min) return 0;
        return last.constant_value();
    }

    bool print_add(Expr e, bool strong) {
        if (strong) out_ += '(';
        const size_t n = e.num_operands();
        if (!print(e.operand(0), false)) return false;
        for (size_t i = 1; i < n; ++i) {
            Expr t = e.operand(i);
            const int64_t c = negative_coefficient(t);
            if (t.is_constant(kInt64Min)) {
                out_ += " - 9223372036854775807 - 1";
            } else if (t.is_constant() && t.constant_value() < 0) {
                out_ += " - " + std::to_string(-t.constant_value());
            } else if (c == -1) {
                out_ += " - ";
                Expr x = without_coefficient(t);
                if (!print(x, x.kind() == ExprKind::Add)) return false;
            } else if (c < -1) {
                out_ += " - ";
                Expr x = without_coefficient(t);
                if (!check_product(x, c)) return false;
                if (!print(x, true)) return false;
                out_ += " * " + std::to_string(-c);
            } else {
                out_ += " + ";
                if (!print(t, false)) return false;
            }
        }
        if (strong) out_ += ')';
        return true;
    }

    /// MLIR's rule for `x * c` where x itself is a product: at most one
    /// factor of the whole product may use a dimension.
    bool check_product(Expr x, int64_t) {
        if (x.kind() != ExprKind::Mul) return true;
        int non_symbolic = 0;
        for (Expr f : x.operands())
            non_symbolic += symbolic(f) ? 0 : 1;
        if (non_symbolic > 1) {
            return fail("MLIR's affine maps cannot multiply two expressions of dimensions");
        }
        return true;
    }

    bool print_mul(Expr e, bool strong) {
        const size_t n = e.num_operands();
        Expr last = e.operand(n - 1);
        if (last.is_constant(-1)) {
            if (strong) out_ += '(';
            out_ += '-';
            if (!print(without_coefficient(e), true)) return false;
            if (strong) out_ += ')';
            return true;
        }
        if (!check_product(e, 1)) return false;
        if (strong) out_ += '(';
        // Left-nested: ((f0 * f1) * f2) * ...
        for (size_t i = 0; i + 2 < n; ++i)
            out_ += '(';
        if (!print(e.operand(0), true)) return false;
        for (size_t i = 1; i < n; ++i) {
            out_ += " * ";
            if (!print(e.operand(i), true)) return false;
            if (i + 1 < n) out_ += ')';
        }
        if (strong) out_ += ')';
        return true;
    }

    bool print_division(Expr e, const char* op, bool strong) {
        Expr divisor = e.rhs();
        if (divisor.is_constant() && divisor.constant_value() <= 0) {
            return fail("MLIR defines" + std::string(op) + "only for a positive divisor, not " +
                        std::to_string(divisor.constant_value()));
        }
        if (!symbolic(divisor)) {
            return fail("MLIR's affine maps need the divisor of" + std::string(op) +
                        "to be a constant or an expression of symbols");
        }
        if (strong) out_ += '(';
        if (!print(e.lhs(), true)) return false;
        out_ += op;
        if (!print(divisor, true)) return false;
        if (strong) out_ += ')';
        return true;
    }

    int64_t num_dims_;
    std::string out_;
    std::string error_;
};

/// `(d0, d1)[s0]`.
std::string variable_list(int64_t num_dims, int64_t num_symbols) {
    std::string out = "(";
    for (int64_t i = 0; i < num_dims; ++i)
        out += (i ? ", d" : "d") + std::to_string(i);
    out += ")";
    if (num_symbols > 0) {
        out += "[";
        for (int64_t i = 0; i < num_symbols; ++i)
            out += (i ? ", s" : "s") + std::to_string(i);
        out += "]";
    }
    return out;
}

Result<std::string> print_expr(Expr e, int64_t num_dims) {
    // MLIR folds constants and combines like terms in int64: a value beyond
    // it would be wrapped there.
    if (!folds_in_mlir(e)) {
        return Error::invalid(
            "MLIR's int64 constants cannot hold a value this expression needs "
            "(constants or like terms that do not fold in int64)");
    }
    Result<Expr> positive = PositiveDivisors().run(e);
    if (!positive) return positive.error();
    MlirPrinter p(num_dims);
    if (!p.print(*positive, false)) return Error::invalid(p.error());
    return p.take();
}

}  // namespace

Result<std::string> to_mlir_affine_expr(Expr e, int64_t num_dims) {
    try {
        return print_expr(e, num_dims);
    } catch (const std::exception& ex) {
        return Error::invalid(std::string("internal error: ") + ex.what());
    }
}

Result<std::string> to_mlir_affine_map(const IndexingMap& map, int64_t num_dims) {
    if (map.is_known_empty()) return Error::invalid("a KNOWN EMPTY map has no MLIR affine map");
    if (map.is_undefined()) return Error::invalid("an UNDEFINED map has no MLIR affine map");
    if (num_dims > map.num_variables()) {
        return Error::invalid("num_dims " + std::to_string(num_dims) +
                              " out of range (the map has " + std::to_string(map.num_variables()) +
                              " variables)");
    }
    std::string out =
        "affine_map<" + variable_list(num_dims, map.num_variables() - num_dims) + " -> (";
    for (int64_t i = 0; i < map.num_results(); ++i) {
        Result<std::string> r =
            to_mlir_affine_expr(map.results()[static_cast<size_t>(i)], num_dims);
        if (!r) return r.error();
        out += (i ? ", " : "") + *r;
    }
    return out + ")>";
}

std::vector<MlirSetConstraint> mlir_affine_set_constraints(const IndexingMap& map) {
    std::vector<MlirSetConstraint> out;
    if (map.state() != IndexingMap::State::Normal) return out;
    auto add = [&](Expr e, const Interval& range) {
        // -2^63 has no negation in int64: e >= -2^63 is written as
        // floor(e / 2) >= -2^62, and e <= -2^63 as ceil(e / 2) <= -2^62
        // (each is equivalent: 2 * (-2^62) = -2^63).
        constexpr int64_t kHalfMin = -(int64_t{1} << 62);
        if (range.is_point() && range.lo() != kInt64Min) {
            out.push_back({e - range.lo(), true});
            return;
        }
        if (!range.lo_is_inf()) {
            out.push_back(
                {range.lo() == kInt64Min ? floor_div(e, 2) - kHalfMin : e - range.lo(), false});
        }
        if (!range.hi_is_inf()) {
            out.push_back(
                {range.hi() == kInt64Min ? kHalfMin - ceil_div(e, 2) : range.hi() - e, false});
        }
    };
    Context& ctx = *map.context();
    for (int64_t id = 0; id < map.num_variables(); ++id)
        add(ctx.variable(id), map.variable(id).bounds);
    for (const Constraint& c : map.constraints())
        add(c.expr, c.range);
    return out;
}

Result<std::string> to_mlir_affine_set(const IndexingMap& map, int64_t num_dims,
                                       int64_t num_symbols) {
    if (map.is_undefined()) return Error::invalid("an UNDEFINED map has no MLIR affine set");
    if (num_dims < 0 || num_symbols < 0 || num_dims > kMaxSetVariables ||
        num_symbols > kMaxSetVariables) {
        return Error::invalid("num_dims and num_symbols must be in [0, " +
                              std::to_string(kMaxSetVariables) + "], got " +
                              std::to_string(num_dims) + " and " + std::to_string(num_symbols));
    }
    if (map.is_known_empty()) {
        return "affine_set<" + variable_list(num_dims, num_symbols) + " : (1 == 0)>";
    }
    if (num_dims < 0 || num_dims > map.num_variables()) {
        return Error::invalid("num_dims " + std::to_string(num_dims) +
                              " out of range (the map has " + std::to_string(map.num_variables()) +
                              " variables)");
    }
    std::vector<std::string> parts;
    for (const MlirSetConstraint& c : mlir_affine_set_constraints(map)) {
        Result<std::string> t = to_mlir_affine_expr(c.expr, num_dims);
        if (!t) return t.error();
        parts.push_back(*t + (c.equality ? " == 0" : " >= 0"));
    }
    std::string out =
        "affine_set<" + variable_list(num_dims, map.num_variables() - num_dims) + " : (";
    if (parts.empty()) parts.push_back("0 == 0");
    for (size_t i = 0; i < parts.size(); ++i)
        out += (i ? ", " : "") + parts[i];
    return out + ")>";
}

bool folds_in_mlir(Expr e) { return detail::Int64Folding().fits(e); }

}  // namespace provix
