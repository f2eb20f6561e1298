"""provix.Expr from Python: parsing, printing, operators, evaluation, errors."""

import math

import pytest

import provix


def test_parse_and_print_round_trip():
    e = provix.parse_expr("d0 * 4 + d1 mod 3 - 7", ["d0", "d1"])
    assert str(e) == "d0 * 4 + d1 mod 3 - 7"
    assert provix.parse_expr(str(e), ["d0", "d1"]) == e


def test_canonical_construction_makes_equal_forms_equal():
    d0 = provix.parse_expr("d0", ["d0"])
    assert (d0 + 1) - 1 == d0
    assert str((d0 + 2) * 3) == "d0 * 3 + 6"


def test_operators_use_floor_semantics_like_python():
    ctx = provix.Context()
    x = provix.var(0, "x", ctx=ctx)
    for value in (-7, -1, 0, 5, 7):
        for divisor in (-3, -2, 2, 3):
            assert (x // divisor).evaluate([value]) == value // divisor
            assert (x % divisor).evaluate([value]) == value % divisor
            assert provix.ceildiv(x, divisor).evaluate([value]) == -((-value) // divisor)


def test_structure_is_visible():
    e = provix.parse_expr("min(d0 floordiv 4, 3)", ["d0"])
    assert e.kind == "min"
    kinds = sorted(o.kind for o in e.operands)
    assert kinds == ["constant", "floordiv"]
    div = [o for o in e.operands if o.kind == "floordiv"][0]
    assert div.operands[0].variable_id == 0
    assert div.operands[1].value == 4


def test_evaluate_by_list_and_by_name():
    e = provix.parse_expr("a * 10 + b", ["a", "b"])
    assert e.evaluate([3, 4]) == 34
    assert e.evaluate({"a": 3, "b": 4}) == 34
    with pytest.raises(provix.InvalidArgumentError, match="no value for variable 'b'"):
        e.evaluate({"a": 3})


def test_evaluation_errors_are_exceptions_never_values():
    e = provix.parse_expr("d0 floordiv d1", ["d0", "d1"])
    with pytest.raises(provix.DivisionByZeroError):
        e.evaluate([5, 0])
    with pytest.raises(ZeroDivisionError):  # also a ZeroDivisionError
        e.evaluate([5, 0])
    big = provix.parse_expr("d0 * 4", ["d0"])
    with pytest.raises(provix.IntegerOverflowError):
        big.evaluate([2**62])
    with pytest.raises(provix.IntegerOverflowError):
        big.evaluate([2**63])


def test_literal_zero_divisor_is_rejected():
    d0 = provix.var(0)
    with pytest.raises(provix.DivisionByZeroError):
        d0 // 0
    with pytest.raises(provix.DivisionByZeroError):
        provix.mod(d0, 0)
    with pytest.raises(provix.ParseError, match="division by zero"):
        provix.parse_expr("d0 mod 0", ["d0"])


def test_parse_error_carries_the_diagnostic():
    with pytest.raises(provix.ParseError) as info:
        provix.parse_expr("d0 + + ", ["d0"])
    text = str(info.value)
    assert text.startswith("<input>:1:")
    assert "error:" in text
    assert "^" in text.splitlines()[-1]
    with pytest.raises(provix.ParseError, match="unknown variable 'q'"):
        provix.parse_expr("q + 1", ["d0"])


def test_combined_expressions_keep_the_names_of_both_sides():
    x, y = provix.var(0, "x"), provix.var(1, "y")
    s = x + y
    assert str(s) == "x + y" and s.names == ["x", "y"]
    assert s.evaluate({"x": 1, "y": 2}) == 3
    assert str(provix.const(5) + x) == "x + 5"
    assert str(provix.max(y, x - y)) == "max(y, x - y)"
    assert provix.parse_expr(str(s * 2 - y // 3), ["x", "y"]) == s * 2 - y // 3
    # Variables combine by id: one id named two ways is refused, not renamed.
    a = provix.parse_map("(a, b) -> (a + b * 10), domain: a in [0, 3], b in [0, 3]")
    b = provix.parse_map("(b, a) -> (a + b * 10), domain: b in [0, 3], a in [0, 3]")
    for combine in (lambda: a.results[0] + b.results[0], lambda: x - provix.var(0, "z"),
                    lambda: provix.min(x, provix.var(0, "z"))):
        with pytest.raises(provix.InvalidArgumentError, match="variable 0 is named"):
            combine()


def test_names_must_print_as_variables():
    for bad in ["3", "", "a'b", "mod", "d 0"]:
        with pytest.raises(provix.InvalidArgumentError, match="invalid variable name"):
            provix.var(0, bad)
        with pytest.raises(provix.InvalidArgumentError, match="invalid variable name"):
            provix.parse_expr("1", [bad])
    with pytest.raises(provix.InvalidArgumentError, match="duplicate variable name 'a'"):
        provix.parse_expr("a", ["a", "a"])


def test_python_floor_division_in_text_is_an_error_not_a_comment():
    # The operator works on Expr objects; in text, `//` after a token would
    # have started a comment and dropped the divisor.
    d0 = provix.var(0, "d0")
    assert str(d0 // 4) == "d0 floordiv 4"
    for text in ("d0 // 4", "d0 // 4\n + 1"):
        with pytest.raises(provix.ParseError, match="floor division is 'floordiv'"):
            provix.parse_expr(text, ["d0"])
    with pytest.raises(provix.ParseError, match="a comment is a line"):
        provix.IndexingMap(["d0 // 4"], dims={"d0": (0, 15)})


def test_simplify_expr_uses_the_bounds():
    d0 = provix.parse_expr("d0", ["d0"])
    assert provix.simplify_expr(d0 // 16, [(0, 14)]).value == 0
    assert str(provix.simplify_expr(d0 // 16, [(0, 31)])) == "d0 floordiv 16"
    assert str(provix.simplify_expr(d0 % 16, [(0, math.inf)])) == "d0 mod 16"
    assert str(provix.simplify_expr(d0 % 16, [(None, 15)])) == "d0 mod 16"


def test_range_is_sound_with_infinite_ends():
    e = provix.parse_expr("d0 floordiv 4", ["d0"])
    assert e.range([(0, 9)]) == (0, 2)
    assert e.range([(0, None)]) == (0, math.inf)
    assert e.range([]) == (-math.inf, math.inf)


def test_expressions_of_two_contexts_combine():
    a = provix.parse_expr("d0 + 1", ["d0", "d1"])
    b = provix.parse_expr("d1 * 2", ["d0", "d1"])
    s = a + b
    assert str(s) == "d0 + d1 * 2 + 1"
    assert s.evaluate([1, 2]) == 6


def test_deep_expressions_of_two_contexts_combine():
    # Copied node for node: deeper than the text parser's default nesting.
    x = provix.var(0)
    e = x
    for _ in range(300):
        e = provix.min(e + 1, x * 2)
    m = provix.IndexingMap([e], dims=[(0, 3)])
    assert m.results[0].evaluate([3]) == e.evaluate([3]) == 6
    assert (provix.const(0) + e).evaluate([2]) == 4
    # Large variable ids cross contexts as they are, without a name per id.
    assert str(provix.var(0) + provix.var(2**62)) == "v0 + v4611686018427387904"


def test_expressions_deeper_than_the_limit_are_refused_not_a_crash():
    x = provix.var(0)
    e = x
    with pytest.raises(provix.InvalidArgumentError, match="2000 levels"):
        for _ in range(5000):
            e = provix.min(e + 1, x)
    assert provix.simplify_expr(e, [(0, 3)]).evaluate([1]) == e.evaluate([1])
    # A long sum stays shallow: only depth counts.
    s = provix.const(0)
    for i in range(3000):
        s = s + provix.var(i % 7) * (i + 1)
    assert s.evaluate([1] * 7) == sum(range(1, 3001))


def test_every_operator_refuses_a_result_past_the_depth_limit():
    x = provix.var(0)
    e = x
    with pytest.raises(provix.InvalidArgumentError, match="2000 levels"):
        while True:
            e = e // x  # one level deeper each step, until the limit refuses
    # e is at the limit: any operator that nests it once more is refused.
    for deeper in (lambda: e - x, lambda: 1 - e, lambda: e + x, lambda: -e,
                   lambda: provix.min(e, x)):
        with pytest.raises(provix.InvalidArgumentError, match="2000 levels"):
            deeper()
    assert (e // 1).evaluate([5]) == e.evaluate([5])  # depth unchanged: accepted


def test_a_named_variable_id_is_bounded():
    with pytest.raises(provix.InvalidArgumentError, match="named variable"):
        provix.var(2**40, "x")
    assert str(provix.var(2**40)) == "v1099511627776"


def test_constants_outside_int64_are_rejected():
    d0 = provix.var(0)
    with pytest.raises(provix.IntegerOverflowError):
        d0 + 2**63
    with pytest.raises(provix.ParseError, match="does not fit in 64 bits"):
        provix.parse_expr("d0 + 9223372036854775808", ["d0"])


def test_bad_argument_types_are_rejected():
    d0 = provix.var(0)
    with pytest.raises(provix.InvalidArgumentError):
        d0 + 1.5
    with pytest.raises(provix.InvalidArgumentError):
        provix.min(1, 2)
