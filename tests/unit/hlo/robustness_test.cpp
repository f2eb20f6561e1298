// Bad input never crashes: randomly mutated HLO either analyses or gives a
// located diagnostic (`file:line:col: error: ...`).

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <regex>
#include <string>

#include "provix/hlo/analyze.h"

namespace provix::hlo {
namespace {

constexpr const char* kSources[] = {
    R"(p0 = f32[10, 20, 50] parameter(0)
slice = f32[5, 3, 25] slice(f32[10, 20, 50] p0), slice={[5:10:1], [3:20:7], [0:50:2]}
)",
    R"(p0 = f32[4, 4] parameter(0)
p1 = f32[] parameter(1)
pad = f32[12, 16] pad(p0, p1), padding=1_4_1x4_8_0
)",
    R"(c_inf = f32[] constant(-inf)
p0 = f32[1024, 514] parameter(0)
out = f32[1024, 3] reduce-window(p0, c_inf), window={size=1x512 pad=0_0x0_0}, to_apply=max
)",
    R"(operand = f32[33,76,70] parameter(0)
indices = s32[1806,2] parameter(1)
gather = f32[1806,7,8,4] gather(operand, indices), offset_dims={1,2,3},
  collapsed_slice_dims={}, start_index_map={0,1}, index_vector_dim=1, slice_sizes={7,8,4}
)",
    R"(HloModule m
f {
  p0 = f32[20, 10, 50]{2,1,0} parameter(0)
  t = f32[10, 20, 50] transpose(p0), dimensions={1, 0, 2}
  r = f32[200, 50] reshape(t)
  ROOT b = f32[50, 200]{0,1} bitcast(r)
}
ENTRY e {
  x = f32[20, 10, 50] parameter(0)
  ROOT y = f32[50, 200]{0,1} fusion(x), kind=kLoop, calls=f
}
)",
};

constexpr char kAlphabet[] = "()[]{},=:_x-%0123456789 \nabcdefgprs.";

RC_GTEST_PROP(HloRobustness, MutatedInputAnalysesOrGivesALocatedDiagnostic, ()) {
    std::string text =
        *rc::gen::elementOf(std::vector<std::string>(std::begin(kSources), std::end(kSources)));
    int edits = *rc::gen::inRange(1, 6);
    for (int i = 0; i < edits; ++i) {
        size_t pos = *rc::gen::inRange<size_t>(0, text.size() + 1);
        int kind = *rc::gen::inRange(0, 3);
        char c = kAlphabet[*rc::gen::inRange<size_t>(0, sizeof(kAlphabet) - 1)];
        if (kind == 0 && pos < text.size()) {
            text.erase(pos, 1);
        } else if (kind == 1) {
            text.insert(pos, 1, c);
        } else if (pos < text.size()) {
            text[pos] = c;
        }
    }
    Context ctx;
    AnalyzeOptions options;
    options.input_to_output = *rc::gen::arbitrary<bool>();
    auto out = analyze_hlo_text(ctx, text, "m.hlo", options);
    if (!out) {
        static const std::regex kDiagnostic(R"(^m\.hlo:[0-9]+:[0-9]+: error: .+)");
        RC_LOG() << text << "\n" << out.error().message << "\n";
        RC_ASSERT(std::regex_search(out.error().message, kDiagnostic));
    }
}

TEST(HloRobustness, LongChainOfTransposesAndReshapesComposesToTheIdentity) {
    // 400 steps cycling transpose, transpose back, reshape to f32[60],
    // reshape back, on f32[6, 10].
    const char* shapes[] = {"f32[10, 6]", "f32[6, 10]", "f32[60]", "f32[6, 10]"};
    std::string text = "v0 = f32[6, 10] parameter(0)\n";
    for (int i = 1; i <= 400; ++i) {
        std::string prev = "v" + std::to_string(i - 1);
        int step = (i - 1) % 4;
        std::string op =
            step < 2 ? "transpose(" + prev + "), dimensions={1, 0}" : "reshape(" + prev + ")";
        text += "v" + std::to_string(i) + " = " + shapes[step] + " " + op + "\n";
    }
    Context ctx;
    auto out = analyze_hlo_text(ctx, text, "chain.hlo");
    ASSERT_TRUE(out) << out.error().message;
    EXPECT_EQ(out->text,
              "// operand 0: v0\n(d0, d1) -> (d0, d1),\ndomain:\nd0 in [0, 5],\nd1 in [0, 9]\n"
              "// -----\n");
}

}  // namespace
}  // namespace provix::hlo
