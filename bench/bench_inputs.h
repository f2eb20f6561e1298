#pragma once
// Inputs shared by the benchmarks: the maps of SPEC §4.1 and §5.

#include <string>
#include <vector>

namespace provix::bench {

/// A named map text.
struct NamedMap {
    const char* name;
    const char* text;
};

/// The simplification examples of SPEC §4.1 and the §5 syntax example.
inline const std::vector<NamedMap>& spec_maps() {
    static const std::vector<NamedMap> maps = {
        {"Spec41_FloorDivModCancel",
         "(d0, d1) -> (d0 + d1 floordiv 16, d1 mod 16), domain: d0 in [0, 6], d1 in [0, 14]"},
        {"Spec41_DecimalDigits",
         "(d0, d1, d2) -> ((d0 * 100 + d1 * 10 + d2) floordiv 100, "
         "((d0 * 100 + d1 * 10 + d2) mod 100) floordiv 10, d2 mod 10), "
         "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]"},
        {"Spec41_SplitSum",
         "(d0, d1, d2) -> ((d0 * 16 + d1 * 4 + d2) floordiv 8, (d0 * 16 + d1 * 4 + d2) mod 8), "
         "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]"},
        {"Spec41_NegatedFloorDiv",
         "(d0, d1) -> (-((d0 * -11 - d1 + 109) floordiv 11) + 9), "
         "domain: d0 in [0, 9], d1 in [0, 10]"},
        {"Spec5_Syntax",
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
