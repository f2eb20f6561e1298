(* cd_split_constant: with c1 > 0 and X mod c1 = r (the analysis' residue,
   where X is defined), X = c1 * q + r for q = X / c1 (residue_split). The
   ceiling of (X + c0) / c1 is -((-(X + c0)) / c1), and
   -(X + c0) = (-q) * c1 + -(c0 + r), whose quotient by c1 is
   -q + (-(c0 + r)) / c1: the ceiling is q plus the ceiling of
   (c0 + r) / c1. Both sides divide by nothing but c1 > 0: each is defined
   exactly where X is. *)
Theorem cd_split_constant : cd_split_constant_statement.
Proof.
  unfold cd_split_constant_statement.
  intros c0 c1 x def_x r Hres Hc1 _.
  split; [split; [tauto|intros H; split; [exact H|lia]]|]. intros [Hdef _].
  pose proof (residue_split x c1 r Hc1 (Hres (conj Hdef Hc1))) as Hx.
  rewrite !ceil_div_spec, !floor_div_spec by lia. rewrite Hx at 1.
  replace (- (c1 * (x / c1) + r + c0)) with (- (x / c1) * c1 + - (c0 + r)) by ring.
  rewrite Z.div_add_l by lia. ring.
Qed.
