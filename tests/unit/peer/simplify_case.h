#pragma once
// The data format of the simplification peer suite (tests/peer/xla_*.map):
// each case is a map that XLA's tests simplify, then what XLA expects, in
// comment lines, so `provix simplify FILE` reads the inputs as they are.
//
//     // ===== AffineMapSimplification_ModIsSub
//     (d0) -> (d0 mod 42),
//     domain:
//     d0 in [53, 71]
//     // XLA:
//     // (d0) -> (d0 - 42),
//     // domain:
//     // d0 in [53, 71]
//     // -----
//
// `// ===== NAME` starts a case; the lines up to its first directive are the
// input map. Directives:
//   `// XLA:` then `// ` lines: XLA's expected map (`// XLA: KNOWN EMPTY` on
//       one line);
//   `// XLA: SAME`: XLA's test expects the map unchanged;
//   `// XLA: CHANGED`: XLA's test states no map, only that simplifying
//       changes the map and that a second simplification changes nothing;
//   `// UNSOUND:` lines: XLA's expected map is not equivalent to the input
//       (why); `// EXACT:` then `// ` lines: the correct map, which provix's
//       result is compared with instead;
//   `// XFAIL:` lines: provix's result is equivalent to the input but costs
//       more than XLA's (why); the case must keep failing that comparison;
//   `// NOTE:` lines: comments.
// `// -----` ends a case; other comment lines outside cases are ignored.

#include <ostream>
#include <string>
#include <vector>

#include "support/case_file.h"

namespace provix::peer {

struct SimplifyCase : testing_support::CaseOrigin {
    enum class Expect { Map, Same, Changed };

    /// The input map's text and its first line in the file.
    std::string input;
    int input_line = 0;
    Expect expect = Expect::Map;
    /// XLA's expected map (Expect::Map).
    std::string xla;
    /// Why XLA's expectation is unsound (empty: it is sound), and the exact map.
    std::string unsound;
    std::string exact;
    /// Why provix does not yet match XLA (empty: it must).
    std::string xfail;
};

/// Prints a case as `FILE:LINE: NAME` in test messages.
inline void PrintTo(const SimplifyCase& c, std::ostream* os) { *os << testing_support::where(c); }

/// Reads every case of `text` (from file `file`); a malformed case adds a
/// message to `errors`.
std::vector<SimplifyCase> parse_simplify_cases(const std::string& file, const std::string& text,
                                               std::vector<std::string>& errors);

}  // namespace provix::peer
