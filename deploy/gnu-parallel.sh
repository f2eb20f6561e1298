#!/usr/bin/env bash
# A provix fuzz campaign on one machine (or, with --sshloginfile, on several)
# with GNU parallel: 64 shards, one per core at a time, then the merge.
#
#   bash deploy/gnu-parallel.sh [CASES] [SEED]
#
# The one line that matters is the `parallel` call: GNU parallel passes the
# shard index as the argument {} of provix-shard.sh.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cases="${1:-1000000}"
seed="${2:-1}"
export PROVIX="${PROVIX:-$root/build/provix}"
parallel --halt now,fail=1 "$root/deploy/provix-shard.sh" {} --shards 64 --out reports -- \
    fuzz --cases "$cases" --seed "$seed" ::: $(seq 0 63)
"$PROVIX" report merge reports/fuzz-*-of-64.jsonl
