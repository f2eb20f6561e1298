// The quasi-affine fragment decided exactly by isl.

#include "provix/solvers/quasi_affine.h"

namespace provix::solvers {

namespace {

bool variable_free(Expr e) { return num_variables_used(e) == 0; }

/// A variable-free divisor that evaluates (without overflow) to non-zero.
bool constant_divisor(Expr e) {
    if (!variable_free(e)) return false;
    Result<int64_t> v = evaluate(e, {});
    return v.ok() && *v != 0;
}

}  // namespace

bool is_quasi_affine(Expr e) {
    switch (e.kind()) {
        case ExprKind::Constant:
        case ExprKind::Variable:
            return true;
        case ExprKind::Add:
        case ExprKind::Min:
        case ExprKind::Max:
            for (size_t i = 0; i < e.num_operands(); ++i) {
                if (!is_quasi_affine(e.operand(i))) return false;
            }
            return true;
        case ExprKind::Mul: {
            int with_variables = 0;
            for (size_t i = 0; i < e.num_operands(); ++i) {
                Expr o = e.operand(i);
                if (!is_quasi_affine(o)) return false;
                if (!variable_free(o)) ++with_variables;
            }
            return with_variables <= 1;
        }
        case ExprKind::FloorDiv:
        case ExprKind::CeilDiv:
        case ExprKind::Mod:
            return is_quasi_affine(e.lhs()) && constant_divisor(e.rhs());
    }
    return false;
}

bool is_quasi_affine(const IndexingMap& map) {
    if (map.is_undefined()) return false;
    if (map.is_known_empty()) return true;
    for (Expr r : map.results()) {
        if (!is_quasi_affine(r)) return false;
    }
    for (const Constraint& c : map.constraints()) {
        if (!is_quasi_affine(c.expr)) return false;
    }
    return true;
}

}  // namespace provix::solvers
