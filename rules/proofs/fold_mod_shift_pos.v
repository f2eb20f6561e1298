(* fold_mod_shift_pos: a = b * q + r with b > 0 and -b < r < 0 is
   a = b * (q - 1) + (r + b) with 0 <= r + b < b, so a mod b = r + b
   (floor_mod_unique of shared-lemmas.v). *)
Theorem fold_mod_shift_pos : fold_mod_shift_pos_statement.
Proof.
  intros b a q r _ [[[Hb Ha] Hlo] Hhi].
  apply (floor_mod_unique a b (q - 1)); [rewrite Ha; ring | lia].
Qed.
