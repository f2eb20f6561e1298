#!/usr/bin/env bash
# The sharded campaign, end to end: 4 shards of one fuzz campaign run through
# deploy/provix-shard.sh with the shard index given as each engine gives it
# (a Kubernetes Indexed Job's JOB_COMPLETION_INDEX, a Slurm array's
# SLURM_ARRAY_TASK_ID with --array=1-4, a GNU parallel / CI matrix argument),
# merged by `provix report merge`; the totals must equal one unsharded run's,
# case by case. The same for `provix prove` with 2 shards. Then what the merge
# must refuse: a missing, a duplicated and an unfinished shard.
#
#   sharded_campaign.sh PROVIX SOURCE_DIR WORK_DIR
set -euo pipefail
provix="$1"
src="$2"
work="$3"
rm -rf "$work"
mkdir -p "$work"
cd "$work"
export PROVIX="$provix"
shard="$src/deploy/provix-shard.sh"
engine_vars=(-u JOB_COMPLETION_INDEX -u SLURM_ARRAY_TASK_ID -u SLURM_ARRAY_TASK_MIN
             -u SLURM_ARRAY_TASK_COUNT -u PROVIX_SHARDS -u PROVIX_REPORT_DIR)
fail() { echo "FAIL: $*" >&2; exit 1; }
check_last_lines() {  # FILE_A FILE_B: the 'K unknown' and 'N passed, M failed' lines agree
    local a b
    a="$(tail -n 2 "$1")"
    b="$(tail -n 2 "$2")"
    [ "$a" = "$b" ] || fail "totals differ: $1 ends with '$a', $2 with '$b'"
    [[ "$(tail -n 1 "$1")" =~ ^[0-9]+\ passed,\ [0-9]+\ failed$ ]] ||
        fail "$1 does not end with 'N passed, M failed'"
}
cases() {  # the (key, digest, verdict) of every case of the given reports, sorted
    grep -h '"type":"case"' "$@" |
        sed -E 's/.*"key":"([^"]*)".*"verdict":"([^"]*)".*"digest":"([^"]*)".*/\1 \3 \2/' | sort
}

# The default generator (edge templates included: the campaign finds engine
# failures today, which the merge must list as the unsharded run does); a
# generous wall-clock safeguard so that a loaded machine cannot turn a
# decision into 'unknown' in one run and not the other.
fuzz=(fuzz --cases 48 --seed 11 --max-shrink-checks 20 --timeout 120)
# Kubernetes Indexed Job: shards 0 and 3.
env "${engine_vars[@]}" JOB_COMPLETION_INDEX=0 PROVIX_SHARDS=4 PROVIX_REPORT_DIR=reports \
    "$shard" -- "${fuzz[@]}" --regressions k8s-0
env "${engine_vars[@]}" JOB_COMPLETION_INDEX=3 "$shard" --shards 4 --out reports -- \
    "${fuzz[@]}" --regressions k8s-3
# Slurm array --array=1-4: task 2 is shard 1; the count comes from the array.
env "${engine_vars[@]}" SLURM_ARRAY_JOB_ID=77 SLURM_ARRAY_TASK_ID=2 SLURM_ARRAY_TASK_MIN=1 \
    SLURM_ARRAY_TASK_MAX=4 SLURM_ARRAY_TASK_COUNT=4 "$shard" --out reports -- \
    "${fuzz[@]}" --regressions slurm
# GNU parallel or a CI matrix: the index as an argument.
env "${engine_vars[@]}" "$shard" 2 --shards 4 --out reports -- "${fuzz[@]}" --regressions arg
ls reports/fuzz-{0,1,2,3}-of-4.jsonl >/dev/null

status=0
"$provix" report merge reports/fuzz-*-of-4.jsonl >merged.txt || status=$?
[ "$status" -le 1 ] || fail "merge refused the four shards (exit $status)"
# One unsharded run: its printed totals, and its own report.
status=0
"$provix" "${fuzz[@]}" --regressions single --report single.jsonl >single.txt || status=$?
[ "$status" -le 1 ] || fail "the unsharded run failed to run (exit $status)"
check_last_lines merged.txt single.txt
[ "$(grep -c '^FAIL ' merged.txt || true)" -eq "$(tail -n 1 single.txt | sed -E 's/.* ([0-9]+) failed$/\1/')" ] ||
    fail "the merge does not list every failed case"
[ "$(cases reports/fuzz-*-of-4.jsonl)" = "$(cases single.jsonl)" ] ||
    fail "the shards' cases (key, digest, verdict) differ from the unsharded run's"
[ "$(cases single.jsonl | wc -l)" -eq 48 ] || fail "the unsharded report does not hold 48 cases"
echo "fuzz: 4 shards merged: $(tail -n 1 merged.txt), as unsharded"

# prove: 2 shards (Slurm task 0 of --array=0-1, and an argument).
rules="$src/tests/prove/data/linear.rules"
env "${engine_vars[@]}" SLURM_ARRAY_TASK_ID=0 SLURM_ARRAY_TASK_COUNT=2 "$shard" --out reports -- \
    prove "$rules" --jobs 1
env "${engine_vars[@]}" "$shard" 1 --shards 2 --out reports -- prove "$rules" --jobs 1
"$provix" report merge reports/prove-*-of-2.jsonl >prove-merged.txt
"$provix" prove "$rules" --jobs 1 --report prove-single.jsonl >/dev/null
"$provix" report merge prove-single.jsonl >prove-single.txt
check_last_lines prove-merged.txt prove-single.txt
[ "$(cases reports/prove-*-of-2.jsonl)" = "$(cases prove-single.jsonl)" ] ||
    fail "the prove shards' rules differ from the unsharded run's"
echo "prove: 2 shards merged: $(tail -n 1 prove-merged.txt), as unsharded"

# What the merge refuses (exit 2, naming the problem).
refused() {  # EXPECTED_MESSAGE REPORTS...
    local expected="$1" status=0
    shift
    "$provix" report merge "$@" >refused.out 2>refused.err || status=$?
    [ "$status" -eq 2 ] || fail "merge of $* exited $status, expected 2"
    grep -qF "$expected" refused.err || fail "merge of $* did not say '$expected':
$(cat refused.err)"
}
refused "shard 3/4 is missing" reports/fuzz-{0,1,2}-of-4.jsonl
refused "shard 2/4 appears 2 times" reports/fuzz-{0,1,2,3}-of-4.jsonl reports/fuzz-2-of-4.jsonl
head -n 3 reports/fuzz-3-of-4.jsonl >unfinished.jsonl
refused "shard 3/4 has no footer" reports/fuzz-{0,1,2}-of-4.jsonl unfinished.jsonl
refused "another campaign" reports/fuzz-{0,1,2,3}-of-4.jsonl prove-single.jsonl

# What the entry script refuses (exit 2).
for bad in "5 --shards 4" "--shards 4" "x --shards 4"; do
    status=0
    # shellcheck disable=SC2086
    env "${engine_vars[@]}" "$shard" $bad --out reports -- fuzz --cases 1 >/dev/null 2>&1 ||
        status=$?
    [ "$status" -eq 2 ] || fail "provix-shard.sh $bad exited $status, expected 2"
done
status=0
env "${engine_vars[@]}" SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_COUNT=3 "$shard" --shards 4 \
    --out reports -- fuzz --cases 1 >/dev/null 2>&1 || status=$?
[ "$status" -eq 2 ] || fail "a Slurm array of 3 tasks for 4 shards was accepted"
echo "ok"
