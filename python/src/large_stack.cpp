// Calls into provix on a thread with a large stack (see large_stack.h).

#include "large_stack.h"

#include <pthread.h>

#include <exception>
#include <string>

#include "bindings.h"

namespace provix::python {

namespace {

/// The helper's stack: address space, of which the call touches what it
/// uses.
constexpr size_t kHelperStack = size_t{64} << 20;

struct Task {
    const std::function<void()>* job;
    std::exception_ptr error;
};

void* run_task(void* arg) {
    Task& task = *static_cast<Task*>(arg);
    py::gil_scoped_acquire gil;
    try {
        (*task.job)();
    } catch (...) {
        task.error = std::current_exception();
    }
    return nullptr;
}

}  // namespace

void run_on_large_stack(const std::function<void()>& job) {
    Task task{&job, nullptr};
    pthread_attr_t attr;
    int started = pthread_attr_init(&attr);
    if (started == 0) {
        started = pthread_attr_setstacksize(&attr, kHelperStack);
        if (started == 0) {
            py::gil_scoped_release release;
            pthread_t thread;
            started = pthread_create(&thread, &attr, run_task, &task);
            if (started == 0) pthread_join(thread, nullptr);
        }
        pthread_attr_destroy(&attr);
    }
    if (started != 0) {
        throw std::runtime_error(
            "provix: this thread has less than " + std::to_string(kDeepCallStack >> 20) +
            " MB of stack left and no thread with a larger one could be started (error " +
            std::to_string(started) + ")");
    }
    if (task.error) std::rethrow_exception(task.error);
}

}  // namespace provix::python
