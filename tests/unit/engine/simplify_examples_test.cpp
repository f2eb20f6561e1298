// The simplifier's examples (tests/unit/engine/examples/*.map, format in
// simplify_example.h): each case's map is simplified with a trace and every
// check of the case must hold. A test is named by its file's suite and its
// case (`CompletenessRules/Simplify.Example/NegativeDivisorOfAFloorDivMerges`);
// a failure names the file and line of the check that failed.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "simplify_example.h"
#include "support/simplified_text.h"

namespace provix::testing_support {
namespace {

using Kind = ExampleCheck::Kind;

/// The printed map up to its domain: "(d0) -> (15)" of "(d0) -> (15),\ndomain:\n...".
std::string results_of(const std::string& text) {
    const size_t domain = text.find(",\ndomain:");
    return domain == std::string::npos ? text : text.substr(0, domain);
}

std::string trace_text(const Simplified& s) {
    std::string out;
    for (const std::string& name : s.trace)
        out += (out.empty() ? "" : ", ") + name;
    return "[" + out + "]";
}

void check(const ExampleCheck& c, const Simplified& s) {
    SCOPED_TRACE(c.source);
    const std::string& text = c.args.front();
    switch (c.kind) {
        case Kind::Fires:
            for (const std::string& name : c.args)
                EXPECT_TRUE(s.fired(name)) << name << " is not in the trace " << trace_text(s);
            break;
        case Kind::FiresOneOf:
            EXPECT_TRUE(std::any_of(c.args.begin(), c.args.end(),
                                    [&](const std::string& name) { return s.fired(name); }))
                << "none of them is in the trace " << trace_text(s);
            break;
        case Kind::NotFires:
            for (const std::string& name : c.args)
                EXPECT_FALSE(s.fired(name)) << name << " is in the trace " << trace_text(s);
            break;
        case Kind::Expect:
            EXPECT_EQ(s.text, printed(text));
            break;
        case Kind::NotExpect:
            EXPECT_NE(s.text, printed(text));
            break;
        case Kind::Results:
            EXPECT_EQ(results_of(s.text), text) << s.text;
            break;
        case Kind::Contains:
            EXPECT_NE(s.text.find(text), std::string::npos) << s.text;
            break;
        case Kind::Lacks:
            EXPECT_EQ(s.text.find(text), std::string::npos) << s.text;
            break;
    }
}

class Simplify : public ::testing::TestWithParam<SimplifyExample> {};

TEST_P(Simplify, Example) {
    const SimplifyExample& e = GetParam();
    const Simplified s = simplify_text(e.input);
    for (const ExampleCheck& c : e.checks)
        check(c, s);
}

std::string example_name(const ::testing::TestParamInfo<SimplifyExample>& info) {
    return info.param.name;
}

/// Runs the cases of examples/FILE as SUITE/Simplify.Example/CASE.
#define PROVIX_SIMPLIFY_EXAMPLES(SUITE, FILE) \
    INSTANTIATE_TEST_SUITE_P(SUITE, Simplify, ::testing::ValuesIn(examples_in(FILE)), example_name)

// The rule families that simplify as far as XLA's simplifier.
PROVIX_SIMPLIFY_EXAMPLES(CompletenessRules, "completeness_rules.map");
// Divisors of the domain's constraints are non-zero on the domain.
PROVIX_SIMPLIFY_EXAMPLES(NonzeroDivisors, "nonzero_divisors.map");
// An expression with few values on the domain replaced by its affine form.
PROVIX_SIMPLIFY_EXAMPLES(EnumeratedAffine, "enumerated_affine.map");
// Bounds of variables with a small box, by evaluating the constraints.
PROVIX_SIMPLIFY_EXAMPLES(EnumeratedBounds, "enumerated_bounds.map");
// Mixed-radix digits of one linearised index merged back into it.
PROVIX_SIMPLIFY_EXAMPLES(RadixDigits, "radix_digits.map");
// Probing, the mod wrap gap, and min/max decided from the domain.
PROVIX_SIMPLIFY_EXAMPLES(DomainReasoning, "domain_reasoning.map");
// Congruences of the domain deciding mods and terms of sums.
PROVIX_SIMPLIFY_EXAMPLES(CongruenceFacts, "congruence_facts.map");
// Values past int64 where the result fits (exact sums, wide constant folding).
PROVIX_SIMPLIFY_EXAMPLES(WideValues, "wide_values.map");
// Sums of quotients bounded through their dividends.
PROVIX_SIMPLIFY_EXAMPLES(FloorRelaxation, "floor_relaxation.map");
// Sums holding a multiple of a constrained sum, ranged through it.
PROVIX_SIMPLIFY_EXAMPLES(SumConstraintRanges, "sum_constraint_ranges.map");

TEST(SimplifyExamples, EveryFileIsReadAndWellFormed) {
    EXPECT_TRUE(no_errors(example_errors()));
    const std::filesystem::path dir =
        std::filesystem::path(PROVIX_SOURCE_DIR) / "tests" / "unit" / "engine" / "examples";
    const std::vector<std::string>& read = example_files_read();
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        const std::string name = entry.path().filename().string();
        EXPECT_NE(std::find(read.begin(), read.end(), name), read.end())
            << name << " has no PROVIX_SIMPLIFY_EXAMPLES line in simplify_examples_test.cpp";
    }
}

TEST(SimplifyExamples, MalformedCasesAreReported) {
    std::vector<std::string> errors;
    parse_simplify_examples("bad.map",
                            "// ===== A\n(d0) -> (d0)\n// FIRE: fd_nested\n// -----\n"
                            "// ===== A\n// EXPECT: (d0) -> (d0)\n// -----\n"
                            "// ===== B\n(d0) -> (d0)\n// -----\n",
                            errors);
    EXPECT_EQ(errors, (std::vector<std::string>{
                          "bad.map:3: unknown directive 'FIRE' in case 'A'",
                          "bad.map:4: case 'A' checks nothing",
                          "bad.map:5: two cases are named 'A'",
                          "bad.map:6: a check before the map of case 'A'",
                          "bad.map:7: case 'A' has no input map",
                          "bad.map:10: case 'B' checks nothing",
                      }));
    const auto ok = parse_simplify_examples(
        "ok.map", "// ===== A\n// why\n(d0) -> (d0,\n d0)\n// FIRES-ONE-OF: a b\n", errors);
    ASSERT_EQ(ok.size(), 1u);
    EXPECT_EQ(ok[0].input, "(d0) -> (d0, d0)");
    ASSERT_EQ(ok[0].checks.size(), 1u);
    EXPECT_EQ(ok[0].checks[0].args, (std::vector<std::string>{"a", "b"}));
    EXPECT_EQ(errors.size(), 6u);
}

}  // namespace
}  // namespace provix::testing_support
