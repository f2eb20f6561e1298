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

/// One uniqued node. Immutable after construction.
struct ExprNode {
    ExprKind kind;
    /// Cached fact: the node was built by the canonical constructors from
    /// canonical operands, so `canonicalize` returns it unchanged. Nodes are
    /// immutable; this flag only ever goes from false to true.
    mutable bool canonical;
    uint32_t num_operands;
    uint32_t id;
    uint64_t hash;
    Context* context;
    /// Constant value, or variable id; 0 for operator nodes.
    int64_t value;
    /// `num_operands` pointers stored right after the node in the arena.
    const ExprNode* const* operands;
};

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
    explicit ContextImpl(Context* owner) : owner(owner) {}

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

private:
    void grow();
};

inline const ExprNode* node_of(Expr e) { return e.node(); }

}  // namespace provix::detail
