(* fd_split_constant: with c1 > 0 and X mod c1 = r (the analysis' residue,
   where X is defined), X = c1 * q + r for q = X / c1 (residue_split). Then
   X + c0 = q * c1 + (c0 + r), whose quotient by c1 is q + (c0 + r) / c1.
   Both sides divide by nothing but c1 > 0: each is defined exactly where X
   is. *)
Theorem fd_split_constant : fd_split_constant_statement.
Proof.
  unfold fd_split_constant_statement.
  intros c0 c1 x def_x r Hres Hc1 _.
  split; [split; [tauto|intros H; split; [exact H|lia]]|]. intros [Hdef _].
  pose proof (residue_split x c1 r Hc1 (Hres (conj Hdef Hc1))) as Hx.
  rewrite !floor_div_spec by lia. rewrite Hx at 1.
  replace (c1 * (x / c1) + r + c0) with (x / c1 * c1 + (c0 + r)) by ring.
  apply Z.div_add_l. lia.
Qed.
