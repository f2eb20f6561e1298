// `provix equiv solver_equiv_runtime.lhs solver_equiv_runtime.in`: runtime
// variables are inputs the caller supplies, like dimensions; equivalence
// never projects them out. Some pairs differ (exit 1).
// A runtime variable rescaled like a range variable: refuted.
(d0){rt0} -> (d0 + rt0),
domain:
d0 in [0, 1],
rt0 in [0, 12],
rt0 mod 6 in [4, 4]
// -----
// Its bounds aligned to the residue: the same inputs, equivalent.
(d0){rt0} -> (d0 + rt0),
domain:
d0 in [0, 1],
rt0 in [0, 12],
rt0 mod 6 in [4, 4]
// -----
// A runtime variable fixed to one value may be replaced by it.
(d0){rt0} -> (d0 + rt0 * 2),
domain:
d0 in [0, 3],
rt0 in [5, 5]
// -----
// An unused runtime variable may be dropped; the others keep their names.
(d0){rt0, rt1} -> (d0 + rt1),
domain:
d0 in [0, 3],
rt0 in [0, 7],
rt1 in [0, 2]
// -----
// ... but not renamed: rt1 is not rt0.
(d0){rt0, rt1} -> (d0 + rt1),
domain:
d0 in [0, 3],
rt0 in [0, 7],
rt1 in [0, 2]
// -----
// Different names on both sides and as many: matched by position.
(d0){offset} -> (d0 + offset),
domain:
d0 in [0, 3],
offset in [0, 2]
// -----
// A range variable is not a runtime variable.
(d0){rt0} -> (d0 + rt0 * 4),
domain:
d0 in [0, 3],
rt0 in [0, 1]
