#pragma once
/// \file
/// `CopyOnWrite<T>`: a value of type `T` shared by the copies of its holder
/// until one of them changes it. Copying or destroying a holder costs one
/// reference count (none for the default value, which is never freed); the
/// first change through a shared holder copies the value.
///
///     CopyOnWrite<std::vector<int>> a;   // the shared default value (empty)
///     a.write().push_back(1);            // a gets a value of its own
///     CopyOnWrite<std::vector<int>> b = a;
///     assert(&*a == &*b);                // one value, two holders
///     b.write().push_back(2);            // b copies it first: a stays {1}

#include <atomic>
#include <cstddef>
#include <utility>

namespace provix {

/// A value shared between copies, copied when a holder that shares it asks
/// to change it (`write`). Reading never copies. The reference count is
/// atomic, so copies of one holder may live in different threads (each
/// holder, as any value, is used by one thread at a time).
template <class T>
class CopyOnWrite {
public:
    /// The default value of `T`, shared by every default-constructed holder.
    CopyOnWrite() : block_(default_block()) { retain(block_); }
    /// A holder of its own value `value`.
    explicit CopyOnWrite(T value) : block_(new Block(std::move(value))) {}
    CopyOnWrite(const CopyOnWrite& o) : block_(o.block_) { retain(block_); }
    /// The moved-from holder keeps a valid value (the default one or this
    /// holder's former value).
    CopyOnWrite(CopyOnWrite&& o) noexcept : CopyOnWrite() { std::swap(block_, o.block_); }
    CopyOnWrite& operator=(const CopyOnWrite& o) {
        if (this == &o) return *this;
        retain(o.block_);
        release(block_);
        block_ = o.block_;
        return *this;
    }
    CopyOnWrite& operator=(CopyOnWrite&& o) noexcept {
        std::swap(block_, o.block_);
        return *this;
    }
    ~CopyOnWrite() { release(block_); }

    const T& operator*() const { return block_->value; }
    const T* operator->() const { return &block_->value; }

    /// The value, for changing: copied first if another holder shares it.
    T& write() {
        if (!is_unique()) {
            Block* own = new Block(block_->value);
            release(block_);
            block_ = own;
        }
        return block_->value;
    }

    /// True if no other holder shares this holder's value (so `write` will
    /// not copy it).
    bool is_unique() const {
        return !block_->immortal && block_->refs.load(std::memory_order_acquire) == 1;
    }

    /// True if both hold the same shared value (then their values are equal
    /// without comparing them).
    bool shares_with(const CopyOnWrite& o) const { return block_ == o.block_; }

private:
    struct Block {
        /// The value built in place from `args` (a copy is one copy).
        template <class... Args>
        explicit Block(Args&&... args) : value(std::forward<Args>(args)...) {}
        std::atomic<size_t> refs{1};
        /// The default value's block: not counted (never freed), so making,
        /// moving and destroying default holders touches no shared count.
        bool immortal = false;
        T value;
    };

    /// The block of the default value: never freed, and a holder that
    /// writes to it copies it first (it is never unique).
    static Block* default_block() {
        static Block* const block = [] {
            Block* b = new Block();
            b->immortal = true;
            return b;
        }();
        return block;
    }
    static void retain(Block* b) {
        if (!b->immortal) b->refs.fetch_add(1, std::memory_order_relaxed);
    }
    static void release(Block* b) {
        if (!b->immortal && b->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) delete b;
    }

    Block* block_;
};

}  // namespace provix
