#pragma once
/// \file
/// IdMap: a small open-addressing hash map from node ids (uint32) to values,
/// for the per-node memo tables of the analyses and the rewriter. No
/// allocation per insertion, and none at all while the map is small: the
/// first `kInline` slots live inside the object (an occupancy bit per slot,
/// so constructing a map writes nothing to them); beyond that one flat heap
/// array, doubled when 70% full. Look-ups and insertions into the inline
/// slots are inline code; spilling to and probing the heap table are out of
/// line.
///
///     IdMap<Interval> memo;
///     memo.set(e.id(), Interval::point(3));
///     memo.find(e.id())->lo() == 3

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace provix::engine {

template <class V>
class IdMap {
    static_assert(std::is_trivially_copyable<V>::value && std::is_trivially_destructible<V>::value,
                  "IdMap stores plain values");

public:
    IdMap() = default;
    IdMap(const IdMap& other) { copy_from(other); }
    IdMap& operator=(const IdMap& other) {
        if (this != &other) {
            clear();
            copy_from(other);
        }
        return *this;
    }
    IdMap(IdMap&& other) noexcept { move_from(other); }
    IdMap& operator=(IdMap&& other) noexcept {
        if (this != &other) {
            clear();
            move_from(other);
        }
        return *this;
    }

    /// The value for `id`, or nullptr.
    const V* find(uint32_t id) const {
        if (!heap_.empty()) return find_heap(id);
        // At most 70% of the inline slots are used: every probe ends.
        for (size_t i = home_slot(id);; i = (i + 1) & (kInline - 1)) {
            if (!(inline_used_ & (uint64_t{1} << i))) return nullptr;
            const Entry& s = inline_slot(i);
            if (s.id == id) return &s.value;
        }
    }
    V* find(uint32_t id) { return const_cast<V*>(static_cast<const IdMap*>(this)->find(id)); }

    /// Sets the value for `id` (inserting or overwriting).
    void set(uint32_t id, V value) {
        if (inline_has_room()) {
            for (size_t i = home_slot(id);; i = (i + 1) & (kInline - 1)) {
                const uint64_t bit = uint64_t{1} << i;
                if (!(inline_used_ & bit)) {
                    fill_inline(i, id, value);
                    return;
                }
                Entry& s = inline_slot(i);
                if (s.id == id) {
                    s.value = value;
                    return;
                }
            }
        }
        set_slow(id, value);
    }

    /// Inserts `id`, which has no value yet (after a `find` that returned
    /// nullptr, with no insertion of `id` in between): the probe stops at the
    /// first free slot without comparing ids.
    ///
    ///     if (!memo.find(id)) memo.insert_new(id, compute());
    void insert_new(uint32_t id, V value) {
        assert(find(id) == nullptr && "IdMap::insert_new of a present id");
        if (inline_has_room()) {
            // The first free inline slot at or after the home slot (cyclic):
            // the free bits rotated so that the home slot is bit 0.
            const size_t home = home_slot(id);
            const uint64_t free = ~inline_used_;
            const uint64_t rotated = (free >> home) | (free << ((kInline - home) & (kInline - 1)));
            fill_inline((home + static_cast<size_t>(__builtin_ctzll(rotated))) & (kInline - 1), id,
                        value);
            return;
        }
        set_slow(id, value);
    }

    size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }

private:
    /// Inline slots (a power of two, at most 64: one occupancy bit each).
    static constexpr size_t kInline = 64;
    /// Entries the inline slots hold before the map moves to the heap (70%).
    static constexpr size_t kInlineMax = kInline * 7 / 10;
    struct Entry {
        uint32_t id;
        V value;
    };
    struct Slot {
        Entry entry{};
        bool used = false;
    };
    static size_t hash(uint32_t id) { return static_cast<size_t>(id) * 0x9E3779B1u; }
    /// Where the probe for `id` starts among the inline slots.
    static size_t home_slot(uint32_t id) { return hash(id) & (kInline - 1); }
    /// An insertion can go to the inline slots (not spilled, below 70%).
    bool inline_has_room() const { return heap_.empty() && count_ < kInlineMax; }

    Entry& inline_slot(size_t i) { return reinterpret_cast<Entry*>(inline_)[i]; }
    const Entry& inline_slot(size_t i) const { return reinterpret_cast<const Entry*>(inline_)[i]; }

    void fill_inline(size_t i, uint32_t id, V value) {
        inline_used_ |= uint64_t{1} << i;
        new (&inline_slot(i)) Entry{id, value};
        ++count_;
    }

    __attribute__((noinline)) const V* find_heap(uint32_t id) const {
        const size_t mask = heap_.size() - 1;
        for (size_t i = hash(id) & mask;; i = (i + 1) & mask) {
            const Slot& s = heap_[i];
            if (!s.used) return nullptr;
            if (s.entry.id == id) return &s.entry.value;
        }
    }
    /// set() once the inline slots are full or spilled.
    __attribute__((noinline)) void set_slow(uint32_t id, V value) {
        if (heap_.empty())
            spill();
        else if ((count_ + 1) * 10 > heap_.size() * 7)
            grow();
        set_heap(id, value);
    }
    void set_heap(uint32_t id, V value) {
        const size_t mask = heap_.size() - 1;
        for (size_t i = hash(id) & mask;; i = (i + 1) & mask) {
            Slot& s = heap_[i];
            if (!s.used) {
                s.used = true;
                s.entry = Entry{id, value};
                ++count_;
                return;
            }
            if (s.entry.id == id) {
                s.entry.value = value;
                return;
            }
        }
    }
    /// Moves the inline entries to a heap table of twice the size.
    void spill() {
        heap_.resize(kInline * 2);
        count_ = 0;
        for (uint64_t m = inline_used_; m; m &= m - 1) {
            const Entry& s = inline_slot(static_cast<size_t>(__builtin_ctzll(m)));
            set_heap(s.id, s.value);
        }
        inline_used_ = 0;
    }
    void grow() {
        std::vector<Slot> old;
        old.swap(heap_);
        heap_.resize(old.size() * 2);
        count_ = 0;
        for (const Slot& s : old)
            if (s.used) set_heap(s.entry.id, s.entry.value);
    }
    void clear() {
        heap_.clear();
        inline_used_ = 0;
        count_ = 0;
    }
    /// Copies `other`'s occupancy, count and used inline slots (the heap
    /// table is the caller's to copy or move).
    void copy_inline_from(const IdMap& other) {
        inline_used_ = other.inline_used_;
        count_ = other.count_;
        for (uint64_t m = inline_used_; m; m &= m - 1) {
            size_t i = static_cast<size_t>(__builtin_ctzll(m));
            new (&inline_slot(i)) Entry(other.inline_slot(i));
        }
    }
    void copy_from(const IdMap& other) {
        heap_ = other.heap_;
        copy_inline_from(other);
    }
    void move_from(IdMap& other) {
        heap_ = std::move(other.heap_);
        other.heap_.clear();
        copy_inline_from(other);
        other.inline_used_ = 0;
        other.count_ = 0;
    }

    alignas(Entry) unsigned char inline_[kInline * sizeof(Entry)];
    uint64_t inline_used_ = 0;
    std::vector<Slot> heap_;
    size_t count_ = 0;
};

}  // namespace provix::engine
