#pragma once
// Inputs shared by the benchmarks: the simplification examples of XLA's
// indexing-analysis documentation and the syntax example of docs/syntax.md.

#include <string>
#include <vector>

namespace provix::bench {

/// A named map text.
struct NamedMap {
    const char* name;
    const char* text;
};

/// The four simplification examples (examples/simplify_basics.map) and the
/// syntax example (docs/syntax.md).
inline const std::vector<NamedMap>& example_maps() {
    static const std::vector<NamedMap> maps = {
        {"Doc_FloorDivModCancel",
         "(d0, d1) -> (d0 + d1 floordiv 16, d1 mod 16), domain: d0 in [0, 6], d1 in [0, 14]"},
        {"Doc_DecimalDigits",
         "(d0, d1, d2) -> ((d0 * 100 + d1 * 10 + d2) floordiv 100, "
         "((d0 * 100 + d1 * 10 + d2) mod 100) floordiv 10, d2 mod 10), "
         "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]"},
        {"Doc_SplitSum",
         "(d0, d1, d2) -> ((d0 * 16 + d1 * 4 + d2) floordiv 8, (d0 * 16 + d1 * 4 + d2) mod 8), "
         "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]"},
        {"Doc_NegatedFloorDiv",
         "(d0, d1) -> (-((d0 * -11 - d1 + 109) floordiv 11) + 9), "
         "domain: d0 in [0, 9], d1 in [0, 10]"},
        {"Syntax_Syntax",
         "(d0, d1)[s0]{rt0} -> (d0 + d1 floordiv 8 - rt0 * 64, s0),\n"
         "domain:\n"
         "d0 in [0, 3],\n"
         "d1 in [-4, 4],\n"
         "s0 in [0, 1],\n"
         "rt0 in [0, 100],\n"
         "d0 mod 4 in [0, 0]\n"},
    };
    return maps;
}

}  // namespace provix::bench
