// Maps as fields: how a decision's maps reach the child process that
// decides it. Written in one context and read in another, a map must come
// back node for node (raw trees included), with its variables' kinds, names
// and bounds; malformed fields are refused, never a crash.

#include "map_fields.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "support/parsed_map.h"
#include "support/random_maps.h"

namespace provix::solvers::detail {
namespace {

using testing_support::parsed_map;

/// True if `a` and `b` (from different contexts) are the same tree.
bool same_tree(Expr a, Expr b) {
    if (a.kind() != b.kind() || a.num_operands() != b.num_operands()) return false;
    if (a.is_constant()) return a.constant_value() == b.constant_value();
    if (a.is_variable()) return a.variable_id() == b.variable_id();
    for (size_t i = 0; i < a.num_operands(); ++i)
        if (!same_tree(a.operand(i), b.operand(i))) return false;
    return true;
}

/// Why `copy` is not `map` as it was written, or "" if it is.
std::string difference(const IndexingMap& map, const IndexingMap& copy) {
    if (map.to_string() != copy.to_string()) return "text:\n" + copy.to_string();
    if (map.state() != copy.state()) return "state";
    if (map.num_dims() != copy.num_dims() || map.num_range_vars() != copy.num_range_vars() ||
        map.num_rt_vars() != copy.num_rt_vars()) {
        return "variable kinds";
    }
    for (int64_t i = 0; i < map.num_variables(); ++i) {
        if (!(map.variable(i) == copy.variable(i))) return "variable " + std::to_string(i);
    }
    for (int64_t i = 0; i < map.num_results(); ++i) {
        const size_t k = static_cast<size_t>(i);
        if (!same_tree(map.results()[k], copy.results()[k])) return "result " + std::to_string(i);
    }
    if (map.constraints().size() != copy.constraints().size()) return "constraint count";
    for (size_t i = 0; i < map.constraints().size(); ++i) {
        const Constraint &c = map.constraints()[i], &d = copy.constraints()[i];
        if (!same_tree(c.expr, d.expr) || !(c.range == d.range))
            return "constraint " + std::to_string(i);
    }
    return "";
}

/// `map` written, then read into `ctx`; nullopt if the fields were
/// refused or not all read.
std::optional<IndexingMap> copied(const IndexingMap& map, Context& ctx) {
    FieldWriter out;
    put_map(out, map);
    FieldReader in(out.text());
    IndexingMap copy;
    if (!get_map(in, ctx, copy) || !in.at_end()) return std::nullopt;
    return copy;
}

TEST(MapFields, MapsComeBackNodeForNode) {
    Context ctx, other;
    ParseOptions raw;
    raw.canonicalize = false;  // trees kept as written: `d0 + 0`, `(d0 * 1) floordiv 1`
    const std::vector<std::pair<std::string, ParseOptions>> maps = {
        {"(d0, d1)[s0]{rt0} -> (d0 + d1 floordiv 8 - rt0 * 64, s0), domain: d0 in [0, 3], "
         "d1 in [-4, 4], s0 in [0, 1], rt0 in [0, 100], d0 mod 4 in [0, 0], "
         "d0 + s0 * 2 in [1, inf]",
         {}},
        {"(x, y) -> (x + 0, (x * 1) floordiv 1, min(y, y), (x + y) mod (y - y + 3)), "
         "domain: x in [-inf, inf], y in [-9223372036854775808, 9223372036854775807]",
         raw},
        {"(d0) -> ((d0 floordiv 3) * (d0 floordiv 3) + d0 floordiv 3), domain: d0 in [0, 9]",
         {}},  // shared nodes
        {"() -> ()", {}},
        {"(d0)[s0] -> (), domain: d0 in [0, 9], s0 in [2, 2], d0 * s0 in [-inf, 12]", {}},
        {"KNOWN EMPTY", {}},
        {"UNDEFINED", {}},
    };
    for (const auto& [text, options] : maps) {
        const IndexingMap map = parsed_map(ctx, text, options);
        const std::optional<IndexingMap> copy = copied(map, other);
        ASSERT_TRUE(copy) << text;
        EXPECT_EQ(difference(map, *copy), "") << text;
    }
    // Empty bounds stay empty (a map over a tensor with a zero extent).
    const IndexingMap empty_extent =
        *IndexingMap::from_tensor_sizes(*SymbolicMap::get(ctx, 1, 0, {ctx.variable(0)}), {0}, {});
    const std::optional<IndexingMap> copy = copied(empty_extent, other);
    ASSERT_TRUE(copy);
    EXPECT_EQ(difference(empty_extent, *copy), "");
}

RC_GTEST_PROP(MapFields, RandomMapsComeBackNodeForNode, ()) {
    Context ctx, other;
    const IndexingMap map = testing_support::random_map(ctx, {});
    const std::optional<IndexingMap> copy = copied(map, other);
    RC_ASSERT(copy.has_value());
    RC_ASSERT(difference(map, *copy) == "");
}

TEST(MapFields, ConstraintsComeBack) {
    Context ctx, other;
    const IndexingMap map = parsed_map(ctx, "(d0, d1) -> (d0), domain: d0 in [0, 9], d1 in [0, 9]");
    const Constraint c{floor_div(ctx.variable(0) + ctx.variable(1), 3), Interval::at_least(-2)};
    FieldWriter out;
    put_constraint(out, c);
    FieldReader in(out.text());
    Constraint back;
    ASSERT_TRUE(get_constraint(in, other, back));
    EXPECT_TRUE(same_tree(c.expr, back.expr));
    EXPECT_EQ(back.range, c.range);
    EXPECT_EQ(map.expr_to_string(back.expr), "(d0 + d1) floordiv 3");
}

TEST(MapFields, MalformedFieldsAreRefused) {
    Context ctx, other;
    const IndexingMap map = parsed_map(
        ctx, "(d0)[s0] -> (d0 floordiv 4 + s0 mod 3), domain: d0 in [0, 9], s0 in [0, 2]");
    FieldWriter out;
    put_map(out, map);
    const std::string text = out.text();
    // Every proper prefix is refused (or leaves fields unread), as is every
    // text with one byte changed that still parses as fields but names a
    // node, a kind or an operand that is not there: never a crash.
    for (size_t n = 0; n < text.size(); ++n) {
        FieldReader in(std::string_view(text).substr(0, n));
        IndexingMap copy;
        EXPECT_FALSE(get_map(in, other, copy) && in.at_end()) << n;
    }
    for (size_t i = 0; i < text.size(); ++i) {
        for (char c : {'0', '9', ':', 'x'}) {
            std::string bad = text;
            bad[i] = c;
            FieldReader in(bad);
            IndexingMap copy;
            if (get_map(in, other, copy) && in.at_end()) {
                // Still well formed (a bound or a name changed): a valid map.
                EXPECT_FALSE(copy.to_string().empty());
            }
        }
    }
    // Counts far beyond the text (nothing is reserved for them).
    for (int lists = 0; lists <= 3; ++lists) {
        FieldWriter w;
        w.put_int(0);  // Normal
        for (int i = 0; i < lists; ++i)
            w.put_count(0);        // no dims, range or runtime variables
        w.put_count(999'999'999);  // variables (lists < 3) or nodes
        FieldReader in(w.text());
        IndexingMap copy;
        EXPECT_FALSE(get_map(in, other, copy)) << lists;
    }
    // A node whose operand comes after it, and a zero divisor.
    for (const char* nodes : {"1:71:31:21:11:0", "1:22:4:0"}) {
        FieldWriter w;
        w.put_int(0);  // Normal
        w.put_count(1);
        w.put("d0");
        w.put_flag(false);
        w.put_flag(true);
        w.put_flag(true);
        w.put_count(0);
        w.put_count(0);
        w.put(nodes);
        FieldReader in(w.text());
        IndexingMap copy;
        EXPECT_FALSE(get_map(in, other, copy)) << nodes;
    }
}

}  // namespace
}  // namespace provix::solvers::detail
