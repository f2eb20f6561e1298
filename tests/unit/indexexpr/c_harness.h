#pragma once
/// \file
/// Test support: compiles C source written by CEmitterBuilder with the system
/// C compiler (PROVIX_C_COMPILER, found by CMake) into a shared object and
/// calls the emitted function.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "provix/result.h"

namespace provix::test {

/// The signature of every emitted function.
using EmittedFn = int (*)(const int64_t* in, int64_t* out, int* err);

/// One compiled and loaded function.
class CompiledC {
public:
    /// Compiles `source` (with -Wall -Wextra -Werror) and loads `function`;
    /// the error carries the compiler's output.
    static Result<std::shared_ptr<CompiledC>> compile(const std::string& source,
                                                      const std::string& function);
    ~CompiledC();

    /// Calls the function: `out` and `err` get one entry per result.
    int call(const std::vector<int64_t>& in, size_t num_results, std::vector<int64_t>& out,
             std::vector<int>& err) const;

private:
    void* handle_ = nullptr;
    EmittedFn fn_ = nullptr;
    std::string dir_;
};

/// The error code for a result the evaluator computed (0 if ok).
int error_code_of(const Result<int64_t>& r);

}  // namespace provix::test
