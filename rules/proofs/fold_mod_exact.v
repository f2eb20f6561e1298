(* fold_mod_exact: a = b * q + r with |r| < |b| and r of the sign of b (or
   zero): 0 <= r < b when b > 0, b < r <= 0 when b < 0, so a mod b = r
   (uniqueness of the floor remainder). *)
Theorem fold_mod_exact : fold_mod_exact_statement.
Proof.
  unfold fold_mod_exact_statement.
  intros b a q r _ [[[Hb Ha] Habs] Hsign].
  split; [lia|]. rewrite floor_mod_spec by lia.
  rewrite !int_abs_spec in Habs.
  symmetry. apply (Z.mod_unique a b q); [|lia].
  destruct (Z_lt_le_dec 0 b); [left|right]; lia.
Qed.
