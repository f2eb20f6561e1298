// Facts of index values for the pass (see value_facts.h).

#include "value_facts.h"

#include <mlir/Dialect/Affine/IR/AffineOps.h>
#include <mlir/IR/BuiltinAttributes.h>
#include <mlir/IR/Matchers.h>

#include <optional>

#include "map_bridge.h"
#include "provix/semantics.h"
#include "provix/simplify.h"
#include "wrap_check.h"

namespace provix::mlir_bridge {

namespace {

// Chains of applies and loops deeper than this are left unbounded.
constexpr int kMaxDepth = 32;

}  // namespace

ValueFact ValueFacts::fact(mlir::Value v) { return fact(v, 0); }

ValueFact ValueFacts::fact(mlir::Value v, int depth) {
    auto known = memo_.find(v);
    if (known != memo_.end()) return known->second;
    ValueFact f = depth > kMaxDepth ? ValueFact{} : compute(v, depth);
    memo_[v] = f;
    return f;
}

std::vector<Interval> ValueFacts::map_ranges(mlir::AffineMap map, mlir::ValueRange operands,
                                             int depth) {
    Context ctx;
    auto m = to_provix(ctx, map);
    if (!m) return std::vector<Interval>(map.getNumResults(), Interval::all());
    for (unsigned i = 0; i < operands.size(); ++i)
        fact(operands[i], depth + 1);  // fill the memo before add_operand_facts reads it
    add_operand_facts(*m, operands, *this);
    // Facts that leave no point (an apply on the variable of a loop that
    // never runs, a divisor fixed to 0) make the map KNOWN EMPTY, which has
    // no results left: nothing is known of the values then.
    if (m->is_known_empty() || m->is_undefined())
        return std::vector<Interval>(map.getNumResults(), Interval::all());
    std::vector<Interval> out = result_ranges(*m);
    // A result whose lowered arithmetic may wrap for some operands is
    // whatever int64 the wrap leaves, not the exact value (unless the
    // program promises no wrap).
    if (assume_no_overflow_) return out;
    const std::vector<Interval> box = index_box(m->variable_bounds());
    for (unsigned i = 0; i < out.size() && i < map.getNumResults(); ++i)
        if (may_give_inexact(map.getSubMap({i}), box, true)) out[i] = Interval::all();
    return out;
}

ValueFact ValueFacts::compute(mlir::Value v, int depth) {
    ValueFact out;
    mlir::IntegerAttr constant;
    if (mlir::matchPattern(v, mlir::m_Constant(&constant))) {
        out.range = Interval::point(constant.getValue().getSExtValue());
        return out;
    }
    auto ranges = [&](mlir::AffineMap map, mlir::ValueRange operands) {
        return map_ranges(map, operands, depth);
    };

    if (mlir::AffineForOp loop = mlir::getForInductionVarOwner(v)) {
        // The loop runs from lb (inclusive) to ub (exclusive); non-constant
        // bounds are maps: lb is the max of its results, ub the min.
        std::optional<int64_t> lb, ub;
        if (loop.hasConstantLowerBound()) {
            lb = loop.getConstantLowerBound();
        } else {
            for (const Interval& r : ranges(loop.getLowerBoundMap(), loop.getLowerBoundOperands()))
                if (!r.is_empty() && !r.lo_is_inf() && (!lb || r.lo() > *lb)) lb = r.lo();
        }
        if (loop.hasConstantUpperBound()) {
            ub = loop.getConstantUpperBound();
        } else {
            for (const Interval& r : ranges(loop.getUpperBoundMap(), loop.getUpperBoundOperands()))
                if (!r.is_empty() && !r.hi_is_inf() && (!ub || r.hi() < *ub)) ub = r.hi();
        }
        const int64_t step = loop.getStep();
        std::optional<int64_t> hi;
        if (ub) {
            hi = checked_sub(*ub, 1);  // the upper bound is exclusive
            if (!hi) return ValueFact{};
        }
        out.range = Interval::bounded_by(lb, hi);
        if (loop.hasConstantLowerBound() && step > 1) {
            out.modulus = step;
            out.residue = *floor_mod(*lb, step);
            if (out.range.is_bounded() && out.range.lo() <= out.range.hi()) {
                // The last value the loop takes: lb + step * ((hi - lb) floordiv step).
                auto span = checked_sub(out.range.hi(), out.range.lo());
                auto k = span ? floor_div(*span, step) : std::nullopt;
                auto offset = k ? checked_mul(*k, step) : std::nullopt;
                auto last = offset ? checked_add(out.range.lo(), *offset) : std::nullopt;
                if (last) out.range = Interval{out.range.lo(), *last};
            }
        }
        if (out.range.is_bounded() && out.range.lo() > out.range.hi())
            out.range = Interval::empty();
        return out;
    }

    mlir::Operation* def = v.getDefiningOp();
    if (!def) return out;
    if (auto apply = llvm::dyn_cast<mlir::AffineApplyOp>(def)) {
        out.range = ranges(apply.getAffineMap(), apply.getMapOperands())[0];
    } else if (auto min = llvm::dyn_cast<mlir::AffineMinOp>(def)) {
        std::vector<Interval> rs = ranges(min.getAffineMap(), min.getMapOperands());
        if (!rs.empty()) out.range = rs[0];
        for (const Interval& r : rs)
            out.range = provix::min(out.range, r);
    } else if (auto max = llvm::dyn_cast<mlir::AffineMaxOp>(def)) {
        std::vector<Interval> rs = ranges(max.getAffineMap(), max.getMapOperands());
        if (!rs.empty()) out.range = rs[0];
        for (const Interval& r : rs)
            out.range = provix::max(out.range, r);
    }
    return out;
}

}  // namespace provix::mlir_bridge
