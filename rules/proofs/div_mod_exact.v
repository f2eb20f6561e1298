(* div_mod_exact: with m = c * n, x = m * k + r is r plus a multiple of c,
   so x mod c = r mod c. *)
Theorem div_mod_exact : div_mod_exact_statement.
Proof.
  unfold div_mod_exact_statement.
  intros c x m k r n _ [[Hc Hx] Hm].
  split; [lia|].
  rewrite !floor_mod_spec by lia.
  rewrite Hx, Hm. replace (c * n * k + r) with (r + (n * k) * c) by ring.
  apply Z.mod_add. lia.
Qed.
