(* crt_conflict: the congruences x mod a = r1 and x mod b = r2 have no common
   solution when (r2 - r1) mod gcd(a, b) <> 0, because for any x,
   r2 - r1 = a * (x / a) - b * (x / b), a multiple of every common divisor
   g of a and b (a = g * qa, b = g * qb). *)
Theorem crt_conflict : crt_conflict_statement.
Proof.
  unfold crt_conflict_statement.
  intros a b r2 r1 x g qa qb sa sb [Hg [Ha [Hb _]]] [[Ha0 Hb0] [Hg0 Hmod]] [[_ Hx1] [_ Hx2]].
  apply Hmod.
  rewrite floor_mod_spec by exact Hg0.
  rewrite floor_mod_spec in Hx1 by lia.
  rewrite floor_mod_spec in Hx2 by lia.
  assert (E1 : x = a * (x / a) + x mod a) by (apply Z.div_mod; lia).
  assert (E2 : x = b * (x / b) + x mod b) by (apply Z.div_mod; lia).
  replace (r2 + r1 * -1) with ((qa * (x / a) - qb * (x / b)) * g).
  - apply Z.mod_mul. exact Hg0.
  - rewrite <- Hx1, <- Hx2.
    assert (M : x mod b + x mod a * -1 = a * (x / a) - b * (x / b)) by lia.
    rewrite M, Ha, Hb. ring.
Qed.
