#include "map_cost.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace provix::peer {
namespace {

constexpr int64_t kInfiniteWidth = int64_t{1} << 62;

void add_expr(Expr e, MapCost& cost, std::vector<bool>& used) {
    ++cost.nodes;
    switch (e.kind()) {
        case ExprKind::Variable:
            ++cost.occurrences;
            used[static_cast<size_t>(e.variable_id())] = true;
            return;
        case ExprKind::Constant:
            return;
        case ExprKind::FloorDiv:
        case ExprKind::CeilDiv:
        case ExprKind::Mod:
        case ExprKind::Min:
        case ExprKind::Max:
            ++cost.divisions;
            break;
        default:
            break;
    }
    for (size_t i = 0; i < e.num_operands(); ++i)
        add_expr(e.operand(i), cost, used);
}

int64_t width(const Interval& b) {
    if (b.is_empty()) return 0;
    if (!b.is_bounded()) return kInfiniteWidth;
    // Both ends are finite int64 values: the difference fits in 128 bits.
    const __int128 w = static_cast<__int128>(b.hi()) - b.lo();
    return w > kInfiniteWidth ? kInfiniteWidth : static_cast<int64_t>(w);
}

}  // namespace

MapCost map_cost(const IndexingMap& map) {
    MapCost cost;
    if (map.is_known_empty()) return cost;
    if (map.is_undefined()) {
        const int64_t big = std::numeric_limits<int64_t>::max();
        return MapCost{big, big, big, big, big};
    }
    std::vector<bool> used(static_cast<size_t>(map.num_variables()), false);
    for (Expr e : map.results())
        add_expr(e, cost, used);
    for (const Constraint& c : map.constraints()) {
        add_expr(c.expr, cost, used);
        ++cost.constraints;
    }
    __int128 total = 0;
    for (int64_t id = 0; id < map.num_variables(); ++id) {
        if (used[static_cast<size_t>(id)]) total += width(map.variable(id).bounds);
    }
    const __int128 cap = std::numeric_limits<int64_t>::max();
    cost.bound_width = static_cast<int64_t>(std::min(total, cap));
    return cost;
}

std::ostream& operator<<(std::ostream& os, const MapCost& c) {
    return os << "{divisions " << c.divisions << ", occurrences " << c.occurrences
              << ", constraints " << c.constraints << ", nodes " << c.nodes << ", width "
              << c.bound_width << "}";
}

}  // namespace provix::peer
