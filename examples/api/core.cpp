// The core library (provix::provix): parse, simplify, compose, evaluate,
// print. Built against an installed provix by the packaging test, which
// checks what it prints; docs/api.md walks through it.
#include <provix/provix.h>

#include <iostream>

int main() {
    provix::Context ctx;

    // Parse and simplify. Errors are values: test before use.
    auto map = provix::parse_indexing_map(
        ctx, "(d0, d1) -> (d0 + d1 floordiv 16, d1 mod 16), domain: d0 in [0, 6], d1 in [0, 14]");
    if (!map) {
        std::cerr << map.error().message << "\n";
        return 1;
    }
    std::vector<std::string> fired;
    provix::SimplifyOptions options;
    options.trace = &fired;
    provix::simplify(*map, options);
    std::cout << "simplified: " << map->symbolic_map() << "\n";  // (d0, d1) -> (d0, d1)
    std::cout << "rules fired: " << (fired.empty() ? "none" : "some") << "\n";

    // A bad input is a diagnostic, never a crash.
    auto bad = provix::parse_indexing_map(ctx, "(d0) -> (d0 floordiv 0)");
    std::cout << "error: " << (bad ? "none" : bad.error().message.substr(0, 29)) << "\n";

    // Expressions: uniqued, canonical, compared by identity.
    provix::Expr d0 = ctx.variable(0), d1 = ctx.variable(1);
    provix::Expr e = (d0 + 1) - 1;
    std::cout << "canonical: " << (e == d0) << " " << provix::floor_div(d0 * 4 + 2, 8) << "\n";
    auto value = provix::evaluate(provix::mod(d0 - 7, 4), {2, 0});
    std::cout << "evaluate: " << *value << "\n";  // (2 - 7) mod 4 == 3 (floor semantics)

    // Composition, two conventions.
    // XLA's compose_indexing_maps(first, second) is second ∘ first.
    auto transpose = *provix::parse_indexing_map(
        ctx, "(d0, d1) -> (d1, d0), domain: d0 in [0, 9], d1 in [0, 19]");
    auto reshape = *provix::parse_indexing_map(
        ctx, "(d0, d1) -> (d0 * 10 + d1), domain: d0 in [0, 19], d1 in [0, 9]");
    auto composed = provix::compose_indexing_maps(transpose, reshape);
    std::cout << "compose_indexing_maps: " << composed->symbolic_map() << "\n";
    // MLIR's a.compose(b) is a ∘ b on symbolic maps.
    auto a = *provix::SymbolicMap::get(ctx, 2, 0, {d0 + d1, d1 * 2});
    auto b = *provix::SymbolicMap::get(ctx, 1, 0, {d0 - 10, d0});
    std::cout << "SymbolicMap::compose: " << *a.compose(b) << "\n";
    auto mismatch = b.compose(b);  // b has 1 dim but 2 results: an error value
    std::cout << "mismatch: " << (mismatch ? "ok" : "error") << "\n";

    // Ranges the engine knows (a sound over-approximation).
    auto m = *provix::parse_indexing_map(ctx, "(d0) -> (d0 mod 4), domain: d0 in [0, 2]");
    std::cout << "range: " << provix::to_string(provix::result_ranges(m)[0]) << "\n";

    std::cout << "version: " << (provix::version() == std::string(PROVIX_VERSION_STRING)) << "\n";
    return 0;
}
