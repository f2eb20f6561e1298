#pragma once
// Reading the benchmarks' corpus files: every map of each file, named
// `FILE#K` as the benchmarks print it.

#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "provix/parser.h"

namespace provix::bench {

/// The maps of `files` in order, parsed into `ctx`, each named `FILE#K`
/// (the file's name without its directory; K counts from 1 within the
/// file). An unreadable or malformed file: a message on standard error
/// (`tool: cannot read FILE`, or the parser's diagnostic) and nullopt.
///
///     auto maps = load_map_files(ctx, {"bench/corpus/maps.map"}, "peer_bench");
///     (*maps)[0].first == "maps.map#1"
inline std::optional<std::vector<std::pair<std::string, IndexingMap>>> load_map_files(
    Context& ctx, const std::vector<std::string>& files, const char* tool) {
    std::vector<std::pair<std::string, IndexingMap>> maps;
    for (const std::string& f : files) {
        std::ifstream in(f);
        std::stringstream text;
        text << in.rdbuf();
        if (!in) {
            std::cerr << tool << ": cannot read " << f << "\n";
            return std::nullopt;
        }
        auto parsed = parse_indexing_maps(ctx, text.str(), f);
        if (!parsed) {
            std::cerr << parsed.error().message;
            return std::nullopt;
        }
        const std::string base = std::filesystem::path(f).filename().string();
        for (size_t i = 0; i < parsed->size(); ++i)
            maps.emplace_back(base + "#" + std::to_string(i + 1), (*parsed)[i].map);
    }
    return maps;
}

}  // namespace provix::bench
