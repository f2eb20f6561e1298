#pragma once
/// \file
/// The elements of an integer HLO literal as written in a `constant`
/// instruction, checked against the constant's dimensions.
///
///     parse_integer_literal("{ {1, 2}, {3, 4} }", {2, 2})   // {1, 2, 3, 4}
///     parse_integer_literal("{1, 2}", {2, 2})               // nullopt

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace provix::hlo::detail {

/// The elements of `literal` in row-major order of the logical index (as HLO
/// text writes them, whatever the layout), when it is a nest of braces
/// `dims.size()` deep with `dims[k]` entries at depth k whose leaves are
/// integers (`42`, `-3`, `true`, `false`); a scalar (no dims) is one integer,
/// with or without braces. Anything else (an elided `{...}`, a float, a
/// value beyond int64, a nest of another shape) gives nullopt.
///
///     parse_integer_literal("7", {})             // {7}
///     parse_integer_literal("{{1}, {3}}", {2, 1})  // {1, 3}
std::optional<std::vector<int64_t>> parse_integer_literal(std::string_view literal,
                                                          const std::vector<int64_t>& dims);

}  // namespace provix::hlo::detail
