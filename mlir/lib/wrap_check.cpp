// Where MLIR's 64-bit lowering of an affine map can give another value than
// the exact one (see wrap_check.h).

#include "wrap_check.h"

#include <mlir/IR/AffineExpr.h>
#include <mlir/IR/AffineExprVisitor.h>

#include <cstdint>
#include <limits>
#include <optional>

namespace provix::mlir_bridge {

namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

/// The interval of `e` over `box`, or nullopt when some operation of it may
/// wrap (intervals saturate to an infinite end where a value leaves int64).
std::optional<Interval> lowered_interval(mlir::AffineExpr e, const std::vector<Interval>& box) {
    if (auto c = e.dyn_cast<mlir::AffineConstantExpr>()) return Interval::point(c.getValue());
    if (auto d = e.dyn_cast<mlir::AffineDimExpr>()) {
        const size_t i = d.getPosition();
        return i < box.size() ? box[i] : Interval(kMin, kMax);
    }
    // A symbol (may_give_inexact turns them into dims first): any index.
    if (e.isa<mlir::AffineSymbolExpr>()) return Interval(kMin, kMax);
    auto bin = e.cast<mlir::AffineBinaryOpExpr>();
    std::optional<Interval> a = lowered_interval(bin.getLHS(), box);
    std::optional<Interval> b = a ? lowered_interval(bin.getRHS(), box) : std::nullopt;
    if (!b) return std::nullopt;
    Interval r;
    switch (e.getKind()) {
        case mlir::AffineExprKind::Add:
            r = *a + *b;
            break;
        case mlir::AffineExprKind::Mul:
            r = *a * *b;
            break;
        case mlir::AffineExprKind::FloorDiv:
            r = floor_div(*a, *b);
            break;
        case mlir::AffineExprKind::CeilDiv:
            if (!a->is_empty() && a->lo() == kMin) return std::nullopt;  // -a wraps
            r = ceil_div(*a, *b);
            break;
        case mlir::AffineExprKind::Mod:
            r = mod(*a, *b);
            break;
        default:
            return std::nullopt;
    }
    if (!r.is_bounded()) return std::nullopt;
    return r;
}

/// True if a floordiv, ceildiv or mod of `e` may see a wrapped operand, or
/// wrap itself. Above them, sums and products may wrap: `+` and `*` at 64
/// bits are exact modulo 2^64.
bool division_may_wrap(mlir::AffineExpr e, const std::vector<Interval>& box) {
    if (e.getKind() == mlir::AffineExprKind::Add || e.getKind() == mlir::AffineExprKind::Mul) {
        auto bin = e.cast<mlir::AffineBinaryOpExpr>();
        return division_may_wrap(bin.getLHS(), box) || division_may_wrap(bin.getRHS(), box);
    }
    if (e.isa<mlir::AffineBinaryOpExpr>()) return !lowered_interval(e, box);
    return false;  // a constant, dim or symbol
}

/// `e` with every symbol sj replaced by the dim d(num_dims + j), so that one
/// box indexes both.
mlir::AffineExpr symbols_as_dims(mlir::AffineExpr e, unsigned num_dims, unsigned num_symbols) {
    llvm::SmallVector<mlir::AffineExpr, 4> dims, symbols;
    for (unsigned i = 0; i < num_dims; ++i)
        dims.push_back(mlir::getAffineDimExpr(i, e.getContext()));
    for (unsigned j = 0; j < num_symbols; ++j)
        symbols.push_back(mlir::getAffineDimExpr(num_dims + j, e.getContext()));
    return e.replaceDimsAndSymbols(dims, symbols);
}

}  // namespace

std::vector<Interval> index_box(std::vector<Interval> box) {
    for (Interval& b : box)
        b = b.intersect(Interval(kMin, kMax));
    return box;
}

bool may_give_inexact(mlir::AffineMap map, const std::vector<Interval>& box, bool compared) {
    // MLIR 14 does not lower a division by a dim or symbol ("semi-affine
    // expressions are not supported"): such a map stays over the integers.
    bool semi_affine = false;
    for (mlir::AffineExpr r : map.getResults()) {
        r.walk([&](mlir::AffineExpr e) {
            if (auto bin = e.dyn_cast<mlir::AffineBinaryOpExpr>())
                semi_affine |= e.getKind() != mlir::AffineExprKind::Add &&
                               e.getKind() != mlir::AffineExprKind::Mul &&
                               !bin.getRHS().isa<mlir::AffineConstantExpr>();
        });
    }
    if (semi_affine) return false;
    for (mlir::AffineExpr r : map.getResults()) {
        mlir::AffineExpr e = symbols_as_dims(r, map.getNumDims(), map.getNumSymbols());
        if (compared ? !lowered_interval(e, box) : division_may_wrap(e, box)) return true;
    }
    return false;
}

bool holds_int64_min(mlir::AffineMap map) {
    bool found = false;
    for (mlir::AffineExpr r : map.getResults()) {
        r.walk([&](mlir::AffineExpr e) {
            if (auto c = e.dyn_cast<mlir::AffineConstantExpr>()) found |= c.getValue() == kMin;
        });
    }
    return found;
}

}  // namespace provix::mlir_bridge
