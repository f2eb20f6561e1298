#include "provix/copy_on_write.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace provix {
namespace {

using Strings = std::vector<std::string>;

TEST(CopyOnWrite, CopiesShareTheValueUntilOneWrites) {
    CopyOnWrite<Strings> a(Strings{"x"});
    EXPECT_TRUE(a.is_unique());
    CopyOnWrite<Strings> b = a;
    EXPECT_TRUE(b.shares_with(a));
    EXPECT_EQ(&*a, &*b);  // one value, not a copy
    EXPECT_FALSE(a.is_unique());
    b.write().push_back("y");  // b copies first
    EXPECT_FALSE(b.shares_with(a));
    EXPECT_TRUE(a.is_unique());
    EXPECT_TRUE(b.is_unique());
    EXPECT_EQ(*a, Strings{"x"});
    EXPECT_EQ(*b, (Strings{"x", "y"}));
    const std::string* kept = &(*b)[0];
    b.write()[0] = "z";  // unique now: written in place
    EXPECT_EQ(&(*b)[0], kept);
    EXPECT_EQ(*a, Strings{"x"});
}

TEST(CopyOnWrite, DefaultValueIsSharedAndNeverWrittenThrough) {
    CopyOnWrite<Strings> a;
    CopyOnWrite<Strings> b;
    EXPECT_TRUE(a.shares_with(b));
    EXPECT_FALSE(a.is_unique());  // the default value is held for ever
    a.write().push_back("x");
    EXPECT_TRUE(a.is_unique());
    EXPECT_TRUE(b->empty());
    EXPECT_TRUE(CopyOnWrite<Strings>()->empty());
    // However many default holders come and go, the default value is never
    // freed nor unique: the first write through any of them copies it.
    for (int i = 0; i < 3; ++i) {
        CopyOnWrite<Strings> c = b;
        CopyOnWrite<Strings> d = std::move(c);
        EXPECT_TRUE(d.shares_with(b));
    }
    EXPECT_FALSE(b.is_unique());
    b.write().push_back("y");
    EXPECT_EQ(*b, Strings{"y"});
    EXPECT_TRUE(CopyOnWrite<Strings>()->empty());
}

TEST(CopyOnWrite, AssignmentAndMovesKeepCountsRight) {
    CopyOnWrite<Strings> a(Strings{"x"});
    {
        CopyOnWrite<Strings> b(Strings{"y"});
        b = a;
        EXPECT_TRUE(b.shares_with(a));
        b = b;  // NOLINT: self-assignment keeps the value
        EXPECT_EQ(*b, Strings{"x"});
        CopyOnWrite<Strings> c = std::move(b);
        EXPECT_TRUE(c.shares_with(a));
        EXPECT_TRUE(b->empty());  // NOLINT(bugprone-use-after-move): the default value
        CopyOnWrite<Strings> d(Strings{"w"});
        d = std::move(c);
        EXPECT_TRUE(d.shares_with(a));
    }
    EXPECT_TRUE(a.is_unique());  // every other holder is gone
    EXPECT_EQ(*a, Strings{"x"});
}

}  // namespace
}  // namespace provix
