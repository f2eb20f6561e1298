/// \file
/// NodeMemo's slow paths: the memo's stamp and claiming a node's slot.

#include "node_memo.h"

#include "provix/result.h"

namespace provix::detail {
namespace {

bool is_live(const ContextImpl& impl, uint64_t stamp) {
    for (size_t i = 0; i < impl.live_memos; ++i)
        if (impl.live_memo_stamps[i] == stamp) return true;
    return false;
}

}  // namespace

NodeMemo::~NodeMemo() {
    if (!writes_slots()) return;
    // Its place among the live stamps goes to the last one (their order is
    // never read).
    size_t i = 0;
    while (impl_->live_memo_stamps[i] != stamp_)
        ++i;
    impl_->live_memo_stamps[i] = impl_->live_memo_stamps[--impl_->live_memos];
}

void NodeMemo::attach(ContextImpl& impl) {
    // A memo reads only the slots of its context's nodes: stamps are counted
    // per context. 2^64 - 1 memos would take centuries; refuse rather than
    // reuse a stamp.
    const uint64_t stamp = ++impl.last_memo_stamp;
    if (stamp == kUnattached) precondition_failed("NodeMemo", "memo stamps exhausted");
    stamp_ = stamp;
    impl_ = &impl;
    if (impl.live_memos == ContextImpl::kMaxLiveMemos) return;  // its own table only
    impl.live_memo_stamps[impl.live_memos++] = stamp;
    live_memos_ = &impl.live_memos;
}

void NodeMemo::set_elsewhere(const ExprNode* n, Expr value) {
    if (!impl_) attach(ContextImpl::of(*n->context));
    // The slot is free, or its memo is gone: it becomes this memo's (an
    // entry of the node left in `overflow_` is shadowed by the slot, which
    // find() reads first and which holds the newer value).
    if (writes_slots() && (n->memo_stamp == 0 || !is_live(*impl_, n->memo_stamp))) {
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
