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
/// with its distinct maps, each map followed by `// -----`; then (output to
/// input only) the constants and iotas of the entry computation the root
/// reads (not those inside a fusion's computation), as `// constant: NAME`
/// or `// iota: NAME` with the maps to their elements. A parameter
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
#include "provix/hlo/utilization.h"
#include "provix/result.h"

namespace provix::hlo {

/// Options of `analyze`.
struct AnalyzeOptions {
    /// Which output of a tuple-shaped root (variadic reduce, tuple, fusion)
    /// the maps start from (`--output K`); must be 0 for an array root.
    int64_t output_id = 0;
    /// Print input-to-output maps instead (`--input-to-output`).
    bool input_to_output = false;
    /// Print the maps simplified (`--simplify`; maps through fusions and
    /// several instructions are simplified anyway, single operations' maps
    /// are printed as built otherwise).
    bool simplify = false;
    /// Instead of the maps, one line per operand with the number of
    /// distinct elements read over its size (`--utilization`,
    /// `provix/hlo/utilization.h`), counted by `counter` where the engine
    /// cannot (the command passes isl's), within `count_limits`.
    bool utilization = false;
    ImageCounter counter;
    CountLimits count_limits;
    /// Instead of the maps, one line per operand with the coalescing of its
    /// reads for blocks of this many threads (`--threads T`,
    /// `provix/hlo/coalescing.h`); 0: off.
    int64_t threads = 0;
    /// Instead of the maps, one line per operand map with the operand tile
    /// of output tiles of these sizes (`--tile 1,32,64`,
    /// `provix/hlo/tiling.h`); empty: off.
    std::vector<int64_t> tile_sizes;
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
