#pragma once
/// \file
/// IdMap: a small open-addressing hash map from node ids (uint32) to values,
/// for the per-node memo tables of the analyses and the rewriter. No
/// allocation per insertion (one flat array, doubled when 70% full).

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace provix::engine {

template <class V>
class IdMap {
public:
    /// The value for `id`, or nullptr.
    const V* find(uint32_t id) const {
        if (slots_.empty()) return nullptr;
        size_t mask = slots_.size() - 1;
        for (size_t i = hash(id) & mask;; i = (i + 1) & mask) {
            const Slot& s = slots_[i];
            if (!s.used) return nullptr;
            if (s.id == id) return &s.value;
        }
    }
    V* find(uint32_t id) { return const_cast<V*>(static_cast<const IdMap*>(this)->find(id)); }

    /// Sets the value for `id` (inserting or overwriting).
    void set(uint32_t id, V value) {
        if ((count_ + 1) * 10 > slots_.size() * 7) grow();
        size_t mask = slots_.size() - 1;
        for (size_t i = hash(id) & mask;; i = (i + 1) & mask) {
            Slot& s = slots_[i];
            if (!s.used) {
                s.used = true;
                s.id = id;
                s.value = std::move(value);
                ++count_;
                return;
            }
            if (s.id == id) {
                s.value = std::move(value);
                return;
            }
        }
    }

    size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }

private:
    struct Slot {
        uint32_t id = 0;
        bool used = false;
        V value{};
    };
    static size_t hash(uint32_t id) { return static_cast<size_t>(id) * 0x9E3779B1u; }
    void grow() {
        std::vector<Slot> old;
        old.swap(slots_);
        slots_.resize(old.empty() ? 32 : old.size() * 2);
        count_ = 0;
        for (Slot& s : old)
            if (s.used) set(s.id, std::move(s.value));
    }

    std::vector<Slot> slots_;
    size_t count_ = 0;
};

}  // namespace provix::engine
