#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "provix/parser.h"
#include "support/random_maps.h"

namespace provix {
namespace {

using testing_support::MapOptions;

RC_GTEST_PROP(RoundTrip, ParsingThePrintedMapGivesTheSameMap, ()) {
    Context ctx;
    MapOptions o;
    o.large_constants = false;
    IndexingMap m = testing_support::random_map(ctx, o);
    const std::string text = m.to_string();
    RC_LOG() << "map:\n" << text << "\n";
    Result<IndexingMap> back = parse_indexing_map(ctx, text);
    RC_ASSERT(back.ok());
    RC_ASSERT(*back == m);
    RC_ASSERT(back->to_string() == text);
}

RC_GTEST_PROP(RoundTrip, ParsingThePrintedExpressionGivesTheSameExpression, ()) {
    Context ctx;
    MapOptions o;
    o.large_constants = false;
    Expr e = testing_support::random_expr(ctx, 3, o, 4);
    RC_LOG() << "expr: " << to_string(e) << "\n";
    Result<Expr> back = parse_expr(ctx, to_string(e), {"v0", "v1", "v2"});
    RC_ASSERT(back.ok());
    RC_LOG() << "parsed back: " << to_string(*back) << "\n";
    RC_ASSERT(*back == e);
}

RC_GTEST_PROP(RoundTrip, SeveralMapsInOneFileParseBackInOrder, ()) {
    Context ctx;
    const int count = *rc::gen::inRange(1, 5);
    std::vector<IndexingMap> maps;
    std::string text;
    MapOptions o;
    o.large_constants = false;
    for (int i = 0; i < count; ++i) {
        maps.push_back(testing_support::random_map(ctx, o));
        if (i) text += "\n// -----\n";
        text += maps.back().to_string();
    }
    RC_LOG() << "file:\n" << text << "\n";
    Result<std::vector<ParsedMap>> back = parse_indexing_maps(ctx, text, "f.map");
    RC_ASSERT(back.ok());
    RC_ASSERT(back->size() == maps.size());
    for (size_t i = 0; i < maps.size(); ++i)
        RC_ASSERT((*back)[i].map == maps[i]);
}

// Constants near the int64 limits, where constant folding must refuse to
// overflow: after canonicalization the printed map still parses back to it
// (overflowing constant products stay unfolded with their constants sorted,
// overflowing sums split into canonical int64 chunks).
RC_GTEST_PROP(RoundTrip, CanonicalMapsWithExtremeConstantsRoundTrip, ()) {
    Context ctx;
    IndexingMap m = testing_support::random_map(ctx, MapOptions{});
    m.canonicalize();
    const std::string text = m.to_string();
    RC_LOG() << "map:\n" << text << "\n";
    Result<IndexingMap> back = parse_indexing_map(ctx, text);
    RC_ASSERT(back.ok());
    RC_ASSERT(*back == m);
}

}  // namespace
}  // namespace provix
