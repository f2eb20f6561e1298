// Whether a simplified map may wrap at 64 bits in MLIR where its input does
// not (see mlir_wrap.h).

#include "mlir_wrap.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <unordered_set>
#include <vector>

namespace provix::cli {

namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

using ExprSet = std::unordered_set<Expr, ExprHash>;

/// The nodes of `e` into `out`.
void collect(Expr e, ExprSet& out) {
    if (!out.insert(e).second) return;
    for (size_t i = 0; i < e.num_operands(); ++i)
        collect(e.operand(i), out);
}

/// `bounds` cut to where every product `v * c` (a variable by a constant) of
/// `e` lies in int64.
void cut_to_fitting_products(Expr e, std::vector<Interval>& bounds) {
    if (e.kind() == ExprKind::Mul && e.num_operands() == 2) {
        Expr v = e.operand(0), c = e.operand(1);
        if (v.is_constant()) std::swap(v, c);
        if (v.is_variable() && c.is_constant() && c.constant_value() != 0 &&
            static_cast<size_t>(v.variable_id()) < bounds.size()) {
            // C++ division truncates: inwards for either sign of the quotient.
            const int64_t k = c.constant_value();
            const Interval fit = k > 0     ? Interval(kMin / k, kMax / k)
                                 : k == -1 ? Interval(kMin + 1, kMax)
                                           : Interval(kMax / k, kMin / k);
            Interval& b = bounds[static_cast<size_t>(v.variable_id())];
            b = b.intersect(fit);
        }
    }
    for (size_t i = 0; i < e.num_operands(); ++i)
        cut_to_fitting_products(e.operand(i), bounds);
}

/// The interval of `e` over `bounds` as MLIR computes it, or nullopt when an
/// operation may leave int64; nodes in `trusted` cannot (cut to int64).
std::optional<Interval> lowered(Expr e, const std::vector<Interval>& bounds,
                                const ExprSet* trusted) {
    if (e.is_constant()) return Interval::point(e.constant_value());
    if (e.is_variable()) {
        const size_t i = static_cast<size_t>(e.variable_id());
        return i < bounds.size() ? bounds[i] : Interval(kMin, kMax);
    }
    if (trusted && trusted->count(e)) {
        std::optional<Interval> r = lowered(e, bounds, nullptr);
        return r ? *r : Interval(kMin, kMax);
    }
    std::vector<Interval> ops;
    for (size_t i = 0; i < e.num_operands(); ++i) {
        std::optional<Interval> r = lowered(e.operand(i), bounds, trusted);
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
/// bits are exact modulo 2^64, and the result's exact value is the input's.
bool division_may_wrap(Expr e, const std::vector<Interval>& bounds, const ExprSet& trusted) {
    if (e.kind() == ExprKind::Add || e.kind() == ExprKind::Mul) {
        for (size_t i = 0; i < e.num_operands(); ++i)
            if (division_may_wrap(e.operand(i), bounds, trusted)) return true;
        return false;
    }
    if (e.is_constant() || e.is_variable()) return false;
    return !lowered(e, bounds, &trusted);
}

}  // namespace

bool may_wrap_where_input_does_not(const IndexingMap& simplified, const IndexingMap& input) {
    std::vector<Interval> bounds = input.variable_bounds();
    for (Interval& b : bounds)
        b = b.intersect(Interval(kMin, kMax));
    ExprSet trusted;
    for (Expr r : input.results()) {
        collect(r, trusted);
        cut_to_fitting_products(r, bounds);
    }
    for (Expr r : simplified.results())
        if (division_may_wrap(r, bounds, trusted)) return true;
    return false;
}

}  // namespace provix::cli
