// How much of the calling thread's stack is left (see stack_headroom.h).

#include "stack_headroom.h"

#include <cstdint>

#if defined(__linux__) && defined(__GLIBC__)
#include <pthread.h>
#endif

namespace provix::detail {

namespace {

/// The lowest address of the calling thread's stack (stacks grow down on
/// every target glibc supports but HP-PA), or 0 when it is not known.
uintptr_t find_stack_low() {
#if defined(__linux__) && defined(__GLIBC__) && !defined(__hppa__)
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) return 0;
    void* low = nullptr;
    size_t size = 0;
    const bool known = pthread_attr_getstack(&attr, &low, &size) == 0;
    size_t guard = 0;
    // The guard page at the low end is part of the extent reported for a
    // thread that glibc allocated: it is no stack to use.
    if (pthread_attr_getguardsize(&attr, &guard) != 0) guard = 0;
    pthread_attr_destroy(&attr);
    return known ? reinterpret_cast<uintptr_t>(low) + guard : 0;
#else
    return 0;
#endif
}

}  // namespace

size_t stack_headroom() {
    thread_local const uintptr_t low = find_stack_low();
    if (low == 0) return SIZE_MAX;
    const auto here = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
    return here > low ? here - low : 0;
}

}  // namespace provix::detail
