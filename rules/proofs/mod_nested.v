(* mod_nested: c0 > 0, c1 > 0 and c0 mod c1 = 0 make c1 a divisor of c0;
   x mod c0 = x - c0 * (x / c0) differs from x by a multiple of c0, hence
   of c1, so (x mod c0) mod c1 = x mod c1. *)
Theorem mod_nested : mod_nested_statement.
Proof.
  unfold mod_nested_statement.
  intros c0 c1 x def_x _ [Hc0 [Hc1 [_ Hdiv]]] _.
  split; [split; [tauto|intros H; repeat split; [exact H|lia|lia]]|]. intros _.
  rewrite !floor_mod_spec in * by lia.
  symmetry. apply Zmod_div_mod; [lia|lia|].
  apply Z.mod_divide; [lia|exact Hdiv].
Qed.
