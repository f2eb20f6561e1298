// What `provix analyze` prints (the command itself is covered by the golden
// tests tests/golden/analyze_*).

#include "provix/hlo/analyze.h"

#include <gtest/gtest.h>

namespace provix::hlo {
namespace {

std::string analyze(std::string_view hlo, AnalyzeOptions options = {}) {
    Context ctx;
    auto out = analyze_hlo_text(ctx, hlo, "a.hlo", options);
    EXPECT_TRUE(out) << (out ? "" : out.error().message);
    return out ? out->text : "";
}

std::string analyze_error(std::string_view hlo, AnalyzeOptions options = {}) {
    Context ctx;
    auto out = analyze_hlo_text(ctx, hlo, "a.hlo", options);
    EXPECT_FALSE(out);
    return out ? "" : out.error().message;
}

constexpr const char* kBroadcast = R"(
p0 = f32[20] parameter(0)
bc0 = f32[10, 20, 30] broadcast(p0), dimensions={1}
)";

TEST(Analyze, PrintsEachParametersMapsInNumberOrder) {
    EXPECT_EQ(analyze(R"(
p1 = f32[3] parameter(1)
p0 = f32[3] parameter(0)
s = f32[3] subtract(p1, p0)
)"),
              "// operand 0: p0\n"
              "(d0) -> (d0),\ndomain:\nd0 in [0, 2]\n"
              "// -----\n"
              "// operand 1: p1\n"
              "(d0) -> (d0),\ndomain:\nd0 in [0, 2]\n"
              "// -----\n");
}

TEST(Analyze, OutputToInputOfBroadcast) {
    EXPECT_EQ(analyze(kBroadcast),
              "// operand 0: p0\n"
              "(d0, d1, d2) -> (d1),\ndomain:\nd0 in [0, 9],\nd1 in [0, 19],\nd2 in [0, 29]\n"
              "// -----\n");
}

TEST(Analyze, InputToOutputOfBroadcast) {
    AnalyzeOptions options;
    options.input_to_output = true;
    EXPECT_EQ(analyze(kBroadcast, options),
              "// operand 0: p0\n"
              "(d0)[s0, s1] -> (s0, d0, s1),\ndomain:\nd0 in [0, 19],\ns0 in [0, 9],\n"
              "s1 in [0, 29]\n"
              "// -----\n");
}

TEST(Analyze, UnreadParameterGetsOnlyItsHeader) {
    EXPECT_EQ(analyze("a = f32[2] parameter(0)\nb = f32[2] parameter(1)\nn = f32[2] negate(b)\n"),
              "// operand 0: a\n"
              "// operand 1: b\n"
              "(d0) -> (d0),\ndomain:\nd0 in [0, 1]\n"
              "// -----\n");
}

TEST(Analyze, ParameterRootIsTheIdentity) {
    EXPECT_EQ(analyze("p = f32[2] parameter(0)\n"),
              "// operand 0: p\n(d0) -> (d0),\ndomain:\nd0 in [0, 1]\n// -----\n");
}

TEST(Analyze, OutputOutOfRangeIsAnError) {
    AnalyzeOptions options;
    options.output_id = 1;
    std::string e = analyze_error(kBroadcast, options);
    EXPECT_NE(e.find("a.hlo:3:23: error: the root 'bc0' has 1 output(s); there is no output 1"),
              std::string::npos)
        << e;
}

TEST(Analyze, ParseErrorsPassThrough) {
    std::string e = analyze_error("p0 = f32[8] parameter(0)\nc = f32[8] negate(p9)\n");
    EXPECT_EQ(e.rfind("a.hlo:2:19: error: unknown operand 'p9'", 0), 0u) << e;
}

TEST(Analyze, OperationWithoutMapsMakesOnlyTheOperandsReachingItUnknown) {
    Context ctx;
    auto out = analyze_hlo_text(ctx,
                                "p0 = f32[4,4] parameter(0)\n"
                                "p1 = f32[4,4] parameter(1)\n"
                                "c = f32[4,4] cholesky(p0), lower=true\n"
                                "ROOT a = f32[4,4] add(c, p1)\n",
                                "a.hlo");
    ASSERT_TRUE(out) << out.error().message;
    EXPECT_EQ(out->text,
              "// operand 0: p0\nUNKNOWN\n// -----\n"
              "// operand 1: p1\n(d0, d1) -> (d0, d1),\ndomain:\nd0 in [0, 3],\nd1 in [0, 3]\n"
              "// -----\n");
    ASSERT_EQ(out->warnings.size(), 1u);
    EXPECT_EQ(out->warnings[0].rfind("a.hlo:3:14: warning: no indexing maps for operation "
                                     "'cholesky' (instruction 'c'); what reaches it is UNKNOWN",
                                     0),
              0u)
        << out->warnings[0];
}

TEST(Analyze, UnknownInputToOutputToo) {
    AnalyzeOptions options;
    options.input_to_output = true;
    EXPECT_EQ(analyze("p0 = f32[4] parameter(0)\ns = f32[4] sort(p0), dimensions={0}\n", options),
              "// operand 0: p0\nUNKNOWN\n// -----\n");
}

TEST(Analyze, OperandReadOnlyThroughEmptyPathsIsKnownEmpty) {
    // The slice takes elements 0, 2, 4 of the concatenation: only p0's.
    std::string out = analyze(
        "p0 = f32[5] parameter(0)\np1 = f32[11] parameter(1)\n"
        "c = f32[16] concatenate(p0, p1), dimensions={0}\n"
        "ROOT s = f32[3] slice(c), slice={[0:5:2]}\n");
    EXPECT_NE(out.find("// operand 1: p1\nKNOWN EMPTY\n// -----\n"), std::string::npos) << out;
}

}  // namespace
}  // namespace provix::hlo
