// provix_instruction_driver: simplifies maps in a loop for callgrind, which
// counts the instructions of the measured rounds only.
//
//   valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=cg.out
//       ./build/bench/provix_instruction_driver --map 38 --rounds 5 bench/corpus/maps.map
//
// (one command line).
//
// Every selected map is copied and simplified once before counting starts
// (the rule table is built on the first call, and the parse is not counted
// either), then `--rounds` times with callgrind's collection on: the count
// divided by rounds times maps is the instructions of one copy and simplify.
// bench/instruction_profile.py runs it per map and splits the count.

#include <valgrind/callgrind.h>

#include <cstdlib>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "map_files.h"
#include "provix/simplify.h"

namespace {

int usage(std::ostream& out, int status) {
    out << "usage: provix_instruction_driver [--map K] [--rounds N] [--count] FILE.map...\n"
           "  --map K     only the K-th map of the files (1-based, counted across them)\n"
           "  --rounds N  measured rounds (default: 5)\n"
           "  --count     print the number of maps and exit\n";
    return status;
}

/// A positive count from `text`, or -1.
long parse_count(const std::string& text) {
    char* end = nullptr;
    long v = std::strtol(text.c_str(), &end, 10);
    return end != text.c_str() && *end == '\0' && v > 0 ? v : -1;
}

}  // namespace

int main(int argc, char** argv) {
    long only = 0, rounds = 5;
    bool count = false;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if ((a == "--map" || a == "--rounds") && i + 1 < argc) {
            const long v = parse_count(argv[++i]);
            if (v < 0) {
                std::cerr << "provix_instruction_driver: " << a << " needs a positive number\n";
                return 2;
            }
            (a == "--map" ? only : rounds) = v;
        } else if (a == "--count") {
            count = true;
        } else if (a == "-h" || a == "--help") {
            return usage(std::cout, 0);
        } else if (!a.empty() && a[0] == '-') {
            return usage(std::cerr, 2);
        } else {
            files.push_back(a);
        }
    }
    if (files.empty()) return usage(std::cerr, 2);

    provix::Context ctx;
    auto loaded = provix::bench::load_map_files(ctx, files, "provix_instruction_driver");
    if (!loaded) return 2;
    std::vector<provix::IndexingMap> maps;
    for (auto& entry : *loaded)
        maps.push_back(std::move(entry.second));
    if (count) {
        std::cout << maps.size() << "\n";
        return 0;
    }
    if (only > static_cast<long>(maps.size())) {
        std::cerr << "provix_instruction_driver: --map " << only << " but the files hold "
                  << maps.size() << " maps\n";
        return 2;
    }
    if (only > 0) maps = {maps[static_cast<size_t>(only - 1)]};

    size_t kept = 0;  // results kept, so that no round can be optimised away
    for (const provix::IndexingMap& input : maps) {
        provix::IndexingMap m = input;
        provix::simplify(m);
        kept += m.results().size();
    }
    CALLGRIND_START_INSTRUMENTATION;
    for (long r = 0; r < rounds; ++r) {
        for (const provix::IndexingMap& input : maps) {
            provix::IndexingMap m = input;
            provix::simplify(m);
            kept += m.results().size();
        }
    }
    CALLGRIND_STOP_INSTRUMENTATION;
    std::cout << "maps " << maps.size() << " rounds " << rounds << " results " << kept << "\n";
    return 0;
}
