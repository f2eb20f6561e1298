#pragma once
/// \file
/// Private storage of expression nodes (not installed). A node and its
/// operand array live in the context's arena; the hash table stores node
/// pointers.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "provix/expr.h"

namespace provix::detail {

/// One uniqued node. Immutable after construction. The fields after
/// `operands`, and the five flags after `canonical`, are facts about the
/// node's whole DAG, computed once in ContextImpl::get from the operands'
/// facts, so the queries of expr_dag.h need no walk: for
/// `d1 + d3 floordiv 0`, var_mask = 0b1010, var_end = 4, zero_divisor = true,
/// has_piecewise = true;
/// `d0 floordiv s0` has var_divisor = true; a raw `d0 * 3 * 5` (kept apart
/// because folding overflowed, or built by Context::make) has
/// unfolded_constants = true. The term facts (`has_constant_term`,
/// `term_kinds`, `term_monomial_kinds`) read the node as a sum, a non-sum
/// being a one-term sum, and are computed there too, from the operands.
/// The last two fields are not facts but one memo's scratch slot (see
/// NodeMemo): mutable, written only through NodeMemo. (Field order keeps the
/// node at 80 bytes: 64 for the node, 16 for the slot.)
struct ExprNode {
    ExprKind kind;
    /// Cached fact: the node was built by the canonical constructors from
    /// canonical operands, so `canonicalize` returns it unchanged. Nodes are
    /// immutable; this flag only ever goes from false to true. (A byte of
    /// its own: the bit fields below are never written after construction.)
    mutable bool canonical;
    /// Some variable with id >= 64 occurs (not in var_mask).
    bool has_high_var : 1;
    /// Some floordiv / ceildiv / mod node divides by the constant 0.
    bool zero_divisor : 1;
    /// Some floordiv / ceildiv / mod node divides by a non-constant: the
    /// expression may be undefined at some points. A node with neither this
    /// nor `zero_divisor` is total: defined at every point.
    bool var_divisor : 1;
    /// Some node has two or more constant operands (`d0 * A * B` whose
    /// product overflowed int64, or a node built raw).
    bool unfolded_constants : 1;
    /// Some node (this one included) is a floordiv, ceildiv, mod, min or
    /// max (is_piecewise): `d0 * 4 + d1` has none, `d0 + d1 mod 4` has one.
    bool has_piecewise : 1;
    /// Some term is a constant: `d0 + 3` and `7` have one, `d0 * 4` not.
    bool has_constant_term : 1;
    /// The kinds of the non-constant terms as they stand, a bit per ExprKind
    /// (`1 << kind`): `d0 * 4 + d1 floordiv 2 + 3` has {Mul, FloorDiv}.
    uint16_t term_kinds;
    /// The kinds of those terms' monomials (split_sum_term: the term without
    /// its coefficient), a bit per ExprKind: `d0 * 4 + d1 floordiv 2 + 3`
    /// has {Variable, FloorDiv}; `d0 * d1 * 4` has {Mul}.
    uint16_t term_monomial_kinds;
    uint32_t num_operands;
    uint32_t id;
    uint64_t hash;
    Context* context;
    /// Constant value, or variable id; 0 for operator nodes.
    int64_t value;
    /// `num_operands` pointers stored right after the node in the arena.
    const ExprNode* const* operands;
    /// Bit i set: variable i (< 64) occurs.
    uint64_t var_mask;
    /// Largest variable id occurring plus one (0 without variables).
    int64_t var_end;
    /// The stamp of the NodeMemo that wrote `memo_value` (0: none has).
    mutable uint64_t memo_stamp;
    /// What that memo maps this node to.
    mutable const ExprNode* memo_value;
};

static_assert(kNumExprKinds <= 16, "a kind bit per ExprKind fits in 16 bits");

/// The bit of `kind` in a set of kinds, the node's term kinds among them:
/// `term_kinds & kind_bit(ExprKind::Mod)` is non-zero if a term is a mod.
inline uint16_t kind_bit(ExprKind kind) {
    return static_cast<uint16_t>(1u << static_cast<unsigned>(kind));
}

/// A bump allocator handing out memory in 64 KiB blocks (larger requests get
/// a block of their own). Memory is released with the context.
class Arena {
public:
    void* allocate(size_t size, size_t align);
    size_t bytes_allocated() const { return total_; }

private:
    std::vector<std::unique_ptr<char[]>> blocks_;
    char* cur_ = nullptr;
    size_t left_ = 0;
    size_t total_ = 0;
};

/// The context's storage: arena plus an open-addressing hash set of nodes.
struct ContextImpl {
    explicit ContextImpl(Context* owner) : owner(owner), table(1024, nullptr) {}

    /// The storage of `ctx` (Context keeps it private).
    static ContextImpl& of(Context& ctx) { return *ctx.impl_; }

    /// Returns the unique node with these fields, creating it if needed.
    /// `canonical`: the caller is a canonical constructor (the node is
    /// flagged canonical when its operands are too).
    const ExprNode* get(ExprKind kind, int64_t value, const ExprNode* const* ops, size_t n,
                        bool canonical = false);

    Context* owner;
    Arena arena;
    std::vector<const ExprNode*> table;  // power-of-two size; nullptr = empty
    size_t count = 0;
    uint32_t next_id = 0;
    /// Small constants and low variable ids are cached for speed.
    std::vector<const ExprNode*> small_constants;  // values -128 .. 127
    std::vector<const ExprNode*> variables;        // ids 0 .. 63
    /// The stamps of the NodeMemos over this context that are alive and may
    /// write nodes' memo slots, the first `live_memos` of them: a slot one of
    /// them wrote is theirs (node_memo.h). A memo made while all places are
    /// taken keeps every entry in its own table.
    static constexpr size_t kMaxLiveMemos = 8;
    uint64_t live_memo_stamps[kMaxLiveMemos] = {};
    size_t live_memos = 0;
    /// The last stamp a NodeMemo over this context took (stamps are never
    /// reused: a slot's stamp names one memo for the context's life).
    uint64_t last_memo_stamp = 0;

private:
    void grow();
};

inline const ExprNode* node_of(Expr e) { return e.node(); }

// Inline reads of a node's fields for the core's hot loops (the Expr
// accessors are out of line): `kind_of(e) == ExprKind::Add`.
inline ExprKind kind_of(Expr e) { return e.node()->kind; }
inline uint32_t id_of(Expr e) { return e.node()->id; }
inline size_t num_ops(Expr e) { return e.node()->num_operands; }
inline Expr op_at(Expr e, size_t i) { return Expr(e.node()->operands[i]); }
inline bool is_const(Expr e) { return e.node()->kind == ExprKind::Constant; }
inline bool is_const(Expr e, int64_t v) { return is_const(e) && e.node()->value == v; }
inline int64_t const_value(Expr e) { return e.node()->value; }
/// FloorDiv, CeilDiv or Mod: the kinds with a divisor (operand 1).
inline bool is_division(ExprKind k) {
    return k == ExprKind::FloorDiv || k == ExprKind::CeilDiv || k == ExprKind::Mod;
}
/// FloorDiv, CeilDiv, Mod, Min or Max: the kinds that make an expression
/// piecewise affine rather than a polynomial (`d0 floordiv 4`, not `d0 * d1`).
inline bool is_piecewise(ExprKind k) {
    return is_division(k) || k == ExprKind::Min || k == ExprKind::Max;
}
/// True if `e` divides by no zero and by no non-constant anywhere: it is
/// defined at every point (`d0 floordiv 4 + d1`, not `d0 floordiv s0`).
inline bool is_total(Expr e) { return !e.node()->zero_divisor && !e.node()->var_divisor; }
/// True if some node of `e` has two or more constant operands or divides by
/// the constant 0: a fold that overflowed int64 or a node built raw
/// (`d0 * 922337203685477 * 10000`, `d0 floordiv 0`), without a walk.
inline bool has_unfolded_constants(Expr e) {
    return e.node()->unfolded_constants || e.node()->zero_divisor;
}

/// How a sum term reads as monomial * coefficient, decided without building
/// anything: a trailing constant after a non-constant factor of a product is
/// the coefficient, a constant is a constant term, anything else is its own
/// monomial with coefficient 1. `d0 * 4` is {FirstOperand, 4}, `d0` and
/// `d0 * 2 * 3` (a product whose constants did not fold) are {Whole, 1}, `7`
/// is {None, 7}, `d0 * d1 * 4` is {AllButLast, 4}: its monomial `d0 * d1` is
/// no node of its own.
struct TermSplit {
    enum class Monomial : uint8_t { None, Whole, FirstOperand, AllButLast };
    Monomial monomial;
    int64_t coef;
};

/// The split of the sum term `e` (see TermSplit): `split_sum_term(d0 * 4)`
/// is {FirstOperand, 4}. Forced inline: the matcher's and builder's inner
/// loops call it per term.
[[gnu::always_inline]] inline TermSplit split_sum_term(Expr e) {
    using M = TermSplit::Monomial;
    if (is_const(e)) return {M::None, const_value(e)};
    if (kind_of(e) == ExprKind::Mul) {
        const size_t n = num_ops(e);
        Expr last = op_at(e, n - 1);
        // Only a single trailing constant is a coefficient (canonical form);
        // a raw product with several constants stays a monomial.
        if (is_const(last) && !is_const(op_at(e, n - 2)))
            return {n == 2 ? M::FirstOperand : M::AllButLast, const_value(last)};
    }
    return {M::Whole, 1};
}

/// The terms of a sum read in place, a non-sum being a one-term sum, for a
/// range-for: `for (Expr t : terms_of(d0 * 4 + d1))` visits `d0 * 4`, then
/// `d1`; `terms_of(d0 floordiv 2)` visits `d0 floordiv 2`. Nothing is
/// built. The view holds the node a non-sum's one term points at: iterate
/// the view itself (as a range-for does), not a copy's iterators.
class TermsOf {
public:
    class Iterator {
    public:
        explicit Iterator(const ExprNode* const* at) : at_(at) {}
        Expr operator*() const { return Expr(*at_); }
        Iterator& operator++() {
            ++at_;
            return *this;
        }
        bool operator!=(Iterator other) const { return at_ != other.at_; }
        /// The place of the term in the view (for two walks of one view
        /// that must not meet the same term: `i.place() != j.place()`).
        const ExprNode* const* place() const { return at_; }

    private:
        const ExprNode* const* at_;
    };

    explicit TermsOf(Expr e) : self_(e.node()) {
        const bool sum = self_->kind == ExprKind::Add;
        first_ = sum ? self_->operands : &self_;
        count_ = sum ? self_->num_operands : 1;
    }
    TermsOf(const TermsOf&) = delete;
    TermsOf& operator=(const TermsOf&) = delete;

    Iterator begin() const { return Iterator(first_); }
    Iterator end() const { return Iterator(first_ + count_); }
    size_t size() const { return count_; }

private:
    const ExprNode* self_;
    const ExprNode* const* first_;
    size_t count_;
};

/// The terms of `e` (see TermsOf): `for (Expr t : terms_of(e))`.
inline TermsOf terms_of(Expr e) { return TermsOf(e); }

/// The monomial of the sum term `e` split as `s` (split_sum_term(e)) when
/// it is a node: `e` (Whole) or its first operand (FirstOperand); null for
/// a constant term and for an AllButLast product. `d0 * 4` gives d0.
inline Expr monomial_node(Expr e, TermSplit s) {
    using M = TermSplit::Monomial;
    return s.monomial == M::Whole ? e : s.monomial == M::FirstOperand ? op_at(e, 0) : Expr();
}

}  // namespace provix::detail
