#!/usr/bin/env python3
"""Instructions per simplify, map by map, and the part of them spent matching
rules and building their right sides.

Runs provix_instruction_driver under callgrind once per map (one unmeasured
round, then --rounds measured ones) and reads callgrind's output file: the
whole count, and the inclusive count of every call from the rest of the
engine into the rule matcher (the generated matchers and RuleMatcher: the
patterns, the side conditions, the right sides built and put in canonical
form). The gates that turn rules away before a match is tried are not part
of it.

    python3 bench/instruction_profile.py bench/corpus/maps.map
    python3 bench/instruction_profile.py --peer peer.out bench/corpus/*.map tests/peer/xla_*.map

With --peer (the output of provix_bench_peer on the same files), it also
prints the median isl/provix ratio as measured and as it would be if the
matcher's part cost nothing: each map's ratio divided by (1 - its share).
That bounds what any faster matcher can give.

Exit status: 0, 1 when callgrind counted nothing for a map, 2 on bad usage
or a driver error.
"""

import argparse
import concurrent.futures
import os
import re
import statistics
import subprocess
import sys
import tempfile

MATCHER = re.compile(r"engine::generated::|engine::RuleMatcher::")


def parse_callgrind(path):
    """(total Ir, Ir of the calls from outside the matcher into it)."""
    names = {}
    positions = 1
    total = None
    fn = None
    callee = None
    in_call = False
    matcher = 0
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if in_call:
                in_call = False
                fields = line.split()
                if len(fields) > positions and callee is not None and fn is not None:
                    if MATCHER.search(callee) and not MATCHER.search(fn):
                        matcher += int(fields[positions])
                continue
            if line.startswith("fn=") or line.startswith("cfn="):
                key, _, rest = line.rstrip("\n").partition("=")
                m = re.match(r"\((\d+)\)(?: (.*))?$", rest)
                name = rest
                if m:
                    if m.group(2) is not None:
                        names[m.group(1)] = m.group(2)
                    name = names.get(m.group(1), "")
                if key == "fn":
                    fn = name
                else:
                    callee = name
            elif line.startswith("calls="):
                in_call = True
            elif line.startswith("positions:"):
                positions = len(line.split(":", 1)[1].split())
            elif line.startswith("summary:") or line.startswith("totals:"):
                total = int(line.split(":", 1)[1].split()[0])
    return total or 0, matcher


def count_maps(driver, path):
    out = subprocess.run([driver, "--count", path], capture_output=True, text=True)
    if out.returncode != 0:
        sys.stderr.write(out.stderr)
        sys.exit(2)
    return int(out.stdout.split()[0])


def profile_map(driver, path, index, rounds, tmpdir):
    cg = os.path.join(tmpdir, f"{os.path.basename(path)}.{index}.cg")
    cmd = ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={cg}",
           driver, "--map", str(index), "--rounds", str(rounds), path]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.stderr.write(out.stderr)
        sys.exit(2)
    total, matcher = parse_callgrind(cg)
    os.remove(cg)
    return total / rounds, matcher / rounds


def read_peer(path):
    """Map name -> isl/provix from a provix_bench_peer table."""
    ratios = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = line.split()
            if len(fields) == 7 and "#" in fields[0] and fields[6] != "-":
                try:
                    ratios[fields[0]] = float(fields[6])
                except ValueError:
                    pass
    return ratios


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+", metavar="FILE.map")
    ap.add_argument("--driver", default="build/bench/provix_instruction_driver")
    ap.add_argument("--rounds", type=int, default=3, help="measured rounds per map (default 3)")
    ap.add_argument("--limit", type=int, default=0, help="only the first N maps of each file")
    ap.add_argument("--peer", help="provix_bench_peer output on the same files")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    if args.rounds < 1:
        ap.error("--rounds must be positive")

    jobs = []
    for path in args.files:
        n = count_maps(args.driver, path)
        if args.limit > 0:
            n = min(n, args.limit)
        jobs += [(path, i) for i in range(1, n + 1)]
    with tempfile.TemporaryDirectory() as tmpdir, \
            concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        results = list(pool.map(
            lambda job: profile_map(args.driver, job[0], job[1], args.rounds, tmpdir), jobs))

    print(f"{'map':<28} {'instructions':>12} {'matcher':>9} {'share':>7}")
    rows = []
    for (path, i), (total, matcher) in zip(jobs, results):
        name = f"{os.path.basename(path)}#{i}"
        if total <= 0:
            print(f"instruction_profile: callgrind counted nothing for {name}", file=sys.stderr)
            return 1
        rows.append((name, total, matcher / total))
        print(f"{name:<28} {total:>12,.0f} {matcher:>9,.0f} {100 * matcher / total:>6.1f}%")
    totals = [t for _, t, _ in rows]
    shares = [s for _, _, s in rows]
    overall = sum(t * s for _, t, s in rows) / sum(totals)
    print(f"{len(rows)} maps: instructions per simplify median {statistics.median(totals):,.0f}, "
          f"mean {statistics.mean(totals):,.0f}")
    print(f"share of rule matching and right sides: median {100 * statistics.median(shares):.1f}%, "
          f"of all instructions {100 * overall:.1f}%")

    if args.peer:
        ratios = read_peer(args.peer)
        pairs = [(ratios[n], ratios[n] / (1 - s)) for n, _, s in rows if n in ratios and s < 1]
        if not pairs:
            print("instruction_profile: no map of the peer output matches", file=sys.stderr)
            return 2
        now = [a for a, _ in pairs]
        free = [b for _, b in pairs]
        print(f"isl/provix ({len(pairs)} maps): median {statistics.median(now):.1f} "
              f"({sum(r >= 100 for r in now)} maps >= 100); with the matcher's part free: "
              f"median {statistics.median(free):.1f} ({sum(r >= 100 for r in free)} maps >= 100)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
