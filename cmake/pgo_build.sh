#!/usr/bin/env bash
# Builds provix with profile-guided optimisation of the engine library
# (cmake/pgo.cmake), both stages in BUILD_DIR:
#   1. -DPROVIX_PGO=generate: the instrumented library and its workload
#      (provix_pgo_training: random maps of the fuzz generator);
#   2. runs the workload (the counts land beside the library's objects);
#   3. -DPROVIX_PGO=use: the library compiled again from those counts, and
#      TARGETs (default: all) linked against it.
#
#   bash cmake/pgo_build.sh build-pgo provix_cli provix_bench_peer
#
# Release build with GCC. CMAKE_ARGS adds configure options (split on
# spaces), JOBS sets the build jobs (default 2), PGO_MAPS the workload's maps
# per shape (default 20000).
set -euo pipefail
if [ $# -lt 1 ]; then
    echo "usage: bash cmake/pgo_build.sh BUILD_DIR [TARGET...]" >&2
    exit 2
fi
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$1"
shift
jobs="${JOBS:-2}"
read -r -a extra <<<"${CMAKE_ARGS:-}"

targets=()
for t in "$@"; do
    targets+=(--target "$t")
done

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DPROVIX_BUILD_BENCHMARKS=ON \
    -DPROVIX_BUILD_SOLVERS=ON -DPROVIX_PGO=generate "${extra[@]}"
cmake --build "$build" -j"$jobs" --target provix_pgo_training
# Counts of an earlier run would add to this one's.
find "$build" -name '*.gcda' -delete
"$build/bench/provix_pgo_training" --maps "${PGO_MAPS:-20000}"
if ! find "$build" -name '*.gcda' | grep -q .; then
    echo "pgo_build.sh: the workload wrote no profile" >&2
    exit 1
fi
cmake -S "$root" -B "$build" -DPROVIX_PGO=use
cmake --build "$build" -j"$jobs" "${targets[@]}"
