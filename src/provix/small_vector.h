#pragma once
/// \file
/// SmallVector: a vector whose first `N` elements live inside the object, so
/// a short one is built, copied and destroyed without touching the heap;
/// beyond `N` elements it moves to one heap array, grown by doubling, like
/// `std::vector`. Iterators are plain pointers; any change of the size may
/// invalidate them.
///
///     SmallVector<int, 4> v = {1, 2, 3};  // no allocation
///     v.push_back(4);                     // still none
///     v.push_back(5);                     // now on the heap
///     v.to_vector() == std::vector<int>{1, 2, 3, 4, 5}

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace provix {

/// A vector with inline room for `N` elements (see the file comment).
template <class T, size_t N>
class SmallVector {
    static_assert(N > 0, "a SmallVector needs inline room for at least one element");

public:
    using value_type = T;
    using size_type = size_t;
    using iterator = T*;
    using const_iterator = const T*;
    using reference = T&;
    using const_reference = const T&;

    /// Empty, with room for `N` elements: `SmallVector<int, 2> v; v.capacity() == 2`.
    SmallVector() = default;
    /// The listed elements: `SmallVector<int, 2> v = {7, 8};`.
    SmallVector(std::initializer_list<T> init) { assign(init.begin(), init.end()); }
    /// The elements of `[first, last)`: `SmallVector<int, 4> v(w.begin(), w.end());`.
    template <class It, class = typename std::iterator_traits<It>::iterator_category>
    SmallVector(It first, It last) {
        assign(first, last);
    }
    /// The elements of `v`: `SmallVector<int, 4> s(std::vector<int>{1, 2});`.
    explicit SmallVector(const std::vector<T>& v) { assign(v.begin(), v.end()); }
    SmallVector(const SmallVector& o) {
        // Straight into fresh storage: no clear, and an empty `o` costs a test.
        if (o.size_ > N) grow_to(o.size_);
        std::uninitialized_copy(o.begin(), o.end(), data_);
        size_ = o.size_;
    }
    SmallVector(SmallVector&& o) noexcept { take(o); }
    SmallVector& operator=(const SmallVector& o) {
        if (this != &o) assign(o.begin(), o.end());
        return *this;
    }
    SmallVector& operator=(SmallVector&& o) noexcept {
        if (this != &o) {
            clear();
            release_heap();
            take(o);
        }
        return *this;
    }
    ~SmallVector() {
        clear();
        release_heap();
    }

    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    /// Elements held without reallocating (`N` until the vector outgrows it).
    size_t capacity() const { return capacity_; }
    T* data() { return data_; }
    const T* data() const { return data_; }
    iterator begin() { return data_; }
    iterator end() { return data_ + size_; }
    const_iterator begin() const { return data_; }
    const_iterator end() const { return data_ + size_; }
    T& operator[](size_t i) { return data_[i]; }
    const T& operator[](size_t i) const { return data_[i]; }
    T& front() { return data_[0]; }
    const T& front() const { return data_[0]; }
    T& back() { return data_[size_ - 1]; }
    const T& back() const { return data_[size_ - 1]; }

    /// Makes room for `n` elements (no effect if there is room already).
    void reserve(size_t n) {
        if (n > capacity_) grow_to(n);
    }
    void push_back(const T& t) { emplace_back(t); }
    void push_back(T&& t) { emplace_back(std::move(t)); }
    /// Appends `T(args...)`; `args` may refer to an element of this vector.
    template <class... A>
    T& emplace_back(A&&... args) {
        if (size_ == capacity_) {
            T t(std::forward<A>(args)...);  // before growing: args may be ours
            grow_to(2 * capacity_);
            ::new (static_cast<void*>(data_ + size_)) T(std::move(t));
        } else {
            ::new (static_cast<void*>(data_ + size_)) T(std::forward<A>(args)...);
        }
        return data_[size_++];
    }
    void pop_back() { data_[--size_].~T(); }
    /// Removes every element (the capacity stays).
    void clear() {
        std::destroy(data_, data_ + size_);
        size_ = 0;
    }
    /// Replaces the elements by those of `[first, last)` (not of this vector).
    template <class It>
    void assign(It first, It last) {
        clear();
        reserve(static_cast<size_t>(std::distance(first, last)));
        for (; first != last; ++first)
            ::new (static_cast<void*>(data_ + size_++)) T(*first);
    }
    /// Appends `f(0)`, ..., `f(n - 1)`: one capacity check (growing to the
    /// size needed, like `reserve`: for a few appends of known total, after
    /// a `reserve` of it), and the size is set once at the end, so `f` must
    /// not throw and must not refer to this vector.
    ///
    ///     v.append_generated(vars.size(), [&](size_t i) { return vars[i].bounds; });
    template <class F>
    void append_generated(size_t n, F f) {
        reserve(size_ + n);
        T* out = data_ + size_;
        for (size_t i = 0; i < n; ++i)
            ::new (static_cast<void*>(out + i)) T(f(i));
        size_ += n;
    }
    /// Inserts `value` before `pos`; returns the new element's position.
    iterator insert(const_iterator pos, T value) {
        const size_t i = static_cast<size_t>(pos - data_);
        emplace_back(std::move(value));
        std::rotate(data_ + i, data_ + size_ - 1, data_ + size_);
        return data_ + i;
    }
    /// Removes `[first, last)`; returns the position after the removed ones.
    iterator erase(const_iterator first, const_iterator last) {
        const size_t i = static_cast<size_t>(first - data_);
        const size_t j = static_cast<size_t>(last - data_);
        std::move(data_ + j, data_ + size_, data_ + i);
        for (size_t k = i; k < j; ++k)
            pop_back();
        return data_ + i;
    }
    /// Removes the element at `pos`.
    iterator erase(const_iterator pos) { return erase(pos, pos + 1); }

    /// A `std::vector` with the same elements.
    std::vector<T> to_vector() const { return std::vector<T>(begin(), end()); }

    friend bool operator==(const SmallVector& a, const SmallVector& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }
    friend bool operator!=(const SmallVector& a, const SmallVector& b) { return !(a == b); }

private:
    T* inline_data() { return reinterpret_cast<T*>(inline_); }
    bool is_inline() const { return data_ == reinterpret_cast<const T*>(inline_); }

    /// Moves the elements to a heap array of `n >= size()` elements.
    void grow_to(size_t n) {
        T* fresh = std::allocator<T>().allocate(n);
        std::uninitialized_move(data_, data_ + size_, fresh);
        std::destroy(data_, data_ + size_);
        release_heap();
        data_ = fresh;
        capacity_ = n;
    }
    /// Frees the heap array, if any (the elements are already destroyed).
    void release_heap() {
        if (!is_inline()) std::allocator<T>().deallocate(data_, capacity_);
        data_ = inline_data();
        capacity_ = N;
    }
    /// Takes `o`'s elements (moved one by one when inline, else its array);
    /// precondition: this vector is empty and inline.
    void take(SmallVector& o) {
        if (o.is_inline()) {
            std::uninitialized_move(o.data_, o.data_ + o.size_, data_);
            size_ = o.size_;
            o.clear();
            return;
        }
        data_ = o.data_;
        size_ = o.size_;
        capacity_ = o.capacity_;
        o.data_ = o.inline_data();
        o.size_ = 0;
        o.capacity_ = N;
    }

    alignas(T) unsigned char inline_[N * sizeof(T)];
    T* data_ = inline_data();
    size_t size_ = 0;
    size_t capacity_ = N;
};

}  // namespace provix
