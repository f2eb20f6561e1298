"""MLIR's affine syntax from Python: parse_mlir, to_mlir, to_mlir_set."""

import pytest

import provix


def test_parse_simplify_and_print_an_mlir_map():
    defs = provix.parse_mlir(
        "#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 9 >= 0, d1 >= 0, -d1 + 19 >= 0)>\n"
        "#map = affine_map<(d0, d1) -> ((d0 * 20 + d1) floordiv 20, (d0 * 20 + d1) mod 20)>\n")
    assert [d["kind"] for d in defs] == ["set", "map"]
    m = defs[1]
    assert (m["alias"], m["num_dims"], m["num_symbols"], m["domain_set"]) == ("#map", 2, 0, 0)
    s = provix.simplify(m["map"])
    assert provix.to_mlir(s, m["num_dims"]) == "affine_map<(d0, d1) -> (d0, d1)>"
    assert provix.to_mlir_set(defs[0]["map"], 2) == \
        "affine_set<(d0, d1) : (d0 >= 0, -d0 + 9 >= 0, d1 >= 0, -d1 + 19 >= 0)>"


def test_symbols_are_inputs_and_symbolic_divisors_positive():
    (d,) = provix.parse_mlir("affine_map<(d0)[s0] -> (d0 floordiv s0)>")
    m = d["map"]
    assert m.num_dims == 2 and m.num_symbols == 0
    assert m.dims[1] == ("s0", 1, float("inf"))  # MLIR defines floordiv for s0 >= 1 only
    assert provix.to_mlir(m, 1) == "affine_map<(d0)[s0] -> (d0 floordiv s0)>"


def test_errors_carry_the_diagnostic():
    with pytest.raises(provix.ParseError) as info:
        provix.parse_mlir("#map = affine_map<(d0) -> (d0 mod -4)>", filename="x.mlir")
    assert str(info.value).startswith(
        "x.mlir:1:35: error: MLIR defines mod only for a positive divisor, not -4")
    m = provix.parse_map("(d0, d1) -> (min(d0, d1)), domain: d0 in [0, 9], d1 in [0, 9]")
    with pytest.raises(provix.InvalidArgumentError, match="no min"):
        provix.to_mlir(m, 2)
    empty = provix.IndexingMap.known_empty()
    for counts in [(-7, -3), (0, 2**62), (3, -5)]:
        with pytest.raises(provix.InvalidArgumentError, match="num_dims and num_symbols"):
            provix.to_mlir_set(empty, *counts)
    assert provix.to_mlir_set(empty, 1, 1) == "affine_set<(d0)[s0] : (1 == 0)>"


def test_counts_are_ints_and_never_bool():
    m = provix.parse_map("(d0, d1) -> (d0 + d1 * 10), domain: d0 in [0, 3], d1 in [0, 3]")
    assert provix.to_mlir(m, 2) == "affine_map<(d0, d1) -> (d0 + d1 * 10)>"
    for call in (lambda: provix.to_mlir(m, True), lambda: provix.to_mlir_set(m, 2, True)):
        with pytest.raises(provix.InvalidArgumentError, match="must be an int, got bool"):
            call()
    with pytest.raises(provix.IntegerOverflowError, match="num_dims"):
        provix.to_mlir(m, 2**63)
