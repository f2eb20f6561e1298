#pragma once
/// \file
/// Values of integer HLO operands that are known at compile time, as index
/// expressions. The dynamic operations (dynamic-slice, dynamic-update-slice,
/// gather) use them to replace a runtime variable by the offset it stands
/// for:
///
///     offset = s64[] constant(42)
///     ds = s32[10] dynamic-slice(p0, offset), dynamic_slice_sizes={10}
///     // operand 0: (d0) -> (d0 + 42), no runtime variable
///
///     iota = s64[42,1] iota(), iota_dimension=0
///     g = f32[42,1,1] gather(p0, iota), ...   // p0: f32[33,76]
///     // operand 0: (d0, d1, d2) -> (min(d0, 32), 0): the start index is
///     // the iota's value d0, clamped to the last valid start 32
///
/// A value is known when it follows from integer constants (of any rank,
/// read at every value of the variables the index uses: the element when
/// they hold one, or their common value, or `a + step * v` when one
/// variable v varies and the elements step evenly with it), iotas, and
/// integer arithmetic (add, subtract, multiply,
/// negate, maximum, minimum, clamp, and divide / remainder of non-negative
/// values by positive constants) through operations that only move elements
/// (broadcast, reshape, bitcast, transpose, reverse, slice, copy, widening
/// convert), across fusion boundaries. Each step checks that its range fits
/// the element type, so wrapping integer arithmetic is never folded.

#include <cstdint>
#include <optional>
#include <vector>

#include "provix/expr.h"
#include "provix/interval.h"

namespace provix::hlo {

struct HloModule;
struct HloComputation;

/// What is known at compile time about the values of an instruction's
/// operands.
class OperandValues {
public:
    virtual ~OperandValues() = default;

    /// The value of element `index` of operand `operand` as an expression
    /// over the variables `index` uses (`bounds`: their bounds, by variable
    /// id), or nullopt when it is not known at compile time.
    ///
    ///     // operand 1 is `iota = s32[8] iota(), iota_dimension=0`:
    ///     value(1, {d0 + 1}, {{0, 6}})  ==  d0 + 1
    virtual std::optional<Expr> value(int64_t operand, const std::vector<Expr>& index,
                                      const std::vector<Interval>& bounds) const = 0;
};

/// The values of the operands of instruction `instr` of `comp`, found by
/// walking its producers. `parameters`, if given, tells the values of
/// `comp`'s parameters (the operands of the fusion that calls `comp`).
///
///     ComputationValues values(ctx, module, comp, ds_index, nullptr);
///     values.value(1, {}, {})   // the dynamic-slice's first offset
class ComputationValues : public OperandValues {
public:
    ComputationValues(Context& ctx, const HloModule& module, const HloComputation& comp,
                      int64_t instr, const OperandValues* parameters)
        : ctx_(ctx), module_(module), comp_(comp), instr_(instr), parameters_(parameters) {}

    std::optional<Expr> value(int64_t operand, const std::vector<Expr>& index,
                              const std::vector<Interval>& bounds) const override;

    /// The value of element `index` of instruction `idx` of the computation.
    std::optional<Expr> instruction_value(int64_t idx, const std::vector<Expr>& index,
                                          const std::vector<Interval>& bounds, int depth = 0) const;

private:
    Context& ctx_;
    const HloModule& module_;
    const HloComputation& comp_;
    int64_t instr_;
    const OperandValues* parameters_;
};

}  // namespace provix::hlo
