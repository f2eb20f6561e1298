// Maps on which the engine once gave a wrong result: at the int64 limits,
// under a possible division by zero, and for runtime variables. Each test
// checks the simplified text and compares input and output exhaustively
// over the input's variable box with an exact evaluator (128-bit integers,
// floor semantics), definedness included: a point where a result divides by
// zero must stay such a point.

#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <set>
#include <vector>

#include "provix/parser.h"
#include "provix/simplify.h"
#include "support/box_points.h"
#include "support/parsed_map.h"

namespace provix {
namespace {

using testing_support::parsed_map;
using Value = std::optional<__int128>;  // nullopt: undefined (a zero divisor)

__int128 floor_div128(__int128 a, __int128 b) {
    __int128 q = a / b, r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) --q;
    return q;
}

/// The exact value of `e` at `point`, independent of provix::evaluate.
Value exact(Expr e, const std::vector<int64_t>& point) {
    switch (e.kind()) {
        case ExprKind::Constant:
            return e.constant_value();
        case ExprKind::Variable:
            return point[static_cast<size_t>(e.variable_id())];
        default:
            break;
    }
    std::vector<__int128> ops;
    for (size_t i = 0; i < e.num_operands(); ++i) {
        Value v = exact(e.operand(i), point);
        if (!v) return std::nullopt;
        ops.push_back(*v);
    }
    __int128 acc = ops[0];
    for (size_t i = 1; i < ops.size(); ++i) {
        __int128 b = ops[i];
        switch (e.kind()) {
            case ExprKind::Add:
                acc += b;
                break;
            case ExprKind::Mul:
                acc *= b;
                break;
            case ExprKind::Min:
                acc = std::min(acc, b);
                break;
            case ExprKind::Max:
                acc = std::max(acc, b);
                break;
            case ExprKind::FloorDiv:
            case ExprKind::CeilDiv:
            case ExprKind::Mod:
                if (b == 0) return std::nullopt;
                if (e.kind() == ExprKind::FloorDiv)
                    acc = floor_div128(acc, b);
                else if (e.kind() == ExprKind::CeilDiv)
                    acc = -floor_div128(-acc, b);
                else
                    acc = acc - b * floor_div128(acc, b);
                break;
            default:
                return std::nullopt;
        }
    }
    return acc;
}

/// What the map says at a point of its inputs (dims, runtime variables):
/// for each value of the range variables in the domain, the results, or
/// "undefined" as an empty tuple.
using Meaning = std::set<std::vector<__int128>>;

Meaning meaning(const IndexingMap& m, std::vector<int64_t> inputs) {
    Meaning out;
    if (m.is_known_empty()) return out;
    const size_t nd = static_cast<size_t>(m.num_dims());
    std::vector<int64_t> p(static_cast<size_t>(m.num_variables()));
    for (size_t i = 0; i < nd; ++i)
        p[i] = inputs[i];
    const size_t first_rt = p.size() - static_cast<size_t>(m.num_rt_vars());
    for (size_t i = first_rt; i < p.size(); ++i)
        p[i] = inputs[nd + i - first_rt];
    for (size_t i = 0; i < p.size(); ++i) {
        bool input = i < nd || i >= first_rt;
        if (input && !m.variable(static_cast<int64_t>(i)).bounds.contains(p[i])) return out;
    }
    std::vector<Interval> ranges(m.range_vars().size());
    for (size_t j = 0; j < ranges.size(); ++j)
        ranges[j] = m.range_vars()[j].bounds;
    for (size_t j = 0; j < ranges.size(); ++j)
        p[nd + j] = ranges[j].lo();
    while (true) {
        bool in = true;
        for (const Constraint& c : m.constraints()) {
            Value v = exact(c.expr, p);
            in = in && v && (c.range.lo_is_inf() || c.range.lo() <= *v) &&
                 (c.range.hi_is_inf() || *v <= c.range.hi());
        }
        if (in) {
            std::vector<__int128> results;
            bool defined = true;
            for (Expr r : m.results()) {
                Value v = exact(r, p);
                defined = defined && v.has_value();
                if (v) results.push_back(*v);
            }
            out.insert(defined ? results : std::vector<__int128>{});
        }
        size_t j = 0;
        for (; j < ranges.size(); ++j) {
            if (p[nd + j] < ranges[j].hi()) {
                ++p[nd + j];
                break;
            }
            p[nd + j] = ranges[j].lo();
        }
        if (j == ranges.size()) break;
    }
    return out;
}

/// Simplifies `text`, checks the printed result and that input and output
/// mean the same at every point of the input's (small) dims and runtime
/// variables box.
void expect_simplified(const std::string& text, const std::string& expected) {
    Context ctx;
    auto parsed = parse_indexing_map(ctx, text);
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    IndexingMap in = *parsed, out = in;
    simplify(out);
    EXPECT_EQ(out.to_string(), expected) << "input:\n" << in.to_string();
    std::vector<Interval> box;
    for (const IndexingVariable& v : in.dims())
        box.push_back(v.bounds);
    for (const IndexingVariable& v : in.rt_vars())
        box.push_back(v.bounds);
    std::vector<int64_t> p = testing_support::first_point(box);
    int64_t points = 0;
    do {
        ++points;
        ASSERT_EQ(meaning(out, p), meaning(in, p)) << "at the point number " << points;
    } while (testing_support::next_point(p, box));
}

TEST(Definedness, APossiblyUndefinedDivisionIsNotFoldedToItsRange) {
    // Only s0 = 1 defines d0 floordiv s0 (= 0); at s0 = 0 it stays undefined.
    expect_simplified(
        "(d0, d1)[s0] -> (d0 floordiv s0), domain: d0 in [0, 0], d1 in [0, 5], s0 in [0, 1]",
        "(d0, d1)[s0] -> (0 floordiv s0),\ndomain:\nd0 in [0, 0],\nd1 in [0, 5],\ns0 in [0, 1]");
}

TEST(Definedness, AMultipleOfTheDivisorIsNotDroppedWhenUndefined) {
    expect_simplified(
        "(d0, d1)[s0] -> (((d0 floordiv s0) * 4 + d1) mod 4), domain: d0 in [0, 0], "
        "d1 in [0, 3], s0 in [0, 1]",
        "(d0, d1)[s0] -> (d1 + (0 floordiv s0) * 4),\ndomain:\nd0 in [0, 0],\nd1 in [0, 3],\n"
        "s0 in [0, 1]");
}

TEST(Definedness, MinKeepsAPossiblyUndefinedOperand) {
    expect_simplified(
        "(d0, d1)[s0] -> (min(d1, d0 floordiv s0 + 10)), domain: d0 in [0, 0], d1 in [0, 3], "
        "s0 in [0, 1]",
        "(d0, d1)[s0] -> (min(d1, 0 floordiv s0 + 10)),\ndomain:\nd0 in [0, 0],\nd1 in [0, 3],\n"
        "s0 in [0, 1]");
}

TEST(Definedness, APossiblyUndefinedConstraintIsKept) {
    // Each holds wherever it is defined, and the divisor's zero lies inside
    // its variable's bounds (no bound can move off it).
    expect_simplified(
        "(d0)[s0] -> (d0), domain: d0 in [0, 10], s0 in [-1, 1], d0 floordiv s0 in [-10, 10]",
        "(d0)[s0] -> (d0),\ndomain:\nd0 in [0, 10],\ns0 in [-1, 1],\n"
        "d0 floordiv s0 in [-10, 10]");
    expect_simplified(
        "(d0, d1) -> (d0), domain: d0 in [0, 3], d1 in [-1, 2], d0 mod d1 in [-5, 5]",
        "(d0, d1) -> (d0),\ndomain:\nd0 in [0, 3],\nd1 in [-1, 2],\nd0 mod d1 in [-5, 5]");
    // With the zero at an end of the bounds, the bound moves off it
    // (nonzero_divisor_lower), and the constraint, now defined everywhere
    // and always holding, goes.
    expect_simplified(
        "(d0)[s0] -> (d0), domain: d0 in [0, 10], s0 in [0, 2], d0 floordiv s0 in [0, 10]",
        "(d0) -> (d0),\ndomain:\nd0 in [0, 10]");
}

TEST(Definedness, TimesZeroKeepsAPossiblyUndefinedFactor) {
    Context ctx;
    EXPECT_EQ(
        parsed_map(ctx, "(d0)[s0] -> ((d0 floordiv s0) * 0), domain: d0 in [0, 4], s0 in [0, 1]")
            .to_string(),
        "(d0)[s0] -> ((d0 floordiv s0) * 0),\ndomain:\nd0 in [0, 4],\n"
        "s0 in [0, 1]");  // not folded at parse time
    expect_simplified("(d0)[s0] -> ((d0 floordiv s0) * 0), domain: d0 in [0, 4], s0 in [0, 1]",
                      "(d0)[s0] -> ((d0 floordiv s0) * 0),\ndomain:\nd0 in [0, 4],\ns0 in [0, 1]");
    // Defined everywhere (s0 in [1, 2]): the product is 0.
    expect_simplified("(d0)[s0] -> ((d0 floordiv s0) * 0), domain: d0 in [0, 4], s0 in [1, 2]",
                      "(d0) -> (0),\ndomain:\nd0 in [0, 4]");
}

TEST(Int64Edges, ResidueAlignmentDoesNotOverflow) {
    expect_simplified(
        "(d0) -> (d0), domain: d0 in [-2, 0], d0 mod 9223372036854775807 in "
        "[9223372036854775806, 9223372036854775806]",
        "(d0) -> (-1),\ndomain:\nd0 in [-1, -1]");
}

TEST(Int64Edges, ABoundLandingOnTheInt64LimitStaysFinite) {
    // d0 = 2 gives 2^63 - 1, outside [0, 2^63 - 2].
    expect_simplified(
        "(d0) -> (d0), domain: d0 in [1, 2], (d0 - 1) * 4611686018427387904 + "
        "4611686018427387903 in [0, 9223372036854775806]",
        "(d0) -> (1),\ndomain:\nd0 in [1, 1]");
    expect_simplified(
        "(d0, d1) -> (d0), domain: d0 in [0, 1], d1 in [-3, 3], d1 * -6917529027641081856 "
        "ceildiv 7 in [0, 1317624576693539401]",
        "(d0, d1) -> (d0),\ndomain:\nd0 in [0, 1],\nd1 in [-1, 0]");
}

TEST(Int64Edges, CongruencesWhoseLcmOverflowsStayApart) {
    expect_simplified(
        "(d0) -> (d0), domain: d0 in [-3, 3], d0 mod 4611686018427387904 in [2, 2], "
        "d0 mod 3 in [0, 0]",
        "KNOWN EMPTY");
}

TEST(Int64Edges, LiteralInt64LimitsAreFiniteBounds) {
    // [-2^63, 0] is a finite range: d0 = -3 gives -3 * 2^62 < -2^63.
    expect_simplified(
        "(d0) -> (d0), domain: d0 in [-3, 1], d0 * 4611686018427387904 in "
        "[-9223372036854775808, 0]",
        "(d0) -> (d0),\ndomain:\nd0 in [-2, 0]");
}

TEST(RuntimeVariables, AreNeverRescaled) {
    expect_simplified(
        "(d0){rt0} -> (d0 + rt0), domain: d0 in [0, 1], rt0 in [0, 12], rt0 mod 6 in [4, 4]",
        "(d0){rt0} -> (d0 + rt0),\ndomain:\nd0 in [0, 1],\nrt0 in [4, 10],\nrt0 mod 6 in [4, 4]");
}

TEST(RuntimeVariables, UnusedOnesStay) {
    // An input the caller supplies keeps its place, even when no result uses it.
    expect_simplified(
        "(d0){rt0, rt1} -> (d0 + rt1), domain: d0 in [0, 1], rt0 in [0, 3], "
        "rt1 in [0, 2]",
        "(d0){rt0, rt1} -> (d0 + rt1),\ndomain:\nd0 in [0, 1],\nrt0 in [0, 3],\n"
        "rt1 in [0, 2]");
}

TEST(Trace, DomainPassesNameTheirLemmas) {
    Context ctx;
    IndexingMap m = parsed_map(ctx,
                               "(d0) -> (d0), domain: d0 in [0, 20], d0 mod 4 in [1, 1], "
                               "d0 + 0 * 1 in [2, 30]");
    std::vector<std::string> trace;
    SimplifyOptions options;
    options.trace = &trace;
    simplify(m, options);
    EXPECT_NE(std::find(trace.begin(), trace.end(), "residue_lower"), trace.end());
    EXPECT_NE(std::find(trace.begin(), trace.end(), "residue_upper"), trace.end());
    EXPECT_TRUE(is_lemma("residue_lower"));
    EXPECT_FALSE(is_lemma("fd_nested"));
    EXPECT_EQ(m.to_string(), "(d0) -> (d0),\ndomain:\nd0 in [5, 17],\nd0 mod 4 in [1, 1]");
}

}  // namespace
}  // namespace provix
