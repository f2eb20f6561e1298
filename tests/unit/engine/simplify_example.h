#pragma once
// The data format of the simplifier's examples (tests/unit/engine/examples/*.map):
// each case is a map, then what simplifying it must give and which rules or
// lemmas must (or must not) fire, in comment lines, so `provix simplify FILE`
// reads the inputs as they are.
//
//     // ===== SubtractedMultipleOfQuotientIsMod
//     (d0)[s0] -> (d0 - (s0 floordiv 3) * 3 + s0), domain: d0 in [0, 1], s0 in [0, 3]
//     // FIRES: add_mod_recognise
//     // EXPECT: (d0)[s0] -> (d0 + s0 mod 3), domain: d0 in [0, 1], s0 in [0, 3]
//     // -----
//
// `// ===== NAME` starts a case (NAME: letters, digits and `_`); comment lines
// before its map say why the case holds; the lines up to its first directive
// are the input map (several lines are joined). Directives, one a line, each
// checked against the map simplified with a trace:
//   `// FIRES: NAME`: the rule or lemma NAME is in the trace;
//   `// FIRES-ONE-OF: A B ...`: at least one of them is;
//   `// NOT-FIRES: NAME`: NAME is not in the trace;
//   `// EXPECT: MAP`: the result printed is MAP printed (`KNOWN EMPTY` too);
//   `// NOT-EXPECT: MAP`: the result printed is not MAP printed;
//   `// RESULTS: TEXT`: the result printed, up to its domain, is TEXT;
//   `// CONTAINS: TEXT` / `// LACKS: TEXT`: the result printed holds TEXT / does not;
//   `// NOTE: ...`: a comment.
// `// -----` ends a case. A case without a map or a check, an unknown
// directive, or two cases of one name is an error of the file.

#include <ostream>
#include <string>
#include <vector>

#include "support/case_file.h"

namespace provix::testing_support {

/// One check of an example: `// FIRES: fd_nested` is {Kind::Fires, {"fd_nested"}, line}.
struct ExampleCheck {
    enum class Kind { Fires, FiresOneOf, NotFires, Expect, NotExpect, Results, Contains, Lacks };
    Kind kind = Kind::Fires;
    /// The names (Fires, FiresOneOf, NotFires) or the one text (the others).
    std::vector<std::string> args;
    /// The directive's line in the file and its text, for failure messages.
    int line = 0;
    std::string source;
};

/// A map to simplify and the checks its result must pass.
struct SimplifyExample : CaseOrigin {
    std::string input;
    std::vector<ExampleCheck> checks;
};

/// Prints an example as `FILE:LINE: NAME` in test messages.
inline void PrintTo(const SimplifyExample& e, std::ostream* os) { *os << where(e); }

/// Reads every example of `text` (from file `file`, named so in messages); a
/// malformed case adds a `file:line: message` to `errors`:
/// `parse_simplify_examples("a.map", "// ===== A\n(d0) -> (d0)\n// EXPECT: (d0) -> (d0)\n", e)`
/// is one example with one check.
std::vector<SimplifyExample> parse_simplify_examples(const std::string& file,
                                                     const std::string& text,
                                                     std::vector<std::string>& errors);

/// The examples of tests/unit/engine/examples/`file_name`, read once; the
/// errors of reading them (a missing file is one) go to `example_errors()`.
const std::vector<SimplifyExample>& examples_in(const std::string& file_name);

/// Every error met by `examples_in` so far.
std::vector<std::string>& example_errors();

/// The file names `examples_in` has read so far, in order.
std::vector<std::string>& example_files_read();

}  // namespace provix::testing_support
