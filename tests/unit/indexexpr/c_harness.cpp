/// \file
/// Test support: compile emitted C with the system compiler and load it.

#include "indexexpr/c_harness.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "provix/indexexpr/builder.h"

#ifndef PROVIX_C_COMPILER
#error "PROVIX_C_COMPILER must be defined by CMake (tests/CMakeLists.txt)"
#endif

namespace provix::test {

Result<std::shared_ptr<CompiledC>> CompiledC::compile(const std::string& source,
                                                      const std::string& function) {
    std::string compiler = PROVIX_C_COMPILER;
    if (compiler.empty() || compiler.find("NOTFOUND") != std::string::npos) {
        return Error::invalid("no C compiler found by CMake (PROVIX_C_COMPILER=" + compiler + ")");
    }
    char tmpl[] = "/tmp/provix_ie_XXXXXX";
    if (!mkdtemp(tmpl)) return Error::invalid("mkdtemp failed");
    auto c = std::shared_ptr<CompiledC>(new CompiledC());
    c->dir_ = tmpl;
    std::string src = c->dir_ + "/f.c", so = c->dir_ + "/f.so", log = c->dir_ + "/cc.log";
    {
        std::ofstream f(src);
        f << source;
    }
    std::string cmd = "'" + compiler + "' -std=c99 -O1 -Wall -Wextra -Werror -shared -fPIC -o '" +
                      so + "' '" + src + "' > '" + log + "' 2>&1";
    int rc = std::system(cmd.c_str());
    if (rc != 0) {
        std::ifstream l(log);
        std::stringstream ss;
        ss << l.rdbuf();
        return Error::invalid("C compilation failed (" + cmd + "):\n" + ss.str() + "\n" + source);
    }
    c->handle_ = dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!c->handle_) return Error::invalid(std::string("dlopen: ") + dlerror());
    c->fn_ = reinterpret_cast<EmittedFn>(dlsym(c->handle_, function.c_str()));
    if (!c->fn_) return Error::invalid("dlsym: no function " + function);
    return c;
}

CompiledC::~CompiledC() {
    if (handle_) dlclose(handle_);
    if (!dir_.empty()) {
        std::remove((dir_ + "/f.c").c_str());
        std::remove((dir_ + "/f.so").c_str());
        std::remove((dir_ + "/cc.log").c_str());
        rmdir(dir_.c_str());
    }
}

int CompiledC::call(const std::vector<int64_t>& in, size_t num_results, std::vector<int64_t>& out,
                    std::vector<int>& err) const {
    out.assign(num_results, 0);
    err.assign(num_results, 0);
    std::vector<int64_t> args = in;
    if (args.empty()) args.push_back(0);  // never pass a null pointer
    if (num_results == 0) {
        int64_t o = 0;
        int e = 0;
        return fn_(args.data(), &o, &e);
    }
    return fn_(args.data(), out.data(), err.data());
}

int error_code_of(const Result<int64_t>& r) { return r ? 0 : error_code(r.error().kind); }

}  // namespace provix::test
