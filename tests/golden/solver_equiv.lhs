// `provix equiv solver_equiv.lhs solver_equiv.in`: the i-th maps are
// compared. Every pair here is equivalent (exit 0).
// The fused reshape of XLA's documentation (quasi-affine: decided by isl).
(d0, d1) -> (d0 + d1 floordiv 16, d1 mod 16),
domain:
d0 in [0, 6],
d1 in [0, 14]
// -----
// A rescaled range variable: the same relation with different symbols.
(d0)[s0] -> (d0 + s0),
domain:
d0 in [0, 9],
s0 in [0, 12],
s0 mod 4 in [0, 0]
// -----
// Negative divisor: floor semantics.
(d0) -> (d0 floordiv -4),
domain:
d0 in [-20, 20]
// -----
// A non-constant divisor with few values (isl splits it on them), zero
// excluded by the bounds.
(d0, d1) -> (d0 floordiv d1),
domain:
d0 in [-10, 10],
d1 in [1, 5]
// -----
// A divisor with many values (decided by Z3).
(d0, d1) -> (d0 floordiv d1),
domain:
d0 in [-1000, 1000],
d1 in [1, 1000]
// -----
KNOWN EMPTY
