(* mod_gcd_split: with g = gcd(c0, c1) > 1, c0 = g * a, c1 = g * b (b > 0
   since c1 > 0) and 0 <= Y < g: write a * X = b * q + m with
   m = (a * X) mod b, 0 <= m < b. Then c0 * X + Y = (g * m + Y) + q * c1
   and 0 <= g * m + Y <= g * (b - 1) + g - 1 < c1, so
   (c0 * X + Y) mod c1 = g * ((a * X) mod b) + Y; c0 / g = a and
   c1 / g = b. Only that g is a positive common divisor is used. *)
Theorem mod_gcd_split : mod_gcd_split_statement.
Proof.
  unfold mod_gcd_split_statement.
  intros c0 c1 x def_x y def_y lb ub g a b sa sb
    [Hc0 [Hy [Hg0 [Ha [Hb _]]]]] [Hc1 [Hg1 [Hlb Hub]]] _.
  split; [split; [tauto|intros [H1 H2]; repeat split; [exact H1|exact H2|lia]]|].
  intros [Hdy [_ _]]. specialize (Hy Hdy).
  assert (Hbpos : b > 0) by nia.
  rewrite !floor_div_spec by lia.
  assert (Ea : c0 / g = a) by (rewrite Ha, Z.mul_comm; apply Z.div_mul; lia).
  assert (Eb : c1 / g = b) by (rewrite Hb, Z.mul_comm; apply Z.div_mul; lia).
  rewrite Ea, Eb. rewrite !floor_mod_spec by lia.
  pose proof (Z.div_mod (a * x) b ltac:(lia)) as Ediv.
  pose proof (Z.mod_pos_bound (a * x) b ltac:(lia)) as Hm.
  set (m := (a * x) mod b) in *. set (q := (a * x) / b) in *.
  replace (c0 * x + y) with ((m * g + y) + q * c1)
    by (rewrite Ha, Hb; transitivity (g * (a * x) + y); [rewrite Ediv; ring|ring]).
  rewrite Z.mod_add by lia.
  apply Z.mod_small. split; [nia|].
  rewrite Hb. nia.
Qed.
