#!/usr/bin/env python3
"""`--format json` of every command, parsed with Python's json module and
checked against the schema of docs/json.md: one JSON object per line, each
with a "type"; the last line is the "summary". Also the JUnit report of
`provix fuzz --junit`, parsed as XML.

    json_checks.py --provix build/provix --source-dir . --work-dir build/json COMMAND
"""

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

from check_args import run_named_check

ARGS = None


def fail(message):
    print("FAILED: " + message)
    sys.exit(1)


def expect(condition, message):
    if not condition:
        fail(message)


def run_json(args, expect_rc):
    """Runs provix with --format json; returns the parsed records."""
    p = subprocess.run([ARGS.provix] + args + ["--format", "json"], capture_output=True,
                       timeout=900, cwd=ARGS.source_dir)
    out = p.stdout.decode("utf-8")
    if p.returncode != expect_rc:
        fail("provix %s: exit %d, expected %d\nstdout:\n%s\nstderr:\n%s" %
             (" ".join(args), p.returncode, expect_rc, out[:4000], p.stderr.decode()[:4000]))
    expect(out.endswith("\n"), "the output does not end with a newline")
    records = []
    for number, line in enumerate(out.split("\n")[:-1], 1):
        try:
            record = json.loads(line)
        except json.JSONDecodeError as e:
            fail("line %d is not JSON (%s): %r" % (number, e, line[:300]))
        expect(isinstance(record, dict) and isinstance(record.get("type"), str),
               "line %d is not an object with a type: %r" % (number, line[:300]))
        records.append(record)
    expect(records and records[-1]["type"] == "summary", "the last record is not the summary")
    expect(all(r["type"] != "summary" for r in records[:-1]), "a summary before the end")
    return records


def has(record, schema):
    """Checks that `record` has exactly the keys of `schema`, each of its type."""
    expect(set(record) == set(schema),
           "keys %s, expected %s in %r" % (sorted(record), sorted(schema), record))
    for key, types in schema.items():
        expect(isinstance(record[key], types),
               "%s is %r, expected %s" % (key, record[key], types))
        if types is int or types == (int,):
            expect(not isinstance(record[key], bool), "%s is a boolean" % key)


NUM = (int, float)
OPT_STR = (str, type(None))


def named_values(values):
    expect(isinstance(values, list), "named values must be a list")
    for v in values:
        has(v, {"name": str, "value": (int, str)})


def check_decision(d):
    expect(d["verdict"] in ("proven", "refuted", "unknown"), "bad verdict %r" % d["verdict"])
    expect(isinstance(d["backend"], str) and isinstance(d["reason"], str), "backend/reason")
    c = d["counterexample"]
    if c is not None:
        has(c, {"kind": str, "variables": list, "first": dict, "second": dict})
        named_values(c["variables"])
        for side in (c["first"], c["second"]):
            has(side, {"symbols": list, "results": list, "note": str})
            named_values(side["symbols"])


# --- one check per command ------------------------------------------------------


def check_simplify():
    maps = os.path.join(ARGS.source_dir, "examples", "simplify_basics.map")
    records = run_json(["simplify", maps, "--verify", "--stats"], 0)
    expect(len(records) == 5, "expected 4 maps and a summary, got %d records" % len(records))
    for i, r in enumerate(records[:-1], 1):
        has(r, {"type": str, "index": int, "file": str, "line": int, "input": str, "output": str,
                "state": str, "changed": bool, "rules": list, "seconds": NUM, "verify": dict})
        expect(r["type"] == "map" and r["index"] == i, "map records numbered from 1")
        expect(r["state"] == "normal" and r["changed"], "each example map changes")
        expect(all(isinstance(x, str) for x in r["rules"]) and r["rules"], "rules fired")
        check_decision(r["verify"])
        expect(r["verify"]["verdict"] == "proven", "every example is proven equivalent")
    expect(records[0]["output"].startswith("(d0, d1) -> (d0, d1),\ndomain:"),
           "the first example simplifies to the identity: %r" % records[0]["output"])
    expect(records[0]["line"] > 1, "the map's line in its file")
    s = records[-1]
    has(s, {"type": str, "maps": int, "changed": int, "seconds": NUM, "verify_failed": bool,
            "rule_counts": dict})
    expect(s["maps"] == 4 and s["changed"] == 4 and not s["verify_failed"], "summary figures")
    fired = sum(len(r["rules"]) for r in records[:-1])
    expect(sum(s["rule_counts"].values()) == fired, "rule counts sum to the rules fired")
    # Without --verify / --stats those members are absent.
    plain = run_json(["simplify", maps], 0)
    expect("verify" not in plain[0] and "rule_counts" not in plain[-1], "optional members")
    # Text and JSON agree on the output.
    text = subprocess.run([ARGS.provix, "simplify", maps], capture_output=True).stdout.decode()
    expect(text == "// -----\n".join(r["output"] + "\n" for r in plain[:-1]),
           "the JSON outputs are the text output")


def write(name, text):
    path = os.path.join(ARGS.work_dir, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def check_equiv():
    a = write("equiv_a.map", "(d0) -> (d0 floordiv 4 * 4 + d0 mod 4), domain: d0 in [0, 15]\n"
              "// -----\n(d0) -> (d0 floordiv 2), domain: d0 in [0, 15]\n")
    b = write("equiv_b.map", "(d0) -> (d0), domain: d0 in [0, 15]\n"
              "// -----\n(d0) -> (d0 floordiv 4), domain: d0 in [0, 15]\n")
    records = run_json(["equiv", a, b], 1)
    expect(len(records) == 3, "two pairs and a summary")
    for i, r in enumerate(records[:-1], 1):
        has(r, {"type": str, "index": int, "file_a": str, "line_a": int, "file_b": str,
                "line_b": int, "mode": str, "verdict": str, "backend": str, "reason": str,
                "counterexample": (dict, type(None)), "seconds": NUM})
        expect(r["type"] == "pair" and r["index"] == i and r["mode"] == "relational", "pair")
        check_decision(r)
    expect(records[0]["verdict"] == "proven", "pair 1 is equivalent")
    expect(records[1]["verdict"] == "refuted", "pair 2 is not")
    c = records[1]["counterexample"]
    expect(c is not None and c["variables"][0]["name"] == "d0", "a counterexample at d0")
    d0 = c["variables"][0]["value"]
    expect(isinstance(d0, int) and c["first"]["results"] == [d0 // 2] and
           c["second"]["results"] == [d0 // 4], "the counterexample's values: %r" % c)
    has(records[-1], {"type": str, "pairs": int, "all_proven": bool, "seconds": NUM})
    expect(records[-1]["pairs"] == 2 and not records[-1]["all_proven"], "summary")
    pointwise = run_json(["equiv", a, a, "--pointwise"], 0)
    expect(pointwise[0]["mode"] == "pointwise", "--pointwise mode")


def check_bounds():
    path = write("bounds.map", "(d0, d1) -> (d0 floordiv d1, d0 - 9223372036854775807),\n"
                 "domain: d0 in [-5, 5], d1 in [0, 0]\n// -----\nUNDEFINED\n// -----\n"
                 "(d0) -> (d0 mod 4), domain: d0 in [0, 9], d0 in [20, 30]\n// -----\n"
                 "(d0)[s0] -> (d0 * 3 + s0), domain: d0 in [-2, 9], s0 in [0, 2]\n")
    records = run_json(["bounds", path], 0)
    expect(len(records) == 5, "four maps and a summary")
    for i, r in enumerate(records[:-1], 1):
        has(r, {"type": str, "index": int, "file": str, "line": int, "state": str,
                "results": list, "seconds": NUM})
        expect(r["type"] == "map" and r["index"] == i, "map record")
        for res in r["results"]:
            has(res, {"status": str, "verdict": str, "backend": str, "reason": str,
                      "lo": (int, type(None)), "hi": (int, type(None))})
    first = records[0]["results"]
    expect(first[0]["status"] == "undefined" and first[0]["lo"] is None,
           "a result dividing by zero everywhere is undefined: %r" % first[0])
    # Exact beyond int64: -5 - (2^63 - 1).
    expect(first[1]["status"] == "range" and first[1]["lo"] == -5 - (2 ** 63 - 1) and
           first[1]["hi"] == 5 - (2 ** 63 - 1), "exact bounds beyond int64: %r" % first[1])
    expect(records[1]["state"] == "undefined" and records[1]["results"] == [], "UNDEFINED map")
    expect(records[2]["state"] == "known_empty", "an empty map is known empty when parsed")
    expect(records[3]["results"][0]["lo"] == -6 and records[3]["results"][0]["hi"] == 29,
           "range of d0 * 3 + s0")
    has(records[-1], {"type": str, "maps": int, "all_decided": bool, "seconds": NUM})


def check_empty():
    path = write("empty.map", "(d0, d1) -> (d0 floordiv d1), domain: d0 in [0, 5], d1 in [0, 0]\n"
                 "// -----\nUNDEFINED\n// -----\n"
                 "(d0) -> (d0), domain: d0 in [0, 9], d0 mod 4 in [1, 1], d0 mod 2 in [0, 0]\n")
    records = run_json(["empty", path], 0)
    expect(len(records) == 4, "three maps and a summary")
    for r in records[:-1]:
        has(r, {"type": str, "index": int, "file": str, "line": int, "state": str,
                "verdict": str, "backend": str, "reason": str, "witness": (list, type(None)),
                "seconds": NUM})
    expect(records[0]["verdict"] == "non_empty", "the domain of map 1 has points")
    named_values(records[0]["witness"])
    expect([v["name"] for v in records[0]["witness"]] == ["d0", "d1"], "witness variables")
    expect(records[0]["witness"][1]["value"] == 0, "d1 = 0")
    expect(records[1]["verdict"] == "undefined" and records[1]["witness"] is None, "UNDEFINED")
    expect(records[2]["verdict"] == "empty", "congruences that cannot both hold")


OPERAND_KEYS = {"type": str, "operand": int, "name": str, "direction": str, "output": int,
                "unknown": bool, "unknown_operations": list, "maps": list}
ANALYZE_SUMMARY_KEYS = {"type": str, "file": str, "operands": int, "unknown_operands": int,
                        "maps": int, "warnings": list, "seconds": NUM}


def check_analyze():
    hlo = os.path.join(ARGS.source_dir, "tests", "golden", "analyze_add.in")
    records = run_json(["analyze", hlo], 0)
    expect(len(records) == 3, "two operands and a summary")
    for i, r in enumerate(records[:-1]):
        has(r, OPERAND_KEYS)
        expect(r["type"] == "operand" and r["operand"] == i and not r["unknown"], "operand record")
        expect(r["direction"] == "output_to_input" and len(r["maps"]) == 1, "one map each")
        expect(r["maps"][0].startswith("(d0, d1) -> (d0, d1)"), "elementwise identity")
    has(records[-1], ANALYZE_SUMMARY_KEYS)
    expect(records[-1]["warnings"] == [] and records[-1]["maps"] == 2, "summary")
    reverse = run_json(["analyze", hlo, "--input-to-output"], 0)
    expect(reverse[0]["direction"] == "input_to_output", "--input-to-output")
    # An operation without maps: its operands are UNKNOWN, named in the record.
    unknown = os.path.join(ARGS.source_dir, "tests", "golden", "analyze_unknown.hlo")
    records = run_json(["analyze", unknown], 0)
    expect(len(records) == 4, "three operands and a summary")
    for r in records[:-1]:
        has(r, OPERAND_KEYS)
    expect(not records[0]["unknown"] and len(records[0]["maps"]) == 1, "p0 has its map")
    for r in records[1:3]:
        expect(r["unknown"] and r["maps"] == [], "p1 and p2 are UNKNOWN")
        ops = r["unknown_operations"]
        expect(len(ops) == 1, "one operation without maps")
        has(ops[0], {"opcode": str, "name": str, "line": int, "column": int, "reason": str})
        expect(ops[0]["opcode"] == "triangular-solve" and ops[0]["line"] == 6 and
               ops[0]["reason"] == "no maps", "the operation")
    s = records[-1]
    has(s, ANALYZE_SUMMARY_KEYS)
    expect(s["unknown_operands"] == 2 and len(s["warnings"]) == 1, "the warning is in the summary")
    expect("warning: no indexing maps for operation 'triangular-solve'" in s["warnings"][0],
           "the warning's text")
    run_json(["analyze", unknown, "--strict"], 1)


RULE_KEYS = {"type": str, "name": str, "file": str, "line": int, "rule": str, "passed": bool,
             "verdict": str, "backend": str, "z3": str, "detail": str, "grid_instances": int,
             "counterexample": (dict, type(None)), "termination": dict,
             "cvc5": (dict, type(None)), "seconds": NUM}


def check_prove():
    data = os.path.join(ARGS.source_dir, "tests", "prove", "data")
    records = run_json(["prove", os.path.join(data, "linear.rules"), "--jobs", "1"], 0)
    expect(len(records) == 3, "two rules and a summary")
    for r in records[:-1]:
        has(r, RULE_KEYS)
        expect(r["type"] == "rule" and r["passed"] and r["verdict"] == "proven", "proven rule")
        has(r["termination"], {"ok": bool, "message": str})
    expect([r["name"] for r in records[:-1]] == ["neg_divisor", "max_of_ordered"], "names")
    s = records[-1]
    has(s, {"type": str, "rules": int, "lemmas": int, "passed": int, "proven": int,
            "checked_grid": int, "refuted": int, "unknown": int, "vacuous": int,
            "non_terminating": int, "cvc5_contradictions": int, "all_passed": bool,
            "seconds": NUM})
    expect(s["rules"] == 2 and s["lemmas"] == 0 and s["proven"] == 2 and s["all_passed"],
           "summary")
    refuted = run_json(["prove", os.path.join(data, "xla_unsound.rules"), "--jobs", "1"], 1)
    r = refuted[0]
    has(r, RULE_KEYS)
    expect(not r["passed"] and r["verdict"] == "refuted", "the unsound rule is refuted")
    c = r["counterexample"]
    has(c, {"kind": str, "constants": list, "variables": list, "bounds": list, "source": str,
            "target": str})
    named_values(c["constants"])
    expect(c["kind"] == "value mismatch" and c["source"] != c["target"], "a value mismatch")
    expect(refuted[-1]["refuted"] == 1 and not refuted[-1]["all_passed"], "summary")


CASE_KEYS = {"type": str, "index": int, "seed": int, "reproduce": str, "status": str,
             "failures": list, "misses": list, "unknowns": list, "input": str,
             "simplified": str, "exact_empty": bool, "engine_empty": bool,
             "fully_simplified": bool, "shrunk_map": OPT_STR, "regression_file": OPT_STR,
             "seconds": NUM}


def check_fuzz():
    junit = os.path.join(ARGS.work_dir, "fuzz-junit.xml")
    if os.path.exists(junit):
        os.remove(junit)
    regressions = os.path.join(ARGS.work_dir, "fuzz-failures")
    records = run_json(["fuzz", "--cases", "12", "--seed", "9", "--no-near-limit",
                        "--no-edge-templates", "--no-runtime-vars", "--regressions", regressions,
                        "--junit", junit], 0)
    expect(len(records) == 13, "12 cases and a summary, got %d" % len(records))
    for i, r in enumerate(records[:-1]):
        has(r, CASE_KEYS)
        expect(r["index"] == i and r["seed"] == 9, "case numbering")
        expect(r["reproduce"].startswith("provix fuzz --seed 9 --case %d --no-near-limit" % i),
               "the reproduce command: %r" % r["reproduce"])
        expect(r["status"] in ("passed", "unknown") and not r["failures"], "no failure")
        expect(r["input"] and r["simplified"], "the case's maps")
        for m in r["misses"]:
            has(m, {"kind": str, "detail": str})
    s = records[-1]
    for key in ("cases", "passed", "failed", "unknown", "fully_simplified", "exact_empty",
                "finite_ranges", "exact_ranges", "unbounded_ranges"):
        expect(isinstance(s[key], int), "summary %s" % key)
    expect(s["mode"] == "campaign" and s["seed"] == 9 and s["cases"] == 12 and s["failed"] == 0,
           "summary figures: %r" % s)
    expect(s["passed"] + s["unknown"] == 12, "passed + unknown")
    expect(isinstance(s["miss_kinds"], dict) and isinstance(s["regression_files"], list), "maps")
    root = ET.parse(junit).getroot()
    suite = root.find("testsuite")
    expect(suite is not None and suite.get("name") == "provix fuzz --seed 9", "the test suite")
    names = [t.get("name") for t in suite.findall("testcase")]
    expect(names[-1] == "campaign", "a testcase for the whole campaign")
    expect(int(suite.get("tests")) == len(names) and int(suite.get("failures")) == 0, "counts")
    # Replay: records name the file.
    maps = os.path.join(ARGS.source_dir, "examples", "constraints.map")
    replay = run_json(["fuzz", "--replay", maps], 0)
    expect(all(r["file"] == maps for r in replay[:-1]) and replay[-1]["mode"] == "replay",
           "replay records")
    expect("seed" not in replay[0], "replay records have no seed")


def check_report():
    # Two shards of a small campaign, merged: the summary holds the totals
    # (no case failed, so no case line).
    reports = []
    for shard in (0, 1):
        path = os.path.join(ARGS.work_dir, "shard-%d.jsonl" % shard)
        p = subprocess.run([ARGS.provix, "fuzz", "--cases", "6", "--seed", "9", "--no-near-limit",
                            "--shard", "%d/2" % shard, "--report", path],
                           capture_output=True, timeout=900)
        expect(p.returncode == 0, "the shard's campaign: %s" % p.stderr.decode()[:2000])
        reports.append(path)
    records = run_json(["report", "merge"] + reports, 0)
    expect(len(records) == 1, "only the summary, got %r" % records)
    has(records[0], {"type": str, "campaign": str, "fingerprint": str, "shards": int,
                     "total": int, "records": int, "passed": int, "failed": int,
                     "unknown": int})
    s = records[0]
    expect(s["campaign"] == "fuzz" and s["shards"] == 2 and s["total"] == 6 and
           s["records"] == 6 and s["failed"] == 0 and s["passed"] + s["unknown"] == 6,
           "summary figures: %r" % s)
    expect(s["fingerprint"].startswith("seed=9 cases=6"), "the fingerprint: %r" % s)


if __name__ == "__main__":
    run_named_check(globals(), "command", "check_", "ok: json ")
