(* fold_mod_exact: a = b * q + r with |r| < |b| and r of the sign of b (or
   zero): 0 <= r < b when b > 0, b < r <= 0 when b < 0, so a mod b = r
   (floor_mod_unique of shared-lemmas.v). *)
Theorem fold_mod_exact : fold_mod_exact_statement.
Proof.
  unfold fold_mod_exact_statement.
  intros b a q r _ [[[Hb Ha] Habs] Hsign].
  rewrite !int_abs_spec in Habs.
  apply (floor_mod_unique a b q r Ha).
  destruct (Z_lt_le_dec 0 b); [left|right]; lia.
Qed.
