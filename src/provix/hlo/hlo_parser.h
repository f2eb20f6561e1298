#pragma once
/// \file
/// Reads XLA's HLO text: a module (`HloModule name` then computations, one
/// marked `ENTRY`), a single computation (`f { ... }`), or a bare list of
/// instructions (the root being the one marked `ROOT`, else the last).
///
///     auto m = parse_hlo_module(
///         "p0 = f32[20] parameter(0)\n"
///         "bc0 = f32[10, 20, 30] broadcast(p0), dimensions={1}\n");
///     m->entry_computation().root_instruction().opcode == "broadcast"
///
/// Operations with indexing maps (`is_supported_opcode`): parameter,
/// constant, iota, the elementwise ones (add, subtract, multiply, divide,
/// maximum, minimum, exponential, log, negate, compare, select, clamp,
/// convert, ...), map, broadcast, transpose, reverse, reshape, bitcast,
/// slice, dynamic-slice, dynamic-update-slice, gather, concatenate, pad,
/// reduce, reduce-window, dot, scaled-dot, convolution, fusion, tuple and
/// get-tuple-element. Any other operation is read with its operands (its
/// attributes are skipped) and the analysis reports what reaches it as
/// UNKNOWN. Comments (`// ...`, `/* ... */`) are skipped; unknown attributes
/// are accepted and ignored; dynamic dimensions (`<=5`, `?`) are rejected.
///
/// Every error is a value whose message is a full diagnostic:
///
///     in.hlo:2:20: error: unknown operand 'p9'
///       s = f32[8] negate(p9)
///                         ^
///
/// Note on XLA's text: this reader takes no index expressions from it, but
/// where XLA prints indexing maps, its `mod` is always non-negative, which
/// differs from provix's floor `mod` (sign of the divisor) for negative
/// divisors. The maps this analysis builds only ever divide by positive
/// constants, where the two agree.

#include <string>
#include <string_view>

#include "provix/hlo/hlo_module.h"
#include "provix/result.h"

namespace provix::hlo {

/// Parses `text` (named `filename` in diagnostics) into a module. Checks
/// names (unique, operands defined before use), parameter numbers (0..N-1,
/// each once), attribute syntax (of the operations with maps), and that every
/// `calls=` names a computation of the module. Shape consistency of each
/// operation is checked by the analysis (`provix/hlo/op_indexing.h`).
Result<HloModule> parse_hlo_module(std::string_view text, std::string_view filename = "<input>");

/// True if `opcode` is an operation with indexing maps:
/// `is_supported_opcode("add")`, `!is_supported_opcode("scatter")`.
bool is_supported_opcode(std::string_view opcode);

/// True for the elementwise operations (unary, binary, and the ternary
/// select and clamp): `is_elementwise_opcode("maximum")`.
bool is_elementwise_opcode(std::string_view opcode);

}  // namespace provix::hlo
