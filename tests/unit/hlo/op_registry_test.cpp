// The set of HLO operations with indexing maps, pinned: a change to the
// operation table (src/hlo/op_registry.cpp) that adds, drops or reclassifies
// an operation shows here.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "provix/hlo/hlo_parser.h"
#include "support/text_helpers.h"

namespace provix::hlo {
namespace {

using testing_support::words;

const std::vector<std::string> kElementwise = words(R"(
    abs cbrt ceil convert copy cosine count-leading-zeros erf exponential exponential-minus-one
    floor imag is-finite log log-plus-one logistic negate not popcnt real reduce-precision
    round-nearest-afz round-nearest-even rsqrt sign sine sqrt tan tanh
    add and atan2 compare complex divide maximum minimum multiply or power remainder shift-left
    shift-right-arithmetic shift-right-logical subtract xor
    clamp select)");

const std::vector<std::string> kOther = words(R"(
    bitcast broadcast concatenate constant convolution dot dynamic-slice dynamic-update-slice
    fusion gather get-tuple-element iota map pad parameter reduce reduce-window reshape reverse
    scaled-dot slice transpose tuple)");

TEST(OpRegistry, ElementwiseOperationsAreSupportedAndElementwise) {
    ASSERT_EQ(kElementwise.size(), 48u);
    for (const std::string& op : kElementwise) {
        EXPECT_TRUE(is_supported_opcode(op)) << op;
        EXPECT_TRUE(is_elementwise_opcode(op)) << op;
    }
}

TEST(OpRegistry, OtherOperationsAreSupportedButNotElementwise) {
    ASSERT_EQ(kOther.size(), 23u);
    for (const std::string& op : kOther) {
        EXPECT_TRUE(is_supported_opcode(op)) << op;
        EXPECT_FALSE(is_elementwise_opcode(op)) << op;
    }
}

TEST(OpRegistry, OperationsWithoutMapsAreNotSupported) {
    for (const char* op : {"scatter", "sort", "while", "call", "custom-call", "all-reduce", "",
                           "Add", "add ", "rng"}) {
        EXPECT_FALSE(is_supported_opcode(op)) << op;
        EXPECT_FALSE(is_elementwise_opcode(op)) << op;
    }
}

}  // namespace
}  // namespace provix::hlo
