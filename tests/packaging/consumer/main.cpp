// Uses the installed provix: parse a map that simplifies to the identity,
// simplify it and print it. The packaging test checks the printed text.
#include <provix/parser.h>
#include <provix/simplify.h>

#include <iostream>

int main() {
    provix::Context ctx;
    auto map = provix::parse_indexing_map(
        ctx, "(d0, d1) -> (d0 + d1 floordiv 16, d1 mod 16), domain: d0 in [0, 6], d1 in [0, 14]");
    if (!map) {
        std::cerr << map.error().message << "\n";
        return 1;
    }
    provix::simplify(*map);
    std::cout << map->to_string() << "\n";
    return 0;
}
