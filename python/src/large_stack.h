#pragma once
/// \file
/// Calls into provix with stack enough for the deepest expression the
/// module builds. Printing, evaluating, simplifying and parsing recurse once
/// per nesting level: the module's largest expressions (kMaxExpressionDepth
/// levels) need about 2 MB of stack, more than a thread made after
/// `threading.stack_size(1 << 20)` has. Such a call runs on a helper thread
/// with a large stack instead, the calling thread waiting.
///
///     .def("evaluate", deep([](const PyExpr& e, const py::object& values) { ... }))

#include <functional>
#include <optional>
#include <type_traits>
#include <utility>

#include "core/stack_headroom.h"

namespace provix::python {

/// The stack a call needs left to run where it is called: twice what the
/// deepest operation (parsing kMaxExpressionDepth levels) takes in an
/// optimised build.
inline constexpr size_t kDeepCallStack = size_t{4} << 20;

/// Runs `job` on a new thread with a 64 MB stack and waits for it. The
/// caller holds the GIL; it is handed to the helper for the call (so `job`
/// may use Python objects) and taken back. An exception `job` throws is
/// rethrown here; RuntimeError if no thread could be started.
void run_on_large_stack(const std::function<void()>& job);

/// `f()`, here when the thread has kDeepCallStack of stack left, else by
/// run_on_large_stack: `with_large_stack([&] { return to_string(e); })`.
template <class F>
auto with_large_stack(F&& f) -> decltype(f()) {
    using R = decltype(f());
    if (detail::stack_headroom() >= kDeepCallStack) return f();
    if constexpr (std::is_void_v<R>) {
        run_on_large_stack([&] { f(); });
    } else {
        std::optional<R> result;
        run_on_large_stack([&] { result.emplace(f()); });
        return std::move(*result);
    }
}

namespace large_stack_detail {
template <class F, class Call = decltype(&F::operator())>
struct Deep;
template <class F, class C, class R, class... A>
struct Deep<F, R (C::*)(A...) const> {
    static auto wrap(F f) {
        return [f = std::move(f)](A... args) -> R {
            return with_large_stack([&]() -> R { return f(std::forward<A>(args)...); });
        };
    }
};
}  // namespace large_stack_detail

/// A binding's function (a lambda) made to run with_large_stack, with the
/// same parameters for pybind11: `m.def("simplify", deep([](const PyMap& p)
/// { ... }))`.
template <class F>
auto deep(F f) {
    return large_stack_detail::Deep<F>::wrap(std::move(f));
}

}  // namespace provix::python
