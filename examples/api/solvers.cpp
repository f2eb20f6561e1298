// The exact oracle (provix::solvers): equivalence, exact ranges, emptiness,
// decided by isl (quasi-affine maps) or Z3, with counterexamples.
#include <provix/parser.h>
#include <provix/solvers/oracle.h>

#include <iostream>

int main() {
    provix::Context ctx;
    auto a = *provix::parse_indexing_map(
        ctx, "(d0) -> (d0 floordiv 4 * 4 + d0 mod 4), domain: d0 in [0, 15]");
    auto b = *provix::parse_indexing_map(ctx, "(d0) -> (d0), domain: d0 in [0, 15]");
    auto c = *provix::parse_indexing_map(ctx, "(d0) -> (d0 floordiv 2), domain: d0 in [0, 15]");
    auto oracle = provix::solvers::make_exact_oracle();

    provix::solvers::Decision same = oracle->equivalent(a, b);
    std::cout << "a ~ b: " << provix::solvers::verdict_name(same.verdict) << "\n";  // proven
    provix::solvers::Decision differ = oracle->equivalent(b, c);
    std::cout << "b ~ c: " << provix::solvers::verdict_name(differ.verdict) << "\n";  // refuted
    if (differ.counterexample) std::cout << to_string(*differ.counterexample) << "\n";

    provix::solvers::RangeDecision range = oracle->exact_range(c, 0);
    std::cout << "range of c: " << range.to_string() << "\n";  // [0, 7]
    provix::solvers::Decision empty = oracle->is_empty(b);
    std::cout << "b empty: " << provix::solvers::verdict_name(empty.verdict) << "\n";  // refuted
    return 0;
}
