#pragma once
/// \file
/// What the pass knows about an `index` value: an interval holding it and a
/// congruence `value mod modulus == residue`. Private to mlir/lib.
///
///     affine.for %i = 4 to 64 step 8     // fact(%i): [4, 60], %i mod 8 == 4
///     %c = arith.constant 5 : index      // fact(%c): [5, 5]

#include <llvm/ADT/DenseMap.h>
#include <mlir/IR/AffineMap.h>
#include <mlir/IR/OperationSupport.h>
#include <mlir/IR/Value.h>

#include <cstdint>
#include <vector>

#include "provix/interval.h"

namespace provix::mlir_bridge {

/// An interval and a congruence (modulus 1: no congruence known).
struct ValueFact {
    Interval range = Interval::all();
    int64_t modulus = 1;
    int64_t residue = 0;
};

/// Facts of index values, computed on demand and memoized: induction
/// variables of `affine.for` (bounds from constant or affine bound maps, the
/// step as a congruence when the lower bound is a constant), constants, and
/// results of `affine.apply`, `affine.min` and `affine.max` (through
/// provix's range analysis over their operands' facts). Anything else is
/// unbounded.
class ValueFacts {
public:
    /// With `assume_no_overflow`, a result of an `affine.apply` (min, max)
    /// has its exact range even where its lowered arithmetic could wrap
    /// (the program promises it does not): `ValueFacts facts(true)`.
    explicit ValueFacts(bool assume_no_overflow = false)
        : assume_no_overflow_(assume_no_overflow) {}

    /// The fact of `v`.
    ValueFact fact(mlir::Value v);

private:
    ValueFact compute(mlir::Value v, int depth);
    /// The ranges of the results of `map` over the facts of `operands`.
    std::vector<Interval> map_ranges(mlir::AffineMap map, mlir::ValueRange operands, int depth);
    ValueFact fact(mlir::Value v, int depth);

    llvm::DenseMap<mlir::Value, ValueFact> memo_;
    bool assume_no_overflow_;
};

}  // namespace provix::mlir_bridge
