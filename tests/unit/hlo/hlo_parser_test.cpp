// The HLO text reader: shapes, layouts, tuples, attributes, the three input
// forms, and diagnostics at file:line:col.

#include "provix/hlo/hlo_parser.h"

#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <utility>

#include "support/text_helpers.h"

namespace provix::hlo {
namespace {

using testing_support::contains;

HloModule parse_ok(std::string_view text) {
    auto m = parse_hlo_module(text, "in.hlo");
    EXPECT_TRUE(m) << (m ? "" : m.error().message);
    return m ? std::move(*m) : HloModule{};
}

std::string parse_error(std::string_view text) {
    auto m = parse_hlo_module(text, "in.hlo");
    EXPECT_FALSE(m) << "expected a parse error";
    return m ? "" : m.error().message;
}

TEST(HloParser, ReadsShapesWithLayoutsAndTuples) {
    HloModule m = parse_ok(R"(
p0 = f32[1000,1000]{0,1} parameter(0)
p1 = s32[] parameter(1)
t = (f32[1000,1000]{0,1}, s32[]) tuple(p0, p1)
)");
    const HloComputation& c = m.entry_computation();
    ASSERT_EQ(c.instructions.size(), 3u);
    const HloShape& s = c.instruction(0).shape;
    EXPECT_EQ(s.element_type, "f32");
    EXPECT_EQ(s.dims, (std::vector<int64_t>{1000, 1000}));
    EXPECT_EQ(s.layout, (std::vector<int64_t>{0, 1}));
    EXPECT_EQ(s.to_string(), "f32[1000,1000]{0,1}");
    EXPECT_EQ(c.instruction(1).shape.rank(), 0);
    const HloShape& t = c.instruction(2).shape;
    EXPECT_TRUE(t.is_tuple);
    ASSERT_EQ(t.tuple_elements.size(), 2u);
    EXPECT_EQ(t.to_string(), "(f32[1000,1000]{0,1}, s32[])");
    EXPECT_EQ(c.root, 2);
}

TEST(HloShape, DefaultLayoutIsRowMajor) {
    HloModule m = parse_ok("p = f32[2,3,4] parameter(0)");
    EXPECT_EQ(m.entry_computation().instruction(0).shape.minor_to_major(),
              (std::vector<int64_t>{2, 1, 0}));
}

TEST(HloShape, NumElementsReportsOverflow) {
    HloModule m = parse_ok("p = f32[4611686018427387904,4] parameter(0)");
    EXPECT_FALSE(m.entry_computation().instruction(0).shape.num_elements());
}

TEST(HloParser, ReadsModuleWithEntryAndSignatures) {
    HloModule m = parse_ok(R"(
HloModule m, entry_computation_layout={(f32[4]{0})->f32[4]{0}}

%add.1 (a: f32[], b: f32[]) -> f32[] {
  %a = f32[] parameter(0)
  %b = f32[] parameter(1)
  ROOT %s = f32[] add(f32[] %a, f32[] %b), metadata={op_name="x"}
}

ENTRY %main.2 (p: f32[4]) -> f32[4] {
  %p = f32[4]{0} parameter(0) /* a comment */
  // another comment
  ROOT %n = f32[4]{0} negate(%p), sharding={replicated}
}
)");
    EXPECT_EQ(m.name, "m");
    ASSERT_EQ(m.computations.size(), 2u);
    EXPECT_EQ(m.entry_computation().name, "main.2");
    EXPECT_EQ(m.entry_computation().root_instruction().name, "n");
    EXPECT_EQ(m.entry_computation().root_instruction().operands, (std::vector<int64_t>{0}));
}

TEST(HloParser, SingleComputationIsTheEntry) {
    HloModule m = parse_ok(R"(
f {
  p0 = f32[10] parameter(0)
  ROOT e = f32[10] exponential(p0)
}
)");
    EXPECT_EQ(m.entry_computation().name, "f");
}

TEST(HloParser, WithoutEntryTheLastComputationIsTheEntry) {
    HloModule m = parse_ok(R"(
g { p = f32[] parameter(0) }
f { q = f32[] parameter(0) }
)");
    EXPECT_EQ(m.entry_computation().name, "f");
}

TEST(HloParser, RootMarkerPicksTheRoot) {
    HloModule m = parse_ok(R"(
p0 = f32[4] parameter(0)
ROOT n = f32[4] negate(p0)
e = f32[4] exponential(p0)
)");
    EXPECT_EQ(m.entry_computation().root_instruction().name, "n");
}

TEST(HloParser, ReadsTypedAttributes) {
    HloModule m = parse_ok(R"(
p0 = f32[10, 20, 50] parameter(0)
slice = f32[5, 3, 25] slice(p0), slice={[5:10:1], [3:20:7], [0:50]}
pv = f32[] constant(0)
pad = f32[12, 31, 50] pad(slice, pv), padding=1_6_1x-4_8_0x0_0_1
rw = f32[3, 4] reduce-window(p0, pv), window={size=2x3 stride=4x5 pad=1_2x3_4 lhs_dilate=1x2 rhs_dilate=3x1}, to_apply=%max
d = f32[4] dot(p0, p0), lhs_batch_dims={0}, rhs_batch_dims={0}, lhs_contracting_dims={1,2}, rhs_contracting_dims={1,2}
)");
    const HloComputation& c = m.entry_computation();
    // A dimension's fields compared at once: (start, limit, stride) of a
    // slice, (low, high, interior) of a padding, the window's fields.
    const auto& s = *c.instruction(1).slice;
    ASSERT_EQ(s.size(), 3u);
    EXPECT_EQ(std::make_tuple(s[1].start, s[1].limit, s[1].stride), std::make_tuple(3, 20, 7));
    EXPECT_EQ(s[2].stride, 1);
    const auto& p = *c.instruction(3).padding;
    ASSERT_EQ(p.size(), 3u);
    EXPECT_EQ(std::make_tuple(p[0].low, p[0].high, p[0].interior), std::make_tuple(1, 6, 1));
    EXPECT_EQ(p[1].low, -4);
    EXPECT_EQ(p[2].interior, 1);
    const auto& w = *c.instruction(4).window;
    ASSERT_EQ(w.size(), 2u);
    EXPECT_EQ(std::make_tuple(w[0].size, w[0].window_dilation), std::make_tuple(2, 3));
    EXPECT_EQ(std::make_tuple(w[1].stride, w[1].pad_low, w[1].pad_high, w[1].base_dilation),
              std::make_tuple(5, 3, 4, 2));
    EXPECT_EQ(c.instruction(4).to_apply, "max");
    EXPECT_EQ(c.instruction(5).dot.lhs_contracting, (std::vector<int64_t>{1, 2}));
    EXPECT_EQ(c.instruction(2).literal, "0");
}

TEST(HloParser, OperationWithoutMapsIsReadWithItsOperandsAndAttributesSkipped) {
    // Attributes of such operations are not read: `dimensions` here would
    // be malformed for the operations with maps.
    auto m = parse_hlo_module(
        "p0 = f32[8] parameter(0)\n"
        "s = f32[8] sort(p0), dimensions={0,}, is_stable=true\n",
        "in.hlo");
    ASSERT_TRUE(m) << m.error().message;
    const HloInstruction& s = m->entry_computation().root_instruction();
    EXPECT_EQ(s.opcode, "sort");
    EXPECT_EQ(s.operands, std::vector<int64_t>{0});
    EXPECT_FALSE(s.dimensions.has_value());
}

TEST(HloParser, ReadsConvolutionDimLabelsAndGroups) {
    auto m = parse_hlo_module(
        "p0 = f32[4,12,10,1] parameter(0)\n"
        "p1 = f32[5,3,1,8] parameter(1)\n"
        "c = f32[1,10,6,8] convolution(p0, p1), window={size=3x5}, dim_labels=fb01_01io->b01f, "
        "feature_group_count=1, batch_group_count=4\n",
        "in.hlo");
    ASSERT_TRUE(m) << m.error().message;
    const HloInstruction& c = m->entry_computation().root_instruction();
    ASSERT_TRUE(c.conv.has_value());
    EXPECT_EQ(c.conv->input_batch, 1);
    EXPECT_EQ(c.conv->input_feature, 0);
    EXPECT_EQ(c.conv->input_spatial, (std::vector<int64_t>{2, 3}));
    EXPECT_EQ(c.conv->kernel_input_feature, 2);
    EXPECT_EQ(c.conv->kernel_output_feature, 3);
    EXPECT_EQ(c.conv->kernel_spatial, (std::vector<int64_t>{0, 1}));
    EXPECT_EQ(c.conv->output_batch, 0);
    EXPECT_EQ(c.conv->output_feature, 3);
    EXPECT_EQ(c.conv->output_spatial, (std::vector<int64_t>{1, 2}));
    EXPECT_EQ(c.batch_group_count, 4);
}

TEST(HloParser, MalformedDimLabelsAreErrorsAtTheValue) {
    std::string e = parse_error(
        "p0 = f32[1,4] parameter(0)\np1 = f32[4,4] parameter(1)\n"
        "c = f32[1,4] convolution(p0, p1), dim_labels=bb_io->bf\n");
    EXPECT_EQ(e.rfind("in.hlo:3:46: error: dim_labels part 'bb' must label 'bf'", 0), 0u) << e;
}

TEST(HloParser, UnknownOperandIsAnError) {
    std::string e = parse_error("n = f32[8] negate(p0)\n");
    EXPECT_EQ(e.rfind("in.hlo:1:19: error: unknown operand 'p0'", 0), 0u) << e;
}

// Lines end at a carriage return alone as at a line feed: a comment ends
// there, and diagnostics count the line and show it.
TEST(HloParser, CarriageReturnsAloneEndLines) {
    for (const char* eol : {"\r", "\n", "\r\n"}) {
        const std::string text = std::string("// a comment") + eol + "HloModule m" + eol +
                                 "ENTRY e {" + eol + "  p0 = f32[4] parameter(0)" + eol +
                                 "  ROOT n = f32[4] negate(p0)" + eol + "}" + eol;
        HloModule m = parse_ok(text);
        EXPECT_EQ(m.entry_computation().instructions.size(), 2u) << int(eol[0]);
        std::string e = parse_error(std::string("p0 = f32[4] parameter(0)") + eol +
                                    "n = f32[8] negate(p1)" + eol);
        EXPECT_EQ(e,
                  "in.hlo:2:19: error: unknown operand 'p1' (operands must be defined before "
                  "they are used)\n"
                  "n = f32[8] negate(p1)\n"
                  "                  ^")
            << int(eol[0]);
    }
}

// A character no name holds cuts an operand's name short: the error is at
// that character, not an unknown operand made of the name's first part.
TEST(HloParser, AStrayCharacterInAnOperandIsTheError) {
    std::string e = parse_error(
        "p0 = f32[4] parameter(0)\ntranspose_p0 = f32[4] negate(p0)\n"
        "ROOT a = f32[4] add(p0, trans`pose_p0)\n");
    EXPECT_EQ(e.rfind("in.hlo:3:30: error: unexpected character '`' in operand 'trans`...'", 0), 0u)
        << e;
    e = parse_error("p0 = f32[4] parameter(0)\nROOT a = f32[4] add(p0, p1)\n");
    EXPECT_EQ(e.rfind("in.hlo:2:25: error: unknown operand 'p1'", 0), 0u) << e;
}

TEST(HloParser, ForwardReferencesAreAnError) {
    std::string e = parse_error(
        "g {\n a = f32[] parameter(0)\n ROOT n = f32[] negate(b)\n"
        " b = f32[] parameter(1)\n}\n");
    EXPECT_TRUE(contains(e,
                         "in.hlo:3:24: error: unknown operand 'b' (operands must be defined before "
                         "they are used)"));
}

TEST(HloParser, DuplicateNamesAndParametersAreErrors) {
    EXPECT_TRUE(contains(parse_error("p = f32[] parameter(0)\np = f32[] parameter(1)\n"),
                         "in.hlo:2:1: error: instruction 'p' is defined twice"));
    EXPECT_TRUE(contains(parse_error("p = f32[] parameter(0)\nq = f32[] parameter(0)\n"),
                         "parameter number 0 is used twice"));
    EXPECT_TRUE(contains(parse_error("p = f32[] parameter(1)\n"), "has no parameter(0)"));
}

TEST(HloParser, WrittenOperandShapeMustMatchItsDefinition) {
    std::string e = parse_error("p = f32[4] parameter(0)\nn = f32[4] negate(f32[5] p)\n");
    EXPECT_TRUE(contains(e, "in.hlo:2:26: error: operand 'p' is written as f32[5]"));
}

TEST(HloParser, MalformedAttributesAreErrorsAtTheValue) {
    std::string e =
        parse_error("p = f32[4] parameter(0)\nt = f32[4] transpose(p), dimensions={0,}\n");
    EXPECT_TRUE(contains(e, "in.hlo:2:40: error: expected an integer"));
    e = parse_error("p = f32[4] parameter(0)\ns = f32[2] slice(p), slice={[0:2:1}\n");
    EXPECT_TRUE(contains(e, "in.hlo:2:"));
    e = parse_error(
        "p = f32[4] parameter(0)\nq = f32[] constant(0)\n"
        "r = f32[4] reduce-window(p, q), window={size=1 bogus=2}\n");
    EXPECT_TRUE(contains(e, "unknown window field 'bogus'"));
}

TEST(HloParser, DynamicDimensionsAreRejected) {
    std::string e = parse_error("p = f32[<=4] parameter(0)\n");
    EXPECT_TRUE(contains(e, "in.hlo:1:9: error: dynamic dimensions are not supported"));
}

TEST(HloParser, BadLayoutIsAnError) {
    std::string e = parse_error("p = f32[4,5]{0,0} parameter(0)\n");
    EXPECT_TRUE(contains(e, "is not a permutation of its dimensions"));
}

TEST(HloParser, FusionMustCallAKnownComputation) {
    std::string e = parse_error(R"(ENTRY m {
  p = f32[4] parameter(0)
  ROOT f = f32[4] fusion(p), kind=kLoop, calls=nowhere
})");
    EXPECT_TRUE(contains(e, "in.hlo:3:19: error: fusion calls unknown computation 'nowhere'"));
}

TEST(HloParser, EmptyAndTruncatedInputsAreErrors) {
    const std::pair<const char*, const char*> refused[] = {
        {"", "no computation or instruction"},
        {"// only a comment\n", "no computation or instruction"},
        {"f {\n p = f32[4] parameter(0)\n", "expected '}'"},
        {"p = f32[4", "expected ']'"},
        {"p = f32[99999999999999999999] parameter(0)", "int64"}};
    for (const auto& [text, message] : refused)
        EXPECT_TRUE(contains(parse_error(text), message));
}

TEST(HloParser, DeeplyNestedTuplesAreAnErrorNotACrash) {
    std::string text =
        "p = " + std::string(10000, '(') + "f32[]" + std::string(10000, ')') + " parameter(0)";
    EXPECT_TRUE(contains(parse_error(text), "nested too deeply"));
}

TEST(HloParser, ClassifiesOpcodes) {
    for (const char* op : {"dynamic-update-slice", "convolution", "scaled-dot", "map"})
        EXPECT_TRUE(is_supported_opcode(op)) << op;
    EXPECT_FALSE(is_supported_opcode("scatter"));
    EXPECT_TRUE(is_elementwise_opcode("maximum"));
    EXPECT_FALSE(is_elementwise_opcode("broadcast"));
}

}  // namespace
}  // namespace provix::hlo
