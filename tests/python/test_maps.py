"""provix.IndexingMap from Python: parse/print, construction, simplify,
compose, ranges, evaluation, errors."""

import math

import pytest

import provix

DOC_CASES = [
    ("(d0, d1) -> (d0 + d1 floordiv 16, d1 mod 16), domain: d0 in [0, 6], d1 in [0, 14]",
     ["d0", "d1"]),
    ("(d0, d1, d2) -> ((d0 * 100 + d1 * 10 + d2) floordiv 100, "
     "((d0 * 100 + d1 * 10 + d2) mod 100) floordiv 10, d2 mod 10), "
     "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]",
     ["d0", "d1", "d2"]),
    ("(d0, d1, d2) -> ((d0 * 16 + d1 * 4 + d2) floordiv 8, (d0 * 16 + d1 * 4 + d2) mod 8), "
     "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]",
     ["d0 * 2 + (d1 * 4 + d2) floordiv 8", "(d1 * 4 + d2) mod 8"]),
    ("(d0, d1) -> (-((d0 * -11 - d1 + 109) floordiv 11) + 9), "
     "domain: d0 in [0, 9], d1 in [0, 10]",
     ["d0"]),
]


@pytest.mark.parametrize("text,expected", DOC_CASES)
def test_simplify_the_documented_examples(text, expected):
    m = provix.parse_map(text)
    s = provix.simplify(m)
    assert [str(r) for r in s.results] == expected
    assert m != s  # the input map is not modified
    assert provix.parse_map(text) == m


def test_simplify_with_trace_names_the_rules():
    m = provix.parse_map(DOC_CASES[0][0])
    s, trace = provix.simplify(m, trace=True)
    assert [str(r) for r in s.results] == ["d0", "d1"]
    assert trace, "rules fired, so the trace is not empty"
    assert all(isinstance(name, str) and name for name in trace)
    unchanged, none = provix.simplify(provix.parse_map("(d0) -> (d0), domain: d0 in [0, 3]"),
                                      trace=True)
    assert none == []


def test_print_parse_round_trip():
    text = ("(d0, d1)[s0]{rt0} -> (d0 - rt0 * 64 + d1 floordiv 8, s0),\n"
            "domain:\nd0 in [0, 3],\nd1 in [-4, 4],\ns0 in [0, 1],\nrt0 in [0, 100],\n"
            "d0 mod 4 in [0, 0]")
    m = provix.parse_map(text)
    assert str(m) == text
    assert provix.parse_map(str(m)) == m
    assert m.num_dims == 2 and m.num_range_vars == 1 and m.num_rt_vars == 1
    assert m.variable_names == ["d0", "d1", "s0", "rt0"]


def test_parse_maps_reads_separated_maps_and_names_the_file():
    maps = provix.parse_maps("(d0) -> (d0), domain: d0 in [0, 1]\n// -----\nKNOWN EMPTY\n")
    assert len(maps) == 2
    assert maps[1].is_known_empty and maps[1].state == "known_empty"
    with pytest.raises(provix.ParseError) as info:
        provix.parse_maps("(d0) -> (d0), domain: d0 in [0, 1]\n// -----\n(d0) -> (d1)\n",
                          filename="two.map")
    assert str(info.value).startswith("two.map:3:")


def test_parse_error_is_a_diagnostic_with_a_caret():
    with pytest.raises(provix.ParseError) as info:
        provix.parse_map("(d0) -> (d0 floordiv 0),\ndomain: d0 in [0, 3]")
    lines = str(info.value).splitlines()
    assert lines[0] == "<input>:1:22: error: division by zero"
    assert lines[1] == "(d0) -> (d0 floordiv 0),"
    assert lines[2] == " " * 21 + "^"
    assert isinstance(info.value, ValueError)


def test_construction_from_python_values():
    m = provix.IndexingMap(
        ["d0 floordiv 4", "s0 + rt0"],
        dims={"d0": (0, 15)},
        range_vars=[("s0", 0, 3)],
        rt_vars=[(0, math.inf)],
        constraints=[("d0 + s0", 0, 17)])
    assert str(m) == ("(d0)[s0]{rt0} -> (d0 floordiv 4, s0 + rt0),\ndomain:\nd0 in [0, 15],\n"
                      "s0 in [0, 3],\nrt0 in [0, inf],\nd0 + s0 in [0, 17]")
    assert m.dims == [("d0", 0, 15)]
    assert m.rt_vars == [("rt0", 0, math.inf)]
    (expr, lo, hi), = m.constraints
    assert (str(expr), lo, hi) == ("d0 + s0", 0, 17)
    assert m == provix.parse_map(str(m))


def test_construction_from_exprs_and_tensor_sizes():
    d0 = provix.var(0)
    m = provix.IndexingMap([d0 * 2, 5], dims=[(0, 9)])
    assert [str(r) for r in m.results] == ["d0 * 2", "5"]
    t = provix.IndexingMap.from_tensor_sizes(["d1", "d0"], [10, 20])
    assert t.dims == [("d0", 0, 9), ("d1", 0, 19)]
    for size in [0, -5, -2**63]:  # no elements: known empty, never a wrapped bound
        assert provix.IndexingMap.from_tensor_sizes(["d0"], [size]).is_known_empty
        assert provix.IndexingMap.from_tensor_sizes(["d0"], [4], [size]).is_known_empty
    big = provix.IndexingMap.from_tensor_sizes(["d0"], [2**63 - 1])
    assert big.dims == [("d0", 0, 2**63 - 2)]


def test_construction_errors_are_exceptions():
    with pytest.raises(provix.InvalidArgumentError, match="duplicate|repeat"):
        provix.IndexingMap(["a"], dims=[("a", 0, 1), ("a", 0, 1)])
    with pytest.raises(provix.ParseError, match="unknown variable 'd1'"):
        provix.IndexingMap(["d1"], dims=[(0, 1)])
    with pytest.raises(provix.InvalidArgumentError):
        provix.IndexingMap(["d0"], dims=[("d0", 0)])
    with pytest.raises(provix.InvalidArgumentError):
        provix.IndexingMap(["d0"], dims=[("d0", 0, 1.5)])
    with pytest.raises(provix.IntegerOverflowError):
        provix.IndexingMap(["d0"], dims=[("d0", 0, 2**63)])


def test_an_empty_bound_makes_the_map_known_empty():
    assert provix.IndexingMap(["d0"], dims=[("d0", 5, 3)]).is_known_empty


def test_compose_matches_the_documented_example():
    # map1 after map2: map2's results feed map1's dims.
    first = provix.parse_map("(d0)[s0] -> (d0 - 10, d0 + s0), "
                             "domain: d0 in [10, 19], s0 in [0, 5]")
    second = provix.parse_map("(d0, d1)[s0] -> (d0 + s0, d1 * 2), "
                              "domain: d0 in [0, 9], d1 in [0, 100], s0 in [0, 3]")
    c = provix.compose(first, second)
    assert [str(r) for r in c.results] == ["d0 + s1 - 10", "d0 * 2 + s0 * 2"]
    assert c.num_dims == 1 and c.num_range_vars == 2


def test_compose_rejects_mismatched_maps():
    a = provix.parse_map("(d0) -> (d0), domain: d0 in [0, 3]")
    b = provix.parse_map("(d0, d1) -> (d0 + d1), domain: d0 in [0, 3], d1 in [0, 3]")
    with pytest.raises(provix.InvalidArgumentError):
        provix.compose(a, b)


def test_chained_reshapes_cancel():
    # f32[10,10,10] -> f32[50,20] -> f32[10,10,10], output to input.
    outer = provix.parse_map(
        "(d0, d1, d2) -> ((d0 * 100 + d1 * 10 + d2) floordiv 20, (d0 * 100 + d1 * 10 + d2) mod 20),"
        " domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]")
    inner = provix.parse_map(
        "(d0, d1) -> ((d0 * 20 + d1) floordiv 100, ((d0 * 20 + d1) mod 100) floordiv 10,"
        " (d0 * 20 + d1) mod 10), domain: d0 in [0, 49], d1 in [0, 19]")
    s = provix.simplify(provix.compose(outer, inner))
    assert [str(r) for r in s.results] == ["d0", "d1", "d2"]


def test_result_ranges():
    m = provix.parse_map("(d0)[s0] -> (d0 mod 4, d0 + s0), domain: d0 in [0, 2], s0 in [0, inf]")
    assert provix.result_ranges(m) == [(0, 2), (0, math.inf)]
    empty = provix.IndexingMap(["d0"], dims=[(5, 3)])
    assert empty.is_known_empty and provix.result_ranges(empty) == []


def test_evaluate_and_domain_membership():
    m = provix.parse_map("(d0, d1) -> (d0 floordiv d1, d0 mod 3), domain: d0 in [0, 9], "
                         "d1 in [-2, 2], d0 + d1 in [0, 5]")
    assert m.evaluate([7, 2]) == [3, 1]
    assert m.evaluate({"d0": 7, "d1": -2}) == [-4, 1]
    assert m.constraints_satisfied([3, 2])
    assert not m.constraints_satisfied([7, 2])   # d0 + d1 = 9
    assert not m.constraints_satisfied([10, 0])  # d0 out of bounds
    with pytest.raises(provix.InvalidArgumentError):
        m.constraints_satisfied([3])              # a point of another length
    # At d0 = 1 the constraint's value is 2^64: it holds (values are exact
    # to 128 bits); 2^186 is beyond what evaluation decides.
    exact = provix.parse_map("(d0) -> (d0), domain: d0 in [0, 5], "
                             "d0 * 4611686018427387904 * 4 in [0, inf]")
    assert exact.constraints_satisfied([1])
    wide = provix.parse_map("(d0) -> (d0), domain: d0 in [0, 5], d0 * 4611686018427387904 * "
                            "4611686018427387904 * 4611686018427387904 in [0, inf]")
    assert wide.constraints_satisfied([0])
    with pytest.raises(provix.IntegerOverflowError):
        wide.constraints_satisfied([1])
    # A value in int64 reached through a wider one is a value.
    v0 = provix.var(0)
    assert (-v0 // 2).evaluate([-2**63]) == 2**62
    with pytest.raises(provix.DivisionByZeroError):
        m.evaluate([3, 0])
    with pytest.raises(provix.InvalidArgumentError):
        m.evaluate([1])


def test_maps_of_two_contexts_compose():
    ctx = provix.Context()
    a = provix.parse_map("(d0) -> (d0 * 2), domain: d0 in [0, 3]", ctx=ctx)
    b = provix.parse_map("(d0) -> (d0 + 1), domain: d0 in [0, 7]")
    c = provix.compose(a, b)
    assert [str(r) for r in c.results] == ["d0 * 2 + 1"]
    assert ctx.num_nodes > 0


def test_compositions_deeper_than_the_limit_are_refused_not_a_crash():
    # Each composition nests the map's 240 levels of min/max once more.
    m = provix.parse_map("(d0) -> (" + "max(min(" * 120 + "d0" + ", 7), 0)" * 120 +
                         "), domain: d0 in [-100, 100]")
    c = m
    with pytest.raises(provix.InvalidArgumentError, match="2000 levels"):
        for _ in range(100):
            c = provix.compose(c, m)
    assert provix.simplify(c).results[0].evaluate([5]) == 5
    assert c.evaluate([-3]) == [0]
    # Whatever the module builds, its text parses back (past the 256 levels
    # the command line allows by default).
    assert provix.parse_map(str(c)) == c
    assert provix.parse_maps(str(c))[0] == c
    assert str(provix.parse_expr(str(c.results[0]), ["d0"])) == str(c.results[0])


def test_error_messages_keep_a_nul_and_what_follows_it():
    with pytest.raises(provix.ParseError) as e:
        provix.parse_maps("(d0) -> (d1)", filename="a\x00b")
    assert str(e.value).startswith("a\x00b:1:")
    assert "^" in str(e.value)


def test_arguments_of_the_wrong_type_are_named():
    text = "(d0) -> (d0), domain: d0 in [0, 3]"
    for call in [lambda: provix.parse_map(text, ctx=5),
                 lambda: provix.parse_maps(text, ctx="c"),
                 lambda: provix.var(0, ctx=5),
                 lambda: provix.IndexingMap(["d0"], dims=[(0, 3)], ctx=[])]:
        with pytest.raises(provix.InvalidArgumentError, match="ctx must be a provix.Context"):
            call()
    with pytest.raises(provix.InvalidArgumentError, match="name must be a str, got int"):
        provix.var(0, 5)
    with pytest.raises(provix.InvalidArgumentError, match="variable names must be str"):
        provix.IndexingMap(["d0"], dims=[(1, 0, 5)])
    assert str(provix.parse_map(text, ctx=provix.Context())) == str(provix.parse_map(text))


class Index:
    """An integer of another type, as numpy's are: it has __index__."""

    def __init__(self, value):
        self.value = value

    def __index__(self):
        return self.value


def test_bounds_points_and_constants_take_integers_and_refuse_bools():
    m = provix.IndexingMap(["d0 + 4"], dims=[("d0", Index(0), Index(7))])
    assert m.dims == [("d0", 0, 7)]
    assert m.evaluate([Index(3)]) == [7]
    assert m.evaluate({"d0": Index(-2)}) == [2]
    assert str(provix.const(Index(5))) == "5"
    with pytest.raises(provix.IntegerOverflowError, match="bound = 9223372036854775808 "
                                                           "does not fit in int64"):
        provix.IndexingMap(["d0"], dims=[("d0", 0, Index(2**63))])
    with pytest.raises(provix.IntegerOverflowError, match="d0 = -9223372036854775809"):
        m.evaluate([-2**63 - 1])
    # True is an int to Python, never a bound, a coordinate or a constant here.
    for call, message in [
            (lambda: provix.IndexingMap(["d0"], dims=[("d0", False, 7)]),
             "a bound must be an int, None or an infinity, got bool"),
            (lambda: provix.IndexingMap(["d0"], dims=[("d0", 0, True)]), "got bool"),
            (lambda: m.evaluate([True]), "d0 must be an int, got bool"),
            (lambda: m.evaluate({"d0": False}), "d0 must be an int, got bool"),
            (lambda: m.constraints_satisfied([True]), "d0 must be an int, got bool"),
            (lambda: provix.const(True), "expected an Expr, an int or a str, got bool"),
            (lambda: provix.var(True), "a variable id must be an int, got bool"),
            (lambda: provix.IndexingMap.from_tensor_sizes(["d0"], [True]),
             "a size must be an int, got bool")]:
        with pytest.raises(provix.InvalidArgumentError, match=message):
            call()
    # Indices and sizes take integers of other types too.
    assert str(provix.var(Index(1))) == "v1"
    sized = provix.IndexingMap.from_tensor_sizes(["d0"], [Index(8)], (Index(2),))
    assert sized.dims == [("d0", 0, 7)]
    assert sized.range_vars == [("s0", 0, 1)]
