"""provix.analyze_hlo: the indexing maps of an HLO module."""

import pytest

import provix

pytestmark = pytest.mark.skipif(not provix.HAVE_HLO, reason="built without provix_hlo")


def test_transpose():
    ops = provix.analyze_hlo("p0 = f32[10, 20] parameter(0)\n"
                             "ROOT t = f32[20, 10] transpose(p0), dimensions={1, 0}\n")
    assert len(ops) == 1
    assert ops[0]["operand"] == 0 and ops[0]["name"] == "p0"
    (m,) = ops[0]["maps"]
    assert [str(r) for r in m.results] == ["d1", "d0"]
    assert m.dims == [("d0", 0, 19), ("d1", 0, 9)]


def test_chained_reshapes_cancel():
    ops = provix.analyze_hlo("p0 = f32[10, 10, 10] parameter(0)\n"
                             "r1 = f32[50, 20] reshape(p0)\n"
                             "ROOT r2 = f32[10, 10, 10] reshape(r1)\n")
    (m,) = ops[0]["maps"]
    assert [str(r) for r in m.results] == ["d0", "d1", "d2"]


def test_input_to_output_and_two_operands():
    text = ("p0 = f32[4, 8] parameter(0)\np1 = f32[8, 4] parameter(1)\n"
            "t = f32[4, 8] transpose(p1), dimensions={1, 0}\n"
            "ROOT a = f32[4, 8] add(p0, t)\n")
    ops = provix.analyze_hlo(text, input_to_output=True)
    assert [o["name"] for o in ops] == ["p0", "p1"]
    assert [str(r) for r in ops[1]["maps"][0].results] == ["d1", "d0"]


def test_bad_hlo_raises_a_diagnostic():
    with pytest.raises(provix.ParseError) as info:
        provix.analyze_hlo("p0 = f32[10 parameter(0)\n", filename="bad.hlo")
    assert str(info.value).startswith("bad.hlo:1:")


def test_maps_that_grow_without_bound_are_unknown():
    # A transpose and a reshape back, repeated: no step cancels, and the
    # composed maps double in size about every two steps.
    lines = ["v0 = f32[4, 6] parameter(0)"]
    for i in range(1, 201):
        lines.append("v%d = f32[6, 4] transpose(v%d), dimensions={1, 0}" % (i, i - 1) if i % 2
                     else "v%d = f32[4, 6] reshape(v%d)" % (i, i - 1))
    for direction in [False, True]:
        (op,) = provix.analyze_hlo("\n".join(lines) + "\n", input_to_output=direction)
        assert op["unknown"] and op["maps"] == []
    (op,) = provix.analyze_hlo("\n".join(lines[:7]) + "\n")
    assert not op["unknown"] and len(op["maps"]) == 1


def test_the_output_index_is_an_int_and_never_negative():
    text = "p0 = f32[4] parameter(0)\nROOT n = f32[4] negate(p0)\n"
    assert len(provix.analyze_hlo(text, output=0)) == 1
    with pytest.raises(provix.InvalidArgumentError, match="output must be an int, got bool"):
        provix.analyze_hlo(text, output=False)
    with pytest.raises(provix.IntegerOverflowError, match="output"):
        provix.analyze_hlo(text, output=2**63)
    with pytest.raises(provix.InvalidArgumentError, match="output must be >= 0"):
        provix.analyze_hlo(text, output=-1)
