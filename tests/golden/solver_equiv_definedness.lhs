// `provix equiv solver_equiv_definedness.lhs solver_equiv_definedness.in`:
// where a map is defined is part of its meaning. A result dividing by zero
// at a point is undefined there; a constraint dividing by zero excludes the
// point. Some pairs differ (exit 1).
// Undefined at s0 = 0: not the constant 0.
(d0)[s0] -> (d0 floordiv s0),
domain:
d0 in [0, 0],
s0 in [0, 1]
// -----
// The sub-expression that may divide by zero cannot be dropped.
(d0, d1)[s0] -> (((d0 floordiv s0) * 4 + d1) mod 4),
domain:
d0 in [0, 0],
d1 in [0, 3],
s0 in [0, 1]
// -----
// Dropping a constraint that is undefined at some points grows the domain.
(d0, d1) -> (d0),
domain:
d0 in [0, 5],
d1 in [0, 3],
d0 mod d1 in [0, 5]
// -----
// Undefined at the same points on both sides: equivalent.
(d0){rt0} -> (d0 mod rt0),
domain:
d0 in [0, 7],
rt0 in [-2, 2]
