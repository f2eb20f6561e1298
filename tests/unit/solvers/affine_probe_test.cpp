// The affine probe (the fuzzer's missed-simplification query) on hand-picked
// maps: the div-free form when one exists, never one that does not hold.

#include "provix/solvers/affine_probe.h"

#include <gtest/gtest.h>

#include <ostream>
#include <string>

#include "provix/parser.h"
#include "solver_test_util.h"

namespace provix::solvers {
namespace {

using testing::map_of;

// --- The affine probe --------------------------------------------------------

/// The probe of result 0 of the map `text` (within `max_operations` of
/// isl), and the form it found (if any) printed over the map's names.
struct Probed {
    AffineProbe::Outcome outcome;
    std::string reason;
    std::string form;
};

Probed probed(const std::string& text, unsigned long max_operations = 2'000'000) {
    Context ctx;
    IndexingMap m = map_of(ctx, text);
    AffineProber prober(max_operations);
    AffineProbe p = prober.probe(m, 0);
    const bool found = p.outcome == AffineProbe::Outcome::Affine;
    return {p.outcome, p.reason, found ? m.expr_to_string(p.expr) : ""};
}

struct ProbeCase {
    const char* map;
    const char* expected;  // the affine expression, or "" for NotFound
};

void PrintTo(const ProbeCase& c, std::ostream* os) { *os << c.map; }

class AffineProbeTest : public ::testing::TestWithParam<ProbeCase> {};

TEST_P(AffineProbeTest, FindsTheDivFreeFormExactlyWhenOneExists) {
    Probed p = probed(GetParam().map);
    if (std::string(GetParam().expected).empty()) {
        EXPECT_EQ(p.outcome, AffineProbe::Outcome::NotFound) << p.form;
    } else {
        ASSERT_EQ(p.outcome, AffineProbe::Outcome::Affine) << p.reason;
        EXPECT_EQ(p.form, GetParam().expected);
    }
}

INSTANTIATE_TEST_SUITE_P(
    Maps, AffineProbeTest,
    ::testing::Values(
        ProbeCase{"(d0, d1) -> ((d0 * 4 + d1) floordiv 4), domain: d0 in [0, 9], d1 in [0, 3]",
                  "d0"},
        ProbeCase{"(d0) -> (d0 floordiv 16), domain: d0 in [0, 14]", "0"},
        ProbeCase{"(d0) -> (d0 mod -4), domain: d0 in [-3, 0]", "d0"},
        ProbeCase{"(d0) -> (d0 ceildiv 8), domain: d0 in [1, 8]", "1"},
        ProbeCase{"(d0) -> (min(d0, 5)), domain: d0 in [0, 3]", "d0"},
        ProbeCase{"(d0)[s0] -> ((d0 * 8 + s0) floordiv 8), domain: d0 in [0, 3], s0 in [0, 7]",
                  "d0"},
        ProbeCase{"(d0) -> (d0 mod 3 + (d0 floordiv 3) * 3), domain: d0 in [-50, 50]", "d0"},
        ProbeCase{"(d0) -> ((d0 + 7) floordiv 8), domain: d0 in [1, 64], d0 mod 8 in [1, 1]", ""},
        ProbeCase{"(d0) -> (d0 floordiv 2), domain: d0 in [0, 9]", ""},
        // d0 floordiv 2 is d0 / 2 here, but that needs a coefficient 1/2.
        ProbeCase{"(d0) -> (d0 floordiv 2), domain: d0 in [0, 9], d0 mod 2 in [0, 0]", ""},
        ProbeCase{"(d0) -> (max(d0, 0)), domain: d0 in [-1, 1]", ""}));

TEST(AffineProbe, EmptyDomainHasNoForm) {
    EXPECT_EQ(probed("(d0) -> (d0 floordiv 2), domain: d0 in [0, 9], d0 * 2 in [3, 3]").outcome,
              AffineProbe::Outcome::NotFound);
}

TEST(AffineProbe, ResultOutsideIslsFragmentIsUnknown) {
    Probed p = probed("(d0, d1) -> (d0 floordiv d1), domain: d0 in [0, 9], d1 in [1, 1000]");
    EXPECT_EQ(p.outcome, AffineProbe::Outcome::Unknown);
    EXPECT_EQ(p.reason, "outside isl's fragment");
}

TEST(AffineProbe, SplitDivisorsAreProbed) {
    Probed p = probed("(d0, d1) -> ((d0 * d1) floordiv d1), domain: d0 in [0, 9], d1 in [1, 3]");
    ASSERT_EQ(p.outcome, AffineProbe::Outcome::Affine) << p.reason;
    EXPECT_EQ(p.form, "d0");
}

TEST(AffineProbe, ResultUndefinedSomewhereHasNoForm) {
    // d0 floordiv d1 is d0 wherever it is defined (d1 = 1), but undefined at d1 = 0.
    EXPECT_EQ(probed("(d0, d1) -> (d0 floordiv d1), domain: d0 in [0, 9], d1 in [0, 1]").outcome,
              AffineProbe::Outcome::NotFound);
}

TEST(AffineProbe, TinyBudgetIsUnknownNotAnAnswer) {
    Probed p = probed(
        "(d0, d1, d2) -> (((d0 * 100 + d1 * 10 + d2) mod 100) floordiv 10), "
        "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]",
        10);
    EXPECT_EQ(p.outcome, AffineProbe::Outcome::Unknown);
    EXPECT_NE(p.reason.find("operation limit"), std::string::npos) << p.reason;
}

}  // namespace
}  // namespace provix::solvers
