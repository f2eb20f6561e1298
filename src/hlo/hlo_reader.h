#pragma once
// Pieces of the HLO reader shared between its files (private to src/hlo):
// shapes and attributes.

#include "hlo_text_cursor.h"
#include "provix/hlo/hlo_module.h"
#include "provix/hlo/hlo_shape.h"
#include "provix/result.h"

namespace provix::hlo::detail {

/// Parses a shape at the cursor: `f32[4,8]{1,0}`, `(f32[], s32[10])`,
/// `f32[]`. Layout tiling suffixes (`{1,0:T(8,128)}`) are skipped.
Result<HloShape> parse_shape(TextCursor& cursor);

/// Parses one `name=value` attribute at the cursor (after its comma) into
/// `instr`. Unknown attribute names are accepted and ignored; a known one
/// with a malformed value is an error at the value.
Result<bool> parse_attribute(TextCursor& cursor, HloInstruction& instr);

}  // namespace provix::hlo::detail
