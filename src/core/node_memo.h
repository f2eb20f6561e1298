#pragma once
/// \file
/// NodeMemo: a map from the nodes of one context to nodes of it, kept in the
/// nodes themselves. Each node has one memo slot (ExprNode::memo_stamp and
/// memo_value); a memo writes its entries there, tagged with its stamp, so a
/// look-up is a compare on the node instead of a hash-table probe. Stamps are
/// never reused within a context (a 64-bit counter), so a slot written by a
/// memo that is gone is never read as another's.
///
/// Several memos may be alive over one context at once (a rewriter per
/// constraint beside the one shared by the others). A memo never overwrites
/// a slot another live memo wrote (the context keeps the live stamps, up to
/// ContextImpl::kMaxLiveMemos; a memo made beyond that writes no slot): it
/// keeps that entry in a hash table of its own instead. So every entry stays
/// where its memo finds it until the memo is destroyed, whatever the others
/// do in between.
///
///     NodeMemo memo;
///     memo.set(e, simplified);
///     memo.find(e) == simplified        // null Expr() for a node never set
///
/// Not copyable. A memo must be destroyed before its context (it removes its
/// stamp from the context's live stamps).

#include <cstdint>

#include "expr_node.h"
#include "id_map.h"

namespace provix::detail {

class NodeMemo {
public:
    NodeMemo() = default;
    ~NodeMemo();
    NodeMemo(const NodeMemo&) = delete;
    NodeMemo& operator=(const NodeMemo&) = delete;

    /// The node `e` was last set to, or the null Expr.
    Expr find(Expr e) const {
        const ExprNode* n = e.node();
        if (n->memo_stamp == stamp_) return Expr(n->memo_value);
        return overflow_.empty() ? Expr() : find_elsewhere(n);
    }

    /// Maps `e` to `value` (inserting or overwriting).
    void set(Expr e, Expr value) {
        const ExprNode* n = e.node();
        // The slot is this memo's, or this memo is the only one alive (the
        // slot's memo, if any, is gone): the usual cases, inline.
        if (n->memo_stamp != stamp_ && *live_memos_ != 1) return set_elsewhere(n, value);
        n->memo_stamp = stamp_;
        n->memo_value = value.node();
    }

    /// Removes the entry of `e`: find(e) is the null Expr again.
    void forget(Expr e) { set(e, Expr()); }

private:
    /// set() for a slot this memo has not written: claims it unless a live
    /// memo owns it (then the entry goes to `overflow_`).
    [[gnu::noinline]] void set_elsewhere(const ExprNode* n, Expr value);
    /// find() in `overflow_` (out of line: find() stays a compare).
    [[gnu::noinline]] Expr find_elsewhere(const ExprNode* n) const;
    /// Takes a stamp and registers it with `impl` (on the first set()).
    void attach(ContextImpl& impl);
    /// This memo's stamp is among the context's live stamps: it may take
    /// nodes' slots (false before attach() and when all places were taken).
    bool writes_slots() const { return live_memos_ != &kNotAlone; }

    /// Never a node's stamp until attach() (0 is "no memo", and the counter
    /// stops short of this value).
    static constexpr uint64_t kUnattached = ~uint64_t{0};
    uint64_t stamp_ = kUnattached;
    ContextImpl* impl_ = nullptr;
    /// The number of live memos over the context that write slots
    /// (kNotAlone unless this memo is one of them: set() reads it without a
    /// check for null).
    const size_t* live_memos_ = &kNotAlone;
    static constexpr size_t kNotAlone = 2;
    /// The entries whose slot another live memo held when they were set.
    engine::IdMap<Expr> overflow_;
};

}  // namespace provix::detail
