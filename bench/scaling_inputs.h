#pragma once
// The solver commands' scaling inputs: maps whose size grows along one axis.
// bench/solver_inputs/linear400.map and nested64.map are the largest of each
// family, written out for the command line (`provix bounds FILE`).

#include <string>

namespace provix::bench {

/// `(d0, ..., d{n-1}) -> (d0 * 1 + d1 * 2 + ... + d{n-1} * n)` with
/// d_i in [0, i mod 7 + 1]: an n-variable linear map.
inline std::string linear_map(int n) {
    std::string dims, result, domain;
    for (int i = 0; i < n; ++i) {
        std::string d = "d" + std::to_string(i);
        dims += (i ? ", " : "") + d;
        result += (i ? " + " : "") + d + " * " + std::to_string(i + 1);
        domain += (i ? ",\n" : "") + d + " in [0, " + std::to_string(i % 7 + 1) + "]";
    }
    return "(" + dims + ") -> (" + result + "),\ndomain:\n" + domain + "\n";
}

/// `depth` nested `(e + k) floordiv c` around d0 (k = i mod 5, c = 2 + i mod 3),
/// d0 in [0, 10^12].
inline std::string nested_floordiv_map(int depth) {
    std::string e = "d0";
    for (int i = 0; i < depth; ++i) {
        e = "(" + e + " + " + std::to_string(i % 5) + ") floordiv " + std::to_string(2 + i % 3);
    }
    return "(d0) -> (" + e + "),\ndomain:\nd0 in [0, 1000000000000]\n";
}

/// `depth` nested `(e * 3 + k) floordiv 2` around d0 in [0, 100], plus
/// `d1 mod 7`: the values grow with the depth, so no level is trivial.
inline std::string growing_nest_map(int depth) {
    std::string e = "d0";
    for (int i = 0; i < depth; ++i)
        e = "(" + e + " * 3 + " + std::to_string(i % 5) + ") floordiv 2";
    return "(d0, d1) -> (" + e + " + d1 mod 7),\ndomain:\nd0 in [0, 100],\nd1 in [0, 20]\n";
}

}  // namespace provix::bench
