// Conversions between provix expressions, maps and IndexExprs and MLIR's
// AffineExpr / AffineMap.

#include <map>

#include "provix/indexexpr/mlir_builder.h"
#include "provix/mlir_syntax.h"

namespace provix {

namespace {

IndexExpr floor_div(const IndexExpr& a, const IndexExpr& b) { return a.floor_div(b); }
IndexExpr ceil_div(const IndexExpr& a, const IndexExpr& b) { return a.ceil_div(b); }
IndexExpr mod(const IndexExpr& a, const IndexExpr& b) { return a % b; }

/// `lhs op rhs` for the binary affine operator `kind`, in T's arithmetic
/// (Expr or IndexExpr).
template <class T>
T apply_binary(mlir::AffineExprKind kind, const T& lhs, const T& rhs) {
    switch (kind) {
        case mlir::AffineExprKind::Add:
            return lhs + rhs;
        case mlir::AffineExprKind::Mul:
            return lhs * rhs;
        case mlir::AffineExprKind::FloorDiv:
            return floor_div(lhs, rhs);
        case mlir::AffineExprKind::CeilDiv:
            return ceil_div(lhs, rhs);
        default:
            return mod(lhs, rhs);
    }
}

/// to_affine_expr without the check that MLIR folds `e` exactly (done
/// once, for the whole expression).
Result<mlir::AffineExpr> build_affine_expr(Expr e, int64_t num_dims, mlir::MLIRContext& ctx) {
    switch (e.kind()) {
        case ExprKind::Constant:
            return mlir::getAffineConstantExpr(e.constant_value(), &ctx);
        case ExprKind::Variable: {
            int64_t id = e.variable_id();
            if (id < num_dims) return mlir::getAffineDimExpr(static_cast<unsigned>(id), &ctx);
            return mlir::getAffineSymbolExpr(static_cast<unsigned>(id - num_dims), &ctx);
        }
        case ExprKind::Add:
        case ExprKind::Mul: {
            auto acc = build_affine_expr(e.operand(0), num_dims, ctx);
            if (!acc) return acc;
            mlir::AffineExpr out = *acc;
            for (size_t i = 1; i < e.num_operands(); ++i) {
                auto o = build_affine_expr(e.operand(i), num_dims, ctx);
                if (!o) return o;
                if (e.kind() == ExprKind::Mul && !out.isSymbolicOrConstant() &&
                    !o->isSymbolicOrConstant()) {
                    return Error::invalid("not affine: a product of dims (" + to_string(e) + ")");
                }
                if (e.kind() == ExprKind::Mul && !out.isa<mlir::AffineConstantExpr>() &&
                    !o->isa<mlir::AffineConstantExpr>()) {
                    return Error::invalid("not affine: a product of variables (" + to_string(e) +
                                          ")");
                }
                out = e.kind() == ExprKind::Add ? out + *o : out * *o;
            }
            return out;
        }
        case ExprKind::FloorDiv:
        case ExprKind::CeilDiv:
        case ExprKind::Mod: {
            if (!e.rhs().is_constant() || e.rhs().constant_value() <= 0) {
                return Error::invalid(
                    "not affine: a division by a non-positive or non-constant "
                    "divisor (" +
                    to_string(e) + ")");
            }
            auto lhs = build_affine_expr(e.lhs(), num_dims, ctx);
            if (!lhs) return lhs;
            uint64_t d = static_cast<uint64_t>(e.rhs().constant_value());
            if (e.kind() == ExprKind::FloorDiv) return lhs->floorDiv(d);
            if (e.kind() == ExprKind::CeilDiv) return lhs->ceilDiv(d);
            return *lhs % d;
        }
        case ExprKind::Min:
        case ExprKind::Max:
            return Error::invalid("not affine: min/max (" + to_string(e) + ")");
    }
    return Error::invalid("not affine");
}

}  // namespace

Result<mlir::AffineExpr> to_affine_expr(Expr e, int64_t num_dims, mlir::MLIRContext& ctx) {
    // MLIR folds constants and combines like terms in int64 as it builds:
    // what provix keeps apart beyond int64 would be wrapped there.
    if (!folds_in_mlir(e)) {
        return Error::invalid(
            "MLIR's int64 constants cannot hold a value this expression needs (constants or "
            "like terms that do not fold in int64): " +
            to_string(e));
    }
    return build_affine_expr(e, num_dims, ctx);
}

Expr from_affine_expr(mlir::AffineExpr e, Context& ctx, int64_t num_dims) {
    switch (e.getKind()) {
        case mlir::AffineExprKind::Constant:
            return ctx.constant(e.cast<mlir::AffineConstantExpr>().getValue());
        case mlir::AffineExprKind::DimId:
            return ctx.variable(e.cast<mlir::AffineDimExpr>().getPosition());
        case mlir::AffineExprKind::SymbolId:
            return ctx.variable(num_dims + e.cast<mlir::AffineSymbolExpr>().getPosition());
        default:
            break;
    }
    auto bin = e.cast<mlir::AffineBinaryOpExpr>();
    Expr lhs = from_affine_expr(bin.getLHS(), ctx, num_dims);
    Expr rhs = from_affine_expr(bin.getRHS(), ctx, num_dims);
    return apply_binary(e.getKind(), lhs, rhs);
}

Result<mlir::AffineMap> to_affine_map(const SymbolicMap& map, mlir::MLIRContext& ctx) {
    llvm::SmallVector<mlir::AffineExpr, 4> results;
    for (Expr r : map.results()) {
        auto e = to_affine_expr(r, map.num_dims(), ctx);
        if (!e) return e.error();
        results.push_back(*e);
    }
    return mlir::AffineMap::get(static_cast<unsigned>(map.num_dims()),
                                static_cast<unsigned>(map.num_symbols()), results, &ctx);
}

SymbolicMap from_affine_map(mlir::AffineMap map, Context& ctx) {
    std::vector<Expr> results;
    for (mlir::AffineExpr r : map.getResults())
        results.push_back(from_affine_expr(r, ctx, map.getNumDims()));
    return *SymbolicMap::get(ctx, map.getNumDims(), map.getNumSymbols(), std::move(results));
}

Result<mlir::AffineMap> to_affine_map(const IndexExprList& values, const IndexExprScope& scope,
                                      mlir::MLIRContext& ctx, std::vector<int64_t>* operands) {
    // The scope's variables the values use, dims first (by variable id).
    const std::vector<std::string> names = scope.variable_names();
    std::vector<bool> used(names.size(), false);
    for (const IndexExpr& v : values) {
        if (v.is_literal()) continue;
        if (!v.is_affine() || !v.belongs_to(scope)) {
            return Error::invalid("not an affine value of the scope: " + v.to_string());
        }
        collect_variables(v.affine_expr(), used);
    }
    std::vector<int64_t> dims, symbols;
    for (size_t id = 0; id < names.size(); ++id) {
        if (!used[id]) continue;
        (names[id][0] == 'd' ? dims : symbols).push_back(static_cast<int64_t>(id));
    }
    // Renumber: scope variable -> map dim k or symbol k.
    Context& pctx = scope.context();
    std::vector<Expr> renumber(names.size(), pctx.constant(0));
    for (size_t k = 0; k < dims.size(); ++k)
        renumber[static_cast<size_t>(dims[k])] = pctx.variable(static_cast<int64_t>(k));
    for (size_t k = 0; k < symbols.size(); ++k) {
        renumber[static_cast<size_t>(symbols[k])] =
            pctx.variable(static_cast<int64_t>(dims.size() + k));
    }
    llvm::SmallVector<mlir::AffineExpr, 4> results;
    for (const IndexExpr& v : values) {
        Expr e =
            v.is_literal() ? pctx.constant(v.literal()) : substitute(v.affine_expr(), renumber);
        auto a = to_affine_expr(e, static_cast<int64_t>(dims.size()), ctx);
        if (!a) return a.error();
        results.push_back(*a);
    }
    if (operands) {
        operands->assign(dims.begin(), dims.end());
        operands->insert(operands->end(), symbols.begin(), symbols.end());
    }
    return mlir::AffineMap::get(static_cast<unsigned>(dims.size()),
                                static_cast<unsigned>(symbols.size()), results, &ctx);
}

IndexExpr from_affine_expr(mlir::AffineExpr e, const IndexExprList& dims,
                           const IndexExprList& symbols) {
    switch (e.getKind()) {
        case mlir::AffineExprKind::Constant:
            return IndexExpr(e.cast<mlir::AffineConstantExpr>().getValue());
        case mlir::AffineExprKind::DimId:
            return dims.at(e.cast<mlir::AffineDimExpr>().getPosition());
        case mlir::AffineExprKind::SymbolId:
            return symbols.at(e.cast<mlir::AffineSymbolExpr>().getPosition());
        default:
            break;
    }
    auto bin = e.cast<mlir::AffineBinaryOpExpr>();
    IndexExpr lhs = from_affine_expr(bin.getLHS(), dims, symbols);
    IndexExpr rhs = from_affine_expr(bin.getRHS(), dims, symbols);
    return apply_binary(e.getKind(), lhs, rhs);
}

}  // namespace provix
