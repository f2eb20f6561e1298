#pragma once
/// \file
/// Shapes of HLO values as XLA's HLO text writes them: an element type, the
/// dimension sizes and an optional layout (`f32[1000,1000]{0,1}`), or a tuple
/// of shapes (`(f32[10], s32[10])`).
///
///     HloShape s = ...;            // parsed from "f32[4,8]{0,1}"
///     s.element_type == "f32";  s.dims == {4, 8};  s.layout == {0, 1};
///     s.minor_to_major() == {0, 1};  s.to_string() == "f32[4,8]{0,1}"

#include <cstdint>
#include <string>
#include <vector>

#include "provix/result.h"

namespace provix::hlo {

/// An array shape or a tuple of shapes. Value type.
struct HloShape {
    /// `f32`, `s32`, `pred`, ...; empty for a tuple.
    std::string element_type;
    /// Dimension sizes, major to minor in logical order (`f32[2,3]`: {2, 3}).
    std::vector<int64_t> dims;
    /// The layout as written: dimension numbers from minor to major
    /// (`{0,1}`: dimension 0 is the fastest varying). Empty when not given,
    /// which means the default `{rank-1, ..., 0}` (row major).
    std::vector<int64_t> layout;
    /// True for a tuple shape; its elements are in `tuple_elements`.
    bool is_tuple = false;
    /// The element shapes of a tuple.
    std::vector<HloShape> tuple_elements;

    /// Number of dimensions (0 for a scalar and for a tuple).
    int64_t rank() const { return static_cast<int64_t>(dims.size()); }

    /// The layout, or the default row-major `{rank-1, ..., 1, 0}` when none
    /// was given: `f32[2,3]` gives {1, 0}.
    std::vector<int64_t> minor_to_major() const;

    /// Number of elements, or an error if the product leaves int64:
    /// `f32[4,8]` gives 32, `f32[]` gives 1.
    Result<int64_t> num_elements() const;

    /// Same element type, dimensions and tuple structure (the layout is not
    /// compared: it does not change logical indexing).
    bool same_dims_and_type(const HloShape& o) const;

    /// The HLO text form: `f32[4,8]{0,1}`, `(f32[10], s32[10])`, `f32[]`.
    std::string to_string() const;
};

}  // namespace provix::hlo
