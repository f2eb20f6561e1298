#!/usr/bin/env python3
"""Runs clang-tidy (the checks of the root .clang-tidy) over the library sources.

    check_tidy.py CLANG_TIDY SOURCE_DIR BUILD_DIR JOBS EXCEPTIONS

Checks every translation unit of BUILD_DIR/compile_commands.json under src/,
solvers/ and fuzz/ (tests, benchmarks and bindings are not checked), JOBS
clang-tidy processes at a time. Fails on any diagnostic, except the
function-size / cognitive-complexity warnings of the functions listed in
EXCEPTIONS (`PATH FUNCTION` per line); a listed function that no longer
exceeds a limit fails too, so the list only shrinks.
"""
import concurrent.futures
import json
import os
import re
import subprocess
import sys

DIAGNOSTIC = re.compile(r"^(?P<path>/[^:]+):(?P<line>\d+):\d+: (?:warning|error): (?P<text>.*)$")
SIZE_CHECK = re.compile(r"function '(?P<name>[^']+)' (?:exceeds recommended size|has cognitive complexity)"
                        r".*\[readability-function-(?:size|cognitive-complexity)\]$")


def sources(db_path, root):
    dirs = [os.path.join(root, d) + os.sep for d in ("src", "solvers", "fuzz")]
    with open(db_path) as f:
        entries = json.load(f)
    files = {os.path.realpath(os.path.join(e["directory"], e["file"])) for e in entries}
    return sorted(f for f in files if any(f.startswith(d) for d in dirs))


def read_exceptions(path):
    out = set()
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                file, function = line.split()
                out.add((file, function))
    return out


def tidy(clang_tidy, build, files):
    # The build may be GCC's: its warning flags and its link-time
    # optimisation flag (-ffat-lto-objects) are unknown to clang.
    run = subprocess.run([clang_tidy, "-p", build, "--quiet",
                          "--extra-arg=-Wno-unknown-warning-option",
                          "--extra-arg=-Wno-ignored-optimization-argument"] + files,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return run.returncode, run.stdout


def main(argv):
    if len(argv) != 6:
        print(__doc__, file=sys.stderr)
        return 2
    clang_tidy, root, build, jobs, exceptions_path = argv[1:]
    root = os.path.realpath(root)
    db = os.path.join(build, "compile_commands.json")
    if not os.path.exists(db):
        print(f"check_tidy: {db} is missing (configure with CMAKE_EXPORT_COMPILE_COMMANDS=ON)")
        return 1
    files = sources(db, root)
    if not files:
        print(f"check_tidy: no sources of {root} in {db}")
        return 1
    exceptions = read_exceptions(exceptions_path)
    batches = [files[i:i + 4] for i in range(0, len(files), 4)]
    problems, used, failed_runs = [], set(), []
    with concurrent.futures.ThreadPoolExecutor(max_workers=int(jobs)) as pool:
        for batch, (code, output) in zip(batches, pool.map(lambda b: tidy(clang_tidy, build, b),
                                                           batches)):
            lines = output.splitlines()
            for i, line in enumerate(lines):
                m = DIAGNOSTIC.match(line)
                if not m:
                    continue
                path = os.path.relpath(m.group("path"), root)
                size = SIZE_CHECK.search(m.group("text"))
                if size and (path, size.group("name")) in exceptions:
                    used.add((path, size.group("name")))
                    continue
                problems.append("\n".join([f"{path}:{m.group('line')}: {m.group('text')}"] +
                                          lines[i + 1:i + 3]))
            if code != 0 and not any(DIAGNOSTIC.match(l) for l in lines):
                failed_runs.append(f"clang-tidy failed on {' '.join(batch)}:\n{output}")
    problems = sorted(set(problems))
    for p in problems + failed_runs:
        print(p)
    stale = sorted(exceptions - used)
    for path, function in stale:
        print(f"{exceptions_path}: {path} {function} is within the limits now: remove its line")
    if problems or failed_runs or stale:
        print(f"check_tidy: {len(problems)} diagnostics, {len(stale)} stale exceptions "
              f"in {len(files)} translation units")
        return 1
    print(f"check_tidy: {len(files)} translation units clean "
          f"({len(exceptions)} listed functions over the size limits)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
