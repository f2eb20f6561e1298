#pragma once
/// \file
/// Scratch buffers reused across calls so that hot code allocates nothing in
/// the steady state. A stack: each active frame (a call that may re-enter
/// itself, a sum being matched, a right-side node being built) takes the next
/// buffer and gives it back when it returns, so nested frames never share.
///
///     thread_local ScratchStack<std::vector<Expr>> stack;
///     ScopedScratch<std::vector<Expr>> ops(stack);  // cleared, owned until scope end
///     ops->push_back(e);

#include <memory>
#include <vector>

namespace provix::detail {

/// A stack of reusable `T` (anything with `clear()`); addresses are stable.
template <class T>
class ScratchStack {
public:
    /// The next buffer, cleared; give it back with release().
    T& acquire() {
        if (depth_ == pool_.size()) pool_.push_back(std::make_unique<T>());
        T& t = *pool_[depth_++];
        t.clear();
        return t;
    }
    void release() { --depth_; }

private:
    std::vector<std::unique_ptr<T>> pool_;
    size_t depth_ = 0;
};

/// One buffer of a ScratchStack for the lifetime of a scope.
template <class T>
class ScopedScratch {
public:
    explicit ScopedScratch(ScratchStack<T>& stack) : stack_(stack), buf_(stack.acquire()) {}
    ~ScopedScratch() { stack_.release(); }
    ScopedScratch(const ScopedScratch&) = delete;
    ScopedScratch& operator=(const ScopedScratch&) = delete;
    T& operator*() { return buf_; }
    T* operator->() { return &buf_; }

private:
    ScratchStack<T>& stack_;
    T& buf_;
};

}  // namespace provix::detail
