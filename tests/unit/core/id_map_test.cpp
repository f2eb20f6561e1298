// IdMap against std::unordered_map: inline slots, probing past the last
// inline slot, the move to the heap table and its growth, insert_new,
// copies and moves.

#include "id_map.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <unordered_map>
#include <utility>

namespace provix::engine {
namespace {

using Reference = std::unordered_map<uint32_t, int64_t>;

/// Every id of `ref` has its value in `map`, `absent` has none, and the sizes agree.
void expect_same(const IdMap<int64_t>& map, const Reference& ref, uint32_t absent) {
    ASSERT_EQ(map.size(), ref.size());
    EXPECT_EQ(map.empty(), ref.empty());
    for (const auto& [id, value] : ref) {
        const int64_t* v = map.find(id);
        ASSERT_NE(v, nullptr) << "id " << id;
        EXPECT_EQ(*v, value) << "id " << id;
    }
    EXPECT_EQ(map.find(absent), nullptr);
}

TEST(IdMap, SetFindAndOverwrite) {
    IdMap<int64_t> map;
    EXPECT_EQ(map.find(7), nullptr);
    map.set(7, 70);
    map.set(8, 80);
    map.set(7, 71);  // overwrite: no new entry
    EXPECT_EQ(map.size(), 2u);
    EXPECT_EQ(*map.find(7), 71);
    EXPECT_EQ(*map.find(8), 80);
    EXPECT_EQ(map.find(9), nullptr);
    *map.find(8) = 81;
    EXPECT_EQ(*map.find(8), 81);
}

TEST(IdMap, CollidingIdsProbeAcrossTheLastInlineSlot) {
    // The inline slot of an id is the low 6 bits of id * 0x9E3779B1, that is
    // of id * 49: ids 47 + 64k all start at the last slot (47 * 49 = 2303 =
    // 35 * 64 + 63), so their probes wrap around to slot 0.
    IdMap<int64_t> map;
    Reference ref;
    for (uint32_t k = 0; k < 20; ++k) {
        const uint32_t id = 47 + 64 * k;
        map.set(id, k);
        ref[id] = k;
    }
    expect_same(map, ref, 47 + 64 * 20);
    for (uint32_t k = 0; k < 20; k += 3) {
        const uint32_t id = 47 + 64 * k;
        map.set(id, -static_cast<int64_t>(k));
        ref[id] = -static_cast<int64_t>(k);
    }
    expect_same(map, ref, 46);
}

TEST(IdMap, InsertNewTakesTheFirstFreeSlotAfterCollisions) {
    IdMap<int64_t> map;
    Reference ref;
    for (uint32_t k = 0; k < 30; ++k) {  // one home slot for all: a long probe chain
        const uint32_t id = 5 + 64 * k;
        ASSERT_EQ(map.find(id), nullptr);
        map.insert_new(id, 100 + k);
        ref[id] = 100 + k;
        expect_same(map, ref, 5 + 64 * 30);
    }
    // Past the inline slots: the heap table. New ids only (the chain above
    // ends at 5 + 64 * 29 = 1861).
    for (uint32_t id = 2000; id < 2040; ++id) {
        ASSERT_EQ(map.find(id), nullptr);
        map.insert_new(id, id);
        ref[id] = id;
    }
    expect_same(map, ref, 2040);
}

TEST(IdMap, RandomOperationsAgreeWithUnorderedMap) {
    std::mt19937 rng(12345);
    for (int round = 0; round < 200; ++round) {
        IdMap<int64_t> map;
        Reference ref;
        // Few distinct ids in some rounds (overwrites), many in others (spill, growth).
        const uint32_t range = round % 4 == 0 ? 40 : 600;
        const int ops = 1 + static_cast<int>(rng() % 400);
        for (int op = 0; op < ops; ++op) {
            const uint32_t id = static_cast<uint32_t>(rng() % range) * (round % 3 == 0 ? 64 : 1);
            const int64_t value = static_cast<int64_t>(rng());
            if (rng() % 2 == 0 && map.find(id) == nullptr) {
                map.insert_new(id, value);
            } else {
                map.set(id, value);
            }
            ref[id] = value;
        }
        expect_same(map, ref, static_cast<uint32_t>(range) * 64 + 1);
        IdMap<int64_t> copy(map);
        expect_same(copy, ref, 0xFFFFFFF0u);
        IdMap<int64_t> assigned;
        assigned.set(0xFFFFFFF0u, 1);
        assigned = copy;
        expect_same(assigned, ref, 0xFFFFFFF0u);
        IdMap<int64_t> moved(std::move(copy));
        expect_same(moved, ref, 0xFFFFFFF0u);
        IdMap<int64_t> move_assigned;
        move_assigned = std::move(moved);
        expect_same(move_assigned, ref, 0xFFFFFFF0u);
    }
}

}  // namespace
}  // namespace provix::engine
