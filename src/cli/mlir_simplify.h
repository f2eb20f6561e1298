#pragma once
/// \file
/// `provix simplify --syntax mlir`: MLIR's `affine_map` / `affine_set`
/// definitions read, simplified and written back in MLIR syntax.
///
///     std::string out;
///     MlirSimplifyOptions o;
///     int status = simplify_mlir(input, o, out);   // kExitSuccess, out holds the MLIR text

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "bounds_option.h"
#include "io.h"
#include "provix/parser.h"

namespace provix::cli {

/// What `provix simplify` asks of the MLIR path.
struct MlirSimplifyOptions {
    /// `--bounds`: bounds of variables by name, for every definition.
    std::vector<VariableBound> bounds;
    /// `--trace`: `// rule: NAME` lines before each definition.
    bool trace = false;
    /// `--stats`: per-rule firing counts accumulated here when non-null.
    std::map<std::string, int64_t>* counters = nullptr;
    /// `--verify`: check each simplified map against its input (needs the
    /// solvers; ignored without them).
    bool verify = false;
    /// `--timeout`: the wall-clock seconds each `--verify` check may take.
    double verify_timeout = 60;
    /// `--max-depth`: the deepest nesting the parser reads.
    int max_depth = ParseOptions().max_depth;
};

/// Simplifies every definition of `input` and appends the MLIR text to
/// `out`: each set as its simplified domain, each map simplified over the
/// domain of the set before it and `--bounds`. A map whose simplified form
/// MLIR cannot express, or whose domain is empty, is written as it was, after
/// a `// provix: ...` comment saying why. Returns the exit status: 0, 1
/// (`--verify` failed), 2 (bad input or options; diagnostics on stderr).
int simplify_mlir(const InputText& input, const MlirSimplifyOptions& options, std::string& out);

}  // namespace provix::cli
