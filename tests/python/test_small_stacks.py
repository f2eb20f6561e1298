"""Threads with small stacks: every operation on the deepest expressions the
module builds (2000 levels) gives the same answer as on the main thread,
never a crash. Printing, evaluating, simplifying and parsing recurse once per
level; the module runs such a call on a helper thread with a large stack when
the calling thread's is short.

Each case runs in a child interpreter, so that a crash fails the test with
its signal instead of ending the test run."""

import subprocess
import sys
import textwrap

import provix

CHILD = textwrap.dedent(
    r"""
    import sys, threading
    import provix

    x = provix.var(0, "d0")
    y = provix.var(1, "d1")
    deep = x
    while True:
        try:
            deep = deep // (y + 2)
        except provix.InvalidArgumentError:
            break
    dims = [("d0", 0, 9), ("d1", 1, 3)]
    deep_map = provix.IndexingMap([deep, x * 2], dims=dims, constraints=[(deep, 0, 5)])
    map_text = str(deep_map)
    expr_text = str(deep)
    tile = provix.parse_map("(d0, d1) -> (d0 * 4 + d1), domain: d0 in [0, 9], d1 in [0, 3]")

    def outcome(call):
        try:
            return ("value", call())
        except provix.Error as e:  # the same error, with the same text
            return (type(e).__name__, str(e))

    cases = {
        "str": lambda: str(deep),
        "repr": lambda: repr(deep),
        "hash": lambda: hash(deep),
        "equal across contexts": lambda: deep == provix.parse_expr(expr_text, ["d0", "d1"]),
        "evaluate": lambda: deep.evaluate([9, 3]),
        "evaluate dividing by zero": lambda: deep.evaluate([9, -2]),
        "range": lambda: deep.range([(0, 9), (1, 3)]),
        "simplify_expr": lambda: str(provix.simplify_expr(deep, [(0, 9), (1, 3)])),
        "parse_expr": lambda: str(provix.parse_expr(expr_text, ["d0", "d1"])),
        "parse_map": lambda: str(provix.parse_map(map_text)),
        "parse_maps": lambda: [str(m) for m in provix.parse_maps(map_text + "\n// -----\n" + map_text)],
        "IndexingMap in a new context": lambda: str(
            provix.IndexingMap([deep], dims=dims, ctx=provix.Context())),
        "map str": lambda: str(deep_map),
        "map hash": lambda: hash(deep_map),
        "map evaluate": lambda: deep_map.evaluate([9, 3]),
        "constraints_satisfied": lambda: deep_map.constraints_satisfied([9, 3]),
        "simplify": lambda: str(provix.simplify(deep_map)),
        "simplify with trace": lambda: provix.simplify(deep_map, trace=True)[1],
        "result_ranges": lambda: provix.result_ranges(deep_map),
        "compose": lambda: str(provix.compose(tile, provix.parse_map(
            "(d0) -> (d0 floordiv 4), domain: d0 in [0, 39]"))),
        "to_mlir": lambda: provix.to_mlir(deep_map, 2),
        "deeper than the limit": lambda: str(deep // (y + 2)),
        "text nested too deeply": lambda: str(provix.parse_expr(
            "(" * 2001 + "d0" + ")" * 2001, ["d0"])),
    }
    stack = int(sys.argv[1])
    expected = {name: outcome(call) for name, call in cases.items()}
    threading.stack_size(stack)
    got = {}
    def run():
        for name, call in cases.items():
            got[name] = outcome(call)
    t = threading.Thread(target=run)
    t.start()
    t.join()
    bad = [name for name in cases if got.get(name) != expected[name]]
    for name in bad:
        print(name, "main thread:", repr(expected[name])[:200], "small stack:",
              repr(got.get(name))[:200])
    # Errors are among the expected outcomes: dividing by zero, the depth
    # limit and a text nested deeper than it.
    assert expected["evaluate dividing by zero"][0] == "DivisionByZeroError"
    assert expected["deeper than the limit"][0] == "InvalidArgumentError"
    assert expected["text nested too deeply"][0] == "ParseError"
    assert expected["parse_map"] == ("value", map_text)
    print("checked", len(cases), "operations")
    sys.exit(1 if bad else 0)
    """)


def run_child(stack):
    done = subprocess.run([sys.executable, "-c", CHILD, str(stack)], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, (done.returncode, done.stdout[-3000:], done.stderr[-3000:])
    assert "checked 23 operations" in done.stdout


def test_every_operation_on_the_deepest_expressions_works_in_a_64_kb_thread():
    run_child(64 << 10)


def test_and_in_a_1_mb_thread():
    run_child(1 << 20)


def test_and_in_a_thread_just_above_the_stack_that_runs_calls_in_place():
    # 4 MB left is enough to run a call where it is made: this thread's
    # calls run in place, so the 4 MB must suffice for the deepest.
    run_child((4 << 20) + (256 << 10))


def test_helper_threads_hand_back_the_gil_and_leave_no_thread_behind():
    import threading
    before = threading.active_count()
    x = provix.var(0)
    results = []

    def work():
        results.append(provix.simplify_expr((x * 8 + 3) // 8, [(0, 9)]).evaluate([5]))

    threading.stack_size(64 << 10)
    try:
        threads = [threading.Thread(target=work) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        threading.stack_size(0)
    assert results == [5] * 8
    assert threading.active_count() == before
