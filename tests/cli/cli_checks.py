#!/usr/bin/env python3
"""Checks of the `provix` command line that the golden files cannot express:
atomic -o, directories as input, diagnostics of long and binary lines,
--opt=value, --help listing every option with its default, --max-depth,
fuzz --replay input errors, progress on a terminal.

    cli_checks.py --provix build/provix --source-dir . --work-dir build/cli CASE
"""

import json
import os
import re
import shutil
import stat
import subprocess
import sys
import time

from check_args import run_named_check

ARGS = None


def run(args, stdin=None, cwd=None, shell_prefix=None):
    """Runs provix with `args`; returns (exit status, stdout, stderr) as text."""
    cmd = [ARGS.provix] + args
    if shell_prefix:
        cmd = ["sh", "-c", shell_prefix + ' exec "$0" "$@"'] + cmd
    p = subprocess.run(cmd, stdin=stdin, cwd=cwd, capture_output=True, timeout=600)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def expect(condition, message, result=None):
    if not condition:
        if result is not None:
            rc, out, err = result
            message += "\nexit: %s\nstdout:\n%s\nstderr:\n%s" % (rc, out[:4000], err[:4000])
        print("FAILED: " + message)
        sys.exit(1)


def work(name):
    path = os.path.join(ARGS.work_dir, name)
    return path


def source(*parts):
    return os.path.join(ARGS.source_dir, *parts)


COMMANDS = ["simplify", "equiv", "bounds", "empty", "prove", "fuzz", "analyze"]
MAP_INPUT = "(d0) -> (d0 floordiv 4 * 4 + d0 mod 4), domain: d0 in [0, 15]\n"


def write(name, text, mode="w"):
    path = work(name)
    with open(path, mode) as f:
        f.write(text)
    return path


# --- cases ------------------------------------------------------------------


def case_atomic_output_keeps_the_old_file():
    # A file size limit makes the write fail part-way: the old file must stay
    # as it was, no temporary file may be left, and the error names the
    # reason. The shell leaves SIGXFSZ at its default, which would kill the
    # process mid-write: provix ignores it, so that write() fails with EFBIG.
    big = write("atomic_big.map", "\n// -----\n".join(
        "(d0) -> (d0 floordiv 4 + %d), domain: d0 in [0, 99]" % i for i in range(3000)) + "\n")
    out = write("atomic_out.map", "OLD CONTENT\n")
    os.chmod(out, 0o640)
    r = run(["simplify", big, "-o", out], shell_prefix="trap - XFSZ; ulimit -f 8;")
    expect(r[0] == 2, "expected exit 2 when the output cannot be written", r)
    expect("cannot write '%s': File too large" % out in r[2], "expected the errno text", r)
    with open(out) as f:
        expect(f.read() == "OLD CONTENT\n", "the old file was changed by a failed write")
    leftovers = [n for n in os.listdir(ARGS.work_dir) if n.startswith(".atomic_out.map.tmp")]
    expect(not leftovers, "temporary files left behind: %s" % leftovers)
    # A successful write replaces the file and keeps its permissions.
    r = run(["simplify", source("examples", "constraints.map"), "-o", out])
    expect(r[0] == 0 and r[1] == "", "expected a quiet success", r)
    with open(out) as f:
        expect(f.read() == run(["simplify", source("examples", "constraints.map")])[1],
               "expected the simplified maps in the file")
    expect(stat.S_IMODE(os.stat(out).st_mode) == 0o640, "the file lost its permissions")
    # Writing through a symbolic link replaces the file it names.
    link = work("atomic_link.map")
    if os.path.lexists(link):
        os.remove(link)
    os.symlink(out, link)
    r = run(["simplify", source("examples", "reshape_chain.map"), "-o", link])
    expect(r[0] == 0, "expected -o through a symbolic link to work", r)
    expect(os.path.islink(link), "the symbolic link was replaced by a file")
    # A directory as output is an input error.
    r = run(["simplify", source("examples", "constraints.map"), "-o", ARGS.work_dir])
    expect(r[0] == 2 and "is a directory" in r[2], "expected a directory output to be refused", r)


def case_output_option_on_every_map_command():
    inputs = {
        "simplify": [source("examples", "constraints.map")],
        "equiv": [source("examples", "constraints.map"), source("examples", "constraints.map")],
        "bounds": [source("examples", "constraints.map")],
        "empty": [source("examples", "constraints.map")],
        "analyze": [source("tests", "golden", "analyze_add.in")],
    }
    for command, files in inputs.items():
        out = work("output_%s.txt" % command)
        if os.path.exists(out):
            os.remove(out)
        r = run([command] + files + ["-o", out])
        expect(r[0] == 0 and r[1] == "", "%s -o: expected exit 0 and nothing on stdout" % command, r)
        direct = run([command] + files)
        with open(out) as f:
            expect(f.read() == direct[1], "%s -o: the file differs from standard output" % command)


def case_directory_input_is_an_input_error():
    for command in ["simplify", "bounds", "empty", "analyze"]:
        r = run([command, ARGS.work_dir])
        expect(r[0] == 2, "%s DIR: expected exit 2" % command, r)
        expect("cannot read '%s': it is a directory" % ARGS.work_dir in r[2],
               "%s DIR: expected a clear message" % command, r)
        fd = os.open(ARGS.work_dir, os.O_RDONLY)
        try:
            r = run([command], stdin=fd)
        finally:
            os.close(fd)
        expect(r[0] == 2, "%s < DIR: expected exit 2" % command, r)
        expect("cannot read standard input: it is a directory" in r[2],
               "%s < DIR: expected a clear message" % command, r)
    r = run(["equiv", ARGS.work_dir, source("examples", "constraints.map")])
    expect(r[0] == 2 and "it is a directory" in r[2], "equiv DIR FILE: expected exit 2", r)
    r = run(["prove", ARGS.work_dir])
    expect(r[0] == 2 and "it is a directory" in r[2], "prove DIR: expected exit 2", r)


def case_long_line_diagnostic_is_a_window():
    # One 81 KB line with an error in the middle.
    text = "(d0) -> (d0" + " + d0" * 8000 + " + @" + " + d0" * 8000 + "), domain: d0 in [0, 9]\n"
    path = write("long_line.map", text)
    r = run(["simplify", path])
    expect(r[0] == 2, "expected exit 2", r)
    lines = r[2].split("\n")
    expect(lines[0] == "%s:1:%d: error: unexpected character '@'" % (path, text.index("@") + 1),
           "expected the location and message", r)
    expect(len(r[2]) < 600, "the diagnostic is %d bytes long" % len(r[2]), r)
    expect(lines[1].startswith("...") and lines[1].endswith("..."), "expected a cut window", r)
    caret = lines[2].index("^")
    expect(lines[1][caret] == "@", "the caret is not under the '@'", r)


def case_binary_input_diagnostic_is_escaped():
    data = b"(d0) -> (d0 \x01\xff\xfe\x1b[31m), domain: d0 in [0, 9]\n" + bytes(range(256)) * 50
    path = write("binary.map", data, "wb")
    r = run(["simplify", path])
    expect(r[0] == 2, "expected exit 2", r)
    raw = subprocess.run([ARGS.provix, "simplify", path], capture_output=True).stderr
    expect(all(b == 0x0A or 0x20 <= b < 0x7F for b in raw),
           "the diagnostic holds raw control or non-ASCII bytes: %r" % raw[:300])
    expect("\\x01" in r[2], "expected \\x01 shown escaped", r)
    expect(len(raw) < 600, "the diagnostic is %d bytes long" % len(raw), r)


def case_option_equals_value():
    path = write("equals.map", MAP_INPUT)
    out = work("equals_out.map")
    r = run(["simplify", "--format=json", "-o=" + out, "--max-depth=8", path])
    expect(r[0] == 0, "expected --opt=value to be accepted", r)
    with open(out) as f:
        expect(f.read().startswith('{"type":"map"'), "expected JSON in the -o=FILE file")
    r = run(["bounds", "--isl-max-operations=100000", "--format=text", path])
    expect(r[0] == 0 and r[1] == "[0, 15]\n", "bounds with --opt=value", r)
    r = run(["simplify", "--trace=yes", path])
    expect(r[0] == 2 and "option '--trace' takes no value" in r[2], "a flag given a value", r)
    r = run(["simplify", "--format=xml", path])
    expect(r[0] == 2 and "expects 'text' or 'json', got 'xml'" in r[2], "a bad --format", r)
    r = run(["fuzz", "--cases=2", "--seed=4", "--no-near-limit", "--no-edge-templates",
             "--no-runtime-vars", "--regressions=" + work("f")])
    expect(r[0] == 0 and r[1].endswith("2 passed, 0 failed\n"), "fuzz with --opt=value", r)


def case_help_lists_every_option_with_its_default():
    r = run(["--help"])
    expect(r[0] == 0 and "  3  internal error" in r[1], "provix --help documents exit 3", r)
    for command in COMMANDS:
        r = run([command, "--help"])
        expect(r[0] == 0, "%s --help: exit 0" % command, r)
        text = r[1]
        expect("\n  3  internal error" in text, "%s --help: exit status 3 is listed" % command, r)
        expect("\n  2  usage error" in text, "%s --help: exit status 2 is listed" % command, r)
        options = text[text.index("\noptions:\n"):text.index("\nexit status:")]
        entries = re.split(r"\n(?=  -)", options)[1:]
        expect(len(entries) >= 3, "%s --help: too few options" % command, r)
        for entry in entries:
            entry = " ".join(entry.split())
            name = entry.split()[0]
            has_value = re.match(r"-[-\w]+ [A-Z/]+ ", entry + " ") is not None
            if has_value:
                expect("(default: " in entry, "%s --help: %s shows no default" % (command, name), r)
        for line in text.split("\n"):
            expect(len(line) <= 80, "%s --help: line over 80 columns: %r" % (command, line))
        # Every listed option is accepted by the parser (--opt=value for
        # options with a value).
        expect("--format FORMAT" in text, "%s --help: --format is listed" % command, r)


def case_max_depth_sets_the_nesting_limit():
    path = write("depth.map", "(d0) -> (((((d0))))), domain: d0 in [0, 9]\n")
    r = run(["simplify", "--max-depth", "3", path])
    expect(r[0] == 2 and "expression nested too deeply (more than 3 levels)" in r[2],
           "--max-depth 3 rejects depth 4", r)
    r = run(["simplify", "--max-depth", "4", path])
    expect(r[0] == 0, "--max-depth 4 accepts depth 4", r)
    deep = write("deep.map", "(d0) -> (" + "(" * 2000 + "d0" + ")" * 2000 + "), domain: d0 in [0, 9]\n")
    r = run(["simplify", deep])
    expect(r[0] == 2 and "more than 256 levels" in r[2], "the default limit is 256", r)
    r = run(["simplify", "--max-depth", "2000", deep])
    expect(r[0] == 0 and r[1].startswith("(d0) -> (d0)"), "--max-depth 2000 reads depth 2001 parentheses", r)
    r = run(["bounds", "--max-depth=3", path])
    expect(r[0] == 2 and "more than 3 levels" in r[2], "bounds --max-depth", r)
    r = run(["simplify", "--max-depth", "0", path])
    expect(r[0] == 2 and "[1, 2000]" in r[2], "--max-depth 0 is a usage error", r)


def case_fuzz_replay_input_errors():
    missing = work("no_such_regression.map")
    r = run(["fuzz", "--replay", missing])
    expect(r[0] == 2 and "cannot open '%s'" % missing in r[2], "an unreadable file: exit 2", r)
    bad = write("malformed_regression.map", "(d0) -> (d0 +), domain: d0 in [0, 3]\n")
    r = run(["fuzz", "--replay", bad])
    expect(r[0] == 2 and r[2].startswith(bad + ":1:"), "a malformed file: exit 2 naming it", r)
    # Parses as written but divides by zero once folded, as simplify reads it.
    zero = write("zero_divisor_regression.map", "(d0) -> (d0 floordiv (1 - 1)), domain: d0 in [0, 3]\n")
    r = run(["fuzz", "--replay", zero])
    expect(r[0] == 2 and r[2].startswith(zero + ":1:") and "division by zero" in r[2],
           "a file that divides by zero: exit 2 naming it, not a failed case", r)
    empty = write("empty_regression.map", "// nothing here\n")
    r = run(["fuzz", "--replay", empty])
    expect(r[0] == 2 and "holds no map" in r[2], "a file without maps: exit 2", r)
    folder = work("empty_folder")
    os.makedirs(folder, exist_ok=True)
    r = run(["fuzz", "--replay", folder])
    expect(r[0] == 2 and "no *.map file" in r[2], "a folder without maps: exit 2", r)



def case_fuzz_case_is_one_case_of_the_seed():
    if "--case" not in run(["fuzz", "--help"])[1]:
        return  # built without the solvers: no fuzz command
    # A case depends on the seed and its index alone: --cases does not bound
    # --case, and both runs check the same map.
    outputs = []
    for extra in [[], ["--cases", "10"]]:
        r = run(["fuzz", "--seed", "3", "--case", "5000", "--no-near-limit"] + extra)
        summary = r[1].strip().splitlines()[-1] if r[1].strip() else ""
        expect(r[0] in (0, 1) and re.fullmatch(r"[01] passed, [01] failed", summary) and
               sum(int(n) for n in re.findall(r"\d+", summary)) == 1,
               "fuzz --case 5000 %s: one case" % " ".join(extra), r)
        # The same output but for the elapsed time ("(1 cases, 0.1 s)").
        outputs.append(re.sub(r"\(1 cases, [0-9.]+ s\)", "(1 cases, T s)", r[1]))
    expect("(1 cases, T s)" in outputs[0],
           "fuzz --case 5000: the completeness line names the time", (0, outputs[0], ""))
    expect(outputs[0] == outputs[1], "--cases does not change case 5000:\n%s\n%s" % tuple(outputs))
    r = run(["fuzz", "--seed", "3", "--case", "1", "--shard", "0/2"])
    expect(r[0] == 2 and "not with --shard" in r[2], "--case with --shard: exit 2", r)


def case_mlir_syntax_takes_the_map_options():
    # --max-depth, --trace's lemma lines and --bounds work in the MLIR syntax
    # as in provix's own.
    deep = write("deep.mlir", "#m = affine_map<(d0) -> (" + "(" * 300 + "d0" + ")" * 300 + ")>\n")
    r = run(["simplify", "--syntax", "mlir", "--max-depth", "1000", deep])
    expect(r[0] == 0 and "#m = affine_map<(d0) -> (d0)>" in r[1], "--max-depth 1000 reads it", r)
    r = run(["simplify", "--syntax", "mlir", "--max-depth", "5", deep])
    expect(r[0] == 2 and "more than 5 levels" in r[2], "--max-depth 5 refuses it", r)
    domain = write("lemmas.mlir", "#s = affine_set<(d0) : (d0 + 3 >= 0, -d0 + 3 >= 0, "
                                  "d0 mod 4611686018427387904 - 2 == 0, d0 mod 3 == 0)>\n")
    r = run(["simplify", "--syntax", "mlir", "--trace", domain])
    expect(r[0] == 0 and "// lemma: residue_lower" in r[1] and "// rule: residue" not in r[1],
           "lemmas are traced as lemmas", r)
    empty = write("emptied.mlir", "#m = affine_map<(x, y) -> (x mod 8, y)>\n")
    r = run(["simplify", "--syntax", "mlir", "--bounds", "x=9:3,y=0:1", empty])
    expect(r[0] == 0 and "the domain is empty" in r[1],
           "a bound that empties the map leaves its other names known", r)
    expect("warning: --bounds x has an empty range: every map with a variable 'x' is empty"
           in r[2], "an empty --bounds range is said", r)
    r = run(["simplify", "--syntax", "mlir", "--bounds", "z=0:1", empty])
    expect(r[0] == 2 and "'z'" in r[2], "a name no definition has is still an error", r)


def explosive_map():
    """A map on which isl's integer arithmetic runs for minutes without
    checking its abort flag (its coefficients explode)."""
    n = 12
    names = ["d%d" % i for i in range(n)]
    t1 = " + ".join("(d%d * %d + d%d * %d) mod %d" % (i, 7 + 6 * i, (i + 1) % n, 11 + 4 * i,
                                                      13 + 2 * i) for i in range(n))
    t2 = " + ".join("((d%d * %d + d%d * %d) floordiv 3) mod %d" % (i, 7 + 6 * i, (i + 1) % n,
                                                                  11 + 4 * i, 17 + 2 * i)
                    for i in range(n))
    domain = ", ".join("%s in [0, 100000]" % x for x in names)
    return "(%s) -> (%s + %s), domain: %s\n" % (", ".join(names), t1, t2, domain)


def case_solver_timeouts_bound_every_query():
    if "--timeout" not in run(["bounds", "--help"])[1]:
        return  # built without the solvers
    # The decision runs in a child process that is killed after the timeout
    # (and a second of grace): "unknown (timeout)", exit 1, never a hang.
    path = write("explosive.map", explosive_map())
    r = run(["bounds", "--timeout", "1", path])
    expect(r[0] == 1 and "unknown (timeout)" in r[1], "bounds --timeout 1: unknown", r)
    r = run(["empty", "--timeout", "1", path])
    expect(r[0] in (0, 1) and ("unknown (timeout)" in r[1] or "non-empty" in r[1]),
           "empty --timeout 1 answers", r)
    # --timeout bounds a map's decisions together: four results that each
    # run out take one timeout (and its grace), not four.
    n = 12
    names = ", ".join("d%d" % i for i in range(n))
    body = explosive_map().split(") -> (", 1)[1].rsplit("), domain: ", 1)
    results = ", ".join(body[0] + (" + %d" % k if k else "") for k in range(4))
    path = write("explosive4.map", "(%s) -> (%s), domain: %s" % (names, results, body[1]))
    start = time.monotonic()
    r = run(["bounds", "--timeout", "1", path])
    elapsed = time.monotonic() - start
    expect(r[0] == 1 and r[1] == "unknown (timeout)\n" * 4, "bounds --timeout 1, four results", r)
    # Hang detector with room for a slow machine: one decision per result
    # would take at least 4 x 1.1 s.
    expect(elapsed < 3.5, "bounds --timeout 1 on four results took %.1f s" % elapsed, r)

def case_fuzz_cases_run_in_child_processes():
    if "--case-timeout" not in run(["fuzz", "--help"])[1]:
        return  # built without the solvers: no fuzz command
    # A case whose checks isl cannot interrupt is killed with its process:
    # unknown, and the campaign goes on (in one process it would run for
    # minutes: isl's integer arithmetic checks no abort flag).
    path = write("explosive_case.map", explosive_map())
    r = run(["fuzz", "--replay", "--timeout", "1", "--case-timeout", "3", path])
    # A campaign that decided no case checked nothing: exit 1, and why.
    expect(r[0] == 1 and "did not end within 3 s (its process was killed)" in r[1] and
           r[1].endswith("1 unknown\n0 passed, 0 failed\n") and
           "fully simplified: n/a (0 of 0 decided cases)" in r[1] and
           "no case was decided (1 unknown): the campaign checked nothing" in r[2],
           "fuzz --replay of a case isl cannot end: unknown, exit 1", r)
    for bad in ["0", "-1", "abc", "1e300", " 5", "5 ", "0x10", "nan"]:
        r = run(["fuzz", "--cases", "1", "--case-timeout", bad])
        expect(r[0] == 2 and
               "--case-timeout expects a number of seconds in (0, 1e9], got '%s'" % bad in r[2],
               "fuzz --case-timeout %r: exit 2" % bad, r)
    # In this process or not, a campaign prints the same (but its time).
    outputs = []
    for extra in [[], ["--in-process"]]:
        r = run(["fuzz", "--cases", "30", "--seed", "9"] + extra)
        expect(r[0] == 0, "fuzz %s" % " ".join(extra), r)
        outputs.append(re.sub(r"cases, [0-9.]+ s\)", "cases)", r[1]))
    expect(outputs[0] == outputs[1], "--in-process prints the same:\n%s\n%s" % tuple(outputs))


def case_fuzz_replay_reads_files_as_the_parser_does():
    if "--case-timeout" not in run(["fuzz", "--help"])[1]:
        return  # built without the solvers: no fuzz command
    m = "(d0) -> (d0 floordiv 4), domain: d0 in [0, 15]"
    # Lines ended by a carriage return alone, a separator line ending in a
    # vertical tab, a chunk of only a form feed: the parser reads 1, 2 and 1
    # maps; the replay checks those maps, no more and no fewer.
    # A comment ends at the carriage return: the infinite bound after it is
    # one the replay counts as written.
    for name, text, n in [("cr.map", "// a comment\r" + m + "\r", 1),
                          ("crinf.map", "// c\r(d0) -> (d0), domain: d0 in [0, inf]\r", 1),
                          ("vt.map", m + "\n// -----\v\n" + m + "\n", 2),
                          ("ff.map", m + "\n// -----\n\f\n", 1)]:
        path = write(name, text)
        r = run(["simplify", path])
        expect(r[0] == 0 and r[1].count("->") == n, "simplify %s reads %d maps" % (name, n), r)
        r = run(["fuzz", "--replay", path])
        expect(r[0] == 0 and r[1].endswith("%d passed, 0 failed\n" % n),
               "fuzz --replay %s checks %d maps" % (name, n), r)
    # Standard input and a pipe are read once: their maps are checked.
    path = write("two.map", m + "\n// -----\n" + m + "\n")
    for args in [["-"], ["/dev/stdin"]]:
        with open(path, "rb") as f:
            r = run(["fuzz", "--replay"] + args, stdin=f)
        expect(r[0] == 0 and r[1].endswith("2 passed, 0 failed\n"),
               "fuzz --replay %s checks the 2 maps" % args[0], r)


def case_standard_input_is_read_once():
    r = run(["report", "merge", "-", "-"], stdin=subprocess.DEVNULL)
    expect(r[0] == 2 and "standard input ('-') is given twice" in r[2],
           "report merge - -: exit 2", r)
    if "--pointwise" not in run(["equiv", "--help"])[1]:
        return  # built without the solvers: no equiv command
    path = write("one.map", "(d0) -> (d0), domain: d0 in [0, 1]\n")
    with open(path, "rb") as f:
        r = run(["equiv", "-", "-"], stdin=f)
    expect(r[0] == 2 and "standard input ('-') can be only one of the two files" in r[2],
           "equiv - -: exit 2", r)
    empty = write("none.map", "")
    r = run(["equiv", path, empty])
    expect(r[0] == 2 and "has 1 map but" in r[2] and "has 0 maps" in r[2],
           "equiv counts maps in words", r)


def case_top_level_usage_errors():
    r = run(["--version", "x"])
    expect(r[0] == 2 and "--version takes no argument, got 'x'" in r[2] and r[1] == "",
           "--version x: exit 2", r)
    r = run(["--version"])
    expect(r[0] == 0 and r[1].startswith("provix "), "--version prints the version", r)
    r = run(["simp\x1blify"])
    expect(r[0] == 2 and "unknown command 'simp\\x1blify'" in r[2] and "\x1b" not in r[2],
           "an unknown command is shown escaped", r)


def case_prove_refuses_contradicting_grid_options():
    if "--no-grid" not in run(["prove", "--help"])[1]:
        return  # built without the solvers
    rules = source("rules", "floordiv.rules")
    for other in [["--allow-grid"], ["--grid-limit", "3"]]:
        r = run(["prove", "--no-grid"] + other + [rules])
        expect(r[0] == 2 and "--no-grid contradicts " + other[0] in r[2] and r[1] == "",
               "prove --no-grid %s: exit 2 before any proof" % other[0], r)


def case_campaign_options_checked_before_the_run():
    if "--case-timeout" not in run(["fuzz", "--help"])[1]:
        return  # built without the solvers
    rules = source("rules", "floordiv.rules")
    # An unwritable JUnit file is refused at once, not after the campaign.
    for args in [["fuzz", "--cases", "2"], ["prove", "--no-cvc5", "--rule", "fd_nested", rules]]:
        r = run(args + ["--junit", ARGS.work_dir])
        expect(r[0] == 2 and "it is a directory" in r[2] and "passed" not in r[1],
               "%s --junit DIR: exit 2 before running" % args[0], r)
    r = run(["fuzz", "--cases", "2", "--report-findings"])
    expect(r[0] == 2 and "--report" in r[2], "--report-findings without --report", r)
    one = write("one.map", MAP_INPUT)
    for extra in [["--shard", "0/2"], ["--seed", "3"], ["--case", "1"], ["--cases", "5"]]:
        r = run(["fuzz", "--replay", one] + extra)
        expect(r[0] == 2 and "--replay" in r[2], "--replay with %s: exit 2" % extra[0], r)


def case_report_merge_compares_settings_as_values():
    if "--case-timeout" not in run(["fuzz", "--help"])[1]:
        return  # built without the solvers
    rules = source("rules", "floordiv.rules")
    # A default given explicitly is the same campaign; another value is not.
    shards = []
    for i, extra in enumerate([[], ["--z3-rlimit", "1000000"]]):
        shards.append(work("prove-%d.jsonl" % i))
        r = run(["prove", "--no-cvc5", "--shard", "%d/2" % i, "--report", shards[-1], rules] + extra)
        expect(r[0] == 0, "prove shard %d" % i, r)
    r = run(["report", "merge"] + shards)
    expect(r[0] == 0 and r[1].endswith(" passed, 0 failed\n"), "prove shards merge", r)
    # Shards run with different case time limits are different campaigns;
    # the message says what differs.
    shards = []
    for i, limit in enumerate(["300", "0.5"]):
        shards.append(work("fuzz-%d.jsonl" % i))
        r = run(["fuzz", "--cases", "4", "--seed", "5", "--shard", "%d/2" % i, "--case-timeout",
                 limit, "--report", shards[-1]])
        expect(r[0] in (0, 1), "fuzz shard %d" % i, r)
    r = run(["report", "merge"] + shards)
    expect(r[0] == 2 and "another campaign" in r[2] and "case-timeout=0.5" in r[2] and
           "version" not in r[2], "fuzz shards with different --case-timeout do not merge", r)
    # Reports are opened one at a time: 40 shards merge with 20 files open
    # at most.
    shards = []
    for i in range(40):
        shards.append(work("many-%d.jsonl" % i))
        r = run(["fuzz", "--cases", "40", "--seed", "5", "--shard", "%d/40" % i, "--in-process",
                 "--report", shards[-1]])
        expect(r[0] in (0, 1), "fuzz shard %d/40" % i, r)
    r = run(["report", "merge"] + shards, shell_prefix="ulimit -n 20;")
    expect(r[0] in (0, 1) and "40 shards" in r[1] and "0 failed" in r[1],
           "40 shards merge with 20 open files", r)
    r = run(["report", "merge", ARGS.work_dir])
    expect(r[0] == 2 and "is a directory" in r[2], "a directory is no report", r)


def case_prove_without_rules_is_an_input_error():
    if "--case-timeout" not in run(["fuzz", "--help"])[1]:
        return  # built without the solvers
    # Nothing proven is no pass: a wrong file or glob is reported.
    empty = write("empty.rules", "# only a comment\n")
    lemmas = write("empty.lemmas", "")
    for args in [[empty], [empty, lemmas]]:
        r = run(["prove", "--no-cvc5"] + args)
        expect(r[0] == 2 and "no rule or lemma in " + empty in r[2] and "proven" not in r[1],
               "prove %s: exit 2" % " ".join(args), r)
    with open(empty, "rb") as stdin:
        r = run(["prove", "--no-cvc5", "-", lemmas], stdin=stdin)
    expect(r[0] == 2 and "no rule or lemma in <stdin>, " + lemmas in r[2],
           "prove - (nothing on standard input): exit 2, naming <stdin>", r)
    r = run(["prove", "--no-cvc5", source("rules", "floordiv.rules"), empty, "--rule",
             "fd_nested"])
    expect(r[0] == 0 and "1 rule: 1 proven" in r[1], "an empty file beside rules", r)


def case_an_input_larger_than_the_memory_limit_is_an_input_error():
    with open(ARGS.provix, "rb") as f:
        if b"__asan_init" in f.read():
            return  # the address sanitizer reserves more address space than any limit here
    # A small map runs in 35 MB of address space; one sum of 250,000
    # quotients needs more than 150 MB.
    limit = "ulimit -v 70000;"
    big = write("memory_big.map", "(d0) -> (" + " + ".join(
        "d0 floordiv %d" % i for i in range(1, 250000)) + "), domain: d0 in [0, 100]\n")
    small = write("memory_small.map", MAP_INPUT)
    r = run(["simplify", small], shell_prefix=limit)
    expect(r[0] == 0, "a small map within the limit", r)
    r = run(["simplify", big], shell_prefix=limit)
    expect(r[0] == 2 and "provix: error: out of memory" in r[2] and "internal" not in r[2],
           "out of memory: exit 2, no internal error", r)


def case_analyze_stops_maps_that_grow_without_bound():
    # A transpose of f32[4,6] and a reshape back, repeated: the composed maps
    # double in size about every two steps. Past the size the analysis keeps,
    # the operand is UNKNOWN, naming where (not minutes and gigabytes).
    lines = ["v0 = f32[4,6] parameter(0)"]
    for i in range(1, 301):
        lines.append("v%d = f32[6,4] transpose(v%d), dimensions={1,0}" % (i, i - 1) if i % 2 else
                     "v%d = f32[4,6] reshape(v%d)" % (i, i - 1))
    hlo = write("growing_chain.hlo", "\n".join(lines) + "\n")
    r = run(["analyze", hlo])
    expect(r[0] == 0 and r[1] == "// operand 0: v0\nUNKNOWN\n// -----\n" and
           "warning: the indexing maps composed through operation '" in r[2] and
           "grow past 100000 nodes; what reaches it is UNKNOWN" in r[2],
           "analyze: UNKNOWN with a warning", r)
    r = run(["analyze", "--strict", hlo])
    expect(r[0] == 1, "analyze --strict: exit 1", r)
    r = run(["analyze", "--format", "json", hlo])
    records = [json.loads(line) for line in r[1].splitlines()]
    expect(r[0] == 0 and records[0]["unknown"] and
           records[0]["unknown_operations"][0]["reason"] == "too large" and
           records[-1]["unknown_operands"] == 1, "analyze --format json: reason 'too large'", r)


def case_empty_file_names_are_usage_errors():
    # `-o ''` names no file (it read as standard output).
    path = write("empty_name.map", MAP_INPUT)
    for args in [["simplify", path, "-o", ""], ["simplify", path, "-o="]]:
        r = run(args)
        expect(r[0] == 2 and "needs a file name" in r[2] and r[1] == "",
               "%s: exit 2, nothing written" % " ".join(args), r)


def case_progress_on_a_terminal():
    if shutil.which("script") is None:
        expect(False, "the 'script' command (bsdutils) is needed to give provix a terminal")
    log = work("progress.log")
    # (The checks of this case are about the progress line, not the engine:
    # the campaign's own results do not matter here.)
    command = "%s fuzz --cases 40 --seed 2 --no-near-limit --regressions %s" % (
        ARGS.provix, work("progress-failures"))
    subprocess.run(["script", "-qec", command, log], capture_output=True, timeout=600)
    with open(log, "rb") as f:
        text = f.read().decode("utf-8", "replace")
    expect(re.search(r"provix fuzz: \d+/40 cases \(\d+%\), [0-9.]+ cases/s", text) is not None,
           "expected a progress line on the terminal:\n" + text[-2000:])
    expect("elapsed" in text, "expected the elapsed time:\n" + text[-2000:])
    expect(re.search(r"\n\d+ passed, \d+ failed\r?\n", text) is not None,
           "expected the summary:\n" + text[-2000:])
    # What the terminal shows of each line: the text after its last carriage
    # return (the progress line is redrawn with "\r\x1b[K"). Every progress
    # line must have been erased: none is left on the screen.
    shown = [line.rstrip("\r").split("\r")[-1] for line in text.split("\n")]
    expect(not any("cases/s" in line for line in shown),
           "a progress line was left on the screen:\n" + "\n".join(shown[-30:]))
    # Not on a terminal: no progress line and no escape sequences.
    r = run(["fuzz", "--cases", "5", "--seed", "2", "--no-near-limit"])
    expect("cases/s" not in r[2] and "\x1b" not in r[1] + r[2], "progress without a terminal", r)
    command = "%s prove %s --jobs 1" % (ARGS.provix, source("tests", "prove", "data", "linear.rules"))
    subprocess.run(["script", "-qec", command, log], capture_output=True, timeout=600)
    with open(log, "rb") as f:
        text = f.read().decode("utf-8", "replace")
    expect("2 rules: 2 proven" in text, "prove under a terminal:\n" + text[-2000:])
    expect(re.search(r"provix prove: [0-2]/2 rules", text) is not None,
           "expected prove's progress line:\n" + text[-2000:])
    # The solver commands count their decisions on the line, erased before
    # the answers are printed.
    maps = work("progress.map")
    with open(maps, "w") as f:
        f.write("(d0, d1) -> (d0 floordiv 3 + d1, d0 mod 7), domain: d0 in [0, 100], d1 in [0, 5]\n")
    for args, pattern in ((["bounds", maps], r"provix bounds: \d+ decisions"),
                          (["empty", maps], r"provix empty: \d+ decisions"),
                          (["equiv", maps, maps], r"provix equiv: \d+ decisions"),
                          (["simplify", "--verify", maps], r"provix simplify --verify: \d/1 maps")):
        command = " ".join([ARGS.provix] + args)
        subprocess.run(["script", "-qec", command, log], capture_output=True, timeout=600)
        with open(log, "rb") as f:
            text = f.read().decode("utf-8", "replace")
        expect(re.search(pattern, text) is not None,
               "expected %s's progress line:\n%s" % (args[0], text[-2000:]))
        shown = [line.rstrip("\r").split("\r")[-1] for line in text.split("\n")]
        expect(not any(" elapsed" in line for line in shown),
               "%s left its progress line on the screen:\n%s" % (args[0], "\n".join(shown)))
        r = run(args)
        expect(r[0] == 0 and " elapsed" not in r[2] and "\x1b" not in r[1] + r[2],
               "%s without a terminal" % args[0], r)


def case_prove_report_counts_an_undecided_lemma_as_unknown():
    # Sums of two positive cubes are never a cube: true, but beyond Z3 with a
    # tiny budget (cvc5 and Coq not asked). The report, its merge and the
    # exit code say unknown: not a pass, and not a refutation either.
    lemmas = work("cubes.lemmas")
    with open(lemmas, "w") as f:
        f.write("cubes: x > 0 && y > 0 && z > 0 => x * x * x + y * y * y != z * z * z\n")
    report = work("cubes.jsonl")
    r = run(["prove", lemmas, "--no-cvc5", "--z3-rlimit", "1000", "--report", report])
    expect(r[0] == 1 and "1 lemma: 0 proven, 0 refuted, 1 unknown" in r[1], "prove", r)
    with open(report) as f:
        records = [json.loads(line) for line in f]
    expect([x.get("verdict") for x in records if x["type"] == "case"] == ["unknown"],
           "the lemma's record is unknown", records)
    expect(records[-1] == {"type": "footer", "passed": 0, "failed": 0, "unknown": 1},
           "the footer counts it unknown", records)
    r = run(["report", "merge", report])
    expect(r[0] == 1 and r[1].endswith("1 unknown\n0 passed, 0 failed\n"), "merge", r)
    # --timeout bounds each prover by the wall clock, beside Z3's budget (here
    # one that would otherwise let Z3 run for minutes): unknown, and why.
    r = run(["prove", lemmas, "--no-cvc5", "--z3-rlimit", "4000000000", "--timeout", "1"])
    expect(r[0] == 1 and "z3: unknown (timeout 1000 ms" in r[1] and "1 unknown" in r[1],
           "prove --timeout 1", r)
    for bad in ["0", "-1", "soon"]:
        r = run(["prove", lemmas, "--timeout", bad])
        expect(r[0] == 2 and "--timeout expects a number of seconds" in r[2], "--timeout " + bad, r)


def case_timeout_is_checked_in_either_syntax():
    # analyze --timeout is in seconds, as every command's, in (0, 10^9] (a
    # later deadline would pass the clock's int64 nanoseconds).
    hlo = write("timeout.hlo", "p = f32[4] parameter(0)\nROOT c = f32[4] copy(p)\n")
    for bad in ["0", "1000000001", "9223372036854775807", "-1", "1s", "0x10"]:
        r = run(["analyze", "--utilization", "--timeout", bad, hlo])
        expect(r[0] == 2 and "--timeout expects a number of seconds in (0, 1e9]" in r[2],
               "analyze --timeout %s: exit 2" % bad, r)
    for good in ["1000000000", "0.5", "10"]:
        r = run(["analyze", "--utilization", "--timeout", good, hlo])
        expect(r[0] == 0 and "utilization 4/4" in r[1], "analyze --timeout %s is accepted" % good, r)
    if "--timeout" not in run(["simplify", "--help"])[1]:
        return  # built without the solvers: no --verify, no --timeout, no prove
    # The solvers' limits: 0 would be "no limit" to them.
    for option in ["--z3-rlimit", "--cvc5-tlimit"]:
        r = run(["prove", option, "0", source("rules", "mod.rules")])
        expect(r[0] == 2 and option + " must be positive" in r[2], "prove %s 0: exit 2" % option, r)
    mlir = write("timeout.mlir", "#map = affine_map<(d0) -> (d0 mod 4)>\n")
    plain = write("timeout.map", MAP_INPUT)
    for syntax, path in [("provix", plain), ("mlir", mlir)]:
        for bad in ["-1", "abc"]:
            r = run(["simplify", "--syntax", syntax, "--verify", "--timeout", bad, path])
            expect(r[0] == 2 and "--timeout" in r[2],
                   "simplify --syntax %s --timeout %s: exit 2" % (syntax, bad), r)


def case_docs_show_every_help():
    # docs/commands.md quotes each command's --help exactly, so the reference
    # lists every option with its default. After changing an option, paste
    # the new `provix COMMAND --help` into docs/commands.md.
    with open(source("docs", "commands.md")) as f:
        doc = f.read()
    for args in [["--help"]] + [[c, "--help"] for c in COMMANDS]:
        r = run(args)
        expect(r[0] == 0, "provix %s" % " ".join(args), r)
        expect("```text\n" + r[1] + "```" in doc,
               "docs/commands.md does not quote `provix %s` exactly; run docs/update_help.py:\n%s" %
               (" ".join(args), r[1]))


if __name__ == "__main__":
    run_named_check(globals(), "case", "case_", "ok: ")
