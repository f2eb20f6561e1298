"""The exact oracle from Python: equivalent, exact_range, is_empty, with
counterexamples that really refute the claim."""

import math

import pytest

import provix

pytestmark = pytest.mark.skipif(not provix.HAVE_SOLVERS,
                                reason="provix was built without the solvers")


def test_equivalent_proven():
    a = provix.parse_map("(d0) -> (d0 floordiv 4 * 4 + d0 mod 4), domain: d0 in [0, 15]")
    b = provix.parse_map("(d0) -> (d0), domain: d0 in [0, 15]")
    d = provix.equivalent(a, b)
    assert d.verdict == "proven" and d.proven and not d.refuted
    assert d.counterexample is None
    assert d.backend == "isl"


def test_equivalent_refuted_with_a_real_counterexample():
    a = provix.parse_map("(d0, d1) -> (d0 floordiv 4 + d1), domain: d0 in [0, 15], d1 in [0, 3]")
    b = provix.parse_map("(d0, d1) -> ((d0 + d1) floordiv 4), domain: d0 in [0, 15], d1 in [0, 3]")
    d = provix.equivalent(a, b)
    assert d.verdict == "refuted"
    cex = d.counterexample
    assert cex.kind == "value mismatch"
    point = [cex.variables["d0"], cex.variables["d1"]]
    assert a.evaluate(point) == cex.first["results"]
    assert b.evaluate(point) == cex.second["results"]
    assert a.evaluate(point) != b.evaluate(point)
    assert "ERROR: value mismatch" in str(cex)


def test_equivalent_relational_and_pointwise():
    a = provix.parse_map("(d0)[s0] -> (d0 + s0), domain: d0 in [0, 9], s0 in [0, 1]")
    b = provix.parse_map("(d0)[s0] -> (d0 + 1 - s0), domain: d0 in [0, 9], s0 in [0, 1]")
    assert provix.equivalent(a, b).proven
    assert provix.equivalent(a, b, pointwise=True).refuted


def test_simplified_maps_are_proven_equivalent():
    m = provix.parse_map("(d0, d1, d2) -> ((d0 * 16 + d1 * 4 + d2) floordiv 8, "
                         "(d0 * 16 + d1 * 4 + d2) mod 8), "
                         "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]")
    assert provix.equivalent(m, provix.simplify(m)).proven


def test_exact_range():
    m = provix.parse_map("(d0) -> (d0 floordiv 4, d0 * 3), domain: d0 in [-5, 9]")
    r = provix.exact_range(m, 0)
    assert r.proven and (r.lo, r.hi) == (-2, 2)
    r1 = provix.exact_range(m, result=1)
    assert (r1.lo, r1.hi) == (-15, 27)
    unbounded = provix.parse_map("(d0) -> (d0), domain: d0 in [0, inf]")
    assert provix.exact_range(unbounded).hi == math.inf
    with pytest.raises(provix.InvalidArgumentError):
        provix.exact_range(m, 2)
    assert str(r) == "[-2, 2]"
    # A result that takes no value: the domain is empty, or (here) it divides
    # by zero at every point of a domain that is not.
    for text in ["(d0) -> (d0), domain: d0 in [0, 10], d0 mod 4 in [5, 5]",
                 "(d0, d1) -> (d0 floordiv d1), domain: d0 in [0, 10], d1 in [0, 0]"]:
        r = provix.exact_range(provix.parse_map(text), 0)
        assert r.proven and r.empty and str(r) == "no value", text


def test_exact_range_beyond_int64_is_exact():
    m = provix.parse_map("(d0) -> (d0 * 4), domain: d0 in [0, 4611686018427387904]")
    r = provix.exact_range(m, 0, backend="z3")
    if r.proven:
        assert r.hi == 4 * 4611686018427387904 > 2**63


def test_is_empty_with_a_witness():
    empty = provix.parse_map("(d0) -> (d0), domain: d0 in [0, 10], d0 mod 4 in [1, 1], "
                             "d0 mod 2 in [0, 0]")
    assert provix.is_empty(empty).proven
    full = provix.parse_map("(d0, d1) -> (d0), domain: d0 in [0, 10], d1 in [0, 10], "
                            "d0 + d1 in [20, 20]")
    d = provix.is_empty(full)
    assert d.refuted
    w = d.counterexample.variables
    assert full.constraints_satisfied([w["d0"], w["d1"]])


def test_an_exhausted_budget_is_unknown_never_a_pass():
    a = provix.parse_map("(d0, d1) -> ((d0 * 7 + d1 * 13) mod 17), "
                         "domain: d0 in [0, 1000], d1 in [0, 1000]")
    b = provix.parse_map("(d0, d1) -> ((d0 * 7 + d1 * 13 + 17) mod 17), "
                         "domain: d0 in [0, 1000], d1 in [0, 1000]")
    d = provix.equivalent(a, b, backend="isl", isl_max_operations=1)
    assert d.verdict == "unknown" and not d.proven
    assert d.reason


def test_bad_backend_is_rejected():
    m = provix.parse_map("(d0) -> (d0), domain: d0 in [0, 1]")
    with pytest.raises(provix.InvalidArgumentError, match="backend"):
        provix.is_empty(m, backend="cvc5")


def test_limits_that_would_mean_no_limit_are_refused():
    # 0 is "no limit" to isl and Z3: a budget must be positive, a timeout too.
    m = provix.parse_map("(d0) -> (d0 mod 4), domain: d0 in [0, 9]")
    for bad in [dict(isl_max_operations=0), dict(z3_rlimit=0), dict(isl_max_operations=-1),
                dict(z3_rlimit=2**32), dict(timeout=0), dict(timeout=-1.5),
                dict(timeout=float("nan")), dict(timeout=1e10), dict(z3_rlimit=True),
                dict(timeout=True), dict(timeout="5")]:
        with pytest.raises(provix.InvalidArgumentError):
            provix.exact_range(m, **bad)
    with pytest.raises(provix.IntegerOverflowError, match="isl_max_operations"):
        provix.exact_range(m, isl_max_operations=2**70)
    r = provix.exact_range(m, timeout=30, isl_max_operations=10**6, z3_rlimit=10**6)
    assert r.proven and (r.lo, r.hi) == (0, 3)


def test_budgets_take_integers_with_index_as_numpy_does():
    class Index:  # numpy's integer types convert so
        def __init__(self, v):
            self.v = v

        def __index__(self):
            return self.v

    m = provix.parse_map("(d0) -> (d0 mod 4), domain: d0 in [0, 9]")
    r = provix.exact_range(m, isl_max_operations=Index(10**6), z3_rlimit=Index(10**6))
    assert r.proven and (r.lo, r.hi) == (0, 3)
    with pytest.raises(provix.InvalidArgumentError, match="z3_rlimit must be in"):
        provix.exact_range(m, z3_rlimit=Index(0))
    assert provix.exact_range(m, Index(0)).hi == 3
    with pytest.raises(provix.InvalidArgumentError, match="result must be an int, got bool"):
        provix.exact_range(m, True)


def test_the_timeout_bounds_a_decision_isl_cannot_interrupt():
    # isl's integer arithmetic runs for minutes on this map without checking
    # its abort flag: the decision runs in a child process the timeout kills.
    n = 12
    t1 = " + ".join(f"(d{i} * {7 + 6 * i} + d{(i + 1) % n} * {11 + 4 * i}) mod {13 + 2 * i}"
                    for i in range(n))
    t2 = " + ".join(f"((d{i} * {7 + 6 * i} + d{(i + 1) % n} * {11 + 4 * i}) floordiv 3) "
                    f"mod {17 + 2 * i}" for i in range(n))
    names = ", ".join(f"d{i}" for i in range(n))
    domain = ", ".join(f"d{i} in [0, 100000]" for i in range(n))
    m = provix.parse_map(f"({names}) -> ({t1} + {t2}), domain: {domain}")
    r = provix.exact_range(m, 0, backend="isl", timeout=1)
    assert r.verdict == "unknown" and r.reason == "timeout"
    # The next decision with the same settings gets a new child process.
    small = provix.parse_map("(d0) -> (d0 mod 4), domain: d0 in [0, 9]")
    r = provix.exact_range(small, 0, backend="isl", timeout=1)
    assert r.proven and (r.lo, r.hi) == (0, 3)


def test_decisions_from_threads_and_forked_processes_are_their_own():
    # Decisions with the same settings share a child process per thread; a
    # process forked after one (multiprocessing's default on Linux) decides
    # in a child of its own, and the parent's goes on answering.
    import os
    import threading

    maps = [provix.parse_map(f"(d0) -> (d0 floordiv {k}), domain: d0 in [0, 99]")
            for k in range(1, 9)]
    assert provix.exact_range(maps[0]).hi == 99
    pid = os.fork()
    if pid == 0:
        ok = all(provix.exact_range(m).hi == 99 // k for k, m in enumerate(maps, 1))
        os._exit(0 if ok else 1)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    answers = {}

    def decide(k):
        answers[k] = [provix.exact_range(maps[k - 1]).hi for _ in range(5)]

    threads = [threading.Thread(target=decide, args=(k,)) for k in range(1, 9)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert answers == {k: [99 // k] * 5 for k in range(1, 9)}
    assert provix.exact_range(maps[1]).hi == 49
