// NodeMemo: entries in the nodes' slots, several memos alive over one
// context (none loses an entry to another), slots of a destroyed memo taken
// over, stamps never shared, and the context's live stamps kept exact.

#include "node_memo.h"

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <unordered_map>
#include <vector>

#include "support/expr_fixture.h"

namespace provix {
namespace {

using detail::NodeMemo;

class NodeMemoTest : public testing_support::ExprFixture {
protected:
    size_t live_stamps() { return detail::ContextImpl::of(ctx).live_memos; }
};

TEST_F(NodeMemoTest, SetFindAndOverwrite) {
    NodeMemo memo;
    const Expr a = d0 * 4 + d1, b = floor_div(d0, 2);
    EXPECT_FALSE(memo.find(a));
    memo.set(a, b);
    EXPECT_EQ(memo.find(a), b);
    EXPECT_FALSE(memo.find(b));
    memo.set(a, a);
    EXPECT_EQ(memo.find(a), a);
    memo.set(b, b);
    EXPECT_EQ(memo.find(b), b);
}

TEST_F(NodeMemoTest, AMemoSeesNothingOfAnotherLiveOne) {
    NodeMemo first, second;
    const Expr a = d0 + 1, b = d1 * 3;
    first.set(a, b);
    EXPECT_FALSE(second.find(a));
    second.set(a, a);  // the slot is first's: second keeps its entry elsewhere
    EXPECT_EQ(first.find(a), b);
    EXPECT_EQ(second.find(a), a);
    first.set(a, d0);  // overwrite in the slot
    EXPECT_EQ(first.find(a), d0);
    EXPECT_EQ(second.find(a), a);
}

TEST_F(NodeMemoTest, ASlotOfADestroyedMemoIsTakenOverAndNeverReadAsAnother) {
    const Expr a = d0 + 2, b = d1 + 2;
    NodeMemo keeper;
    {
        NodeMemo gone;
        gone.set(a, b);
        EXPECT_EQ(gone.find(a), b);
        // While `gone` lives, keeper's entry for a goes to its own table.
        keeper.set(a, d0);
        EXPECT_EQ(keeper.find(a), d0);
    }
    // a's slot still holds gone's entry: neither memo reads it as its own.
    NodeMemo later;
    EXPECT_FALSE(later.find(a));
    EXPECT_EQ(keeper.find(a), d0);
    later.set(a, d1);  // the slot is free now (its memo is gone): taken
    EXPECT_EQ(later.find(a), d1);
    EXPECT_EQ(keeper.find(a), d0);
    keeper.set(a, b);  // later is alive: keeper's table again
    EXPECT_EQ(keeper.find(a), b);
    EXPECT_EQ(later.find(a), d1);
}

TEST_F(NodeMemoTest, AnEntryLeftInTheTableIsShadowedByANewerOneInTheSlot) {
    const Expr a = d0 * 5;
    NodeMemo keeper;
    {
        NodeMemo holder;
        holder.set(a, a);
        keeper.set(a, d0);  // in keeper's table
    }
    keeper.set(a, d1);  // the slot is free: keeper takes it, with the newer value
    EXPECT_EQ(keeper.find(a), d1);
}

TEST_F(NodeMemoTest, TheContextKnowsExactlyTheLiveMemosThatWrote) {
    EXPECT_EQ(live_stamps(), 0u);
    {
        NodeMemo unused;  // never set: takes no stamp
        EXPECT_EQ(live_stamps(), 0u);
        NodeMemo one;
        one.set(d0, d0);
        EXPECT_EQ(live_stamps(), 1u);
        auto two = std::make_unique<NodeMemo>();
        two->set(d1, d1);
        EXPECT_EQ(live_stamps(), 2u);
        two.reset();  // not in the order made
        EXPECT_EQ(live_stamps(), 1u);
        EXPECT_EQ(one.find(d0), d0);
    }
    EXPECT_EQ(live_stamps(), 0u);
}

TEST_F(NodeMemoTest, MemosInterleavedAtRandomAgreeWithMaps) {
    // Memos made, written, read and destroyed in a random order over a pool
    // of nodes; each must answer exactly as its own hash map.
    std::vector<Expr> nodes;
    for (int i = 0; i < 40; ++i)
        nodes.push_back(i % 2 ? d0 * (i + 2) + i : floor_div(d1 + i, i + 2));
    std::mt19937 rng(20261204);
    struct Tracked {
        std::unique_ptr<NodeMemo> memo;
        std::unordered_map<const detail::ExprNode*, Expr> ref;
    };
    std::vector<Tracked> memos;
    for (int step = 0; step < 5000; ++step) {
        const unsigned action = rng() % 10;
        if (memos.empty() || action == 0) {
            memos.push_back({std::make_unique<NodeMemo>(), {}});
            continue;
        }
        Tracked& t = memos[rng() % memos.size()];
        if (action == 1 && memos.size() > 1) {
            std::swap(t, memos.back());
            memos.pop_back();
            continue;
        }
        const Expr key = nodes[rng() % nodes.size()];
        if (action < 6) {
            const Expr value = nodes[rng() % nodes.size()];
            t.memo->set(key, value);
            t.ref[key.node()] = value;
        } else {
            auto it = t.ref.find(key.node());
            const Expr found = t.memo->find(key);
            if (it == t.ref.end()) {
                ASSERT_FALSE(found) << "step " << step;
            } else {
                ASSERT_EQ(found, it->second) << "step " << step;
            }
        }
    }
    memos.clear();
    EXPECT_EQ(live_stamps(), 0u);
}

TEST_F(NodeMemoTest, MemosBeyondTheLiveStampsKeepTheirOwnTables) {
    // More memos alive than the context has places for stamps: the later
    // ones write no slot, and all answer for their own entries.
    constexpr size_t kMemos = detail::ContextImpl::kMaxLiveMemos + 3;
    std::vector<std::unique_ptr<NodeMemo>> memos;
    for (size_t i = 0; i < kMemos; ++i) {
        memos.push_back(std::make_unique<NodeMemo>());
        memos.back()->set(d0 + 7, d0 + static_cast<int64_t>(i));
    }
    EXPECT_EQ(live_stamps(), detail::ContextImpl::kMaxLiveMemos);
    for (size_t i = 0; i < kMemos; ++i)
        EXPECT_EQ(memos[i]->find(d0 + 7), d0 + static_cast<int64_t>(i)) << "memo " << i;
    memos.erase(memos.begin());  // one place free: the next memo made takes it
    EXPECT_EQ(live_stamps(), detail::ContextImpl::kMaxLiveMemos - 1);
    NodeMemo next;
    next.set(d1 + 7, d1);
    EXPECT_EQ(live_stamps(), detail::ContextImpl::kMaxLiveMemos);
    EXPECT_EQ(next.find(d1 + 7), d1);
    for (size_t i = 1; i < kMemos; ++i)
        EXPECT_EQ(memos[i - 1]->find(d0 + 7), d0 + static_cast<int64_t>(i)) << "memo " << i;
}

}  // namespace
}  // namespace provix
