/// \file
/// Affine values of a scope: simplification through `provix::simplify` with
/// the scope's bounds, ranges, and lowering into builder operations.

#include <optional>
#include <utility>

#include "ie_impl.h"
#include "provix/indexing_map.h"
#include "provix/interval_eval.h"
#include "provix/simplify.h"
#include "provix/symbolic_map.h"

namespace provix {

namespace ie_detail {

bool is_affine_expr(Expr e) {
    switch (e.kind()) {
        case ExprKind::Constant:
        case ExprKind::Variable:
            return true;
        case ExprKind::Add:
            for (Expr op : e.operands()) {
                if (!is_affine_expr(op)) return false;
            }
            return true;
        case ExprKind::Mul: {
            int non_constant = 0;
            for (Expr op : e.operands()) {
                if (op.is_constant()) continue;
                if (++non_constant > 1 || !is_affine_expr(op)) return false;
            }
            return true;
        }
        case ExprKind::FloorDiv:
        case ExprKind::CeilDiv:
        case ExprKind::Mod:
            return is_affine_expr(e.lhs()) && e.rhs().is_constant() && e.rhs().constant_value() > 0;
        case ExprKind::Min:
        case ExprKind::Max:
            return false;
    }
    return false;
}

Interval ScopeImpl::range_of(Expr e) const { return interval_of(e, bounds()); }

Expr ScopeImpl::simplify_affine(Expr e) const {
    // The IndexingMap of the simplifier numbers dims first, then symbols (as
    // range variables); the scope numbers variables in creation order. Each
    // map variable is named after its scope id, so the result maps back even
    // if the simplifier drops or renumbers unused variables.
    size_t n = vars.size();
    std::vector<Expr> to_map(n);
    std::vector<IndexingVariable> dims(static_cast<size_t>(num_dims));
    std::vector<IndexingVariable> symbols(static_cast<size_t>(num_symbols));
    for (size_t id = 0; id < n; ++id) {
        const ScopeVar& v = vars[id];
        int64_t map_id = v.is_dim ? v.rank : num_dims + v.rank;
        to_map[id] = ctx->variable(map_id);
        IndexingVariable& iv =
            v.is_dim ? dims[static_cast<size_t>(v.rank)] : symbols[static_cast<size_t>(v.rank)];
        iv.bounds = v.bounds;
        iv.name = "v" + std::to_string(id);
    }
    Expr in_map = substitute(e, to_map);
    SymbolicMap sm = *SymbolicMap::get(*ctx, num_dims, num_symbols, {in_map});
    Result<IndexingMap> map = IndexingMap::get(sm, dims, symbols, {});
    if (!map) return e;
    simplify(*map);
    if (map->state() != IndexingMap::State::Normal || map->num_results() != 1) return e;
    std::vector<Expr> from_map;
    for (int64_t id = 0; id < map->num_variables(); ++id) {
        const std::string& name = map->variable(id).name;
        if (name.size() < 2 || name.size() > 12 || name[0] != 'v' ||
            name.find_first_not_of("0123456789", 1) != std::string::npos) {
            return e;
        }
        size_t scope_id = std::stoul(name.substr(1));
        if (scope_id >= n) return e;
        from_map.push_back(ctx->variable(static_cast<int64_t>(scope_id)));
    }
    Expr r = substitute(map->results()[0], from_map);
    return is_affine_expr(r) ? r : e;
}

Result<RtValue> ScopeImpl::lower(Expr e) {
    auto it = materialized.find(e);
    if (it != materialized.end()) return it->second;
    IndexExprBuilder& b = *builder;
    RtValue v;
    switch (e.kind()) {
        case ExprKind::Constant:
            v = b.constant(e.constant_value());
            break;
        case ExprKind::Variable: {
            ScopeVar& var = vars[static_cast<size_t>(e.variable_id())];
            if (!var.value) {
                Result<RtValue> r =
                    var.origin.is_defined() ? materialize(var.origin, b)
                    : var.self_origin       ? lower(var.self_origin)
                                      : Result<RtValue>(Error::invalid("variable without a value"));
                if (!r) return r;
                // `lower` may have grown `vars`: index again.
                vars[static_cast<size_t>(e.variable_id())].value = *r;
            }
            v = *vars[static_cast<size_t>(e.variable_id())].value;
            break;
        }
        case ExprKind::Add: {
            Result<RtValue> sum = lower_sum(e);
            if (!sum) return sum;
            v = *sum;
            break;
        }
        default: {
            // The run-time operation of the same name (`floordiv`, ...).
            RtOp op = rt_op_named(operator_info(e.kind()).name).value_or(RtOp::Add);
            std::vector<Expr> ops = e.operands();
            Result<RtValue> acc = lower(ops[0]);
            if (!acc) return acc;
            v = *acc;
            for (size_t i = 1; i < ops.size(); ++i) {
                Result<RtValue> next = lower(ops[i]);
                if (!next) return next;
                v = b.binary(op, v, *next);
            }
            break;
        }
    }
    materialized.emplace(e, v);
    return v;
}

namespace {

/// `x` when `term` is `-x` (a product with the constant -1).
std::optional<Expr> negated_term(Expr term) {
    if (term.kind() != ExprKind::Mul || term.num_operands() != 2) return std::nullopt;
    for (size_t c = 0; c < 2; ++c) {
        if (term.operand(c).is_constant() && term.operand(c).constant_value() == -1) {
            return term.operand(1 - c);
        }
    }
    return std::nullopt;
}

}  // namespace

Result<RtValue> ScopeImpl::lower_sum(Expr e) {
    // The canonical sum writes `x1 - x0` as `-x0 + x1`, and computing -x0
    // overflows at x0 = INT64_MIN although the difference fits. A term `-x`
    // after the first is subtracted instead (`acc - x` overflows only where
    // the partial sum itself does), and a first term `-x` followed by one
    // that is not trades places with it (`x1 - x0`). Every partial sum is
    // then one the term-by-term sum computes, or a term it computes too, so
    // this overflows nowhere it would not.
    IndexExprBuilder& b = *builder;
    std::vector<Expr> terms = e.operands();
    if (terms.size() >= 2 && negated_term(terms[0]) && !negated_term(terms[1])) {
        std::swap(terms[0], terms[1]);
    }
    Result<RtValue> acc = lower(terms[0]);
    if (!acc) return acc;
    RtValue v = *acc;
    for (size_t i = 1; i < terms.size(); ++i) {
        std::optional<Expr> negated = negated_term(terms[i]);
        Result<RtValue> next = lower(negated ? *negated : terms[i]);
        if (!next) return next;
        v = b.binary(negated ? RtOp::Sub : RtOp::Add, v, *next);
    }
    return v;
}

}  // namespace ie_detail

Result<RtValue> materialize(const IndexExpr& e, IndexExprBuilder& builder) {
    if (builder.is_analysis()) {
        return Error::invalid("materialize: an analysis builder has no run-time values (" +
                              e.to_string() + ")");
    }
    const Node* n = Access::node(e);
    switch (e.kind()) {
        case IndexExprKind::Undefined: {
            const Error* err = e.error();
            if (err &&
                (err->kind == Error::Kind::Overflow || err->kind == Error::Kind::DivisionByZero)) {
                return builder.error(err->kind);
            }
            return err ? *err : Error::invalid("materialize: an undefined value");
        }
        case IndexExprKind::Literal:
            return builder.constant(n->literal);
        case IndexExprKind::QuestionMark:
            return Error::invalid("materialize: a question mark has no run-time value (" +
                                  e.to_string() + ")");
        default:
            break;
    }
    if (n->scope->builder != &builder) {
        return Error::invalid("materialize: " + e.to_string() +
                              " belongs to a scope over another builder");
    }
    if (ie_detail::has_affine_expr(n->kind)) return n->scope->lower(n->affine);
    return n->value;
}

}  // namespace provix
