"""Property: provix.simplify keeps every value. Random maps (sums, products
by constants, floordiv/ceildiv/mod by positive and negative constants,
min/max, congruence and sum constraints) are simplified, and at random
points of the domain the simplified map gives the same results, or fails
(division by zero) exactly where the input fails.

The seed is printed on failure; PROVIX_PY_SEED=<seed> replays one run,
PROVIX_PY_CASES=<n> sets the number of maps."""

import os
import random

import pytest

import provix

SEED = int(os.environ.get("PROVIX_PY_SEED", "20240611"))
CASES = int(os.environ.get("PROVIX_PY_CASES", "400"))
POINTS = 25


def random_expr(rng, names, depth, variable_divisors):
    if depth == 0 or rng.random() < 0.25:
        if rng.random() < 0.8:
            return rng.choice(names)
        return str(rng.randint(-20, 20))
    op = rng.choice(["+", "-", "*", "floordiv", "ceildiv", "mod", "min", "max", "+", "floordiv",
                     "mod"])
    a = random_expr(rng, names, depth - 1, variable_divisors)
    if op in ("min", "max"):
        return f"{op}({a}, {random_expr(rng, names, depth - 1, variable_divisors)})"
    if op == "*":
        return f"({a}) * {rng.choice([-3, -2, 2, 3, 4, 8, 16])}"
    if op in ("floordiv", "ceildiv", "mod"):
        if variable_divisors and rng.random() < 0.1:  # may be zero at some points
            return f"({a}) {op} {rng.choice(names)}"
        return f"({a}) {op} {rng.choice([-4, -3, 2, 3, 4, 5, 8, 16])}"
    return f"({a}) {op} ({random_expr(rng, names, depth - 1, variable_divisors)})"


def random_map(rng, variable_divisors=False):
    n = rng.randint(1, 3)
    names = [f"d{i}" for i in range(n)]
    dims = {}
    for name in names:
        lo = rng.randint(-20, 20)
        dims[name] = (lo, lo + rng.randint(0, 40))
    results = [random_expr(rng, names, rng.randint(1, 4), variable_divisors)
               for _ in range(rng.randint(1, 3))]
    constraints = []
    if rng.random() < 0.3:
        c = rng.randint(2, 6)
        constraints.append((f"{rng.choice(names)} mod {c}", r := rng.randint(0, c - 1), r))
    if rng.random() < 0.3 and n > 1:
        lo = rng.randint(-10, 30)
        constraints.append((f"{names[0]} + {names[1]}", lo, lo + rng.randint(0, 20)))
    return provix.IndexingMap(results, dims=dims, constraints=constraints)


def outcome(m, point):
    try:
        return m.evaluate(point)
    except provix.DivisionByZeroError:
        return "division by zero"


def check_random_maps(seed, variable_divisors):
    rng = random.Random(seed)
    checked = 0
    for case in range(CASES):
        m = random_map(rng, variable_divisors)
        s = provix.simplify(m)
        context = f"seed {seed} case {case}:\ninput:\n{m}\nsimplified:\n{s}"
        assert not s.is_undefined, context
        if not s.is_known_empty:
            assert s.num_dims == m.num_dims and s.num_results == m.num_results, context
        for _ in range(POINTS):
            point = [rng.randint(lo, hi) for (_, lo, hi) in m.dims]
            if not m.constraints_satisfied(point):
                continue
            # A point of the input's domain is in the simplified map's domain.
            assert not s.is_known_empty, f"{context}\npoint {point} is in the domain"
            assert s.constraints_satisfied(point), f"{context}\npoint {point} left the domain"
            expected = outcome(m, point)
            assert outcome(s, point) == expected, f"{context}\nat {point}"
            checked += 1
    assert checked > CASES, f"too few points checked ({checked}): the generator is broken"


def test_simplify_preserves_values_at_random_points():
    check_random_maps(SEED, variable_divisors=False)


def test_simplify_preserves_definedness_with_variable_divisors():
    check_random_maps(SEED, variable_divisors=True)


def test_simplify_is_idempotent_on_random_maps():
    rng = random.Random(SEED + 1)
    for case in range(CASES // 4):
        s = provix.simplify(random_map(rng))
        assert provix.simplify(s) == s, f"seed {SEED + 1} case {case}:\n{s}"
