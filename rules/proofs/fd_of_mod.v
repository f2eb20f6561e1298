(* fd_of_mod: c0 mod c1 == 0 with c0, c1 > 0 makes c0 = k * c1 with k > 0.
   x mod c0 == x - c0 * floor(x / c0) == x + (-k * floor(x / c0)) * c1, so
   floor((x mod c0) / c1) == floor(x / c1) - k * floor(x / c0); and
   floor(x / c0) == floor(floor(x / c1) / k) (nested floordiv by positive
   divisors), so the result is q - k * floor(q / k) == q mod k for
   q = floor(x / c1), with k == c0 floordiv c1. *)
Theorem fd_of_mod : fd_of_mod_statement.
Proof.
  unfold fd_of_mod_statement.
  intros c0 c1 x dx _ [H0 [H1 [Hc1 Hm]]] _.
  split; [split; [tauto | intros; repeat split; (assumption || lia)]|]. intros _.
  rewrite floor_mod_spec in Hm by exact Hc1.
  destruct (proj1 (Z.mod_divide c0 c1 Hc1) Hm) as [k Hk]. subst c0.
  assert (Hk0 : k > 0) by nia.
  rewrite !floor_div_spec by lia. rewrite Z.div_mul by exact Hc1.
  rewrite !floor_mod_spec by lia.
  rewrite !Z.mod_eq by lia.
  replace (x - k * c1 * (x / (k * c1))) with (x + (- k * (x / (k * c1))) * c1) by ring.
  rewrite Z.div_add by lia.
  replace (x / (k * c1)) with (x / c1 / k) by (rewrite Z.div_div by lia; f_equal; ring).
  ring.
Qed.
