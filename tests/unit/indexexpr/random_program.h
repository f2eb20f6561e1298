#pragma once
/// \file
/// Test support: small random straight-line programs over IndexExpr (every
/// operation of the API), a direct reference evaluator with the semantics of
/// provix/semantics.h, and a builder that runs a program through IndexExpr in
/// any mode. Used by the property tests of the evaluator and the C emitter.

#include <cstdint>
#include <string>
#include <vector>

#include "provix/indexexpr/builder.h"
#include "provix/indexexpr/index_expr.h"
#include "provix/interval.h"
#include "provix/result.h"

namespace provix::test {

/// An operand: a literal, or a reference to an earlier value (inputs first,
/// then instruction results).
struct Operand {
    bool literal = true;
    int64_t value = 0;
    size_t ref = 0;
};

enum class ProgOp { Add, Sub, Mul, FloorDiv, CeilDiv, Mod, Min, Max, Select, Clamp };

/// `op(a, b)`; Select is `(a cmp b) ? c : d` (`cmp` one of the comparisons
/// `RtOp::Eq` to `RtOp::Ge`); Clamp is `a.clamp(b, c)`.
struct Instr {
    ProgOp op = ProgOp::Add;
    RtOp cmp = RtOp::Lt;
    Operand a, b, c, d;
};

struct Program {
    std::vector<Interval> input_bounds;
    std::vector<Instr> instrs;
};

/// Readable form for failure messages.
std::string to_string(const Program& p);

/// Generators (call inside a RapidCheck property).
Program gen_program();
/// Input values within the program's bounds (and within [-50, 50] where a
/// bound is infinite).
std::vector<int64_t> gen_inputs(const Program& p);

/// Direct reference evaluation: one result per instruction; an error on a
/// zero divisor or overflow of a value the instruction needs.
std::vector<Result<int64_t>> reference(const Program& p, const std::vector<int64_t>& inputs);

/// The program through IndexExpr: `inputs` (one per program input, any kind)
/// and one IndexExpr per instruction.
IndexExprList build(const Program& p, const IndexExprList& inputs);

/// True if every successful reference value has magnitude at most 2^31 (so
/// canonical rearrangements of the same arithmetic cannot overflow int64).
bool small_values(const std::vector<Result<int64_t>>& ref);

}  // namespace provix::test
