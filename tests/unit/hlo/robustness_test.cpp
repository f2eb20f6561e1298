// Bad input never crashes: randomly mutated HLO either analyses or gives a
// located diagnostic (`file:line:col: error: ...`), also with an integer
// replaced by a value at the edge of int64, in both directions and with the
// analyses (run under the sanitizers in CI, where overflow fails).

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cctype>
#include <limits>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "provix/hlo/analyze.h"
#include "provix/hlo/computation_indexing.h"
#include "provix/parser.h"

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

/// Operations whose integers feed products and checks: dynamic slices,
/// grouped convolutions, tuples, concatenation, strided windows.
constexpr const char* kIntegerSources[] = {
    R"(src = f32[40,6] parameter(0)
o = s32[] parameter(1)
c = s32[] constant(3)
ROOT ds = f32[4,2] dynamic-slice(src, o, c), dynamic_slice_sizes={4,2}
)",
    R"(in = f32[2,8,10] parameter(0)
k = f32[4,3,6] parameter(1)
ROOT c = f32[2,6,8] convolution(in, k), window={size=3 stride=1 pad=0_0},
  dim_labels=bf0_io0->bf0, feature_group_count=2
)",
    R"(p = f32[4,6] parameter(0)
q = f32[3,6] parameter(1)
t = (f32[4,6], f32[3,6]) tuple(p, q)
a = f32[4,6] get-tuple-element(t), index=0
b = f32[3,6] get-tuple-element(t), index=1
ROOT c = f32[7,6] concatenate(a, b), dimensions={0}
)",
    R"(p0 = f32[12,8] parameter(0)
z = f32[] constant(0)
rw = f32[6,8] reduce-window(p0, z), window={size=3x1 stride=2x1 pad=1_1x0_0}, to_apply=add
ROOT r = f32[48] reshape(rw)
)",
};

/// Values at the edges of int64 and of its products.
constexpr int64_t kEdgeIntegers[] = {0,
                                     1,
                                     -1,
                                     2,
                                     int64_t{1} << 31,
                                     int64_t{1} << 32,
                                     3037000500,  // its square exceeds int64
                                     int64_t{1} << 62,
                                     (int64_t{1} << 62) + 1,
                                     std::numeric_limits<int64_t>::max(),
                                     std::numeric_limits<int64_t>::min()};

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

RC_GTEST_PROP(HloRobustness, EdgeIntegersAnalyseOrGiveALocatedDiagnostic, ()) {
    std::vector<std::string> sources(std::begin(kSources), std::end(kSources));
    sources.insert(sources.end(), std::begin(kIntegerSources), std::end(kIntegerSources));
    std::string text = *rc::gen::elementOf(sources);
    // The integers of the text (digit runs, with a minus sign before them).
    std::vector<std::pair<size_t, size_t>> numbers;
    for (size_t i = 0; i < text.size();) {
        if (!std::isdigit(static_cast<unsigned char>(text[i]))) {
            ++i;
            continue;
        }
        size_t start = i > 0 && text[i - 1] == '-' ? i - 1 : i;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])))
            ++i;
        // Not the digits of a name (p0, f32, s32): a letter before them.
        if (start > 0 && std::isalpha(static_cast<unsigned char>(text[start - 1]))) continue;
        numbers.push_back({start, i - start});
    }
    RC_PRE(!numbers.empty());
    const std::vector<int64_t> edges(std::begin(kEdgeIntegers), std::end(kEdgeIntegers));
    const auto [pos, len] = numbers[*rc::gen::inRange<size_t>(0, numbers.size())];
    text.replace(pos, len, std::to_string(*rc::gen::elementOf(edges)));
    Context ctx;
    AnalyzeOptions options;
    options.input_to_output = *rc::gen::arbitrary<bool>();
    switch (*rc::gen::inRange(0, 4)) {
        case 0:
            break;
        case 1:
            options.utilization = true;
            break;
        case 2:
            options.threads = *rc::gen::element<int64_t>(2, 32);
            break;
        default:
            // As many sizes as the root's rank is not known here: a wrong
            // count is a diagnostic of its own.
            options.tile_sizes = {*rc::gen::elementOf(edges), 2};
            break;
    }
    if (options.input_to_output &&
        (options.utilization || options.threads > 0 || !options.tile_sizes.empty())) {
        options.input_to_output = false;  // the analyses read output-to-input maps
    }
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

/// `steps` instructions alternating a transpose of f32[4, 6] with a reshape
/// back to f32[4, 6]: a permutation of the 24 elements that no step cancels.
std::string transpose_reshape_chain(int steps) {
    std::string text = "v0 = f32[4, 6] parameter(0)\n";
    for (int i = 1; i <= steps; ++i) {
        const std::string prev = "v" + std::to_string(i - 1);
        text += "v" + std::to_string(i) +
                (i % 2 == 1 ? " = f32[6, 4] transpose(" + prev + "), dimensions={1, 0}\n"
                            : " = f32[4, 6] reshape(" + prev + ")\n");
    }
    return text;
}

TEST(HloRobustness, ChainsWhoseMapsGrowWithoutBoundAreUnknownPastTheLimit) {
    // Each two steps nest the previous map's quotients and remainders once
    // more; the maps double in size about every two steps. A short chain
    // keeps its maps; a long one stops where they pass the limit, naming
    // that instruction, instead of growing for ever.
    Context ctx;
    const int kShortSteps = 8;
    auto shorter = analyze_hlo_text(ctx, transpose_reshape_chain(kShortSteps), "short.hlo");
    ASSERT_TRUE(shorter) << shorter.error().message;
    EXPECT_TRUE(shorter->warnings.empty());
    auto maps = parse_indexing_maps(ctx, shorter->text);
    ASSERT_TRUE(maps) << maps.error().message;
    ASSERT_EQ(maps->size(), 1u) << shorter->text;
    const IndexingMap& map = maps->front().map;
    for (int64_t i = 0; i < 4; ++i) {
        for (int64_t j = 0; j < 6; ++j) {
            // The element of v0 that element (i, j) of the root reads: back
            // through each step, a transpose swaps, a reshape keeps the
            // row-major position.
            int64_t a = i, b = j;
            for (int step = kShortSteps; step >= 1; --step) {
                if (step % 2 == 1) {
                    std::swap(a, b);
                } else {
                    const int64_t position = a * 6 + b;
                    a = position / 4;
                    b = position % 4;
                }
            }
            auto read = map.evaluate({i, j});
            ASSERT_TRUE(read) << read.error().message;
            EXPECT_EQ(*read, (std::vector<int64_t>{a, b})) << i << ", " << j;
            EXPECT_EQ(map.membership({i, j}), Membership::Inside);
        }
    }
    for (bool input_to_output : {false, true}) {
        AnalyzeOptions options;
        options.input_to_output = input_to_output;
        auto out = analyze_hlo_text(ctx, transpose_reshape_chain(400), "chain.hlo", options);
        ASSERT_TRUE(out) << out.error().message;
        EXPECT_EQ(out->text, "// operand 0: v0\nUNKNOWN\n// -----\n");
        ASSERT_EQ(out->warnings.size(), 1u);
        EXPECT_TRUE(std::regex_search(
            out->warnings[0],
            std::regex("^chain\\.hlo:[0-9]+:[0-9]+: warning: the indexing maps composed through "
                       "operation '(transpose|reshape)' \\(instruction 'v[0-9]+'\\) grow past " +
                       std::to_string(kMaxComposedMapSize) + " nodes; what reaches it is UNKNOWN")))
            << out->warnings[0];
    }
}

}  // namespace
}  // namespace provix::hlo
