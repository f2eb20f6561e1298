#!/usr/bin/env python3
"""Instructions per simplify, map by map, and the part of them spent matching
rules and building their right sides.

Runs provix_instruction_driver under callgrind once per map (one unmeasured
round, then --rounds measured ones) and reads callgrind's output file: the
whole count, and the inclusive count of every call from the rest of the
engine into the rule matcher (the generated matchers and RuleMatcher: the
patterns, the side conditions, the right sides built and put in canonical
form). The gates that turn rules away before a match is tried are not part
of it. The summary also splits all the instructions into the parts listed
in PARTS (matcher, range analysis, domain passes, ...) and the rest.

    python3 bench/instruction_profile.py bench/corpus/maps.map
    python3 bench/instruction_profile.py --peer peer.out bench/corpus/*.map tests/peer/xla_*.map

With --peer (the output of provix_bench_peer on the same files), it also
prints the median isl/provix ratio as measured and as it would be if one
part cost nothing, for each part in turn: each map's ratio divided by
(1 - that part's share of the map's instructions). That bounds what any
faster matcher (or range analysis, ...) alone can give. Last, the factor by
which every map would have to get faster for the median to reach 100
(the median scales with a common factor: 100 / the median).

Exit status: 0; 1 when callgrind counted nothing for a map or a map's parts
add up to more than its count; 2 on bad usage or a driver error.
"""

import argparse
import concurrent.futures
import os
import re
import statistics
import subprocess
import sys
import tempfile

# The parts of a simplification, by the functions callgrind sees after
# inlining (code inlined into the rewriter counts as the rewriter's). A call
# from a function of no part into a function of a part counts whole
# (inclusive) for that part; calls made inside a part stay in it.
PARTS = [
    ("matcher", re.compile(r"engine::generated::|engine::RuleMatcher::|engine::Continuation"
                           r"|engine::PartitionScales|engine::block_may_hold")),
    ("ranges", re.compile(r"engine::RangeAnalysis::|detail::\w+_intervals|provix::Interval::")),
    ("divisibility", re.compile(r"engine::DivisibilityAnalysis::")),
    ("whole-expression steps", re.compile(r"engine::Rewriter::rewrite_whole")),
    ("node building", re.compile(r"detail::build|ContextImpl::|provix::Context::"
                                 r"|provix::operator[-+*]|provix::\(anonymous namespace\)::"
                                 r"(build_|add_of_plain_terms)")),
    ("domain passes", re.compile(r"engine::(tighten_|rescale_symbols|merge_congruences"
                                 r"|align_bounds_to_residues|exclude_zero_divisors"
                                 r"|drop_decided_constraints|keep_facts_reaching)")),
    ("map upkeep", re.compile(r"provix::IndexingMap::|CopyOnWrite|provix::SymbolicMap::")),
]
PART_NAMES = [name for name, _ in PARTS]
MATCHER_PART = PART_NAMES.index("matcher")
# The instructions of no part: the rewriter's walk (the rule loop, gates,
# memo) and the rest.
REST_PART = "walk and rest"


def parse_callgrind(path):
    """(total Ir, [(caller, callee, inclusive Ir of the calls)]) of one
    callgrind output file."""
    names = {}
    positions = 1
    total = None
    fn = callee = None
    in_call = False
    edges = {}
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if in_call:
                in_call = False
                fields = line.split()
                if len(fields) > positions and callee is not None and fn is not None:
                    edges[(fn, callee)] = edges.get((fn, callee), 0) + int(fields[positions])
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
    return total or 0, [(a, b, c) for (a, b), c in edges.items()]


def split_by_part(edges):
    """Ir per part: the calls into a part from code of no part, counted whole.
    A function of no part by its name whose callers all belong to one part
    belongs to it too (a helper of that part), so the calls it makes stay
    inside the part."""
    part = {}
    for caller, callee, _ in edges:
        for name in (caller, callee):
            if name not in part:
                part[name] = next((i for i, (_, rx) in enumerate(PARTS) if rx.search(name)), -1)
    callers = {}
    for caller, callee, _ in edges:
        if caller != callee:
            callers.setdefault(callee, set()).add(caller)
    changed = True
    while changed:
        changed = False
        for name, of in callers.items():
            if part[name] >= 0:
                continue
            seen = {part[c] for c in of}
            if len(seen) == 1 and min(seen) >= 0:
                part[name] = min(seen)
                changed = True
    counts = [0] * len(PARTS)
    for caller, callee, ir in edges:
        if part[callee] >= 0 and part[caller] < 0:
            counts[part[callee]] += ir
    # Calls into a part from a function of no part that is itself called
    # from inside some part are counted in both: their sum is returned so
    # that the report can say how much that is.
    inside = {callee for caller, callee, _ in edges if part[caller] >= 0 and part[callee] < 0}
    twice = sum(ir for caller, callee, ir in edges
                if caller in inside and part[callee] >= 0)
    return counts, twice


def median(values):
    """The median as provix_bench_peer takes it: the element at n/2 of the
    sorted values (the upper one of the two middle ones for even n)."""
    return sorted(values)[len(values) // 2]


def medians_with_part_free(rows, ratios, target=100.0):
    """[(part name, median isl/provix, maps >= target)] for each part made
    free in turn (the parts of PARTS, then REST_PART: the instructions of
    no part), over the maps of `rows` (name, total, part counts) that
    `ratios` (name -> isl/provix) holds: a map's ratio divided by (1 - the
    part's share of its instructions). A part that is a map's whole count
    would leave nothing to time: that map's ratio is then unbounded."""
    out = []
    for p, part in enumerate(PART_NAMES + [REST_PART]):
        free = []
        for name, total, counts in rows:
            if name not in ratios:
                continue
            cost = counts[p] if p < len(counts) else total - sum(counts)
            left = 1 - cost / total
            free.append(ratios[name] / left if left > 0 else float("inf"))
        if free:
            out.append((part, median(free), sum(r >= target for r in free)))
    return out


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
    total, edges = parse_callgrind(cg)
    counts, twice = split_by_part(edges)
    os.remove(cg)
    return total / rounds, [c / rounds for c in counts], twice / rounds


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
    sums = [0.0] * len(PARTS)
    twice_all = 0.0
    for (path, i), (total, counts, twice) in zip(jobs, results):
        twice_all += twice
        name = f"{os.path.basename(path)}#{i}"
        if total <= 0:
            print(f"instruction_profile: callgrind counted nothing for {name}", file=sys.stderr)
            return 1
        if sum(counts) > total:
            print(f"instruction_profile: the parts of {name} add up to more than its count",
                  file=sys.stderr)
            return 1
        matcher = counts[MATCHER_PART]
        rows.append((name, total, counts))
        sums = [a + b for a, b in zip(sums, counts)]
        print(f"{name:<28} {total:>12,.0f} {matcher:>9,.0f} {100 * matcher / total:>6.1f}%")
    totals = [t for _, t, _ in rows]
    shares = [c[MATCHER_PART] / t for _, t, c in rows]
    overall = sums[MATCHER_PART] / sum(totals)
    print(f"{len(rows)} maps: instructions per simplify median {median(totals):,.0f}, "
          f"mean {statistics.mean(totals):,.0f}")
    print(f"share of rule matching and right sides: median {100 * median(shares):.1f}%, "
          f"of all instructions {100 * overall:.1f}%")
    rest = sum(totals) - sum(sums)
    print("parts of all instructions: " + ", ".join(
        f"{n} {100 * c / sum(totals):.1f}%" for n, c in zip(PART_NAMES, sums))
        + f", the rewriter's walk and the rest {100 * rest / sum(totals):.1f}%"
        + f" (counted in two parts: {100 * twice_all / sum(totals):.1f}%)")

    if args.peer:
        ratios = read_peer(args.peer)
        now = [ratios[n] for n, _, _ in rows if n in ratios]
        if not now:
            print("instruction_profile: no map of the peer output matches", file=sys.stderr)
            return 2
        print(f"isl/provix ({len(now)} maps): median {median(now):.1f} "
              f"({sum(r >= 100 for r in now)} maps >= 100)")
        for part, m, above in medians_with_part_free(rows, ratios):
            print(f"  with the {part} part free: median {m:.1f} ({above} maps >= 100)")
        if median(now) > 0:
            print(f"every map {100 / median(now):.2f}x faster: median 100")
    return 0


if __name__ == "__main__":
    sys.exit(main())
