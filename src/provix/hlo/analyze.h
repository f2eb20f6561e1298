#pragma once
/// \file
/// What `provix analyze FILE.hlo` prints: the indexing maps from the output
/// of the analysed computation's root to each of its parameters (or the
/// reverse), composed through every instruction in between.
///
///     p0 = f32[10, 20] parameter(0)
///     p1 = f32[10, 20] parameter(1)
///     output = f32[10, 20] add(p0, p1)
///
/// prints
///
///     // operand 0: p0
///     (d0, d1) -> (d0, d1),
///     domain:
///     d0 in [0, 9],
///     d1 in [0, 19]
///     // -----
///     // operand 1: p1
///     ...
///     // -----
///
/// The analysed computation is the module's entry computation (the one
/// marked ENTRY, else the last; a single computation or a bare list of
/// instructions is its own entry). Parameters come in number order, each
/// with its distinct maps, each map followed by `// -----`. A parameter
/// whose every path is empty prints `KNOWN EMPTY`; one that reaches an
/// operation without indexing maps prints `UNKNOWN`, and the report gets a
/// warning naming the operation:
///
///     m.hlo:5:16: warning: no indexing maps for operation 'triangular-solve'
///     (instruction 'lhs'); what reaches it is UNKNOWN

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "provix/expr.h"
#include "provix/hlo/hlo_module.h"
#include "provix/result.h"

namespace provix::hlo {

/// Options of `analyze`.
struct AnalyzeOptions {
    /// Which output of a tuple-shaped root (variadic reduce, tuple, fusion)
    /// the maps start from (`--output K`); must be 0 for an array root.
    int64_t output_id = 0;
    /// Print input-to-output maps instead (`--input-to-output`).
    bool input_to_output = false;
};

/// What `analyze` produces: the printed maps and the warnings (full
/// diagnostics, one per operation without maps, in source order).
struct AnalyzeReport {
    std::string text;
    std::vector<std::string> warnings;
};

/// The report `provix analyze` prints for `module`.
Result<AnalyzeReport> analyze_module(Context& ctx, const HloModule& module,
                                     const AnalyzeOptions& options = {});

/// Parses `text` (named `filename` in diagnostics) and analyses it.
Result<AnalyzeReport> analyze_hlo_text(Context& ctx, std::string_view text,
                                       std::string_view filename = "<input>",
                                       const AnalyzeOptions& options = {});

}  // namespace provix::hlo
