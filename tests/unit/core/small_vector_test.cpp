#include "provix/small_vector.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

namespace provix {
namespace {

TEST(SmallVector, KeepsShortContentsInline) {
    SmallVector<int, 4> v = {1, 2, 3};
    const void* inside = &v;
    EXPECT_EQ(v.capacity(), 4u);
    EXPECT_GE(static_cast<const void*>(v.data()), inside);
    EXPECT_LT(static_cast<const void*>(v.data()), static_cast<const void*>(&v + 1));
    v.push_back(4);
    EXPECT_EQ(v.capacity(), 4u);
    v.push_back(5);  // outgrows the inline room
    EXPECT_GE(v.capacity(), 5u);
    EXPECT_TRUE(static_cast<const void*>(v.data()) < inside ||
                static_cast<const void*>(v.data()) >= static_cast<const void*>(&v + 1));
    EXPECT_EQ(v.to_vector(), (std::vector<int>{1, 2, 3, 4, 5}));
}

TEST(SmallVector, CopiesAndMovesInlineAndHeapContents) {
    for (size_t n : {0u, 1u, 2u, 3u, 7u}) {
        SmallVector<std::string, 2> v;
        for (size_t i = 0; i < n; ++i)
            v.push_back("a long string that is not stored inline " + std::to_string(i));
        SmallVector<std::string, 2> copy = v;
        EXPECT_EQ(copy, v);
        SmallVector<std::string, 2> moved = std::move(copy);
        EXPECT_EQ(moved, v);
        EXPECT_TRUE(copy.empty());  // NOLINT(bugprone-use-after-move): moved-from is empty
        SmallVector<std::string, 2> assigned = {"x", "y", "z"};
        assigned = v;
        EXPECT_EQ(assigned, v);
        SmallVector<std::string, 2> move_assigned = {"x"};
        move_assigned = std::move(assigned);
        EXPECT_EQ(move_assigned, v);
        EXPECT_EQ(move_assigned.size(), n);
    }
}

TEST(SmallVector, PushBackOfOwnElementWhileGrowing) {
    SmallVector<std::string, 1> v = {"first element, long enough to live on the heap"};
    v.push_back(v[0]);  // grows: the argument must be read before the move
    v.push_back(v[1]);
    EXPECT_EQ(v.size(), 3u);
    for (const std::string& s : v)
        EXPECT_EQ(s, "first element, long enough to live on the heap");
}

TEST(SmallVector, AppendGeneratedInlineAndAcrossTheHeap) {
    SmallVector<std::string, 4> v = {"a"};
    v.append_generated(2, [](size_t i) { return std::string(1, static_cast<char>('b' + i)); });
    EXPECT_EQ(v.to_vector(), (std::vector<std::string>{"a", "b", "c"}));
    EXPECT_EQ(v.capacity(), 4u);  // still inline
    v.append_generated(0, [](size_t) -> std::string {
        ADD_FAILURE();
        return "";
    });
    EXPECT_EQ(v.size(), 3u);
    // Beyond the inline room: one move to the heap, every element in order.
    v.append_generated(5, [](size_t i) { return std::to_string(i); });
    EXPECT_EQ(v.to_vector(), (std::vector<std::string>{"a", "b", "c", "0", "1", "2", "3", "4"}));
    EXPECT_GE(v.capacity(), 8u);
}

TEST(SmallVector, InsertAndEraseKeepOrder) {
    SmallVector<int, 2> v = {1, 3};
    EXPECT_EQ(*v.insert(v.begin() + 1, 2), 2);
    v.insert(v.end(), 4);
    v.insert(v.begin(), 0);
    EXPECT_EQ(v.to_vector(), (std::vector<int>{0, 1, 2, 3, 4}));
    EXPECT_EQ(*v.erase(v.begin() + 1), 2);
    SmallVector<int, 2>::iterator after = v.erase(v.begin() + 2, v.end());
    EXPECT_EQ(after, v.end());
    EXPECT_EQ(v.to_vector(), (std::vector<int>{0, 2}));
    EXPECT_EQ(v.front(), 0);
    EXPECT_EQ(v.back(), 2);
    v.pop_back();
    EXPECT_EQ(v.to_vector(), (std::vector<int>{0}));
    EXPECT_NE(v, (SmallVector<int, 2>{1}));
}

// Random operation sequences agree with std::vector, across the inline limit.
RC_GTEST_PROP(SmallVector, AgreesWithStdVector, ()) {
    const auto ops = *rc::gen::container<std::vector<int>>(rc::gen::inRange(0, 60));
    SmallVector<std::string, 3> small;
    std::vector<std::string> ref;
    for (int op : ops) {
        const std::string s = "value number " + std::to_string(op);
        switch (op % 6) {
            case 0:
            case 1:
                small.push_back(s), ref.push_back(s);
                break;
            case 2:
                if (!ref.empty()) small.pop_back(), ref.pop_back();
                break;
            case 3: {
                const size_t at = ref.empty() ? 0 : static_cast<size_t>(op) % (ref.size() + 1);
                small.insert(small.begin() + at, s);
                ref.insert(ref.begin() + static_cast<std::ptrdiff_t>(at), s);
                break;
            }
            case 4:
                if (!ref.empty()) {
                    const size_t at = static_cast<size_t>(op) % ref.size();
                    small.erase(small.begin() + at);
                    ref.erase(ref.begin() + static_cast<std::ptrdiff_t>(at));
                }
                break;
            default: {
                SmallVector<std::string, 3> copy(small);
                small = std::move(copy);
                break;
            }
        }
        RC_ASSERT(small.to_vector() == ref);
    }
}

}  // namespace
}  // namespace provix
