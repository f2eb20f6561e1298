#!/usr/bin/env bash
# Runs one shard of a `provix fuzz` or `provix prove` campaign and writes its
# report, for any batch engine:
#
#   Kubernetes Indexed Job   the shard index comes from JOB_COMPLETION_INDEX
#   Slurm job array          from SLURM_ARRAY_TASK_ID (minus SLURM_ARRAY_TASK_MIN,
#                            so --array=1-64 and --array=0-63 both work)
#   GNU parallel, CI matrix  from the INDEX argument
#
# usage: provix-shard.sh [INDEX] --shards N [--out DIR] -- fuzz|prove [OPTIONS...]
#
#   INDEX        this shard (0 <= INDEX < N); overrides the engine's variable
#   --shards N   shards in the campaign (or PROVIX_SHARDS=N)
#   --out DIR    where reports go (or PROVIX_REPORT_DIR; default: reports)
#   OPTIONS      the campaign's options, the same for every shard
#                (fuzz: --cases N --seed S ...; prove: rule files, --z3-rlimit ...)
#
# Runs `provix COMMAND --shard INDEX/N --report DIR/COMMAND-INDEX-of-N.jsonl
# OPTIONS` (PROVIX names the provix binary; default: provix on PATH), with its
# output in DIR/COMMAND-INDEX-of-N.log. Then `provix report merge DIR/*.jsonl`
# sums the shards and fails on a missing, duplicated or unfinished one.
#
# Exit status: 0 when the shard ran to the end, whatever it found (failures
# are in the report, and merging reports them; set PROVIX_SHARD_STRICT=1 to
# exit 1 on them); provix's own status 2 or 3, or 125 and more for a crash,
# otherwise, so that the engine retries or flags the shard.
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
die() { echo "provix-shard: error: $*" >&2; exit 2; }

index=""
source_name="argument"
shards="${PROVIX_SHARDS:-}"
out="${PROVIX_REPORT_DIR:-reports}"
provix="${PROVIX:-provix}"
while [ $# -gt 0 ]; do
    case "$1" in
        --shards) [ $# -ge 2 ] || die "--shards needs a value"; shards="$2"; shift 2 ;;
        --shards=*) shards="${1#--shards=}"; shift ;;
        --out) [ $# -ge 2 ] || die "--out needs a value"; out="$2"; shift 2 ;;
        --out=*) out="${1#--out=}"; shift ;;
        -h | --help) usage; exit 0 ;;
        --) shift; break ;;
        -*) die "unknown option '$1' (the campaign's options go after --)" ;;
        *) [ -z "$index" ] || die "two shard indices: '$index' and '$1'"; index="$1"; shift ;;
    esac
done
[ $# -ge 1 ] || die "no command after -- (fuzz or prove)"
command="$1"
shift
case "$command" in fuzz | prove) ;; *) die "the command is fuzz or prove, not '$command'" ;; esac

if [ -z "$index" ]; then
    if [ -n "${JOB_COMPLETION_INDEX:-}" ]; then
        index="$JOB_COMPLETION_INDEX"
        source_name="JOB_COMPLETION_INDEX"
    elif [ -n "${SLURM_ARRAY_TASK_ID:-}" ]; then
        [[ "$SLURM_ARRAY_TASK_ID" =~ ^[0-9]+$ ]] || die "SLURM_ARRAY_TASK_ID='$SLURM_ARRAY_TASK_ID'"
        min="${SLURM_ARRAY_TASK_MIN:-0}"
        [[ "$min" =~ ^[0-9]+$ ]] || die "SLURM_ARRAY_TASK_MIN='$min'"
        index=$((SLURM_ARRAY_TASK_ID - min))
        source_name="SLURM_ARRAY_TASK_ID"
        if [ -z "$shards" ] && [ -n "${SLURM_ARRAY_TASK_COUNT:-}" ]; then
            shards="$SLURM_ARRAY_TASK_COUNT"
        fi
    else
        die "no shard index: give INDEX, or run under a Kubernetes Indexed Job (JOB_COMPLETION_INDEX) or a Slurm array (SLURM_ARRAY_TASK_ID)"
    fi
fi
[[ "$index" =~ ^[0-9]+$ ]] || die "the shard index must be a non-negative integer, got '$index'"
[ -n "$shards" ] || die "the number of shards is missing (--shards N or PROVIX_SHARDS)"
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || die "--shards must be a positive integer, got '$shards'"
[ "$index" -lt "$shards" ] || die "shard index $index from $source_name is not below $shards shards"
if [ -n "${SLURM_ARRAY_TASK_COUNT:-}" ] && [ "$source_name" = SLURM_ARRAY_TASK_ID ] &&
    [ "$SLURM_ARRAY_TASK_COUNT" != "$shards" ]; then
    die "the Slurm array has $SLURM_ARRAY_TASK_COUNT tasks but the campaign $shards shards"
fi

mkdir -p "$out"
base="$out/$command-$index-of-$shards"
status=0
"$provix" "$command" --shard "$index/$shards" --report "$base.jsonl" "$@" >"$base.log" 2>&1 ||
    status=$?
echo "provix-shard: $command shard $index/$shards (index from $source_name): exit $status," \
    "report $base.jsonl: $(tail -n 1 "$base.log")"
case "$status" in
    0) exit 0 ;;
    1) if [ "${PROVIX_SHARD_STRICT:-0}" = 1 ]; then exit 1; else exit 0; fi ;;
    *) echo "provix-shard: the shard did not finish; the end of $base.log:" >&2
       tail -n 20 "$base.log" >&2
       exit "$status" ;;
esac
