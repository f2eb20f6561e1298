(* add_div_mod_recombine_nested: with c2, c3 > 0, c0 = c2 * c3 and
   c1 = c3 * c4, let q = floor(x / c2). Then floor(x / c0) == floor(q / c3)
   (nested floordiv by positive divisors), and
   floor(x / c0) * c1 + (q mod c3) * c4 == (floor(q / c3) * c3 + q mod c3) * c4
   == q * c4, since floor(q / c3) * c3 + q mod c3 == q. *)
Theorem add_div_mod_recombine_nested : add_div_mod_recombine_nested_statement.
Proof.
  unfold add_div_mod_recombine_nested_statement.
  intros c0 c1 c2 c3 c4 x dx Y dY _ [H2 [H3 [H0 H1]]] _.
  split; [split; [tauto | intuition nia]|]. intros _.
  subst c0 c1.
  rewrite !floor_div_spec by nia. rewrite floor_mod_spec by lia.
  rewrite <- Z.div_div by lia.
  rewrite (Z.div_mod (x / c2) c3) at 3 by lia.
  ring.
Qed.
