#pragma once
/// \file
/// Memory coalescing of an operand's reads: with the output's elements
/// handed out to GPU threads in blocks of `threads` (thread t of block b
/// computes the element at physical offset b * threads + t of the output's
/// layout), do consecutive threads of a block read consecutive (stride 1)
/// or identical (stride 0) elements of the operand's physical layout?
///
///     p0 = f32[64, 32]{1,0} parameter(0)
///     t = f32[32, 64]{1,0} transpose(p0), dimensions={1, 0}
///     // operand 0: strides {64, -2047}: not coalesced
///
/// The strides are `offset(t + 1) - offset(t)` over every pair of
/// consecutive threads of a block whose reads both lie in the map's domain,
/// for equal values of the range variables (one loop iteration). They come
/// from the simplified difference expression when it is a constant, else
/// from an enumeration within a budget; otherwise unknown.

#include <cstdint>
#include <string>
#include <vector>

#include "provix/hlo/hlo_shape.h"
#include "provix/hlo/op_indexing.h"
#include "provix/result.h"

namespace provix::hlo {

/// The stride pattern of one operand.
struct Coalescing {
    /// True when every stride is 0 or 1 (and known).
    bool coalesced = false;
    /// True when `strides` is the complete set.
    bool known = false;
    /// The distinct strides, sorted (of all the operand's maps).
    std::vector<int64_t> strides;
    /// Why `known` is false.
    std::string reason;
};

/// The coalescing of reads through `maps` (output-to-input maps of an
/// operand of shape `operand`) for an output of shape `output` and blocks of
/// `threads` threads. `max_points` bounds the enumeration.
Coalescing analyze_coalescing(const IndexingMapSet& maps, const HloShape& output,
                              const HloShape& operand, int64_t threads,
                              int64_t max_points = int64_t{1} << 22);

/// `coalesced yes, stride 1` / `coalesced no, strides -2047, 64` /
/// `coalesced unknown (reason)`.
std::string to_string(const Coalescing& c);

}  // namespace provix::hlo
