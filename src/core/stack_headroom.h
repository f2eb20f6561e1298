#pragma once
/// \file
/// How much of the calling thread's stack is left. Parsing, printing,
/// evaluating and simplifying recurse once per level of an expression's
/// nesting, so a deep expression on a thread with a small stack (a Python
/// thread after `threading.stack_size(1 << 20)`) could run out: code that
/// recurses on input checks the headroom and fails cleanly instead.
///
///     if (detail::stack_headroom() < detail::kStackReserve)
///         return fail(loc, "nested too deeply for the stack left to this thread");

#include <cstddef>

namespace provix::detail {

/// What a recursion that checks stack_headroom() keeps free below itself:
/// room for the frames of its error path and of the leaf calls it makes.
inline constexpr size_t kStackReserve = size_t{64} << 10;

/// Bytes of the calling thread's stack below the current frame, or SIZE_MAX
/// when the platform does not say (only glibc's pthread_getattr_np is read).
/// The stack's extent is looked up once per thread; later calls subtract
/// two addresses: `stack_headroom() > 100000` on a default 8 MB main thread.
size_t stack_headroom();

}  // namespace provix::detail
