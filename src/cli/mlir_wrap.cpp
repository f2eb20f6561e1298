// Whether MLIR, computing a map at 64 bits, may give another value than the
// exact one (see mlir_wrap.h).

#include "mlir_wrap.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace provix::cli {

namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

/// The interval of `e` over `bounds` as MLIR computes it, or nullopt when an
/// operation may leave int64.
std::optional<Interval> lowered(Expr e, const std::vector<Interval>& bounds) {
    if (e.is_constant()) return Interval::point(e.constant_value());
    if (e.is_variable()) {
        const size_t i = static_cast<size_t>(e.variable_id());
        return i < bounds.size() ? bounds[i] : Interval(kMin, kMax);
    }
    std::vector<Interval> ops;
    for (size_t i = 0; i < e.num_operands(); ++i) {
        std::optional<Interval> r = lowered(e.operand(i), bounds);
        if (!r) return std::nullopt;
        if (r->is_empty()) return Interval::empty();
        ops.push_back(*r);
    }
    Interval r = ops[0];
    switch (e.kind()) {
        case ExprKind::Add: {
            // Every partial sum, in any order, lies between the sum of the
            // negative ends and the sum of the positive ones.
            Interval neg = Interval::point(0), pos = Interval::point(0);
            for (const Interval& o : ops) {
                neg = neg + Interval::point(std::min<int64_t>(o.lo(), 0));
                pos = pos + Interval::point(std::max<int64_t>(o.hi(), 0));
            }
            if (!neg.is_bounded() || !pos.is_bounded()) return std::nullopt;
            r = Interval::point(0);
            for (const Interval& o : ops)
                r = r + o;
            break;
        }
        case ExprKind::Mul: {
            // Every partial product lies within the product of magnitudes.
            Interval magnitude = Interval::point(1);
            for (const Interval& o : ops) {
                if (o.lo() == kMin) return std::nullopt;
                magnitude = magnitude * Interval::point(std::max(-o.lo(), o.hi()));
            }
            if (!magnitude.is_bounded()) return std::nullopt;
            for (size_t i = 1; i < ops.size(); ++i)
                r = r * ops[i];
            break;
        }
        case ExprKind::FloorDiv:
            r = floor_div(ops[0], ops[1]);
            break;
        case ExprKind::CeilDiv:
            if (ops[0].lo() == kMin) return std::nullopt;  // the lowering negates it
            r = ceil_div(ops[0], ops[1]);
            break;
        case ExprKind::Mod:
            r = mod(ops[0], ops[1]);
            break;
        default:
            return std::nullopt;  // min and max have no MLIR expression
    }
    if (!r.is_bounded()) return std::nullopt;
    return r;
}

/// True if a floordiv, ceildiv or mod of `e` may see a wrapped operand, or
/// wrap itself. Above them, sums and products may wrap: `+` and `*` at 64
/// bits are exact modulo 2^64.
bool division_may_wrap(Expr e, const std::vector<Interval>& bounds) {
    if (e.kind() == ExprKind::Add || e.kind() == ExprKind::Mul) {
        for (size_t i = 0; i < e.num_operands(); ++i)
            if (division_may_wrap(e.operand(i), bounds)) return true;
        return false;
    }
    if (e.is_constant() || e.is_variable()) return false;
    return !lowered(e, bounds);
}

}  // namespace

bool may_give_inexact_in_mlir(const IndexingMap& map) {
    std::vector<Interval> bounds = map.variable_bounds();
    for (Interval& b : bounds)
        b = b.intersect(Interval(kMin, kMax));
    for (Expr r : map.results())
        if (division_may_wrap(r, bounds)) return true;
    return false;
}

}  // namespace provix::cli
