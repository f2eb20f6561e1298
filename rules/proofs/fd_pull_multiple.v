(* fd_pull_multiple: c0 mod c1 == 0 makes c0 = k * c1 (c1 <> 0), so
   c0 * X + Y = (k * X) * c1 + Y, and dividing by c1 takes the whole multiple
   out: floor((k*X*c1 + Y) / c1) == k*X + floor(Y / c1), with k == c0 floordiv c1. *)
Theorem fd_pull_multiple : fd_pull_multiple_statement.
Proof.
  unfold fd_pull_multiple_statement.
  intros c0 c1 X dX Y dY _ [Hc1 Hm] _.
  split; [tauto|]. intros _.
  rewrite floor_mod_spec in Hm by exact Hc1.
  destruct (proj1 (Z.mod_divide c0 c1 Hc1) Hm) as [k Hk]. subst c0.
  rewrite !floor_div_spec by exact Hc1.
  rewrite Z.div_mul by exact Hc1.
  replace (k * c1 * X + Y) with (k * X * c1 + Y) by ring.
  apply Z.div_add_l. exact Hc1.
Qed.
