#pragma once
/// \file
/// MLIR affine maps to provix indexing maps and back, through MLIR's affine
/// syntax (provix/mlir_syntax.h holds its semantics: every MLIR dim and
/// symbol is an input, a divisor must be positive). Private to mlir/lib.
///
///     provix::Context ctx;
///     auto m = to_provix(ctx, map);            // affine_map<(d0) -> (d0 mod 4)>
///     add_operand_facts(*m, operands, facts);  // d0 in [0, 63], d0 mod 16 == 0
///     simplify(*m);
///     mlir::AffineMap back = *to_mlir(*m, map.getNumDims(), map.getContext());

#include <mlir/IR/AffineMap.h>
#include <mlir/IR/OperationSupport.h>

#include <optional>
#include <string>
#include <vector>

#include "provix/indexing_map.h"
#include "provix/result.h"
#include "value_facts.h"

namespace provix::mlir_bridge {

/// `map` as a provix map whose dimensions are MLIR's dims then symbols, with
/// an unbounded domain; an error for a map provix does not read (a literal
/// divisor MLIR leaves undefined).
Result<IndexingMap> to_provix(Context& ctx, mlir::AffineMap map);

/// The first position j <= i whose operand is `operands[i]` (i itself when
/// no earlier operand is the same value): on `(%x, %y, %x)`, 0 for i = 2.
unsigned first_equal_operand(mlir::ValueRange operands, unsigned i);

/// Bounds every variable of `m` by the fact of its operand (an interval and
/// a congruence), and constrains variables whose operands are the same value
/// to be equal.
void add_operand_facts(IndexingMap& m, mlir::ValueRange operands, ValueFacts& facts);

/// The results of `m` with each variable whose operand repeats an earlier
/// one replaced by the earlier variable (`(d0, d1) -> (d0 - d1)` on
/// `(%x, %x)` becomes `(d0, d1) -> (0)`): equal values, so exact.
std::vector<Expr> with_equal_operands_merged(const IndexingMap& m, mlir::ValueRange operands);

/// `map` itself with each dim or symbol whose operand repeats an earlier one
/// replaced by the earlier one: `(d0, d1) -> ((d0 - d1) floordiv 4)` on
/// `(%x, %x)` is `(d0, d1) -> (0)` (MLIR folds `d0 - d0`).
mlir::AffineMap with_equal_operands_merged(mlir::AffineMap map, mlir::ValueRange operands);

/// The results of `m` as an MLIR map with `num_dims` dims and the rest of
/// its variables as symbols; an error when MLIR cannot express them.
Result<mlir::AffineMap> to_mlir(const IndexingMap& m, int64_t num_dims, mlir::MLIRContext* ctx);

/// MLIR's text of `map`: `affine_map<(d0) -> (d0 mod 4)>`.
std::string mlir_text(mlir::AffineMap map);

}  // namespace provix::mlir_bridge
