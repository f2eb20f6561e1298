// Whether MLIR, computing a map at 64 bits, may give another value than the
// exact one (see mlir_wrap.h).

#include "mlir_wrap.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "provix/mlir_syntax.h"

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

/// A set of integers as sorted closed intervals with gaps between them
/// (128-bit ends).
using IntervalUnion = std::vector<std::pair<__int128, __int128>>;

IntervalUnion intersect(const IntervalUnion& a, const IntervalUnion& b) {
    IntervalUnion out;
    for (const auto& x : a) {
        for (const auto& y : b) {
            const __int128 lo = std::max(x.first, y.first), hi = std::min(x.second, y.second);
            if (lo <= hi) out.emplace_back(lo, hi);
        }
    }
    std::sort(out.begin(), out.end());
    // Merged where they overlap or touch: equal sets compare equal.
    IntervalUnion merged;
    for (const auto& x : out) {
        if (!merged.empty() && x.first <= merged.back().second + 1) {
            merged.back().second = std::max(merged.back().second, x.second);
        } else {
            merged.push_back(x);
        }
    }
    return merged;
}

/// A constraint `a * v + k >= 0` (or `== 0`) on one variable v with a = 1
/// or -1, as the printer writes bounds: `d0 - 3 >= 0` is {0, 1, -3}.
struct UnitConstraint {
    int64_t variable;
    int a;
    int64_t k;
    bool equality;
};

std::optional<UnitConstraint> unit_constraint(const MlirSetConstraint& c) {
    Expr e = c.expr;
    int64_t k = 0;
    if (e.kind() == ExprKind::Add && e.num_operands() == 2 && e.operand(1).is_constant()) {
        k = e.operand(1).constant_value();
        e = e.operand(0);
    }
    int a = 1;
    if (e.kind() == ExprKind::Mul && e.num_operands() == 2 && e.operand(1).is_constant(-1)) {
        a = -1;
        e = e.operand(0);
    }
    if (!e.is_variable()) return std::nullopt;
    return UnitConstraint{e.variable_id(), a, k, c.equality};
}

/// The values of the variable of `u` (within int64) for which `u` holds:
/// exactly, or as MLIR decides it (`as_mlir`), computing t = a * v + k at
/// 64 bits. There t is off by 2^64 where it leaves int64: a t below -2^63
/// reads as t + 2^64 >= 0, one above 2^63 - 1 as t - 2^64 < 0, and t == 0
/// also holds at t = -2^64 and t = 2^64.
IntervalUnion unit_truth(const UnitConstraint& u, bool as_mlir) {
    const __int128 two64 = static_cast<__int128>(1) << 64;
    IntervalUnion t;  // the values of a * v + k for which u holds
    if (u.equality) {
        t = {{0, 0}};
        if (as_mlir) t = {{-two64, -two64}, {0, 0}, {two64, two64}};
    } else {
        t = {{0, two64}};  // t never exceeds 2^64 - 1
        if (as_mlir) t = {{-two64, static_cast<__int128>(kMin) - 1}, {0, kMax}};
    }
    IntervalUnion v;  // v = (t - k) / a
    for (const auto& [lo, hi] : t) {
        if (u.a == 1) {
            v.emplace_back(lo - u.k, hi - u.k);
        } else {
            v.emplace_back(u.k - hi, u.k - lo);
        }
    }
    std::sort(v.begin(), v.end());
    return intersect(v, {{kMin, kMax}});
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

bool set_may_decide_otherwise_in_mlir(const IndexingMap& set, std::vector<Interval> operands) {
    // Each constraint not settled yet, and its unit form if it has one.
    struct Pending {
        Expr expr;
        std::optional<UnitConstraint> unit;
    };
    std::vector<Pending> pending;
    for (const MlirSetConstraint& c : mlir_affine_set_constraints(set))
        pending.push_back({c.expr, unit_constraint(c)});
    operands.resize(static_cast<size_t>(set.num_variables()), Interval::all());
    for (Interval& b : operands)
        b = b.intersect(Interval(kMin, kMax));
    // A constraint is settled once MLIR decides it exactly at every point of
    // the box `operands`: it computes it without a wrap there, or it is one
    // of the unit constraints of a variable (`d0 - 3 >= 0`, `-d0 + 28 >= 0`:
    // these wrap near the ends of int64) whose conjunction MLIR finds true
    // for the values it holds for (unit_truth). Settled unit constraints
    // then narrow the box to where they hold: a point they leave out fails
    // them in MLIR and exactly, so the set is false there both ways, and the
    // constraints left need to be decided exactly only inside. Once all are
    // settled, MLIR decides the set exactly everywhere in the first box.
    //
    // Of a variable's unit constraints, all of them are tried together
    // (`d0 - 3 >= 0` and `-d0 + 5 >= 0` each wrap, but where one does the
    // other is false in MLIR too), then each alone.
    auto settle_units = [&](size_t id, const std::vector<size_t>& which) {
        const IntervalUnion box = {{operands[id].lo(), operands[id].hi()}};
        IntervalUnion holds = box, decided = box;
        for (size_t i : which) {
            holds = intersect(holds, unit_truth(*pending[i].unit, /*as_mlir=*/false));
            decided = intersect(decided, unit_truth(*pending[i].unit, /*as_mlir=*/true));
        }
        if (decided != holds) return false;
        // One interval (or none): the exact truth of each is one.
        operands[id] = holds.empty() ? Interval::empty()
                                     : Interval(static_cast<int64_t>(holds[0].first),
                                                static_cast<int64_t>(holds[0].second));
        for (size_t k = which.size(); k-- > 0;)
            pending.erase(pending.begin() + static_cast<std::ptrdiff_t>(which[k]));
        return true;
    };
    bool progress = true;
    while (!pending.empty() && progress) {
        progress = false;
        for (size_t i = 0; i < pending.size() && !progress; ++i) {
            if (pending[i].unit || !lowered(pending[i].expr, operands)) continue;
            pending.erase(pending.begin() + static_cast<std::ptrdiff_t>(i));
            progress = true;
        }
        for (size_t id = 0; id < operands.size() && !progress; ++id) {
            std::vector<size_t> units;
            for (size_t i = 0; i < pending.size(); ++i)
                if (pending[i].unit && pending[i].unit->variable == static_cast<int64_t>(id))
                    units.push_back(i);
            if (units.empty()) continue;
            progress = settle_units(id, units);
            for (size_t k = 0; k < units.size() && units.size() > 1 && !progress; ++k)
                progress = settle_units(id, {units[k]});
            // An empty box: no point of the set, in MLIR either.
            if (progress && operands[id].is_empty()) return false;
        }
    }
    return !pending.empty();
}

}  // namespace provix::cli
