#pragma once
// The peer suite's data format (tests/peer/xla_analysis_*.hlo): cases taken
// from XLA's indexing-analysis tests, each an HLO module and the maps XLA
// expects, read by peer_suite_test.cpp.
//
//     // ===== ConvolutionOp_NoPadding
//     HloModule m
//     ENTRY e { ... }
//     // RUN: output-to-input
//     // OPERAND 0:
//     // (d0, d1)[s0] -> (d0, d1 + s0),
//     // domain: d0 in [0, 9], d1 in [0, 2], s0 in [0, 511]
//     // OPERAND 1: UNKNOWN
//
// A case starts at `// ===== NAME`; the lines up to its first `// RUN:` are
// the HLO (comment lines among them are kept as HLO comments). Each `RUN:`
// is one analysis of the entry computation's root:
//   `// RUN: output-to-input [output K]`  its output-to-input maps,
//   `// RUN: input-to-output I [output K]` the maps from its operand I (the
//       expected set is `OPERAND 0`),
//   `// RUN: computation [output K]` the maps from the root to each
//       parameter of the entry computation (as `provix analyze` prints).
// After a RUN, `// OPERAND I:` starts the expected set of operand I: maps
// separated by `// OR`, or `UNKNOWN` / `KNOWN EMPTY` on the same line;
// `// NO OPERANDS` says the analysis has no operand at all. Operands not
// listed are not checked (XLA's test did not state them).
//
// A documented disagreement, where XLA's expectation is not exact and
// provix's is: the operand's maps are provix's, followed by `// XLA:` and
// XLA's map, and `// WHY:` lines saying what a reference evaluation of the
// HLO shows (and which test checks it). `// NOTE:` lines are comments.

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "support/case_file.h"

namespace provix::hlo::testing {

/// The expected set of one operand.
struct PeerOperand {
    int64_t operand = 0;
    bool unknown = false;
    bool known_empty = false;
    /// The maps (text), or provix's maps for a disagreement.
    std::vector<std::string> maps;
    /// XLA's map where it disagrees (empty: no disagreement).
    std::string xla_map;
    std::string why;
};

/// One analysis of a case and its expectations.
struct PeerRun {
    enum class Kind { OutputToInput, InputToOutput, Computation } kind = Kind::OutputToInput;
    int64_t operand = 0;  ///< input-to-output: the operand
    int64_t output = 0;
    bool no_operands = false;
    std::vector<PeerOperand> operands;
    int line = 0;
};

struct PeerCase : provix::testing_support::CaseOrigin {
    std::string hlo;
    std::vector<PeerRun> runs;
};

/// Prints a case as `FILE:LINE: NAME` in test messages.
inline void PrintTo(const PeerCase& c, std::ostream* os) {
    *os << provix::testing_support::where(c);
}

/// Reads every case of `text` (from file `file`); a malformed line adds a
/// message to `errors`.
std::vector<PeerCase> parse_peer_cases(const std::string& file, const std::string& text,
                                       std::vector<std::string>& errors);

}  // namespace provix::hlo::testing
