// names_after_move: default names follow the new position (with or without
// custom names among the moved variables), custom names stay unless taken,
// and the names given are distinct.

#include "variable_names.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

namespace provix::detail {
namespace {

/// A moved range variable; `name` must outlive the MovedName.
MovedName moved_symbol(const std::string& name, int64_t old_index, int64_t new_index) {
    return {name, "s", old_index, new_index};
}

TEST(NamesAfterMove, DefaultNamesFollowTheNewPosition) {
    EXPECT_EQ(names_after_move({moved_symbol("s1", 1, 0), moved_symbol("s3", 3, 1)}),
              (std::vector<std::string>{"s0", "s1"}));
}

TEST(NamesAfterMove, CustomNamesStayUnlessTaken) {
    // "s0" is the new default name of the moved s2, so the custom s0 gives way.
    EXPECT_EQ(names_after_move(
                  {moved_symbol("s0", 0, 1), moved_symbol("s2", 2, 0), moved_symbol("th", 3, 2)}),
              (std::vector<std::string>{"s1", "s0", "th"}));
}

// Variables at distinct old positions moved to positions 0, 1, ... in order;
// each keeps its default name or has one from a small pool of custom names
// (some of which are default names of other positions).
RC_GTEST_PROP(NamesAfterMove, DefaultNamesFollowAndNamesAreDistinct, ()) {
    const auto olds = *rc::gen::unique<std::vector<int64_t>>(rc::gen::inRange<int64_t>(0, 12));
    const auto custom =
        *rc::gen::container<std::vector<bool>>(olds.size(), rc::gen::arbitrary<bool>());
    const std::vector<std::string> pool = {"x", "y", "s0", "s1", "s5"};
    std::vector<std::string> given(olds.size());
    std::vector<MovedName> moved;
    for (size_t i = 0; i < olds.size(); ++i) {
        given[i] = default_variable_name("s", olds[i]);
        if (custom[i]) given[i] = *rc::gen::elementOf(pool);
        moved.push_back(moved_symbol(given[i], olds[i], static_cast<int64_t>(i)));
    }
    const std::vector<std::string> names = names_after_move(moved);
    RC_ASSERT(names.size() == moved.size());
    for (size_t i = 0; i < moved.size(); ++i) {
        if (given[i] == default_variable_name("s", olds[i]))
            RC_ASSERT(names[i] == default_variable_name("s", static_cast<int64_t>(i)));
    }
    RC_ASSERT(std::set<std::string>(names.begin(), names.end()).size() == names.size());
}

TEST(IsDefaultVariableName, ComparesWithTheBuiltName) {
    EXPECT_TRUE(is_default_variable_name("s12", "s", 12));
    EXPECT_TRUE(is_default_variable_name("rt0", "rt", 0));
    EXPECT_FALSE(is_default_variable_name("s012", "s", 12));
    EXPECT_FALSE(is_default_variable_name("s1", "s", 12));
    EXPECT_FALSE(is_default_variable_name("d12", "s", 12));
    EXPECT_FALSE(is_default_variable_name("s", "s", 0));
}

// Names made of a prefix and digits (leading zeros, a sign, other prefixes)
// agree with comparing against default_variable_name.
RC_GTEST_PROP(IsDefaultVariableName, AgreesWithDefaultVariableName, ()) {
    const std::string prefix = *rc::gen::element<std::string>("d", "s", "rt");
    const std::string name_prefix = *rc::gen::element<std::string>("d", "s", "rt", "", "s0");
    const std::string sign = *rc::gen::element<std::string>("", "", "-");
    const std::string digits = *rc::gen::container<std::string>(rc::gen::inRange('0', ':'));
    const std::string name = name_prefix + sign + digits;
    const int64_t i =
        *rc::gen::oneOf(rc::gen::inRange<int64_t>(-20, 1000), rc::gen::arbitrary<int64_t>());
    RC_ASSERT(is_default_variable_name(name, prefix, i) ==
              (name == default_variable_name(prefix, i)));
    RC_ASSERT(is_default_variable_name(default_variable_name(prefix, i), prefix, i));
}

}  // namespace
}  // namespace provix::detail
