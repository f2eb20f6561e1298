#pragma once
/// \file
/// Tree heights of parsed expressions, memoized across one parse, so that
/// the parsers can refuse a tree too tall for the recursive walks that come
/// later (printing, simplification). Private to src/text.
///
///     HeightMemo memo;
///     memo.height(ctx.variable(0)) == 1
///     memo.height(floor_div(ctx.variable(0), 4)) == 2

#include <cstdint>
#include <unordered_map>

#include "provix/expr.h"

namespace provix::text {

/// Heights by node id; iterative, so it cannot overflow the stack.
class HeightMemo {
public:
    /// The height of `e`'s tree (a leaf is 1).
    int height(Expr e);

private:
    std::unordered_map<uint32_t, int> heights_;
};

}  // namespace provix::text
