// Where MLIR's 64-bit lowering of an affine expression can wrap (see
// wrap_check.h).

#include "wrap_check.h"

#include <llvm/ADT/DenseSet.h>
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
/// A sub-expression in `trusted` cannot wrap (where the input does not, an
/// expression of the input does not): its interval is cut to int64.
std::optional<Interval> lowered_interval(mlir::AffineExpr e, const std::vector<Interval>& box,
                                         const llvm::DenseSet<mlir::AffineExpr>* trusted) {
    if (auto c = e.dyn_cast<mlir::AffineConstantExpr>()) return Interval::point(c.getValue());
    if (trusted && trusted->contains(e)) {
        std::optional<Interval> r = lowered_interval(e, box, nullptr);
        return r ? *r : Interval::bounded_by(kMin, kMax);
    }
    if (auto d = e.dyn_cast<mlir::AffineDimExpr>()) {
        const size_t i = d.getPosition();
        return i < box.size() ? box[i] : Interval::bounded_by(kMin, kMax);
    }
    // A symbol (may_wrap(map, ...) turns them into dims first): any index.
    if (e.isa<mlir::AffineSymbolExpr>()) return Interval::bounded_by(kMin, kMax);
    auto bin = e.cast<mlir::AffineBinaryOpExpr>();
    std::optional<Interval> a = lowered_interval(bin.getLHS(), box, trusted);
    std::optional<Interval> b = a ? lowered_interval(bin.getRHS(), box, trusted) : std::nullopt;
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

/// True if a floordiv, ceildiv or mod of `e` may see a wrapped operand, or
/// wrap itself. Above them, sums and products may wrap: `+` and `*` at 64
/// bits are exact modulo 2^64, and the result's exact value is the input's.
bool division_may_wrap(mlir::AffineExpr e, const std::vector<Interval>& box,
                       const llvm::DenseSet<mlir::AffineExpr>& trusted) {
    if (e.getKind() == mlir::AffineExprKind::Add || e.getKind() == mlir::AffineExprKind::Mul) {
        auto bin = e.cast<mlir::AffineBinaryOpExpr>();
        return division_may_wrap(bin.getLHS(), box, trusted) ||
               division_may_wrap(bin.getRHS(), box, trusted);
    }
    if (e.isa<mlir::AffineBinaryOpExpr>()) return !lowered_interval(e, box, &trusted);
    return false;  // a constant, dim or symbol
}

}  // namespace

std::vector<Interval> index_box(std::vector<Interval> box) {
    for (Interval& b : box)
        b = b.intersect(Interval::bounded_by(kMin, kMax));
    return box;
}

bool may_wrap(mlir::AffineMap map, const std::vector<Interval>& box) {
    for (mlir::AffineExpr r : map.getResults())
        if (!lowered_interval(symbols_as_dims(r, map.getNumDims(), map.getNumSymbols()), box,
                              nullptr))
            return true;
    return false;
}

bool may_wrap_where_input_does_not(mlir::AffineMap map, mlir::AffineMap input,
                                   const std::vector<Interval>& box, bool compared) {
    llvm::DenseSet<mlir::AffineExpr> trusted;
    for (mlir::AffineExpr r : input.getResults())
        symbols_as_dims(r, input.getNumDims(), input.getNumSymbols()).walk([&](mlir::AffineExpr e) {
            trusted.insert(e);
        });
    const std::vector<Interval> cut = where_products_fit(input, box);
    for (mlir::AffineExpr r : map.getResults()) {
        mlir::AffineExpr e = symbols_as_dims(r, map.getNumDims(), map.getNumSymbols());
        if (compared ? !lowered_interval(e, cut, &trusted) : division_may_wrap(e, cut, trusted))
            return true;
    }
    return false;
}

std::vector<Interval> where_products_fit(mlir::AffineMap map, std::vector<Interval> box) {
    for (mlir::AffineExpr r : map.getResults()) {
        symbols_as_dims(r, map.getNumDims(), map.getNumSymbols()).walk([&](mlir::AffineExpr e) {
            if (e.getKind() != mlir::AffineExprKind::Mul) return;
            auto bin = e.cast<mlir::AffineBinaryOpExpr>();
            auto var = bin.getLHS().dyn_cast<mlir::AffineDimExpr>();
            auto c = bin.getRHS().dyn_cast<mlir::AffineConstantExpr>();
            if (!var || !c || var.getPosition() >= box.size() || c.getValue() == 0) return;
            // v * c in [kMin, kMax]: v between the quotients, rounded inwards.
            const int64_t k = c.getValue();
            std::optional<int64_t> lo, hi;
            // C++ division truncates: towards the ceiling of a negative
            // quotient and the floor of a positive one, inwards each time.
            if (k > 0) {
                lo = kMin / k;  // ceil(kMin / k)
                hi = kMax / k;  // floor(kMax / k)
            } else if (k == -1) {
                lo = kMin + 1;  // -v wraps only at v = kMin
                hi = kMax;
            } else {
                lo = kMax / k;  // ceil(kMax / k): v * k <= kMax
                hi = kMin / k;  // floor(kMin / k): v * k >= kMin
            }
            Interval& b = box[var.getPosition()];
            b = b.intersect(Interval::bounded_by(lo, hi));
        });
    }
    return box;
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
