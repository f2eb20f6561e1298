/// \file
/// NodeMemo's slow paths: claiming a node's slot and the memo's stamp.

#include "node_memo.h"

#include <algorithm>

#include "provix/result.h"

namespace provix::detail {
namespace {

bool is_live(const ContextImpl& impl, uint64_t stamp) {
    const std::vector<uint64_t>& live = impl.live_memo_stamps;
    return std::find(live.begin(), live.end(), stamp) != live.end();
}

}  // namespace

NodeMemo::~NodeMemo() {
    if (!impl_) return;
    std::vector<uint64_t>& live = impl_->live_memo_stamps;
    live.erase(std::find(live.begin(), live.end(), stamp_));
    impl_->live_memos = live.size();
}

void NodeMemo::attach(ContextImpl& impl) {
    // A memo reads only the slots of its context's nodes: stamps are counted
    // per context. 2^64 - 1 memos would take centuries; refuse rather than
    // reuse a stamp.
    const uint64_t stamp = ++impl.last_memo_stamp;
    if (stamp == kUnattached) precondition_failed("NodeMemo", "memo stamps exhausted");
    stamp_ = stamp;
    impl_ = &impl;
    impl.live_memo_stamps.push_back(stamp);
    impl.live_memos = impl.live_memo_stamps.size();
    live_memos_ = &impl.live_memos;
}

void NodeMemo::set_elsewhere(const ExprNode* n, Expr value) {
    if (!impl_) attach(ContextImpl::of(*n->context));
    // The slot is free, or its memo is gone: it becomes this memo's (an
    // entry of the node left in `overflow_` is shadowed by the slot, which
    // find() reads first and which holds the newer value).
    if (n->memo_stamp == 0 || !is_live(*impl_, n->memo_stamp)) {
        n->memo_stamp = stamp_;
        n->memo_value = value.node();
        return;
    }
    overflow_.set(n->id, value);
}

Expr NodeMemo::find_elsewhere(const ExprNode* n) const {
    const Expr* v = overflow_.find(n->id);
    return v ? *v : Expr();
}

}  // namespace provix::detail
