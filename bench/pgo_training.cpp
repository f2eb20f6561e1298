// provix_pgo_training: the workload of the profile-guided build
// (cmake/pgo.cmake, cmake/pgo_build.sh). Simplifies random maps of the fuzz
// generator, from fixed seeds, each a few times: the instrumented engine
// library counts where its branches go while it runs.
//
//   ./build/bench/provix_pgo_training --maps 20000
//   ./build/bench/provix_pgo_training --maps 500 --print > random.map
//
// The maps come from the generator alone (never from the benchmark corpus),
// in two shapes: the generator's defaults, and larger maps (up to 8
// dimensions, 14 variables, depth 6) such as deep reshapes produce. Prints
// how many maps it simplified and how many of them changed; with --print,
// the maps themselves instead (text form, separated by `// -----`), which
// simplified by two builds must come out the same.

#include <cstdlib>
#include <iostream>
#include <string>

#include "provix/fuzz/generator.h"
#include "provix/fuzz/map_spec.h"
#include "provix/fuzz/random.h"
#include "provix/simplify.h"

namespace {

constexpr uint64_t kSeed = 20261204;  // fixed: every build trains on the same maps
constexpr int kCopies = 3;            // simplifications of each map

int usage(std::ostream& out, int status) {
    out << "usage: provix_pgo_training [--maps N] [--print]\n"
           "  --maps N  random maps of each of the two shapes (default: 20000)\n"
           "  --print   print the maps instead of simplifying them\n";
    return status;
}

/// Simplifies `count` maps of the generator with `options` (seeds
/// case_seed(seed, i)); counts them into `simplified` and `changed`. With
/// `print`, prints each map instead.
void train(uint64_t seed, long count, const provix::fuzz::GeneratorOptions& options, bool print,
           long& simplified, long& changed) {
    for (long i = 0; i < count; ++i) {
        provix::Context ctx;
        provix::fuzz::SplitMixSource rng(provix::fuzz::case_seed(seed, static_cast<uint64_t>(i)));
        const provix::fuzz::MapSpec spec = provix::fuzz::generate_map(ctx, rng, options);
        provix::Result<provix::IndexingMap> map = provix::fuzz::build_map(ctx, spec);
        if (!map) continue;
        if (print) {
            std::cout << (simplified++ ? "// -----\n" : "") << provix::fuzz::map_text(*map, spec)
                      << "\n";
            continue;
        }
        for (int copy = 0; copy < kCopies; ++copy) {
            provix::IndexingMap m = *map;
            const bool did = provix::simplify(m);
            if (copy == 0) {
                ++simplified;
                changed += did;
            }
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    long maps = 20000;
    bool print = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--maps" && i + 1 < argc) {
            char* end = nullptr;
            maps = std::strtol(argv[++i], &end, 10);
            if (*end != '\0' || maps <= 0) return usage(std::cerr, 2);
        } else if (a == "--print") {
            print = true;
        } else if (a == "-h" || a == "--help") {
            return usage(std::cout, 0);
        } else {
            return usage(std::cerr, 2);
        }
    }
    long simplified = 0, changed = 0;
    provix::fuzz::GeneratorOptions defaults;
    train(kSeed, maps, defaults, print, simplified, changed);
    provix::fuzz::GeneratorOptions large;
    large.max_dims = 8;
    large.max_variables = 14;
    large.max_depth = 6;
    train(kSeed + 1, maps, large, print, simplified, changed);
    if (print) return 0;
    std::cout << "provix_pgo_training: simplified " << simplified << " maps (" << changed
              << " changed), " << kCopies << " times each\n";
    // A workload that simplified nothing would train nothing.
    return simplified > 0 && changed > 0 ? 0 : 1;
}
